/**
 * Sample variables from a JSON Schema (the subset Letterpress takes, README "Variables"): the value the
 * preview's editor starts with. The schema is the template's declared `metadata.variables` when it has one,
 * else the schema the service inferred from what the template reads (GET /projects/:id/variables).
 *
 * A value the schema gives wins (`const`, `default`, the first of `enum` or `examples`); then, for a leaf,
 * a realistic value of the field's `format` or name (sample-names.js: `customer.email` → "ada@example.com",
 * `order.total` → 109.05, `lines[].qty` → 2), kept only if the schema's type, bounds, length and pattern
 * take it; otherwise a placeholder of the first type that fits: a string is the field's name in words
 * ("Nickname"), a number its `minimum` or 1, a list holds one sample item (or `minItems`). Where the
 * schema allows anything (a path only tested with `{{#if}}` or passed to a helper), the name's value, else
 * `true`, so the block shows.
 */
import { SAMPLE_DATE, SAMPLE_DATE_TIME, sampleForName, words } from './sample-names.js';

const MAX_DEPTH = 32; // the service refuses schemas nested deeper (README "Variables")

/**
 * @param {unknown} schema a JSON Schema object (draft 2020-12 subset), or anything else (then `{}`)
 * @returns {Record<string, unknown>} always an object, as render's `variables` must be
 */
