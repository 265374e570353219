/**
 * What a template takes, inferred from what it reads (`analyzeTemplate(...).dataReads`), as a JSON Schema
 * (draft 2020-12): `a.b` makes `a` an object with a property `b`; `{{#each a}}` makes `a` a list (or an
 * object: Handlebars iterates both), `a[].b` an object in it; a printed value is a string, number or
 * boolean (printing an object gives "[object Object]"); a path only tested (`{{#if a}}`) or only passed to
 * a helper may be anything. Strict, every path read other than only as a test is also required.
 */
import { ELEMENT, type DataRead, type DataUse } from '../handlebars/walker.js';

/** The subset of JSON Schema this module writes. */
export interface JsonSchema {
  $schema?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
  [keyword: string]: unknown;
}

/** The JSON Schema dialect of every schema here (draft 2020-12). */
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** What a printed value may be: the types that print as themselves. `null` prints nothing, as an absent value. */
const PRINTABLE = ['string', 'number', 'boolean', 'null'];

interface Node {
  uses: Set<DataUse>;
  fields: Map<string, Node>;
  element: Node | undefined;
}

const newNode = (): Node => ({ uses: new Set(), fields: new Map(), element: undefined });

/**
 * The schema of the root context. `strict`: also list, at every level, the properties read other than
 * only as a test (what `"strict": true` renders demand). Reads that climb above the root or start at an
 * element of the root (`{{#each this}}`) are left out. Pure; never throws.
 */
export function inferSchema(reads: readonly DataRead[], options: { strict?: boolean } = {}): JsonSchema {
  const root = newNode();
  for (const read of reads) {
    if (read.path.length === 0 || read.path[0] === ELEMENT) continue;
    let node = root;
    for (const segment of read.path) {
      if (segment === ELEMENT) node = node.element ??= newNode();
      else {
        let next = node.fields.get(segment);
        if (!next) node.fields.set(segment, (next = newNode()));
        node = next;
      }
    }
    node.uses.add(read.use);
  }
  return { $schema: DRAFT_2020_12, ...objectSchema(root, options.strict ?? false) };
}

function objectSchema(node: Node, strict: boolean): JsonSchema {
  // No prototype: a read of `__proto__` or `constructor` is a property like any other (`properties[name] =`
  // on a plain `{}` would set the prototype for `__proto__`, and Ajv refused the schema: a 500).
  const properties: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>;
  const required: string[] = [];
  for (const [name, child] of [...node.fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    properties[name] = schemaOf(child, strict);
    if (strict && isRequired(child)) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function schemaOf(node: Node, strict: boolean): JsonSchema {
  const hasFields = node.fields.size > 0;
  const iterated = node.uses.has('iterate') || node.element !== undefined;
  if (iterated) {
    // `{{#each}}` walks a list or an object's values; fields read on the element describe both.
    const element = node.element ? schemaOf(node.element, strict) : {};
    const schema: JsonSchema = { type: ['array', 'object'], items: element };
    if (hasFields) Object.assign(schema, { properties: objectSchema(node, strict).properties });
    return schema;
  }
  if (hasFields) return objectSchema(node, strict);
  if (node.uses.has('context')) return {}; // `{{#with a}}` reading nothing in it: any value will do
  if (node.uses.has('value')) return { type: PRINTABLE };
  return {}; // only tested, or only passed to helpers
}

/** Read other than only as a test, here or below: a `strict` render must supply it. */
function isRequired(node: Node): boolean {
  if ([...node.uses].some((use) => use !== 'condition')) return true;
  if (node.element && isRequired(node.element)) return true;
  return [...node.fields.values()].some(isRequired);
}

/** Every path the schema describes, as `a.b`, `a[].b`, sorted: how GET …/variables and warnings name them. */
export function schemaPaths(schema: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    paths.push(path);
    paths.push(...schemaPaths(child, path));
  }
  if (schema.items && typeof schema.items === 'object') paths.push(...schemaPaths(schema.items, `${prefix}[]`));
  return [...new Set(paths)].sort();
}
