/**
 * Sample variables from a JSON Schema (the subset Letterpress takes, README "Variables"): the value the
 * preview's editor starts with. The schema is the template's declared `metadata.variables` when it has one,
 * else the schema the service inferred from what the template reads (GET /projects/:id/variables).
 *
 * A value the schema gives wins (`const`, `default`, the first of `enum` or `examples`); otherwise a
 * placeholder of the first type that fits, made to be recognised in the email: a string is the field's name
 * in words ("First name"), a number its `minimum` or 1, a list holds one sample item (or `minItems`).
 * Where the inferred schema allows anything (a path only tested with `{{#if}}`), `true`, so the block shows.
 */

const MAX_DEPTH = 32; // the service refuses schemas nested deeper (README "Variables")

/**
 * @param {unknown} schema a JSON Schema object (draft 2020-12 subset), or anything else (then `{}`)
 * @returns {Record<string, unknown>} always an object, as render's `variables` must be
 */
export function sampleVariables(schema) {
  const value = sampleOf(schema, 'value', 0);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * @param {unknown} schema
 * @param {string} name the property this value is for, used for placeholder strings
 * @param {number} depth
 * @returns {unknown}
 */
function sampleOf(schema, name, depth) {
  if (schema === null || typeof schema !== 'object' || depth > MAX_DEPTH) return true;
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
    const item = sampleOf(s.items, singular(name), depth + 1);
    return Array.from({ length: Math.min(count, 10) }, () => structuredClone(item));
  }
  if (has('object')) {
    const out = {};
    for (const [key, sub] of Object.entries(s.properties ?? {})) out[key] = sampleOf(sub, key, depth + 1);
    return out;
  }
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
  const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const [min, xmin, max, xmax, step] = [num(s.minimum), num(s.exclusiveMinimum), num(s.maximum), num(s.exclusiveMaximum), num(s.multipleOf)];
  const fits = (v) =>
    (!integer || Number.isInteger(v)) && (min === undefined || v >= min) && (xmin === undefined || v > xmin) &&
    (max === undefined || v <= max) && (xmax === undefined || v < xmax) && (step === undefined || Number.isInteger(v / step));
  const lo = min ?? xmin;
  const hi = max ?? xmax;
  const candidates = [step, 1, lo, hi, lo === undefined || hi === undefined ? undefined : (lo + hi) / 2];
  if (integer) candidates.push(...[lo, hi].filter((v) => v !== undefined).flatMap((v) => [Math.ceil(v), Math.ceil(v) + 1, Math.floor(v), Math.floor(v) - 1]));
  return candidates.find((v) => v !== undefined && fits(v)) ?? lo ?? hi ?? 1;
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
    case 'date-time': return '2026-01-15T09:30:00Z';
    case 'date': return '2026-01-15';
    case 'time': return '09:30:00Z';
    case 'uuid': return '00000000-0000-4000-8000-000000000000';
    default: break;
  }
  let text = words(name);
  if (Number.isInteger(s.minLength)) text = text.padEnd(s.minLength, '.');
  if (Number.isInteger(s.maxLength)) text = text.slice(0, s.maxLength);
  return text;
}

/** `first_name` / `firstName` → "First name". */
function words(name) {
  const spaced = String(name).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ').trim().toLowerCase();
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : 'Text';
}

/** `lines` → `line`: the name an item of a list is shown with. */
function singular(name) {
  return name.length > 3 && name.endsWith('s') ? name.slice(0, -1) : name;
}
