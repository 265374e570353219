/**
 * Formatting helpers: `number currency percent date`. Formatting is `Intl.NumberFormat` /
 * `Intl.DateTimeFormat` (ECMA-402) with the render's locale (`renderWithin(…, { locale })`, default
 * `en-US`), so separators, symbols, their position and spacing follow CLDR: in `de-DE`,
 * `{{currency 1234.5 code="EUR"}}` is `1.234,50 €` with a no-break space (U+00A0) before `€`, and the
 * space before AM/PM in `en-US` times is U+0020 or, with CLDR 42–47, a narrow no-break space (U+202F):
 * the exact output is the ICU data of the Node.js that runs (Node 20.20: ICU 78, CLDR 48).
 *
 * Numbers are JSON numbers or decimal strings (`"12.50"`); `null`, `undefined` and `""` render as
 * nothing; anything else (`"abc"`, `true`, a list) is an error naming the helper and the argument.
 *
 *     {{number 1234.5}}                          1,234.5        (Intl's default: up to 3 decimals)
 *     {{number 1234.5 decimals=2}}               1,234.50       (exactly `decimals` digits, 0–20)
 *     {{currency 1234.5 code="EUR"}}             €1,234.50      (the currency's own digits: JPY 0, KWD 3)
 *     {{currency 123450 code="EUR" minor_units=true}}  €1,234.50  (amount in cents: ÷ 10^digits, an integer)
 *     {{percent 0.125}}                          12.5%          (a fraction; up to 2 decimals, or `decimals=`)
 *     {{date "2024-03-07"}}                      Mar 7, 2024    (style="medium")
 *     {{date order.placed_at style="long" time_style="short"}}   March 7, 2024 at 2:05 PM
 *
 * Dates: an ISO 8601 string (`2024-03-07`, `2024-03-07T14:05:00Z`, `2024-03-07T15:05:00+01:00`;
 * without an offset the time is UTC) or a number of milliseconds since 1970-01-01T00:00:00Z.
 * `style=` is Intl's `dateStyle` (`full|long|medium|short`, default `medium`), `time_style=` its
 * `timeStyle` (same values; no time unless given), `time_zone=` an IANA zone the date is shown in
 * (default `UTC`, so a render never depends on the server's zone). Anything that is not such a date
 * (`"tomorrow"`, `2024-02-30`) is an error, never "Invalid Date".
 */
import { HelperArgumentError, cachedIntl, describeValue, isAbsent, toBoolean, toChoice, toFiniteNumber, toInteger } from './arguments.js';
import type { HelperDefinition } from './definition.js';

/** Intl's `dateStyle`/`timeStyle` values. */
export const DATE_STYLES = ['full', 'long', 'medium', 'short'] as const;
type DateStyle = (typeof DATE_STYLES)[number];

const MAX_DECIMALS = 20;

const checkDecimals = (helper: string) => (value: unknown) => void toInteger(helper, 'decimals=', value, 0, MAX_DECIMALS);

function checkCurrencyCode(value: unknown): void {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) {
    throw new HelperArgumentError('currency', 'code=', `must be an ISO 4217 currency code such as "EUR", got ${describeValue(value)}`);
  }
}

