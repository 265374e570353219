/**
 * Generated variable shapes for property-based tests (fast-check): a JSON Schema for each shape, a value
 * that fits it, and every leaf with a value of the wrong type for it.
 */
import fc from 'fast-check';
import { escapePointer } from '../../src/rendering/index.js';

export type Leaf =
  { kind: 'string' } | { kind: 'integer'; min: number; max: number } | { kind: 'boolean' } | { kind: 'enum'; values: string[] };
export type Shape = { kind: 'object'; fields: Record<string, Shape> } | { kind: 'list'; of: Shape } | Leaf;

const name = fc.stringMatching(/^[a-z][a-z0-9_/~]{0,6}$/); // '/' and '~' exercise RFC 6901 escaping
const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc.constant({ kind: 'string' as const }),
  fc
    .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 50 }))
    .map(([min, span]) => ({ kind: 'integer' as const, min, max: min + span })),
  fc.constant({ kind: 'boolean' as const }),
  fc.uniqueArray(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 4 }).map((values) => ({ kind: 'enum' as const, values })),
);
const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.dictionary(name, tie('shape'), { minKeys: 1, maxKeys: 4 }).map((fields) => ({ kind: 'object' as const, fields })),
    tie('shape').map((of) => ({ kind: 'list' as const, of })),
  ),
})).shape;
export const rootShape = fc.dictionary(name, shape, { minKeys: 1, maxKeys: 5 }).map((fields): Shape => ({ kind: 'object', fields }));

export function schemaOf(s: Shape): Record<string, unknown> {
  switch (s.kind) {
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k, schemaOf(v)])),
        required: Object.keys(s.fields),
      };
    case 'list':
      return { type: 'array', items: schemaOf(s.of) };
    case 'integer':
      return { type: 'integer', minimum: s.min, maximum: s.max };
    case 'enum':
      return { type: 'string', enum: s.values };
    default:
      return { type: s.kind };
  }
}

/** A value that fits `s` (lists get one element, so every leaf has a place). */
export function valueOf(s: Shape): unknown {
  switch (s.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k, valueOf(v)]));
    case 'list':
      return [valueOf(s.of)];
    case 'integer':
      return s.min;
    case 'enum':
      return s.values[0];
    case 'boolean':
      return true;
    default:
      return 'text';
  }
}

/** Every leaf's pointer (relative to the variables) and a value of the wrong type for it. */
export function leaves(s: Shape, pointer = ''): Array<{ pointer: string; wrong: unknown }> {
  switch (s.kind) {
    case 'object':
      return Object.entries(s.fields).flatMap(([k, v]) => leaves(v, `${pointer}/${escapePointer(k)}`));
    case 'list':
      return leaves(s.of, `${pointer}/0`);
    case 'integer':
      return [{ pointer, wrong: 'not a number' }];
    case 'boolean':
      return [{ pointer, wrong: 1 }];
    default:
      return [{ pointer, wrong: 42 }];
  }
}

export function setAt(root: unknown, pointer: string, value: unknown): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = root as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}
