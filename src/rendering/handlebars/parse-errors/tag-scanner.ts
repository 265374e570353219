/**
 * The tag scanner: the `{{…}}` tags of a template in source order, read with the rules of the
 * Handlebars 4 lexer (`src/handlebars.l`: escaped `\{{`, comments `{{!-- --}}` / `{{! }}`, raw blocks
 * `{{{{raw}}}}…{{{{/raw}}}}`, strings and `[…]` segments that may contain `}}`, `{{else}}` / `{{^}}`,
 * `~`). An unclosed `{{`, comment or raw block ends the scan as a `Problem`.
 */
import type { Problem, ScanItem, Tag } from './tags.js';

/** Tags of `source` in order; stops after an unclosed `{{`, comment or raw block (yielded as a problem). */
export function* scanTags(source: string): Generator<ScanItem> {
  let cursor = 0;
  for (;;) {
    const open = source.indexOf('{{', cursor);
    if (open < 0) return;
    if (source[open - 1] === '\\' && source[open - 2] !== '\\') {
      cursor = open + 2; // `\{{…` is text up to the next `{{`
      continue;
    }
    if (source.startsWith('{{{{', open)) {
      const raw = readRawBlock(source, open);
      if ('problem' in raw) {
        yield raw;
        return;
      }
      if (raw.tag) yield { tag: raw.tag };
      cursor = raw.next;
      continue;
    }
    let at = open + 2;
    if (source[at] === '~') at += 1;
    if (source.startsWith('!--', at)) {
      const close = /--~?\}\}/g;
      close.lastIndex = at + 1; // Handlebars' comment state rereads `{{!--`: `{{!--}}` is a whole comment
      const found = close.exec(source);
      if (!found) {
        yield { problem: { kind: 'unclosedComment', start: open, long: true } };
        return;
      }
      cursor = found.index + found[0].length;
      continue;
    }
    if (source[at] === '!') {
      const close = source.indexOf('}}', at);
      if (close < 0) {
        yield { problem: { kind: 'unclosedComment', start: open, long: false } };
        return;
      }
      cursor = close + 2;
      continue;
    }
    const tag = readMustache(source, open, at);
    if ('problem' in tag) {
      yield tag;
      return;
    }
    yield { tag };
    cursor = tag.end;
  }
}

/** A `{{…}}` from `open` (`at`: just past `{{` and any `~`), up to its closing braces. */
function readMustache(source: string, open: number, at: number): Tag | { problem: Problem } {
  const openBraces = source[at] === '{' ? 3 : 2;
  let broken = false;
  let i = at;
  while (i < source.length) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '[') {
      const end = closingOf(source, i, c === '[' ? ']' : c);
      if (end < 0)
        broken = true; // Handlebars reads the lone quote as an invalid character
      else {
        i = end + 1;
        continue;
      }
    } else if (c === '{' && source[i + 1] === '{') {
      return { problem: { kind: 'unclosedMustache', start: open, end: i, braces: openBraces } };
    } else if (
      (c === '~' && source.startsWith('}}', i + 1)) ||
      (c === '}' && source[i + 1] === '}') ||
      (c === '}' && source.startsWith('~}}', i + 1))
    ) {
      const closeBraces = source.startsWith('}}}}', i) ? 4 : source.startsWith('}}}', i) || source.startsWith('}~}}', i) ? 3 : 2;
      const end = i + (c === '~' || source[i + 1] === '~' ? 1 : 0) + closeBraces;
      return classify({ start: open, end, text: source.slice(open, end), openBraces, closeBraces, broken }, source.slice(at, i));
    }
    i += 1;
  }
  return { problem: { kind: 'unclosedMustache', start: open, end: source.length, braces: openBraces } };
}

/** Index of the `quote` that closes the string (or `[` segment) opened at `from`; -1 if none. */
function closingOf(source: string, from: number, quote: string): number {
  for (let i = from + 1; i < source.length; i++) {
    if (source[i] === '\\' && source[i + 1] === quote) i += 1;
    else if (source[i] === quote) return i;
  }
  return -1;
}

const NAME = /^\s*([^\s~}()=|]*)/;

function classify(base: Omit<Tag, 'kind' | 'name'>, inner: string): Tag {
  const nameAfter = (marker: number) => NAME.exec(inner.slice(marker))?.[1] ?? '';
  if (inner.startsWith('#>')) return { ...base, kind: 'open', name: nameAfter(2), noElse: 'partial block' };
  if (inner.startsWith('#*')) return { ...base, kind: 'open', name: nameAfter(2), noElse: 'decorator block' };
  if (inner.startsWith('#')) return { ...base, kind: 'open', name: nameAfter(1) };
  if (inner.startsWith('/')) return { ...base, kind: 'close', name: nameAfter(1) };
  if (inner.startsWith('^'))
    return /^\^\s*~?$/.test(inner) ? { ...base, kind: 'else', name: '' } : { ...base, kind: 'open', name: nameAfter(1) };
  if (/^\s*else\s*~?$/.test(inner)) return { ...base, kind: 'else', name: '' };
  if (/^\s*else\s+\S/.test(inner)) return { ...base, kind: 'elseChain', name: '' };
  return { ...base, kind: 'plain', name: '' };
}

/**
 * A raw block `{{{{name}}}}…{{{{/name}}}}`: its content is never parsed (nested raw blocks count, as
 * in Handlebars' `raw` lexer state). Yields no tag (or a stray `{{{{/name}}}}` close).
 */
function readRawBlock(source: string, open: number): { tag?: Tag; next: number } | { problem: Problem } {
  const closeOfOpen = source.indexOf('}}}}', open + 4);
  if (closeOfOpen < 0) return { problem: { kind: 'unclosedMustache', start: open, end: source.length, braces: 4 } };
  const inner = source.slice(open + 4, closeOfOpen).trim();
  const tag: Tag = {
    kind: 'open',
    start: open,
    end: closeOfOpen + 4,
    text: source.slice(open, closeOfOpen + 4),
    name: inner.split(/\s/)[0] ?? '',
    openBraces: 4,
    closeBraces: 4,
    broken: false,
  };
  if (inner.startsWith('/')) return { tag: { ...tag, kind: 'close', name: tag.name.slice(1), raw: true }, next: tag.end };
  const marker = /\{\{\{\{(\/?)([^\s}]*)\}\}\}\}|\{\{\{\{(?!\/)/g;
  marker.lastIndex = tag.end;
  let depth = 0;
  for (let m = marker.exec(source); m; m = marker.exec(source)) {
    if (m[1] !== '/') {
      depth += 1;
      continue;
    }
    if (depth > 0) {
      depth -= 1;
      continue;
    }
    const end = m.index + m[0].length;
    const close: Tag = { ...tag, kind: 'close', start: m.index, end, text: m[0], name: m[2] ?? '', raw: true };
    if (close.name !== tag.name) return { problem: { kind: 'mismatch', open: tag, close, outer: undefined } };
    return { next: end };
  }
  return { problem: { kind: 'unclosedRaw', open: tag, name: tag.name } };
}
