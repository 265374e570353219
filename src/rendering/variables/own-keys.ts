/**
 * Variables named like `Object.prototype`'s members (`constructor`, `toString`, `__proto__`, …) checked like
 * any other name. Ajv reads a property as `data.name`, so on a plain object `data.constructor` is `Object`
 * (inherited): a declared `constructor` was "present" without being sent, of the wrong type, and never
 * got its `default`; and Ajv skips every subschema of a property named `__proto__` (`allSchemaProperties`,
 * ajv/lib/vocabularies/code.ts, against prototype pollution), so its type was never checked.
 *
 * So when a schema names such a property, the variables are checked as a *view*: a copy whose objects have
 * no prototype (only what the client sent is there) and whose `__proto__` keys are renamed (a NUL before
 * them: a bijection, see `escapeKey`), against the schema with the same renaming. Defaults Ajv fills into
 * the view are then written back, and problem pointers renamed back. Schemas without such names (nearly
 * all) are checked on the variables themselves, as before: no copy.
 */
import { printable } from '../handlebars/printable.js';
import type { JsonSchema } from './inferred-schema.js';

/** `__proto__`, `\0__proto__`, `\0\0__proto__`, …: the keys `escapeKey` renames (one more NUL in front). */
const PROTO_FAMILY = /^\0*__proto__$/;

/** A key as the view holds it: `__proto__` → `\0__proto__`, `\0__proto__` → `\0\0__proto__`; others unchanged. */
export function escapeKey(key: string): string {
  return PROTO_FAMILY.test(key) ? `\0${key}` : key;
}

/** `escapeKey` undone. */
export function unescapeKey(key: string): string {
  return key.startsWith('\0') && PROTO_FAMILY.test(key) ? key.slice(1) : key;
}

/** Whether `name` is a member of `Object.prototype` (`__proto__` included), which `data[name]` finds on any object. */
export function isPrototypeName(name: string): boolean {
  return name in Object.prototype;
}

/** Whether a schema names, at any depth, a property (in `properties` or `required`) that `isPrototypeName`. */
export function namesPrototypeMembers(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const { properties, required, items, additionalProperties } = node as JsonSchema;
    if (properties !== null && typeof properties === 'object') {
      for (const name of Object.keys(properties)) if (isPrototypeName(name)) return true;
      stack.push(...Object.values(properties));
    }
    if (Array.isArray(required) && required.some((name) => typeof name === 'string' && isPrototypeName(name))) return true;
    stack.push(items, additionalProperties);
  }
  return false;
}

const define = (target: object, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** JSON data as the view holds it: objects without prototype, `__proto__` keys escaped; arrays stay arrays. */
export function toView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toView);
  if (value === null || typeof value !== 'object') return value;
  const view = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) view[escapeKey(key)] = toView((value as Record<string, unknown>)[key]);
  return view;
}

/** `toView` undone: plain objects again (`__proto__` an own key, defined, never assigned), `printable` (printable.ts). */
export function fromView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromView);
  if (value === null || typeof value !== 'object') return value;
  const plain: Record<string, unknown> = {};
  for (const key of Object.keys(value)) define(plain, unescapeKey(key), fromView((value as Record<string, unknown>)[key]));
  return printable(plain);
}

/** Write the view's top level back into `target` (the variables object itself, whose identity callers keep). */
export function restoreInto(target: Record<string, unknown>, view: Record<string, unknown>): void {
  for (const key of Object.keys(view)) define(target, unescapeKey(key), fromView(view[key]));
}

/** Keywords whose value is data (compared with, or put into, the variables): renamed like the variables. */
const DATA_KEYWORDS = new Set(['default', 'const', 'examples']);

/**
 * A schema with its property names renamed as `escapeKey` does, in `properties` and `required`, and the
 * data in `default`, `const`, `enum` and `examples` too (so a default lands in the view with the view's keys).
 * Subschemas are followed under `properties`, `items` and `additionalProperties` (the declared keywords, validator.ts).
 */
export function escapeSchema(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    let escaped: unknown = value;
    if (keyword === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const properties: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value)) define(properties, escapeKey(name), escapeSchema(child));
      escaped = properties;
    } else if (keyword === 'required' && Array.isArray(value)) {
      escaped = value.map((name) => (typeof name === 'string' ? escapeKey(name) : name));
    } else if (keyword === 'items' || keyword === 'additionalProperties') {
      escaped = escapeSchema(value);
    } else if (keyword === 'enum' && Array.isArray(value)) {
      escaped = value.map(toView);
    } else if (DATA_KEYWORDS.has(keyword)) {
      escaped = toView(value);
    }
    define(out, keyword, escaped);
  }
  return out;
}

/** An RFC 6901 pointer into the view, as a pointer into the variables (each `\0__proto__` segment renamed back). */
export function unescapePointer(pointer: string): string {
  return pointer.split('/').map(unescapeKey).join('/');
}

/** A message naming pointers into the view, naming them in the variables instead. */
export function unescapeMessage(message: string): string {
  return message.replace(/\0(\0*__proto__)/g, '$1');
}
