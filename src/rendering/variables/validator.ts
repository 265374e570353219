/**
 * Checking variables against a JSON Schema (draft 2020-12) with Ajv: a template's declared schema
 * (`metadata.variables`) or the one inferred from what it reads. Every problem is reported, each with an
 * RFC 6901 pointer into the render request (`/variables/order/lines/0/qty`), the rule it breaks and what
 * was found. Compiled validators are kept in a bounded cache keyed by the schema's text, so a revision's
 * schema compiles once however often it renders.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LRUCache } from 'lru-cache';
import type { JsonSchema } from './inferred-schema.js';
import { escapeSchema, namesPrototypeMembers, restoreInto, toView, unescapeMessage, unescapePointer } from './own-keys.js';

/** One problem with the variables of a render. */
export interface VariableProblem {
  /** RFC 6901 pointer into the request body: `/variables/...`. */
  pointer: string;
  /** A sentence: what the rule demands and what was found. */
  message: string;
  /** The rule, as JSON Schema names it: `type`, `required`, `enum`, `minimum`, `format`, … */
  rule: string;
  /** What the rule expects: a type, a bound, the allowed values. */
  expected?: unknown;
  /** What the request had there (a type name for values; absent for a missing property). */
  found?: string;
}

/** A declared schema uses a keyword or shape this service does not accept, or is not a valid schema. */
export class InvalidSchemaError extends Error {
  override readonly name = 'InvalidSchemaError';
  constructor(
    message: string,
    /** RFC 6901 pointer into the schema. */
    readonly pointer: string,
  ) {
    super(message);
  }
}

/**
 * The keywords a declared schema may use: the list (`type`, `properties`, `required`, `items`,
 * `enum`, `format`, `default`, `description`, `minimum`/`maximum`, `minLength`/`maxLength`) and a few as
 * cheap to check. Left out on purpose: `pattern`/`patternProperties` (a client's regular expression run
 * on every render can backtrack for seconds), `$ref`/`$id`/`$defs` (no remote or recursive schemas),
 * `uniqueItems` (quadratic), combinators.
 */
const KEYWORDS = new Set([
  '$schema',
  'title',
  'description',
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'format',
  'default',
  'examples',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'additionalProperties',
  'nullable',
]);
/** Nesting a declared schema may have (objects in objects, lists in lists). */
const MAX_DEPTH = 32;

/** Ajv with every problem reported, defaults filled in, and the `ajv-formats` formats (fast mode: no exponential regexes). */
function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, validateFormats: true });
  addFormats.default(ajv, { mode: 'fast' });
  return ajv;
}

export class VariablesValidator {
  readonly #ajv = createAjv();
  readonly #compiled: LRUCache<string, ValidateFunction>;
  /** Whether a schema names a member of `Object.prototype` (own-keys.ts), by schema object. */
  readonly #prototypeNames = new WeakMap<object, boolean>();
  /**
   * Compiled validators by schema object: a revision's schema is one object for its life in the cache, so a
   * render finds its validator without serialising the schema into `#compiled`'s key (6 µs of a render, issue 24).
   * Schemas are never changed once given here (declared ones come from stored events, inferred ones are built once).
   */
  readonly #bySchema = new WeakMap<object, ValidateFunction>();
  /** `escapeSchema` of a schema naming prototype members, by schema object (the same reason). */
  readonly #escaped = new WeakMap<object, JsonSchema>();

  /** @param maxSchemas compiled schemas kept (each a few KB of generated code). Default 1,000. */
  constructor(maxSchemas = 1000) {
    this.#compiled = new LRUCache({ max: maxSchemas });
  }

  /**
   * Refuse a declared schema this service will not run: unknown or excluded keywords, wrong shapes,
   * nesting past 32, or what Ajv cannot compile.
   * @throws InvalidSchemaError naming the pointer into the schema.
   */
  checkDeclared(schema: unknown): void {
    checkShape(schema, '', 0);
    try {
      this.#compile(schema as JsonSchema);
    } catch (error) {
      throw new InvalidSchemaError(`metadata.variables is not a valid JSON Schema: ${(error as Error).message}`, '');
    }
  }

  /**
   * Check `variables` (changed in place: declared `default`s are filled in) against `schema`.
   * @returns every problem, ordered by pointer (list indexes as numbers); empty when the variables are valid.
   * @throws Error when `schema` does not compile (declared schemas were checked at save).
   */
  validate(schema: JsonSchema, variables: Record<string, unknown>): VariableProblem[] {
    if (this.#namesPrototypeMembers(schema)) return this.#validateView(schema, variables);
    const validate = this.#compile(schema);
    if (validate(variables)) return [];
    return (validate.errors ?? []).map((error) => toProblem(error, variables)).sort((a, b) => comparePointers(a.pointer, b.pointer));
  }

  /** A schema naming `constructor`, `__proto__`, …: checked on a prototype-free view of the variables (own-keys.ts). */
  #validateView(schema: JsonSchema, variables: Record<string, unknown>): VariableProblem[] {
    const view = toView(variables) as Record<string, unknown>;
    let escaped = this.#escaped.get(schema);
    if (escaped === undefined) this.#escaped.set(schema, (escaped = escapeSchema(schema) as JsonSchema));
    const validate = this.#compile(escaped);
    const valid = validate(view);
    restoreInto(variables, view); // the defaults Ajv filled in
    if (valid) return [];
    const problems = (validate.errors ?? []).map((error) => toProblem(error, view));
    return problems
      .map((p) => ({ ...p, pointer: unescapePointer(p.pointer), message: unescapeMessage(p.message) }))
      .sort((a, b) => comparePointers(a.pointer, b.pointer));
  }

