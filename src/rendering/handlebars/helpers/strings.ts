/**
 * String helpers under the names of the `handlebars-helpers` package (lib/string.js, v0.10.0):
 * `uppercase lowercase capitalizeAll trim append prepend replace startsWith`.
 *
 *     {{uppercase order.status}}                 PAID          (the render's locale, like `upper`)
 *     {{capitalizeAll customer.name}}            Ada Lovelace
 *     {{append product.name "!"}}  {{prepend order.number "#"}}
 *     {{replace sku "-" " "}}                    every occurrence
 *     {{#startsWith "https://" url}}link{{else}}no link{{/startsWith}}
 *
 * Like `upper` and `lower` (text.ts): the text is a string or a number; null, undefined and `""` render
 * as nothing; a boolean, list or object is an error naming the helper and the argument (handlebars-helpers
 * renders those as nothing, hiding the mistake). Deviations from handlebars-helpers, each where it would
 * silently do the unexpected: `capitalizeAll` upper-cases the first letter of every word in any script
 * ("élodie" → "Élodie"; theirs only sees ASCII word characters); `replace` refuses an empty search text
 * (theirs inserts the replacement between every character); `uppercase`/`lowercase` are not block helpers.
 * `replace` is bounded: a result larger than the render's output budget stops the render
 * (RENDER_MAX_BYTES) before it is built.
 */
import { checkOutputLength } from '../budget.js';
import { HelperArgumentError, describeValue, isAbsent, toText } from './arguments.js';
import type { HelperDefinition } from './definition.js';

const SAMPLE_TEXT = { params: ['sample', 'sample', 'sample'] };

function textHelper(name: string, transform: (text: string, locale: string) => string): HelperDefinition {
  return {
    name,
    signature: `${name} text`,
    arity: [1, 1],
    hash: {},
    block: false,
    run: ([value], _hash, locale) => (isAbsent(value) ? '' : transform(toText(name, 'the text', value), locale)),
    samples: SAMPLE_TEXT,
  };
}

/** A word starts at a letter, digit or `_` (the Unicode form of `\w`) and runs to the next white space. */
const WORD = /[\p{L}\p{N}_]\S*/gu;

function upperFirst(word: string, locale: string): string {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  return first.toLocaleUpperCase(locale) + word.slice(first.length);
}

/** `text` with every `search` replaced by `replacement`. @throws RenderLimitError when the result would pass the output budget. */
function replaceAll(text: string, search: string, replacement: string): string {
  if (replacement.length > search.length) {
    let count = 0;
    for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count += 1;
    checkOutputLength(text.length + count * (replacement.length - search.length));
  }
  return text.split(search).join(replacement);
}

function checkSearch(value: unknown): void {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new HelperArgumentError('replace', 'the text to find (2nd argument)', `must be a string, got ${describeValue(value)}`);
  }
  if (value === '') throw new HelperArgumentError('replace', 'the text to find (2nd argument)', 'must not be empty');
}

function checkReplacement(value: unknown): void {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new HelperArgumentError(
      'replace',
      'the replacement (3rd argument)',
      `must be a string, got ${describeValue(value)} (write "" to remove)`,
    );
  }
}

function affix(name: 'append' | 'prepend'): HelperDefinition {
  return {
    name,
    signature: `${name} text ${name === 'append' ? 'suffix' : 'prefix'}`,
    arity: [2, 2],
    hash: {},
    block: false,
    run: ([value, extra]) => {
      if (isAbsent(value)) return '';
      const text = toText(name, 'the text (1st argument)', value);
      const added = isAbsent(extra) ? '' : toText(name, `the ${name === 'append' ? 'suffix' : 'prefix'} (2nd argument)`, extra);
      return name === 'append' ? text + added : added + text;
    },
    samples: SAMPLE_TEXT,
  };
}

export const STRING_HELPERS: readonly HelperDefinition[] = [
  textHelper('uppercase', (text, locale) => text.toLocaleUpperCase(locale)),
  textHelper('lowercase', (text, locale) => text.toLocaleLowerCase(locale)),
  textHelper('capitalizeAll', (text, locale) => text.replace(WORD, (word) => upperFirst(word, locale))),
  textHelper('trim', (text) => text.trim()),
  affix('append'),
  affix('prepend'),
  {
    name: 'replace',
    signature: 'replace text find replacement',
    arity: [3, 3],
    hash: {},
    params: [undefined, checkSearch, checkReplacement],
    block: false,
    run: ([value, search, replacement]) =>
      isAbsent(value) ? '' : replaceAll(toText('replace', 'the text (1st argument)', value), String(search), String(replacement)),
    samples: { params: ['sample', 'sample', ''] },
  },
  {
    // handlebars-helpers' argument order: the prefix first. A block, or a boolean for `(startsWith p s)`.
    name: 'startsWith',
    signature: 'startsWith prefix text',
    arity: [2, 2],
    hash: {},
    block: true,
    run: ([prefix, value]) => {
      if (isAbsent(value)) return false;
      return toText('startsWith', 'the text (2nd argument)', value).startsWith(toText('startsWith', 'the prefix (1st argument)', prefix));
    },
    samples: SAMPLE_TEXT,
  },
];