export function sampleVariables(schema) {
  const value = sampleOf(schema, [], 0);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * @param {unknown} schema
 * @param {string[]} path the property this value is for, after its containers (a list's items by its singular)
 * @param {number} depth
 * @returns {unknown}
 */
function sampleOf(schema, path, depth) {
  if (schema === null || typeof schema !== 'object' || depth > MAX_DEPTH) return true;
  const name = path.at(-1) ?? 'value';
  const s = /** @type {Record<string, any>} */ (schema);
  if ('const' in s) return s.const;
  if ('default' in s) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  const has = (type) => types.includes(type) || (types.length === 0 && impliedType(s) === type);
  // A list before an object: inferred `["array", "object"]` is a path the template iterates with {{#each}}.
  if (has('array')) {
    const count = Math.max(1, Number.isInteger(s.minItems) ? s.minItems : 1);
    const item = sampleOf(s.items, [...path.slice(0, -1), singular(name)], depth + 1);
    return Array.from({ length: Math.min(count, 10) }, () => structuredClone(item));
  }
  if (has('object')) {
    const out = {};
    for (const [key, sub] of Object.entries(s.properties ?? {})) out[key] = sampleOf(sub, [...path, key], depth + 1);
    return out;
  }
  const realistic = realisticLeaf(s, types, path);
  if (realistic !== undefined) return realistic;
  if (has('string')) return sampleString(s, name);
  if (has('integer')) return sampleNumber(s, true);
  if (has('number')) return sampleNumber(s, false);
  if (has('boolean')) return true;
  if (has('null')) return null;
  return true;
}

/**
 * 1 when the bounds allow it, else the first that fits of: the lower bound (or just above it), the upper
 * bound (or just below), their middle; `multipleOf` itself is tried first. Integers for `integer`.
 */
function sampleNumber(s, integer) {
  const [min, xmin, max, xmax, step] = bounds(s);
  const lo = min ?? xmin;
  const hi = max ?? xmax;
  const candidates = [step, 1, lo, hi, lo === undefined || hi === undefined ? undefined : (lo + hi) / 2];
  if (integer) candidates.push(...[lo, hi].filter((v) => v !== undefined).flatMap((v) => [Math.ceil(v), Math.ceil(v) + 1, Math.floor(v), Math.floor(v) - 1]));
  return candidates.find((v) => v !== undefined && numberFits(s, v, integer)) ?? lo ?? hi ?? 1;
}

/** `minimum`, `exclusiveMinimum`, `maximum`, `exclusiveMaximum`, `multipleOf`: each a finite number or undefined. */
function bounds(s) {
  const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return [num(s.minimum), num(s.exclusiveMinimum), num(s.maximum), num(s.exclusiveMaximum), num(s.multipleOf)];
}

/** Whether `v` is within the schema's bounds (and an integer, for `integer`). */
function numberFits(s, v, integer) {
  const [min, xmin, max, xmax, step] = bounds(s);
  return (!integer || Number.isInteger(v)) && (min === undefined || v >= min) && (xmin === undefined || v > xmin) &&
    (max === undefined || v <= max) && (xmax === undefined || v < xmax) && (step === undefined || Number.isInteger(v / step));
}

/** Whether the string `v` has the schema's length (in code points, as JSON Schema counts) and matches its `pattern`. */
function stringFits(s, v) {
  const length = [...v].length;
  if (Number.isInteger(s.minLength) && length < s.minLength) return false;
  if (Number.isInteger(s.maxLength) && length > s.maxLength) return false;
  if (typeof s.pattern !== 'string') return true;
  try {
    return new RegExp(s.pattern, 'u').test(v);
  } catch {
    return false; // a pattern this browser cannot read: the placeholder instead
  }
}

/** What a value of each `format` sample.js knows looks like: a name's value is used only if it passes. */
const FORMAT_CHECKS = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(v),
  'date-time': (v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v),
  date: (v) => /^\d{4}-\d\d-\d\d$/.test(v),
};
FORMAT_CHECKS.url = FORMAT_CHECKS.iri = FORMAT_CHECKS['uri-reference'] = FORMAT_CHECKS.uri;

/**
 * The name's value (sample-names.js) of a leaf, as the schema takes it: a number where it takes a number
 * (else its digits as a string), a string where it takes a string of that length, pattern and format, a
 * boolean where it takes one; anything where it declares no type. Undefined when it does not fit.
 * @param {Record<string, any>} s @param {string[]} types @param {string[]} path
 */
function realisticLeaf(s, types, path) {
  const value = sampleForName(path);
  if (value === undefined) return undefined;
  if (typeof s.format === 'string' && !(typeof value === 'string' && FORMAT_CHECKS[s.format]?.(value))) return undefined;
  const any = types.length === 0;
  const takesString = any || types.includes('string');
  if (typeof value === 'boolean') return any || types.includes('boolean') ? value : undefined;
  if (typeof value === 'number') {
    const integer = !types.includes('number') && types.includes('integer');
    if ((any || types.includes('number') || integer) && numberFits(s, value, integer)) return value;
    return takesString && stringFits(s, String(value)) ? String(value) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (takesString) return stringFits(s, value) ? value : undefined;
  const digits = /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
  const integer = !types.includes('number');
  return digits !== undefined && (types.includes('number') || types.includes('integer')) && numberFits(s, digits, integer) ? digits : undefined;
}

/** The type a schema without `type` implies by its keywords, if any. */
function impliedType(s) {
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A placeholder string, or a valid one for the formats a sample must satisfy (ajv-formats names). */
function sampleString(s, name) {
  switch (s.format) {
    case 'email': return 'ada@example.com';
    case 'uri': case 'url': case 'uri-reference': case 'iri': return 'https://example.com/';
    case 'date-time': return SAMPLE_DATE_TIME;
    case 'date': return SAMPLE_DATE;
    case 'time': return '09:30:00Z';
    case 'uuid': return '00000000-0000-4000-8000-000000000000';
    default: break;
  }
  let text = placeholder(name);
  if (Number.isInteger(s.minLength)) text = text.padEnd(s.minLength, '.');
  if (Number.isInteger(s.maxLength)) text = text.slice(0, s.maxLength);
  return text;
}

/** `first_name` / `firstName` → "First name". */
function placeholder(name) {
  const spaced = words(name);
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : 'Text';
}

/** `lines` → `line`: the name an item of a list is shown with. */
function singular(name) {
  return name.length > 3 && name.endsWith('s') ? name.slice(0, -1) : name;
}