  #namesPrototypeMembers(schema: JsonSchema): boolean {
    let names = this.#prototypeNames.get(schema);
    if (names === undefined) this.#prototypeNames.set(schema, (names = namesPrototypeMembers(schema)));
    return names;
  }

  #compile(schema: JsonSchema): ValidateFunction {
    let validate = this.#bySchema.get(schema);
    if (validate) return validate;
    // Equal schemas of other objects (another revision, another instance of the same declaration) share one.
    const key = JSON.stringify(schema);
    validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(schema);
      this.#compiled.set(key, validate);
    }
    this.#bySchema.set(schema, validate);
    return validate;
  }
}

function checkShape(schema: unknown, pointer: string, depth: number): void {
  if (depth > MAX_DEPTH) throw new InvalidSchemaError(`metadata.variables nests deeper than ${MAX_DEPTH} levels.`, pointer);
  if (typeof schema === 'boolean') return;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new InvalidSchemaError(`A schema must be an object or a boolean, found ${describe(schema)} at ${pointer || 'the top'}.`, pointer);
  }
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(keyword)}`;
    if (!KEYWORDS.has(keyword)) {
      throw new InvalidSchemaError(
        `Keyword '${keyword}' at ${at} is not supported in metadata.variables; use: ${[...KEYWORDS].sort().join(', ')}.`,
        at,
      );
    }
    if (keyword === 'properties') {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new InvalidSchemaError(`'properties' at ${at} must be an object of schemas.`, at);
      for (const [name, child] of Object.entries(value)) checkShape(child, `${at}/${escapePointer(name)}`, depth + 1);
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && typeof value !== 'boolean')) {
      checkShape(value, at, depth + 1);
    }
  }
}

/** An Ajv error as a problem pointing into the request (`/variables…`). */
function toProblem(error: ErrorObject, variables: Record<string, unknown>): VariableProblem {
  const at = `/variables${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  const found = describe(valueAt(variables, error.instancePath));
  switch (error.keyword) {
    case 'required': {
      const pointer = `${at}/${escapePointer(String(params['missingProperty']))}`;
      return { pointer, rule: 'required', message: `${pointer} is required and missing.` };
    }
    case 'type':
      return {
        pointer: at,
        rule: 'type',
        expected: params['type'],
        found,
        message: `${at} must be ${article(String(params['type']))}, found ${found}.`,
      };
    case 'enum':
      return {
        pointer: at,
        rule: 'enum',
        expected: params['allowedValues'],
        found,
        message: `${at} must be one of ${JSON.stringify(params['allowedValues'])}, found ${found}.`,
      };
    case 'additionalProperties': {
      const pointer = `${at}/${escapePointer(String(params['additionalProperty']))}`;
      return { pointer, rule: 'additionalProperties', message: `${pointer} is not a variable this template declares.` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        pointer: at,
        rule: error.keyword,
        expected: `${String(params['comparison'])} ${String(params['limit'])}`,
        found,
        message: `${at} must be ${String(params['comparison'])} ${String(params['limit'])}, found ${found}.`,
      };
    default:
      return {
        pointer: at,
        rule: error.keyword,
        expected: firstParam(params),
        found,
        message: `${at} ${error.message ?? 'is invalid'}, found ${found}.`,
      };
  }
}

function firstParam(params: Record<string, unknown>): unknown {
  const values = Object.values(params);
  return values.length === 1 ? values[0] : params;
}

/**
 * The value at an Ajv instance path (an RFC 6901 pointer relative to `root`). Own properties only: a path a
 * template reads such as `x.constructor` names no key of the JSON the client sent, not `Object` itself.
 */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * A value's JSON type, and a string's length: `a string (3 characters)`, `an integer`, `an array`. Never the
 * value: variables are recipients' data, and problem bodies end up in clients' logs (issue 10).
 */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `a string (${value.length} character${value.length === 1 ? '' : 's'})`;
  if (typeof value !== 'number' && typeof value !== 'boolean') return typeof value; // not a JSON value (a function)
  return article(typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value);
}

function article(type: string): string {
  const types = type.split(',');
  const one = (t: string) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
  return types.length === 1 ? one(types[0]!) : `${types.slice(0, -1).map(one).join(', ')} or ${one(types[types.length - 1]!)}`;
}

/** Pointer order: segment by segment, list indexes as numbers (`/a/2` before `/a/10`). */
export function comparePointers(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const [m, n] = [x[i]!, y[i]!];
    if (/^\d+$/.test(m) && /^\d+$/.test(n)) return Number(m) - Number(n);
    return m < n ? -1 : 1;
  }
  return x.length - y.length;
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
