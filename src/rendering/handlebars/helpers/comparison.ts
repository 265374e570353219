/**
 * Comparison and logic helpers: `eq ne lt lte gt gte and or not compare`, and from `handlebars-helpers`
 * (lib/comparison.js, v0.10.0) `is isnt contains ifEven ifOdd`.
 *
 * Each returns a boolean when called inline or as a sub-expression, and can be a block:
 *
 *     {{#if (eq order.status "paid")}}Paid{{/if}}
 *     {{#compare order.total ">" 100}}Free shipping{{else}}Shipping: {{shipping}}{{/compare}}
 *     {{#and customer.vip (not order.gift)}}VIP{{/and}}
 *     {{compare a "==" b}}            → "true" / "false"
 *
 * Rules:
 * - `eq`/`ne` (and `compare`'s `===`/`!==`) are JavaScript's strict equality: `eq 1 "1"` is false.
 *   `compare`'s `==`/`!=` are JavaScript's loose equality (`1 == "1"`, `null == undefined`).
 * - Ordering (`lt lte gt gte`, `compare`'s `< <= > >=`) compares two numbers, or a number and a
 *   decimal string (`"12.50"`, read as a number), or two strings (by UTF-16 code units, not by locale:
 *   `"B" < "a"`; ISO 8601 dates in one format order correctly). With null or undefined on either side
 *   it is false (a missing value is neither smaller nor larger). Anything else (booleans, lists,
 *   objects, a number against `"abc"`) is an error naming the helper and both values.
 * - `and`, `or` (two or more arguments) and `not` use Handlebars' `{{#if}}` truthiness: false, 0, "",
 *   null, undefined and an empty list are false. They return booleans, not their operands (for a
 *   fallback value use `default`).
 * - `is`/`isnt` are `compare`'s `==`/`!=` (handlebars-helpers' loose equality: `is 1 "1"` is true).
 * - `contains haystack needle [from]`: a list holding the needle (strict equality), or a string holding
 *   it as text (a number needle is its text); from the index `from` (default 0). null or undefined
 *   (a missing list) contains nothing. Anything else (an object, a number) is an error, where
 *   handlebars-helpers answers false.
 * - `ifEven`/`ifOdd`: a whole number (or its decimal string) is even / odd; anything else is an error
 *   (handlebars-helpers answers false, or true for `ifOdd "abc"`). For zebra rows: `{{#ifEven @index}}`.
 */
import { HelperArgumentError, describeValue, isTruthy, toFiniteNumber, toInteger } from './arguments.js';
import type { HelperDefinition } from './definition.js';

/** The operators `compare` accepts. */
export const COMPARE_OPERATORS = ['==', '!=', '===', '!==', '<', '<=', '>', '>='] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

function checkOperator(value: unknown): void {
  if (typeof value !== 'string' || !(COMPARE_OPERATORS as readonly string[]).includes(value)) {
    throw new HelperArgumentError(
      'compare',
      'the operator (2nd argument)',
      `must be one of ${COMPARE_OPERATORS.join(' ')} (quoted), got ${describeValue(value)}`,
    );
  }
}

/** `a op b` under the rules of the module comment. @throws HelperArgumentError for values that cannot be ordered. */
export function compareValues(helper: string, a: unknown, op: CompareOperator, b: unknown): boolean {
  switch (op) {
    case '==':
      return a == b; // eslint-disable-line eqeqeq -- the operator asked for
    case '!=':
      return a != b; // eslint-disable-line eqeqeq -- the operator asked for
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    default: {
      if (a === null || a === undefined || b === null || b === undefined) return false;
      let x: number | string;
      let y: number | string;
      if (typeof a === 'string' && typeof b === 'string') {
        [x, y] = [a, b];
      } else if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
        x = toFiniteNumber(helper, 'the 1st value', a);
        y = toFiniteNumber(helper, 'the 2nd value', b);
      } else {
        throw new HelperArgumentError(
          helper,
          'its values',
          `cannot be ordered: ${describeValue(a)} and ${describeValue(b)} (compare two numbers or two strings)`,
        );
      }
      return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
    }
  }
}

