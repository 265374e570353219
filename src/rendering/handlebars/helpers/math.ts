/**
 * Arithmetic helpers under the names and semantics of the `handlebars-helpers` package (lib/math.js,
 * lib/number.js, v0.10.0): `add plus subtract minus multiply times divide modulo abs ceil floor round
 * toFixed`, and `min max` (not in that package: the plain minimum and maximum of their arguments).
 *
 *     {{subtract order.total order.discount}}         → 14.99
 *     {{currency (multiply line.quantity line.unit_price) code="EUR"}}
 *     {{#if (gt (subtract stock reserved) 0)}}In stock{{/if}}
 *     {{max 0 (subtract total credit)}}               → never below 0
 *     {{toFixed (divide total 3) 2}}                  → "5.00"
 *
 * Rules (docs/helpers.md says the same for users):
 * - Arguments are JSON numbers or decimal strings (`"12.50"`, `" 3 "`, `"1e3"`), as handlebars-helpers'
 *   `is-number`; unlike it, hexadecimal, binary and octal strings (`"0x1F"`) are refused. Anything else —
 *   null or undefined (a missing variable), `""`, `"abc"`, booleans, lists, objects — is an error naming
 *   the helper and the argument (handlebars-helpers throws too, except `add`, which concatenates two
 *   strings and otherwise returns `""`: we refuse both, a blank price is a silent mistake).
 * - A result is a number, printed by Handlebars with `String(n)` (`1e+21` for huge ones). A result that is
 *   not a whole number is rounded to 15 significant digits, the precision a double always holds, so
 *   binary noise never shows: `{{add 0.1 0.2}}` is `0.3`, `{{subtract 19.99 5}}` is `14.99` (JavaScript
 *   alone gives 0.30000000000000004 and 14.989999999999998). To show money, format the result
 *   (`currency`, `number decimals=2`, `toFixed`).
 * - `divide` and `modulo` by zero are errors (JavaScript gives Infinity or NaN); so is a result too
 *   large to be a number (`{{multiply 1e308 10}}`).
 * - `round` is `Math.round`: halves go up (`2.5` → 3, `-2.5` → -2); `modulo` is JavaScript's `%`: the
 *   sign of the dividend (`-7 % 3` is -1).
 */
import { HelperArgumentError, describeValue, toFiniteNumber, toInteger } from './arguments.js';
import type { HelperDefinition } from './definition.js';

/** The sample number the save-time proof puts where a placeholder was refused. */
const SAMPLE_NUMBER = 42;

/** Significant digits a non-integer result is rounded to (DBL_DIG: every double has at least 15). */
const SIGNIFICANT_DIGITS = 15;

const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (index: number) => ORDINALS[index] ?? `${index + 1}th`;

/**
 * An argument as a number. @throws HelperArgumentError naming the helper and the argument; a missing
 * value gets a hint, since that is the usual cause.
 */
function operand(helper: string, position: string, value: unknown): number {
  if (value === null || value === undefined) {
    throw new HelperArgumentError(
      helper,
      position,
      `must be a number, got ${describeValue(value)} (a missing value? write (default value 0) for one that may be missing)`,
    );
  }
  return toFiniteNumber(helper, position, value);
}

/** `value` with binary noise removed (see the module comment). @throws HelperArgumentError when it is not finite. */
export function tidyResult(helper: string, value: number): number {
  if (!Number.isFinite(value)) throw new HelperArgumentError(helper, 'the result', 'is too large to be a number');
  if (Number.isInteger(value)) return value === 0 ? 0 : value; // -0 prints as "0" anyway; keep it plain
  return Number(value.toPrecision(SIGNIFICANT_DIGITS));
}

function checkDivisor(helper: string) {
  return (value: unknown): void => {
    if (operand(helper, 'the divisor (2nd argument)', value) === 0) {
      throw new HelperArgumentError(helper, 'the divisor (2nd argument)', 'must not be 0 (a division by zero has no result)');
    }
  };
}

function binary(name: string, compute: (a: number, b: number) => number, options: { divisor?: boolean } = {}): HelperDefinition {
  return {
    name,
    signature: `${name} a b`,
    arity: [2, 2],
    hash: {},
    ...(options.divisor ? { params: [undefined, checkDivisor(name)] } : {}),
    block: false,
    run: ([a, b]) => tidyResult(name, compute(operand(name, 'the 1st value', a), operand(name, 'the 2nd value', b))),
    samples: { params: [SAMPLE_NUMBER, SAMPLE_NUMBER] },
  };
}

function unary(name: string, compute: (a: number) => number): HelperDefinition {
  return {
    name,
    signature: `${name} value`,
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([a]) => tidyResult(name, compute(operand(name, 'the value', a))),
    samples: { params: [SAMPLE_NUMBER] },
  };
}

function extreme(name: 'min' | 'max'): HelperDefinition {
  return {
    name,
    signature: `${name} a b …`,
    arity: [1, Infinity],
    hash: {},
    block: false,
    run: (args) => {
      const numbers = args.map((value, index) => {
        if (Array.isArray(value))
          throw new HelperArgumentError(
            name,
            `the ${ordinal(index)} value`,
            `must be a number, got ${describeValue(value)} (${name} takes numbers, not a list)`,
          );
        return operand(name, `the ${ordinal(index)} value`, value);
      });
      return tidyResult(name, name === 'min' ? Math.min(...numbers) : Math.max(...numbers));
    },
    samples: { params: [SAMPLE_NUMBER] },
  };
}

const add = (a: number, b: number) => a + b;
const subtract = (a: number, b: number) => a - b;
const multiply = (a: number, b: number) => a * b;

/** Most digits `toFixed` writes after the point (ECMA-262 allows 100; 20 is what money and percentages need). */
const MAX_FIXED_DIGITS = 20;

export const MATH_HELPERS: readonly HelperDefinition[] = [
  binary('add', add),
  binary('plus', add),
  binary('subtract', subtract),
  binary('minus', subtract),
  binary('multiply', multiply),
  binary('times', multiply),
  binary('divide', (a, b) => a / b, { divisor: true }),
  binary('modulo', (a, b) => a % b, { divisor: true }),
  unary('abs', Math.abs),
  unary('ceil', Math.ceil),
  unary('floor', Math.floor),
  unary('round', Math.round),
  extreme('min'),
  extreme('max'),
  {
    // handlebars-helpers lib/number.js: Number.prototype.toFixed; `{{toFixed 5 2}}` → "5.00". It reads a
    // non-number as 0; we refuse it (a price of "0.00" is a silent mistake).
    name: 'toFixed',
    signature: 'toFixed value [digits]',
    arity: [1, 2],
    hash: {},
    params: [undefined, (value) => void toInteger('toFixed', 'the digits (2nd argument)', value, 0, MAX_FIXED_DIGITS)],
    block: false,
    run: ([value, digits]) => operand('toFixed', 'the value', value).toFixed((digits as number | undefined) ?? 0),
    samples: { params: [SAMPLE_NUMBER, 2] },
  },
];
