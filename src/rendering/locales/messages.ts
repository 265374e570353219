/**
 * ICU MessageFormat strings of localized variants (docs/locales.md), through `intl-messageformat` (FormatJS,
 * ICU MessageFormat with CLDR plural rules from the platform's `Intl.PluralRules`): checked at save, compiled
 * once per (revision, locale) when a render first needs them, formatted by `{{t "key" name=value}}`.
 */
import { IntlMessageFormat } from 'intl-messageformat';

/** A message that does not parse: where, and the parser's reason and offset. */
export interface MessageProblem {
  locale: string;
  key: string;
  /** The parser's error kind, e.g. `EXPECT_ARGUMENT_CLOSING_BRACE`. */
  reason: string;
  /** 0-based character offset in the message where the parser stopped. */
  offset: number;
}

/** The first message of `strings` (of locale `locale`) that does not parse, or null when all do. */
export function messageProblem(locale: string, strings: Readonly<Record<string, string>>): MessageProblem | null {
  for (const [key, message] of Object.entries(strings)) {
    try {
      new IntlMessageFormat(message, locale);
    } catch (error) {
      const location = (error as { location?: { start?: { offset?: number } } }).location;
      return { locale, key, reason: (error as Error).message, offset: location?.start?.offset ?? 0 };
    }
  }
  return null;
}

/**
 * Formats one locale's messages: compiled on first use of each key and kept (the object lives in the
 * (revision, locale) cache entry). `fallback`: the default locale's strings, used for a key this locale lacks.
 */
export class LocaleMessages {
  readonly #compiled = new Map<string, IntlMessageFormat>();

  constructor(
    /** Canonical BCP 47 tag the messages format in (plural rules, numbers). */
    readonly locale: string,
    private readonly strings: Readonly<Record<string, string>>,
    private readonly fallback: { locale: string; strings: Readonly<Record<string, string>> } | null,
  ) {}

  /** Whether this locale itself (not its fallback) has `key`. */
  has(key: string): boolean {
    return Object.hasOwn(this.strings, key);
  }

  /** `key` formatted with `values`; undefined when neither this locale nor the fallback has it. @throws FormatJS' errors for a missing argument. */
  format(key: string, values: Readonly<Record<string, unknown>>): string | undefined {
    const own = Object.hasOwn(this.strings, key);
    const source = own ? this.strings : this.fallback?.strings;
    if (source === undefined || !Object.hasOwn(source, key)) return undefined;
    const cacheKey = own ? key : `\u0000${key}`;
    let message = this.#compiled.get(cacheKey);
    if (message === undefined) {
      message = new IntlMessageFormat(source[key]!, own ? this.locale : this.fallback!.locale);
      this.#compiled.set(cacheKey, message);
    }
    const formatted = message.format(values as Record<string, string | number | boolean | Date | null | undefined>);
    return Array.isArray(formatted) ? formatted.join('') : String(formatted);
  }
}

/** `{{t "key"}}`, `{{t 'key'}}`, `(t "key")`: the literal key of each call. */
const T_CALL = /(?:\{\{~?|\()\s*t\s+(?:"([^"]*)"|'([^']*)'|([^\s}")]+))/g;

/**
 * The keys `{{t …}}` calls read in `sources` (HTML with Handlebars, subject, preheader, partials), sorted,
 * and the first call whose key is not a string literal (null when none). A textual scan: what a call looks
 * like in Handlebars source (`{{t "k"}}`, `{{~t "k"}}`, `(t "k")`).
 */
export function translationKeys(sources: ReadonlyArray<string | undefined>): { keys: string[]; nonLiteral: string | null } {
  const keys = new Set<string>();
  let nonLiteral: string | null = null;
  for (const source of sources) {
    if (!source) continue;
    for (const match of source.matchAll(T_CALL)) {
      const key = match[1] ?? match[2];
      if (key !== undefined) keys.add(key);
      else nonLiteral ??= match[3] ?? '';
    }
  }
  return { keys: [...keys].sort(), nonLiteral };
}
