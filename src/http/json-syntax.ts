/**
 * Where a JSON text first breaks the grammar of RFC 8259 §2–7, found without recursion (a body of a
 * million `[` must not overflow the stack) and reported without any of the text's characters: an error
 * message that quotes the body would copy a caller's secret into logs and error trackers. V8's own
 * `JSON.parse` messages quote up to ~20 characters of the input and omit the position in that form.
 */

/** The first syntax error: `position` is a 0-based index in UTF-16 code units, `line`/`column` 1-based. */
export interface JsonSyntaxError {
  position: number;
  line: number;
  column: number;
  /** What was expected there, in words; never a character of the input. */
  reason: string;
}

type Want = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /[0-9a-fA-F]{4}/y;

/** @returns the first syntax error of `text`, or `undefined` when `text` is one well-formed JSON value. */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  const closers: Array<'}' | ']'> = [];
  let i = 0;
  let want: Want = 'value';
  const fail = (position: number, reason: string): JsonSyntaxError => ({ position, reason, ...lineAndColumn(text, position) });
  const afterValue = (): Want => (closers.length === 0 ? 'end' : 'comma-or-close');
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
    if (i >= text.length) return want === 'end' ? undefined : fail(i, 'unexpected end of the body');
    const c = text[i]!;
    if (want === 'end') return fail(i, 'unexpected content after the JSON value');
    if (want === 'colon') {
      if (c !== ':') return fail(i, "expected ':' after a property name");
      i++;
      want = 'value';
      continue;
    }
    if (want === 'comma-or-close') {
      const closer = closers[closers.length - 1]!;
      if (c === ',') {
        i++;
        want = closer === '}' ? 'key' : 'value';
      } else if (c === closer) {
        i++;
        closers.pop();
        want = afterValue();
      } else return fail(i, `expected ',' or '${closer}'`);
      continue;
    }
    if ((want === 'key-or-close' && c === '}') || (want === 'value-or-close' && c === ']')) {
      i++;
      closers.pop();
      want = afterValue();
      continue;
    }
    if (want === 'key' || want === 'key-or-close') {
      if (c !== '"') return fail(i, 'expected a double-quoted property name');
      const end = scanString(text, i);
      if (typeof end !== 'number') return fail(end.position, end.reason);
      i = end;
      want = 'colon';
      continue;
    }
    // want a value
    if (c === '{' || c === '[') {
      closers.push(c === '{' ? '}' : ']');
      i++;
      want = c === '{' ? 'key-or-close' : 'value-or-close';
      continue;
    }
    if (c === '"') {
      const end = scanString(text, i);
      if (typeof end !== 'number') return fail(end.position, end.reason);
      i = end;
    } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
      i += 4;
    } else if (text.startsWith('false', i)) {
      i += 5;
    } else {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return fail(i, 'expected a JSON value (object, array, string, number, true, false or null)');
      i = NUMBER.lastIndex;
    }
    want = afterValue();
  }
}

/** Index just past the string starting at `start` (a `"`), or where and why it breaks (RFC 8259 §7). */
function scanString(text: string, start: number): number | { position: number; reason: string } {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return { position: i, reason: 'control character in a string (it must be escaped)' };
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        HEX4.lastIndex = i + 2;
        if (!HEX4.test(text)) return { position: i, reason: 'bad \\u escape in a string (4 hex digits expected)' };
        i += 5;
      } else if (next !== undefined && ESCAPES.has(next)) i++;
      else return { position: i, reason: 'bad escape in a string' };
    }
  }
  return { position: text.length, reason: 'unterminated string' };
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}
