/**
 * Handlebars' own parse error, read: `parseFailure` runs the parser, the patterns pick out what it
 * reports (a `… doesn't match …` block close, the token it `got`, the line it names), and `fallback`
 * shortens its message into a sentence when the scan of the source found nothing it explains.
 * `tokenText` and `caretText` name, in a person's terms, the token Jison's message points at.
 */
import Handlebars from 'handlebars';
import type { ParseErrorDescription } from './description.js';

/** What `Handlebars.parse(text)` throws, or null when it parses. */
export function parseFailure(text: string): unknown {
  try {
    Handlebars.parse(text);
    return null;
  } catch (error) {
    return error ?? new Error('parse error');
  }
}

/** Applied to the first line of a message only (later lines quote the template). */
export const MISMATCH = /^(.+?) doesn't match (.+?)(?: - (\d+):(\d+))?$/;
export const GOT = /^Expecting .*, got '(\w+)'$/m;
export const ERROR_LINE = /(?:Parse|Lexical) error on line (\d+)/;
export const STRUCTURAL_TOKENS = new Set(['EOF', 'OPEN_ENDBLOCK', 'INVERSE', 'OPEN_INVERSE_CHAIN']);

export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

function errorLine(error: unknown, raw: string, mismatch: RegExpExecArray | null): number | null {
  const match = ERROR_LINE.exec(raw);
  if (match) return Number(match[1]);
  if (mismatch?.[3]) return Number(mismatch[3]);
  const candidate = error as { lineNumber?: unknown; line?: unknown } | null;
  if (typeof candidate?.lineNumber === 'number') return candidate.lineNumber;
  if (typeof candidate?.line === 'number') return candidate.line;
  const located = / - (\d+):\d+$/m.exec(raw);
  return located ? Number(located[1]) : null;
}

/** Handlebars' message, first line, plus its line: the description when the scan found nothing it explains. */
export function fallback(raw: string, error: unknown, mismatch: RegExpExecArray | null): ParseErrorDescription {
  const line = errorLine(error, raw, mismatch) ?? 1;
  const lines = raw.split('\n');
  let summary: string;
  if (mismatch) summary = `the block ${mismatch[1]} is closed by {{/${mismatch[2]}}}`;
  else if (/^Parse error on line \d+:$/.test(lines[0] ?? '')) {
    const got = GOT.exec(raw)?.[1];
    summary = got ? `unexpected ${tokenText(got, caretText(lines[1], lines[2]))}` : 'syntax error';
  } else if (/^Lexical error on line \d+\. Unrecognized text\./.test(lines[0] ?? '')) {
    summary = `unrecognized text at ${JSON.stringify(caretText(lines[1], lines[2]) ?? '')}`;
  } else summary = (lines[0] ?? '').replace(/ - \d+:\d+$/, '').trim() || 'syntax error';
  return { message: `Handlebars cannot parse line ${line}: ${summary.replace(/\.$/, '')}.`, line };
}

/** The character under Jison's caret (`excerpt` / `-----^`). */
export function caretText(excerpt: string | undefined, caret: string | undefined): string | undefined {
  const at = caret?.indexOf('^') ?? -1;
  return at >= 0 ? excerpt?.[at] : undefined;
}

const TOKEN_TEXT: Readonly<Record<string, string>> = {
  CLOSE: '`}}`',
  CLOSE_UNESCAPED: '`}}}`',
  CLOSE_RAW_BLOCK: '`}}}}`',
  OPEN: '`{{`',
  OPEN_SEXPR: '`(`',
  CLOSE_SEXPR: '`)`',
  EQUALS: '`=`',
  OPEN_BLOCK_PARAMS: '`as |`',
  CLOSE_BLOCK_PARAMS: '`|`',
  OPEN_ENDBLOCK: '`{{/`',
  INVERSE: '`{{else}}`',
  OPEN_INVERSE_CHAIN: '`{{else …}}`',
  EOF: 'the end of the template',
};

export function tokenText(token: string, caret: string | undefined): string {
  return TOKEN_TEXT[token] ?? (caret ? `\`${caret}\`` : token.toLowerCase());
}
