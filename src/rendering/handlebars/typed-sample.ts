/**
 * Typed values in a template's placeholder sample (sample-context.ts), for the save-time proof render
 * (sample-proof.ts): the leaves a declared variables schema types, and the placeholders a helper refused
 * replaced by values it takes. Pure; never throws; the input is never changed.
 */

/** What the proof puts for a schema leaf of each type (a JSON Schema `format` first: RFC 3339 dates). */
const FORMAT_SAMPLES: Readonly<Record<string, unknown>> = { date: '2024-03-07', 'date-time': '2024-03-07T14:05:00Z' };
const TYPE_SAMPLES: Readonly<Record<string, unknown>> = { number: 42, integer: 42, boolean: true };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema[key]` when it is the schema's own (a `properties` named `__proto__` is a name like any other). */
const own = (schema: Record<string, unknown>, key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);

/**
 * A value the JSON Schema `schema` (draft 2020-12 keywords: `const`, `enum`, `default`, `examples`,
 * `format` date/date-time, `type` number/integer/boolean) says a leaf takes, or undefined to keep the
 * placeholder (a plain string, or anything the schema does not pin down).
 */
function leafSample(schema: Record<string, unknown>): unknown {
  if (Object.hasOwn(schema, 'const')) return schema['const'];
  const choices = own(schema, 'enum');
  if (Array.isArray(choices) && choices.length > 0) return choices[0];
  if (Object.hasOwn(schema, 'default')) return schema['default'];
  const examples = own(schema, 'examples');
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  const format = own(schema, 'format');
  if (typeof format === 'string' && Object.hasOwn(FORMAT_SAMPLES, format)) return FORMAT_SAMPLES[format];
  const type = own(schema, 'type');
  const types = Array.isArray(type) ? type : [type];
  const typed = types.find((t): t is string => typeof t === 'string' && Object.hasOwn(TYPE_SAMPLES, t));
  return typed === undefined ? undefined : TYPE_SAMPLES[typed];
}

/**
 * `sample` with its leaves (placeholder strings, and `true` for a condition) replaced where the declared
 * schema types them; objects and lists follow `properties` and `items`. Shapes the schema contradicts
 * (a list where it says object) are kept: the sample follows the template.
 */
export function typedBySchema(sample: unknown, schema: unknown): Record<string, unknown> {
  const typed = typedValue(sample, schema, 0);
  return isRecord(typed) ? typed : {};
}

const MAX_DEPTH = 64;

function typedValue(value: unknown, schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((element) => typedValue(element, own(schema, 'items'), depth + 1));
  if (isRecord(value)) {
    const properties = own(schema, 'properties');
    const fields = isRecord(properties) ? properties : {};
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typedValue(field, own(fields, key), depth + 1)]));
  }
  const sample = leafSample(schema);
  return sample === undefined ? value : sample;
}

/** The placeholder strings of a sample (its string leaves). */
export function placeholderPaths(sample: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') found.add(value);
    else if (depth <= MAX_DEPTH && Array.isArray(value)) value.forEach((element) => visit(element, depth + 1));
    else if (depth <= MAX_DEPTH && isRecord(value)) Object.values(value).forEach((field) => visit(field, depth + 1));
  };
  visit(sample, 0);
  return found;
}

/** `sample` with each string leaf found in `typed` replaced by its value there. */
export function retype(sample: Record<string, unknown>, typed: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const map = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return typed.has(value) ? typed.get(value) : value;
    if (depth > MAX_DEPTH) return value;
    if (Array.isArray(value)) return value.map((element) => map(element, depth + 1));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, map(field, depth + 1)]));
    return value;
  };
  return map(sample, 0) as Record<string, unknown>;
}