function checkTimeZone(value: unknown): void {
  if (typeof value === 'string') {
    try {
      cachedIntl(`zone|${value}`, () => new Intl.DateTimeFormat('en-US', { timeZone: value }));
      return;
    } catch {
      // falls through to the error
    }
  }
  throw new HelperArgumentError('date', 'time_zone=', `must be an IANA time zone such as "Europe/Berlin", got ${describeValue(value)}`);
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedIntl(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

function fixedDigits(decimals: unknown): Intl.NumberFormatOptions {
  return decimals === undefined ? {} : { minimumFractionDigits: decimals as number, maximumFractionDigits: decimals as number };
}

/** ISO 8601 calendar date, optionally with a time and an offset (`T` or a space between them). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const MAX_EPOCH_MS = 8.64e15; // ECMA-262 time value range

/** The instant `value` names. @throws HelperArgumentError when it is not an ISO 8601 date or epoch milliseconds. */
export function parseDate(value: unknown): Date {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && Math.abs(value) <= MAX_EPOCH_MS) return new Date(value);
  } else if (typeof value === 'string') {
    const match = ISO_DATE.exec(value.trim());
    if (match) {
      const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset = 'Z'] = match;
      const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
      const date = new Date(0);
      date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0–99 to 1900–1999
      date.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
      const valid =
        date.getUTCFullYear() === year &&
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day &&
        hour < 24 &&
        minute < 60 &&
        second < 60;
      if (valid) {
        const sign = offset.startsWith('-') ? -1 : 1;
        const [oh = 0, om = 0] =
          offset.toUpperCase() === 'Z' ? [] : [Number(offset.slice(1, 3)), Number(offset.slice(3).replace(':', '') || 0)];
        if (oh < 24 && om < 60) return new Date(date.getTime() - sign * (oh * 60 + om) * 60_000);
      }
    }
  }
  throw new HelperArgumentError(
    'date',
    'the date',
    `must be an ISO 8601 date ("2024-03-07", "2024-03-07T14:05:00Z") or milliseconds since 1970, got ${describeValue(value)}`,
  );
}

export const INTL_HELPERS: readonly HelperDefinition[] = [
  {
    name: 'number',
    signature: 'number value [decimals=n]',
    arity: [1, 1],
    hash: { decimals: checkDecimals('number') },
    block: false,
    run: ([value], { decimals }, locale) => {
      if (isAbsent(value)) return '';
      return numberFormat(locale, fixedDigits(decimals)).format(toFiniteNumber('number', 'the value', value));
    },
    samples: { params: [42], hash: { decimals: 2 } },
  },
  {
    name: 'currency',
    signature: 'currency amount code="EUR" [minor_units=true]',
    arity: [1, 1],
    hash: { code: checkCurrencyCode, minor_units: (value) => void toBoolean('currency', 'minor_units=', value) },
    requiredHash: ['code'],
    block: false,
    run: ([value], { code, minor_units: minorUnits }, locale) => {
      if (isAbsent(value)) return '';
      const amount = toFiniteNumber('currency', 'the amount', value);
      const format = numberFormat(locale, { style: 'currency', currency: (code as string).toUpperCase() });
      if (minorUnits !== true) return format.format(amount);
      if (!Number.isInteger(amount)) {
        throw new HelperArgumentError(
          'currency',
          'the amount',
          `must be a whole number of minor units (cents) with minor_units=true, got ${describeValue(value)}`,
        );
      }
      const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
      return format.format(amount / 10 ** digits);
    },
    samples: { params: [42], hash: { code: 'EUR', minor_units: false } },
  },
  {
    name: 'percent',
    signature: 'percent fraction [decimals=n]',
    arity: [1, 1],
    hash: { decimals: checkDecimals('percent') },
    block: false,
    run: ([value], { decimals }, locale) => {
      if (isAbsent(value)) return '';
      const digits = decimals === undefined ? { minimumFractionDigits: 0, maximumFractionDigits: 2 } : fixedDigits(decimals);
      return numberFormat(locale, { style: 'percent', ...digits }).format(toFiniteNumber('percent', 'the fraction', value));
    },
    samples: { params: [0.5], hash: { decimals: 2 } },
  },
  {
    name: 'date',
    signature: 'date value [style="medium"] [time_style="short"] [time_zone="UTC"]',
    arity: [1, 1],
    hash: {
      style: (value) => void toChoice('date', 'style=', value, DATE_STYLES),
      time_style: (value) => void toChoice('date', 'time_style=', value, DATE_STYLES),
      time_zone: checkTimeZone,
    },
    block: false,
    run: ([value], { style, time_style: timeStyle, time_zone: timeZone }, locale) => {
      if (isAbsent(value)) return '';
      const date = parseDate(value);
      const options: Intl.DateTimeFormatOptions = {
        dateStyle: (style as DateStyle | undefined) ?? 'medium',
        ...(timeStyle === undefined ? {} : { timeStyle: timeStyle as DateStyle }),
        timeZone: (timeZone as string | undefined) ?? 'UTC',
      };
      return cachedIntl(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(date);
    },
    samples: { params: ['2024-03-07T14:05:00Z'], hash: { style: 'medium', time_style: 'short', time_zone: 'UTC' } },
  },
];
