/**
 * The shape of a render's variables: which paths it has and the JSON type of each, never a value (the publish
 * gate's record of real traffic, docs/publishing.md "Publish gate"). Paths use the notation GET …/variables and
 * the render warnings use (`order.total`, `order.lines[].qty`). Walking a payload is bounded (depth, paths,
 * keys per object, list elements looked at), so it costs microseconds whatever the caller sends. Pure.
 */

/** A JSON type as JSON Schema names it (`integer`: a whole number), or `missing`: absent from some list elements. */
export type ShapeType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array' | 'missing';

/** The paths of one payload, sorted, each with its types (one, except below `[]`, the union over elements). */
export interface VariableShape {
  paths: Array<[path: string, types: ShapeType[]]>;
  /** Set when a bound cut the walk short: paths past it are not in `paths`. */
  truncated?: true;
}

/** How far a walk goes. */
export interface ShapeBounds {
  /** Nesting followed (objects in lists in objects…); deeper values are typed, not entered. Default 8. */
  maxDepth: number;
  /** Paths recorded at most. Default 200. */
  maxPaths: number;
  /** List elements whose shapes are united as `[]`. Default 3. */
  maxElements: number;
  /** Keys of one object entered; an object with more is a map of data: typed, not entered. Default 64. */
  maxKeys: number;
}

export const DEFAULT_SHAPE_BOUNDS: Readonly<ShapeBounds> = Object.freeze({ maxDepth: 8, maxPaths: 200, maxElements: 3, maxKeys: 64 });

/**
 * A key worth recording: what a template can name as a plain path segment. Others (an e-mail address, a
 * number, a sentence used as a key) are data, not structure: their object is typed and not entered.
 */
const NAME = /^[A-Za-z_$][\w$-]{0,63}$/;

type Paths = Map<string, Set<ShapeType>>;

/** The shape of `variables` within `bounds`. Never throws; `variables` is not changed. */
export function variableShape(variables: Record<string, unknown>, bounds: ShapeBounds = DEFAULT_SHAPE_BOUNDS): VariableShape {
  const walk = new Walk(bounds);
  const paths: Paths = new Map();
  walk.fields(variables, '', 0, paths);
  const sorted = [...paths]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, types]) => [path, [...types].sort()] as [string, ShapeType[]]);
  return { paths: sorted, ...(walk.truncated ? { truncated: true as const } : {}) };
}

/** A stable identity of a shape (its paths and types as text): equal shapes, equal keys. */
export function shapeKey(shape: VariableShape): string {
  return shape.paths.map(([path, types]) => `${path}:${types.join('|')}`).join(',');
}

/**
 * A cheap text that determines `variableShape(variables, bounds)`: the keys (in the payload's order) and JSON
 * types the walk would visit, the first `maxElements` elements of each list included. Two payloads with the
 * same signature have the same shape, so a caller can keep the shape of a signature it has seen and skip the
 * walk's maps, sorting and identity text (the recorder does, on every render of a published revision).
 * `undefined` wherever a bound would cut the walk short (depth, keys per object, a key that is not a name,
 * more values than `maxPaths`): those payloads take `variableShape` itself. Never throws; pure.
 */
export function shapeSignature(variables: Record<string, unknown>, bounds: ShapeBounds = DEFAULT_SHAPE_BOUNDS): string | undefined {
  const budget = { left: bounds.maxPaths };
  return signatureOfFields(variables, 0, bounds, budget);
}

function signatureOfFields(
  value: Record<string, unknown>,
  depth: number,
  bounds: ShapeBounds,
  budget: { left: number },
): string | undefined {
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  if (depth >= bounds.maxDepth || keys.length > bounds.maxKeys) return undefined;
  let out = '{';
  for (const key of keys) {
    if (!NAME.test(key)) return undefined;
    const inner = signatureOfValue(value[key], depth + 1, bounds, budget);
    if (inner === undefined) return undefined;
    out += `${key}:${inner},`;
  }
  return `${out}}`;
}

function signatureOfValue(value: unknown, depth: number, bounds: ShapeBounds, budget: { left: number }): string | undefined {
  if ((budget.left -= 1) < 0) return undefined;
  const type = typeOf(value);
  if (type === 'object') return signatureOfFields(value as Record<string, unknown>, depth, bounds, budget);
  if (type !== 'array') return TYPE_MARK[type];
  const list = value as unknown[];
  if (list.length === 0) return '[]';
  if (depth >= bounds.maxDepth) return undefined;
  let out = '[';
  for (const element of list.slice(0, bounds.maxElements)) {
    const inner = signatureOfValue(element, depth, bounds, budget);
    if (inner === undefined) return undefined;
    out += `${inner},`;
  }
  return `${out}]`;
}

/** One character per type (keys are names, so none of `{}[]:,` can appear in one); containers are spelled out. */
const TYPE_MARK: Record<ShapeType, string> = {
  object: 'o',
  array: 'a',
  missing: 'm',
  string: 's',
  number: 'n',
  integer: 'i',
  boolean: 'b',
  null: 'z',
};

class Walk {
  truncated = false;
  #recorded = 0;
  constructor(private readonly bounds: ShapeBounds) {}

  fields(value: Record<string, unknown>, prefix: string, depth: number, out: Paths): void {
    const keys = Object.keys(value);
    if (depth >= this.bounds.maxDepth || keys.length > this.bounds.maxKeys || !keys.every((key) => NAME.test(key))) {
      if (keys.length > 0) this.truncated = true;
      return;
    }
    for (const key of keys) this.value(value[key], prefix === '' ? key : `${prefix}.${key}`, depth + 1, out);
  }

  value(value: unknown, path: string, depth: number, out: Paths): void {
    const type = typeOf(value);
    if (!this.add(out, path, type)) return;
    if (type === 'object') this.fields(value as Record<string, unknown>, path, depth, out);
    else if (type === 'array') this.elements(value as unknown[], path, depth, out);
  }

  /** The first elements' shapes united under `path[]`; a path some of them lack also gets `missing`. */
  elements(list: unknown[], path: string, depth: number, out: Paths): void {
    if (depth >= this.bounds.maxDepth) {
      if (list.length > 0) this.truncated = true;
      return;
    }
    const each = list.slice(0, this.bounds.maxElements).map((element) => {
      const paths: Paths = new Map();
      this.value(element, `${path}[]`, depth, paths);
      return paths;
    });
    for (const paths of each) {
      for (const [at, types] of paths) for (const type of types) this.add(out, at, type, false);
    }
    for (const at of new Set(each.flatMap((paths) => [...paths.keys()]))) {
      if (each.some((paths) => !paths.has(at))) out.get(at)?.add('missing');
    }
  }

  /** Record `type` at `path`; false past the path bound. `count`: whether a new path counts (it was counted in its element). */
  add(out: Paths, path: string, type: ShapeType, count = true): boolean {
    const types = out.get(path);
    if (types) {
      types.add(type);
      return true;
    }
    if (count && this.#recorded >= this.bounds.maxPaths) {
      this.truncated = true;
      return false;
    }
    if (count) this.#recorded += 1;
    out.set(path, new Set([type]));
    return true;
  }
}

function typeOf(value: unknown): ShapeType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return 'null'; // not JSON (a render body is parsed JSON): as an absent value
  }
}
