/**
 * Value and text helpers: `default upper lower capitalize truncate join length json url_encode`.
 *
 * Like every helper, their results go through Handlebars' escaping in `{{ }}` (`<`, `>`, `&`, `"`,
 * `'`, `` ` ``, `=`); `{{{ }}}` outputs them raw. `null`, `undefined` (a missing variable) and `""`
 * render as nothing, except in `default` (which replaces them), `length` (0) and `json`.
 *
 * "Characters" in `truncate` and `length` are user-perceived characters (grapheme clusters,
 * `Intl.Segmenter`, ECMA-402): an emoji with a skin tone or a letter with a combining accent counts as
 * one and is never cut in half. `upper`, `lower` and `capitalize` follow the render's locale
 * (`toLocaleUpperCase`: in `tr-TR`, `i` → `İ`).
 */
import { HelperArgumentError, cachedIntl, describeValue, isAbsent, toInteger, toText } from './arguments.js';
import type { HelperDefinition } from './definition.js';

/** The ellipsis `truncate` ends a shortened text with (U+2026). */
export const ELLIPSIS = '…';

function graphemes(locale: string): Intl.Segmenter {
  return cachedIntl(`grapheme|${locale}`, () => new Intl.Segmenter(locale, { granularity: 'grapheme' }));
}

/** `text` in at most `max` characters, the last being `…` when it was shortened (trailing spaces dropped before it). */
function truncate(text: string, max: number, locale: string): string {
  if (text.length <= max) return text; // UTF-16 units are never fewer than characters
  let count = 0;
  let keep = 0;
  for (const { index } of graphemes(locale).segment(text)) {
    count += 1;
    if (count === max) keep = index; // the first max − 1 characters end here
    if (count > max) return `${text.slice(0, keep).trimEnd()}${ELLIPSIS}`;
  }
  return text;
}

function countCharacters(text: string, locale: string): number {
  const segments = graphemes(locale).segment(text)[Symbol.iterator]();
  let count = 0;
  while (!segments.next().done) count += 1;
  return count;
}

function checkLength(value: unknown): void {
  toInteger('truncate', 'the length (2nd argument)', value, 1, 1_000_000_000);
}

function checkSeparator(value: unknown): void {
  if (typeof value !== 'string')
    throw new HelperArgumentError('join', 'the separator (2nd argument)', `must be a string, got ${describeValue(value)}`);
}

function joinable(value: unknown, index: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new HelperArgumentError('join', `element ${index} of the list`, `must be a string, number or boolean, got ${describeValue(value)}`);
}

export const TEXT_HELPERS: readonly HelperDefinition[] = [
  {
    // {{default nickname first_name "friend"}}: the first that is not null, undefined or "" (else the last).
    name: 'default',
    signature: 'default value fallback …',
    arity: [2, Infinity],
    hash: {},
    block: false,
    run: (args) => args.find((value) => !isAbsent(value)) ?? args[args.length - 1],
  },
  {
    name: 'upper',
    signature: 'upper text',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value], _hash, locale) => (isAbsent(value) ? '' : toText('upper', 'the text', value).toLocaleUpperCase(locale)),
  },
  {
    name: 'lower',
    signature: 'lower text',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value], _hash, locale) => (isAbsent(value) ? '' : toText('lower', 'the text', value).toLocaleLowerCase(locale)),
  },
  {
    // The first character in upper case, the rest unchanged: "élodie" → "Élodie", "mcDonald" → "McDonald".
    name: 'capitalize',
    signature: 'capitalize text',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value], _hash, locale) => {
      if (isAbsent(value)) return '';
      const text = toText('capitalize', 'the text', value);
      const first = String.fromCodePoint(text.codePointAt(0)!);
      return first.toLocaleUpperCase(locale) + text.slice(first.length);
    },
  },
  {
    // {{truncate title 20}}: at most 20 characters, the 20th being "…" when cut.
    name: 'truncate',
    signature: 'truncate text length',
    arity: [2, 2],
    hash: {},
    params: [undefined, checkLength],
    block: false,
    run: ([value, length], _hash, locale) =>
      isAbsent(value) ? '' : truncate(toText('truncate', 'the text', value), length as number, locale),
    samples: { params: ['sample', 20] },
  },
  {
    // {{join tags ", "}}: strings, numbers and booleans joined; null/undefined elements are empty.
    name: 'join',
    signature: 'join list [separator]',
    arity: [1, 2],
    hash: {},
    params: [undefined, checkSeparator],
    block: false,
    run: ([list, separator]) => {
      if (list === null || list === undefined) return '';
      if (!Array.isArray(list))
        throw new HelperArgumentError('join', 'the list (1st argument)', `must be a list, got ${describeValue(list)}`);
      return list.map(joinable).join(separator === undefined ? ', ' : (separator as string));
    },
    samples: { params: [['sample'], ', '] },
  },
  {
    // A list's elements, a string's characters, an object's own keys; null/undefined → 0.
    name: 'length',
    signature: 'length value',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value], _hash, locale) => {
      if (value === null || value === undefined) return 0;
      if (Array.isArray(value)) return value.length;
      if (typeof value === 'string') return countCharacters(value, locale);
      if (typeof value === 'object') return Object.keys(value).length;
      throw new HelperArgumentError('length', 'the value', `must be a list, a string or an object, got ${describeValue(value)}`);
    },
  },
  {
    // JSON.stringify: {{json x}} is HTML-escaped ("…" → &quot;…&quot;); {{{json x}}} is raw, and NOT safe
    // inside <script> (a "</script>" in the data ends it). undefined → nothing.
    name: 'json',
    signature: 'json value',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value]) => JSON.stringify(value) ?? '',
  },
  {
    // encodeURIComponent: {{url_encode q}} for a query value or a path segment.
    name: 'url_encode',
    signature: 'url_encode text',
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value]) => {
      if (isAbsent(value)) return '';
      const text = toText('url_encode', 'the text', value);
      try {
        return encodeURIComponent(text);
      } catch {
        throw new HelperArgumentError('url_encode', 'the text', 'is not well-formed Unicode (a lone surrogate)');
      }
    },
  },
];
