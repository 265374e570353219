/**
 * How what a template reads and what its `metadata.variables` declares differ: a path read but not
 * declared (the likely typo: `firstName` read, `first_name` declared), a path declared but never read,
 * and a path the template iterates or reads fields of that the declaration gives a type that cannot be.
 */
import { schemaPaths, type JsonSchema } from './inferred-schema.js';

/** One difference, named by path (`order.lines[].qty`). */
export interface SchemaDifference {
  path: string;
  kind: 'not_declared' | 'not_read' | 'type_conflict';
  message: string;
}

/** Differences between the inferred schema and the declared one, sorted by path. Pure; never throws. */
export function schemaDifferences(inferred: JsonSchema, declared: JsonSchema): SchemaDifference[] {
  const read = new Set(schemaPaths(inferred));
  const declaredPaths = new Set(schemaPaths(declared));
  const differences: SchemaDifference[] = [];
  for (const path of read) {
    if (!declaredPaths.has(path)) {
      differences.push({ path, kind: 'not_declared', message: `The template reads '${path}', which metadata.variables does not declare.` });
      continue;
    }
    const needs = needsOf(at(inferred, path));
    const types = typesOf(at(declared, path));
    if (needs && types && !types.some((type) => needs.includes(type))) {
      differences.push({
        path,
        kind: 'type_conflict',
        message: `The template uses '${path}' as ${needs.join(' or ')}, but metadata.variables declares it ${types.join(' or ')}.`,
      });
    }
  }
  for (const path of declaredPaths) {
    if (!read.has(path))
      differences.push({ path, kind: 'not_read', message: `metadata.variables declares '${path}', which the template never reads.` });
  }
  return differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The types a read use allows, when it is a structure (printing accepts most types: not checked here). */
function needsOf(schema: JsonSchema | undefined): string[] | null {
  const type = schema?.type;
  if (Array.isArray(type) && type.includes('array')) return ['array', 'object'];
  if (type === 'object') return ['object'];
  return null;
}

function typesOf(schema: JsonSchema | undefined): string[] | null {
  const type = schema?.type;
  return type === undefined ? null : Array.isArray(type) ? type.map(String) : [String(type)];
}

/** The sub-schema at a path as `schemaPaths` names it. */
function at(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    const [name, ...elements] = part.split('[]');
    // Own properties only: a declared schema is parsed JSON, whose `properties.constructor` is `Object` when undeclared.
    if (name) node = node?.properties && Object.hasOwn(node.properties, name) ? node.properties[name] : undefined;
    for (let i = 0; i < elements.length; i++) node = node?.items;
  }
  return node;
}