/** Numbers are the sample where an ordering refuses a placeholder: `(gt qty 1)` (compile/sample-proof.ts). */
const ORDERING_SAMPLES = { params: [42, 42] };

function binary(name: string, op: CompareOperator): HelperDefinition {
  return {
    name,
    signature: `${name} a b`,
    arity: [2, 2],
    hash: {},
    block: true,
    run: ([a, b]) => compareValues(name, a, op, b),
    ...(['<', '<=', '>', '>='].includes(op) ? { samples: ORDERING_SAMPLES } : {}),
  };
}

/** Whether `haystack` holds `needle` (the module comment's rules). @throws HelperArgumentError otherwise. */
export function contains(haystack: unknown, needle: unknown, from: number): boolean {
  if (haystack === null || haystack === undefined) return false;
  if (Array.isArray(haystack)) return haystack.indexOf(needle, from) !== -1;
  if (typeof haystack === 'string') {
    if (typeof needle === 'number') return haystack.indexOf(String(needle), from) !== -1;
    return typeof needle === 'string' && haystack.indexOf(needle, from) !== -1;
  }
  throw new HelperArgumentError('contains', 'the 1st argument', `must be a list or a string, got ${describeValue(haystack)}`);
}

function parity(name: 'ifEven' | 'ifOdd'): HelperDefinition {
  return {
    name,
    signature: `${name} number`,
    arity: [1, 1],
    hash: {},
    block: true,
    run: ([value]) => {
      const number = toFiniteNumber(name, 'the number', value);
      if (!Number.isInteger(number))
        throw new HelperArgumentError(name, 'the number', `must be a whole number, got ${describeValue(value)}`);
      return (Math.abs(number) % 2 === 0) === (name === 'ifEven');
    },
    samples: { params: [42] },
  };
}

export const COMPARISON_HELPERS: readonly HelperDefinition[] = [
  binary('eq', '==='),
  binary('ne', '!=='),
  binary('lt', '<'),
  binary('lte', '<='),
  binary('gt', '>'),
  binary('gte', '>='),
  {
    name: 'compare',
    signature: 'compare a "op" b',
    arity: [3, 3],
    hash: {},
    params: [undefined, checkOperator],
    block: true,
    run: ([a, op, b]) => compareValues('compare', a, op as CompareOperator, b),
    samples: { params: [42, '==', 42] },
  },
  {
    name: 'is',
    signature: 'is a b',
    arity: [2, 2],
    hash: {},
    block: true,
    run: ([a, b]) => compareValues('is', a, '==', b),
  },
  {
    name: 'isnt',
    signature: 'isnt a b',
    arity: [2, 2],
    hash: {},
    block: true,
    run: ([a, b]) => compareValues('isnt', a, '!=', b),
  },
  {
    name: 'contains',
    signature: 'contains list-or-text value [from]',
    arity: [2, 3],
    hash: {},
    params: [
      undefined,
      undefined,
      (value) => void toInteger('contains', 'the start index (3rd argument)', value, 0, Number.MAX_SAFE_INTEGER),
    ],
    block: true,
    run: ([haystack, needle, from]) => contains(haystack, needle, (from as number | undefined) ?? 0),
    samples: { params: [['sample'], 'sample', 0] },
  },
  parity('ifEven'),
  parity('ifOdd'),
  {
    name: 'and',
    signature: 'and a b …',
    arity: [2, Infinity],
    hash: {},
    block: true,
    run: (args) => args.every(isTruthy),
  },
  {
    name: 'or',
    signature: 'or a b …',
    arity: [2, Infinity],
    hash: {},
    block: true,
    run: (args) => args.some(isTruthy),
  },
  {
    name: 'not',
    signature: 'not a',
    arity: [1, 1],
    hash: {},
    block: true,
    run: ([a]) => !isTruthy(a),
  },
];
