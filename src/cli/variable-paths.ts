/**
 * Variable paths in the API's notation (`customer.first_name`, `order.lines[].qty`: a dot per object key,
 * `[]` per list element, as GET /templates/:id lists them) from a JSON sample and from the schema the server
 * infers from what a template reads, and the check between the two that `letterpress check` runs.
 */
import { distance } from 'fastest-levenshtein';

/**
 * Every leaf path of a JSON sample: objects are walked key by key, lists element by element (their paths
 * merged under `[]`); a leaf is a string, number, boolean, null, `{}` or `[]`. Sorted, without duplicates.
 */
export function samplePaths(sample: unknown): string[] {
  const paths = new Set<string>();
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      if (value.length === 0 && path) paths.add(path);
      for (const item of value) walk(item, `${path}[]`);
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      if (keys.length === 0 && path) paths.add(path);
      for (const key of keys) walk((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    } else if (path) {
      paths.add(path);
    }
  };
  walk(sample, '');
  return [...paths].sort();
}

/** A JSON Schema node as the server infers it (`type`, `properties`, `items`; `{}` = anything). */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** What a template reads: every path of its inferred schema, and those it takes whole (`{}`: passed to a helper, printed as-is). */
export interface TemplateReads {
  paths: Set<string>;
  /** Paths whose schema constrains nothing: anything under them counts as taken. */
  whole: Set<string>;
}

/** The paths of an inferred schema (GET /projects/:id/variables → `inferred`, or POST /validate → `variables.inferred`). */
export function schemaReads(schema: unknown): TemplateReads {
  const reads: TemplateReads = { paths: new Set(), whole: new Set() };
  const walk = (node: SchemaNode | undefined, path: string): void => {
    if (!node || typeof node !== 'object') return;
    if (path) reads.paths.add(path);
    const props = node.properties;
    if (path && node.type === undefined && props === undefined && node.items === undefined) reads.whole.add(path);
    for (const [key, child] of Object.entries(props ?? {})) walk(child, path ? `${path}.${key}` : key);
    if (node.items) walk(node.items, `${path}[]`);
  };
  walk(schema as SchemaNode, '');
  return reads;
}

/** One required path a template does not take, with the closest path it does take (when one is close). */
export interface MissingVariable {
  path: string;
  suggestion?: string;
}

/**
 * The required paths the template does not read. A path counts as taken when the template reads it, or
 * reads one of its ancestors whole (`{{json customer}}` takes `customer.name`). The suggestion is the read
 * path at the smallest Levenshtein distance, offered when that distance is at most a third of the path's
 * length (a renamed field, `first_name` → `firstName`, is two edits; an unrelated path is many more).
 */
export function missingVariables(required: string[], reads: TemplateReads): MissingVariable[] {
  const missing: MissingVariable[] = [];
  const known = [...reads.paths];
  for (const path of required) {
    if (reads.paths.has(path) || ancestors(path).some((a) => reads.whole.has(a))) continue;
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const candidate of known) {
      const d = distance(path, candidate);
      if (d < bestDistance) [best, bestDistance] = [candidate, d];
    }
    missing.push(best !== undefined && bestDistance <= Math.max(1, Math.floor(path.length / 3)) ? { path, suggestion: best } : { path });
  }
  return missing;
}

/** `a.b[].c` → `a`, `a.b`, `a.b[]`. */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '.' || (path[i] === '[' && path[i + 1] === ']')) out.push(path.slice(0, i));
    if (path[i] === ']') out.push(path.slice(0, i + 1));
  }
  return out.filter((p) => p !== '' && p !== path);
}
