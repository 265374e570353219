/**
 * What every helper of the library shares: the error a wrong argument raises, argument checks and
 * conversions, the render's locale, Handlebars' truthiness, and cached `Intl` formatters.
 */

/** The locale helpers format for when the render names none (`renderWithin(…, { locale })`). */
export const DEFAULT_LOCALE = 'en-US';

/**
 * A helper was called with an argument it cannot use (`{{currency "abc" code="EUR"}}`): the message
 * names the helper and the argument. Thrown at render time (the render path answers 400
 * `render_failed`); the save-time check (`findHelperMisuse`) reports the same message for literals.
 */
export class HelperArgumentError extends Error {
  override readonly name = 'HelperArgumentError';
  constructor(
    readonly helper: string,
    readonly argument: string,
    problem: string,
  ) {
    super(argument ? `${helper}: ${argument} ${problem}` : `${helper}: ${problem}`);
  }
}

/** The options object Handlebars passes as a helper's last argument (the parts the library reads). */
export interface HelperOptions {
  name?: string;
  hash?: Record<string, unknown>;
  data?: { locale?: unknown } & Record<string, unknown>;
  fn?: (context: unknown, options?: unknown) => string;
  inverse?: (context: unknown, options?: unknown) => string;
  /** Added by the runtime (4.6+): a property read that refuses prototype properties. */
  lookupProperty?: (parent: unknown, name: string) => unknown;
}

/** The locale of the render: `@locale` of the data frame, or `DEFAULT_LOCALE`. */
export function localeOf(options: HelperOptions | undefined): string {
  const locale = options?.data?.locale;
  return typeof locale === 'string' && locale !== '' ? locale : DEFAULT_LOCALE;
}

/**
 * A value as an error message shows it: its type, and a string's length — never the value, which may be a
 * recipient's data that would end up in the client's logs and error trackers (issue 10: no request bytes in
 * any message; the pointer or helper name says where it is).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `a string of ${value.length} character${value.length === 1 ? '' : 's'}`;
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** `null`, `undefined` and `''`: what formatting helpers render as nothing. */
export function isAbsent(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** A decimal number as JSON or a form would write it: `12`, `-3.5`, `.5`, `1e3` (no hex, no `Infinity`). */
const DECIMAL = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i;

/**
 * A finite number from a number or a decimal string (`"12.50"`).
 * @throws HelperArgumentError for anything else (`"abc"`, `NaN`, `Infinity`, booleans, objects).
 */
export function toFiniteNumber(helper: string, argument: string, value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number)) throw new HelperArgumentError(helper, argument, `must be a number, got ${describeValue(value)}`);
  return number;
}

/**
 * Text from a string or a number (`String(n)`).
 * @throws HelperArgumentError for booleans, lists, objects.
 */
export function toText(helper: string, argument: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new HelperArgumentError(helper, argument, `must be a string, got ${describeValue(value)}`);
}

/** An integer between `min` and `max`. @throws HelperArgumentError otherwise. */
export function toInteger(helper: string, argument: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HelperArgumentError(helper, argument, `must be a whole number from ${min} to ${max}, got ${describeValue(value)}`);
  }
  return value;
}

/** One of `choices`. @throws HelperArgumentError otherwise. */
export function toChoice<T extends string>(helper: string, argument: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new HelperArgumentError(
      helper,
      argument,
      `must be one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${describeValue(value)}`,
    );
  }
  return value as T;
}

/** true or false. @throws HelperArgumentError otherwise. */
export function toBoolean(helper: string, argument: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new HelperArgumentError(helper, argument, `must be true or false, got ${describeValue(value)}`);
  return value;
}

/**
 * Handlebars' own truthiness (`{{#if}}`, helpers/if.js and utils.js `isEmpty`): false, 0, '', null,
 * undefined, NaN and an empty list are false; everything else (an empty object too) is true.
 */
export function isTruthy(value: unknown): boolean {
  return !(!value || (Array.isArray(value) && value.length === 0));
}

const FORMATTERS_MAX = 512;
const formatters = new Map<string, unknown>();

/**
 * A cached `Intl` object (constructing one costs tens of microseconds; a render calls helpers per list
 * element). The cache is bounded: locales come from requests, so it is cleared when full.
 * @throws what the constructor throws (RangeError for a bad currency code, time zone, locale).
 */
export function cachedIntl<T>(key: string, make: () => T): T {
  const found = formatters.get(key);
  if (found !== undefined) return found as T;
  const made = make();
  if (formatters.size >= FORMATTERS_MAX) formatters.clear();
  formatters.set(key, made);
  return made;
}
