/**
 * Handlebars parse errors as one sentence a person can act on, with one line number counted in the
 * source the person sent ("`{{#each items}}` opened on line 3 is never closed with `{{/each}}`."),
 * and hints for constructs written in another template language (Liquid filters and tags, Go
 * `text/template` actions).
 *
 * Handlebars' own error names the parser's state, not the mistake: an unclosed block is "Expecting
 * 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'" on the last line. So the source is
 * scanned here, with the rules of the Handlebars 4 lexer (`src/handlebars.l`: escaped `\{{`, comments
 * `{{!-- --}}` / `{{! }}`, raw blocks `{{{{raw}}}}…{{{{/raw}}}}`, strings and `[…]` segments that may
 * contain `}}`, `{{else}}` / `{{^}}`, `~`), for the first mistake in source order, and that mistake is
 * described only when it is the kind of error Handlebars reported; otherwise Handlebars' message is
 * shortened. Whether a single expression is valid is decided by Handlebars itself (each `{{…}}` is
 * parsed on its own), never by a grammar of our own. Pure; never throws.
 */
import Handlebars from 'handlebars';
import { AVAILABLE_HELPERS } from './environment.js';
import { findGoTemplateSyntax } from './go-syntax.js';
import type { TemplateProblem } from '../template-error.js';

/** What `describeParseError` says: the sentence, the 1-based line (and column) it names, the tag. */
export interface ParseErrorDescription {
  message: string;
  line: number;
  column?: number;
  /** The template text the sentence is about (`{{#each items}}`), when there is one. */
  construct?: string;
}

export interface DescribeOptions {
  /** Helpers a template can call (default `AVAILABLE_HELPERS`): hints suggest only these. */
  helpers?: readonly string[];
}

/**
 * Liquid filters and the helper call a Handlebars template would make instead (helpers/*.ts: its
 * arguments after the value, from the filter's); a hint suggests the helper only when it is available.
 * `truncate` takes only a length (Liquid's default is 50); `date` has styles, not strftime formats;
 * Shopify's `money` takes cents and the shop's currency, which the helper needs as `code=`.
 */
const LIQUID_FILTER_HELPERS: Readonly<Record<string, { helper: string; args: (filterArgs: string[]) => string[] }>> = Object.freeze({
  upcase: { helper: 'upper', args: () => [] },
  downcase: { helper: 'lower', args: () => [] },
  capitalize: { helper: 'capitalize', args: () => [] },
  truncate: { helper: 'truncate', args: (a) => [a[0] ?? '50'] },
  join: { helper: 'join', args: (a) => a.slice(0, 1) },
  size: { helper: 'length', args: () => [] },
  date: { helper: 'date', args: () => [] },
  money: { helper: 'currency', args: () => ['code="USD"', 'minor_units=true'] },
  default: { helper: 'default', args: (a) => a },
});

/**
 * One sentence for Handlebars' parse `error` (what `Handlebars.parse(source)` threw, its message, or
 * `parseHandlebars`' `{ message, line }`) of `source`, and the one line it names, counted in `source`:
 * - an unclosed block: "`{{#each items}}` opened on line 3 is never closed with `{{/each}}`." (the
 *   innermost one; also raw blocks and `{{!--` comments);
 * - a close that does not match the open block ("`{{/each}}` on line 7 does not match …"; `line` is
 *   the close's), a close with no open block, an `{{else}}` outside a block or after another;
 * - an unclosed `{{`, an empty `{{}}`, `{{{x}}` closed by `}}`, an expression Handlebars rejects;
 * - Liquid filters (`{{ name | upcase }}`) and Go actions (`{{.Name}}`) Handlebars rejects, with how to
 *   write them in Handlebars (helpers suggested only when `options.helpers` has them);
 * - otherwise "Handlebars cannot parse line N: …", Handlebars' own message shortened.
 */
export function describeParseError(source: string, error: unknown, options: DescribeOptions = {}): ParseErrorDescription {
  const raw = errorText(error);
  const helpers = options.helpers ?? AVAILABLE_HELPERS;
  const positions = new Positions(source);
  const mismatch = MISMATCH.exec(raw.split('\n')[0]!);
  const got = GOT.exec(raw)?.[1];
  // Per-expression checks only when Handlebars failed inside an expression (not on a block's structure).
  const structural = mismatch !== null || (got !== undefined && STRUCTURAL_TOKENS.has(got));
  // Handlebars got past every tag that ends before the line it names: they need no check of their own.
  const reported = ERROR_LINE.exec(raw);
  const checkFrom = structural ? Infinity : reported ? positions.index(Number(reported[1]), 1) : 0;
  const problem = findProblem(source, checkFrom);
  const described = problem && consistent(problem, raw, mismatch, got) ? describeProblem(problem, positions, helpers) : fallback(raw, error, mismatch);
  // One line, whatever the quoted source held: a tag can span lines (`{{"⏎"}}`), a sentence must not.
  return { ...described, message: described.message.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ') };
}

/**
 * The first construct of `source`, in source order, written in another template language, with how
 * to write it in Handlebars: a Liquid filter (`{{ name | upcase }}`), a Liquid tag (`{% if x %}`,
 * `{% for item in items %}`; Handlebars leaves them as text), or a Go `text/template` action
 * (`{{.Name}}`, `{{if .X}}`, `{{range .Items}}`, `{{end}}`: those `findGoTemplateSyntax` finds).
 * Null when there is none. Helpers are suggested only when `options.helpers` (default
 * `AVAILABLE_HELPERS`) has them.
 */
export function otherLanguageHint(source: string, options: DescribeOptions = {}): { line: number; message: string } | null {
  const helpers = options.helpers ?? AVAILABLE_HELPERS;
  const positions = new Positions(source);
  const hits: Array<{ index: number; message: (line: number) => string }> = [];

  for (const item of scanTags(source)) {
    if ('problem' in item) break;
    const filter = item.tag.kind === 'plain' ? liquidFilter(item.tag) : null;
    if (filter && isolatedParseError(item.tag) !== null) {
      hits.push({ index: item.tag.start, message: (line) => liquidFilterMessage(item.tag, line, filter, helpers) });
      break;
    }
  }
  const liquidTag = LIQUID_TAG.exec(source);
  if (liquidTag) hits.push({ index: liquidTag.index, message: (line) => liquidTagMessage(liquidTag, line) });
  const go = findGoTemplateSyntax(source)[0];
  if (go) hits.push({ index: positions.index(go.line, go.column), message: (line) => goMessage(go.snippet, line) });

  const first = hits.sort((a, b) => a.index - b.index)[0];
  if (!first) return null;
  const { line } = positions.of(first.index);
  return { line, message: first.message(line) };
}

/**
 * The `invalid_handlebars` refusal of a template that Handlebars cannot parse (`markup`: the template
 * with its includes inserted, as `checkHandlebars` parses it; `files`: the sources the client sent,
 * '' = the template itself, else the include key). The sentence and its line are those of the file
 * whose own parse fails the same way, so the line is counted in what the client sent; `detail` names
 * the include ("In parts/footer.mjml: …"). When no file fails that way (a mistake that spans files: a
 * block opened in one and closed in another), the assembled template is described and the sentence
 * says so; when the assembled template's tag is not in any file (MJML rewrote it), the first file
 * that fails on its own is described.
 */
export function describeTemplateParseError(
  markup: string,
  files: ReadonlyArray<{ file: string; text: string }>,
  options: DescribeOptions = {},
): { detail: string; problem: TemplateProblem } {
  const whole = describeParseError(markup, parseFailure(markup), options);
  let firstFailing: { file: string; description: ParseErrorDescription } | undefined;
  for (const { file, text } of files) {
    const failure = parseFailure(text);
    if (failure === null) continue;
    const description = describeParseError(text, failure, options);
    if (description.construct !== undefined && withoutLines(description.message) === withoutLines(whole.message)) return located(file, description);
    firstFailing ??= { file, description };
  }
  const wholeFoundInFiles = whole.construct !== undefined && files.some(({ text }) => text.includes(whole.construct!));
  if (firstFailing && !wholeFoundInFiles) return located(firstFailing.file, firstFailing.description);
  const message = `${whole.message.replace(/\.$/, '')} (lines counted in the template with its includes inserted).`;
  return { detail: message, problem: { line: whole.line, message } };
}

/**
 * The `invalid_handlebars` refusal of a template whose source parses but whose HTML, after MJML
 * compilation, does not (MJML rewrote an expression in a typed attribute or in CSS, e.g.
 * `width="{{#if a}}50%{{/if}}"` becomes `width:NaN%{{/if}}`). The tag Handlebars trips on is looked up
 * in `files` (the sources the client sent): when it occurs there exactly once, its file and line are
 * given, the same in `detail` and in the problem; lines of the HTML, which the client never sees, are not.
 */
export function describeCompiledParseError(
  html: string,
  files: ReadonlyArray<{ file: string; text: string }>,
  options: DescribeOptions = {},
): { detail: string; problems: TemplateProblem[] } {
  const { construct } = describeParseError(html, parseFailure(html), options);
  const advice =
    'Handlebars in CSS or in typed attributes (color, padding, width) does not survive MJML, so keep expressions in text, href, src and alt.';
  if (construct === undefined) return { detail: `After MJML compilation the HTML is not valid Handlebars: ${advice}`, problems: [] };
  const sites = files.flatMap(({ file, text }) => occurrences(text, construct).map((index) => ({ file, line: new Positions(text).of(index).line })));
  const site = sites.length === 1 ? sites[0]! : undefined;
  const where = site ? ` (line ${site.line} of ${site.file || 'the template'})` : '';
  const message = `\`${construct}\` is not valid Handlebars after MJML compilation`;
  return {
    detail: `After MJML compilation the HTML is not valid Handlebars at \`${construct}\`${where}: ${advice}`,
    problems: [site ? { file: site.file, line: site.line, message } : { message }],
  };
}

function occurrences(text: string, part: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(part); i !== -1 && found.length < 2; i = text.indexOf(part, i + part.length)) found.push(i);
  return found;
}

const withoutLines = (message: string) => message.replace(/line \d+/g, 'line');

function located(file: string, { message, line }: ParseErrorDescription): { detail: string; problem: TemplateProblem } {
  return { detail: file ? `In ${file}: ${message}` : message, problem: { file, line, message } };
}

/** What `Handlebars.parse(text)` throws, or null when it parses. */
function parseFailure(text: string): unknown {
  try {
    Handlebars.parse(text);
    return null;
  } catch (error) {
    return error ?? new Error('parse error');
  }
}

// ---------------------------------------------------------------------------------------------------
// Handlebars' error

/** Applied to the first line of a message only (later lines quote the template). */
const MISMATCH = /^(.+?) doesn't match (.+?)(?: - (\d+):(\d+))?$/;
const GOT = /^Expecting .*, got '(\w+)'$/m;
const ERROR_LINE = /(?:Parse|Lexical) error on line (\d+)/;
const STRUCTURAL_TOKENS = new Set(['EOF', 'OPEN_ENDBLOCK', 'INVERSE', 'OPEN_INVERSE_CHAIN']);

function errorText(error: unknown): string {
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
function fallback(raw: string, error: unknown, mismatch: RegExpExecArray | null): ParseErrorDescription {
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
function caretText(excerpt: string | undefined, caret: string | undefined): string | undefined {
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

function tokenText(token: string, caret: string | undefined): string {
  return TOKEN_TEXT[token] ?? (caret ? `\`${caret}\`` : token.toLowerCase());
}

// ---------------------------------------------------------------------------------------------------
// Scanning the source

/** Comments and raw blocks' content yield no tag. */
type TagKind = 'open' | 'close' | 'else' | 'elseChain' | 'plain';

interface Tag {
  kind: TagKind;
  start: number;
  end: number;
  text: string;
  /** Of an open or close tag: the block's name as written (`each`, `inline`, `layout`); '' if none. */
  name: string;
  /** `{{` = 2, `{{{` = 3. */
  openBraces: number;
  /** `}}` = 2, `}}}` = 3, `}}}}` = 4. */
  closeBraces: number;
  /** A string or `[…]` segment in it is never closed. */
  broken: boolean;
  /** Blocks that take no `{{else}}`. */
  noElse?: 'partial block' | 'decorator block';
  /** A raw block's close `{{{{/name}}}}`. */
  raw?: boolean;
}

type Problem =
  | { kind: 'unclosedBlock'; open: Tag }
  | { kind: 'unclosedRaw'; open: Tag; name: string }
  | { kind: 'unclosedComment'; start: number; long: boolean }
  | { kind: 'unclosedMustache'; start: number; end: number; braces: number }
  | { kind: 'mismatch'; open: Tag; close: Tag; outer: Tag | undefined }
  | { kind: 'strayClose'; close: Tag }
  | { kind: 'strayElse'; tag: Tag }
  | { kind: 'secondElse'; tag: Tag; previous: Tag; block: Tag }
  | { kind: 'elseInBlock'; tag: Tag; block: Tag }
  | { kind: 'braces'; tag: Tag }
  | { kind: 'empty'; tag: Tag }
  | { kind: 'expression'; tag: Tag; error: string | null };

type ScanItem = { tag: Tag } | { problem: Problem };

/** Tags of `source` in order; stops after an unclosed `{{`, comment or raw block (yielded as a problem). */
function* scanTags(source: string): Generator<ScanItem> {
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
      if (end < 0) broken = true; // Handlebars reads the lone quote as an invalid character
      else {
        i = end + 1;
        continue;
      }
    } else if (c === '{' && source[i + 1] === '{') {
      return { problem: { kind: 'unclosedMustache', start: open, end: i, braces: openBraces } };
    } else if ((c === '~' && source.startsWith('}}', i + 1)) || (c === '}' && source[i + 1] === '}') || (c === '}' && source.startsWith('~}}', i + 1))) {
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
  if (inner.startsWith('^')) return /^\^\s*~?$/.test(inner) ? { ...base, kind: 'else', name: '' } : { ...base, kind: 'open', name: nameAfter(1) };
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
  const tag: Tag = { kind: 'open', start: open, end: closeOfOpen + 4, text: source.slice(open, closeOfOpen + 4), name: inner.split(/\s/)[0] ?? '', openBraces: 4, closeBraces: 4, broken: false };
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

/**
 * The first mistake in `source`, in source order: block structure always; whether each expression is
 * valid (parsed on its own by Handlebars) for the tags that end after index `checkFrom`.
 */
function findProblem(source: string, checkFrom: number): Problem | null {
  const stack: Array<{ tag: Tag; elseTag?: Tag }> = [];
  for (const item of scanTags(source)) {
    if ('problem' in item) return item.problem;
    const { tag } = item;
    const bad = expressionProblem(tag, tag.end > checkFrom);
    if (bad) return bad;
    const top = stack[stack.length - 1];
    if (tag.kind === 'open') stack.push({ tag });
    else if (tag.kind === 'close') {
      if (!top || tag.raw) return { kind: 'strayClose', close: tag }; // `{{{{/raw}}}}` only ends a raw block
      if (top.tag.name !== tag.name) {
        const outer = stack.slice(0, -1).reverse().find((s) => s.tag.name === tag.name)?.tag;
        return { kind: 'mismatch', open: top.tag, close: tag, outer };
      }
      stack.pop();
    } else if (tag.kind === 'else' || tag.kind === 'elseChain') {
      if (!top) return { kind: 'strayElse', tag };
      if (top.tag.noElse) return { kind: 'elseInBlock', tag, block: top.tag };
      if (top.elseTag) return { kind: 'secondElse', tag, previous: top.elseTag, block: top.tag };
      if (tag.kind === 'else') top.elseTag = tag;
    }
  }
  const innermost = stack[stack.length - 1];
  return innermost ? { kind: 'unclosedBlock', open: innermost.tag } : null;
}

function expressionProblem(tag: Tag, checkExpressions: boolean): Problem | null {
  if (tag.kind === 'else' || tag.raw || tag.openBraces === 4) return null;
  if (tag.openBraces !== tag.closeBraces) return { kind: 'braces', tag };
  if (tag.broken) return { kind: 'expression', tag, error: null };
  if (innerOf(tag).replace(/^(?:#>|#\*|[#/^>&*{])/, '').trim() === '') return { kind: 'empty', tag };
  if (!checkExpressions) return null;
  const error = isolatedParseError(tag);
  return error === null ? null : { kind: 'expression', tag, error };
}

/** Text between the braces (and `~`) of a tag. */
function innerOf(tag: Tag): string {
  return tag.text.replace(/^\{\{~?/, '').replace(/(?:\}~\}\}|~?\}+)$/, '');
}

/** Handlebars' error for the tag parsed on its own (in a block of its kind when it needs one), or null. */
function isolatedParseError(tag: Tag): string | null {
  const text =
    tag.kind === 'open' ? `${tag.text}{{/${tag.name}}}` : tag.kind === 'close' ? `{{#${tag.name}}}${tag.text}` : tag.kind === 'elseChain' ? `{{#if x}}${tag.text}{{/if}}` : tag.text;
  const failure = parseFailure(text);
  if (failure === null) return null;
  const message = errorText(failure);
  return MISMATCH.test(message.split('\n')[0]!) ? null : message; // a name our synthetic close spells differently
}

/** Whether the scan's `problem` is the error Handlebars reported (else the scan misread the source). */
function consistent(problem: Problem, raw: string, mismatch: RegExpExecArray | null, got: string | undefined): boolean {
  switch (problem.kind) {
    case 'unclosedBlock':
      return got === 'EOF';
    case 'strayClose':
      return got === 'OPEN_ENDBLOCK' || (problem.close.raw === true && got !== undefined);
    case 'strayElse':
    case 'secondElse':
      return got === 'INVERSE' || got === 'OPEN_INVERSE_CHAIN';
    case 'elseInBlock':
      return got === 'INVERSE' || got === 'OPEN_INVERSE_CHAIN' || /Unexpected inverse/.test(raw);
    case 'mismatch':
      return mismatch !== null && mismatch[1] === problem.open.name && mismatch[2] === problem.close.name;
    default:
      return mismatch === null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Sentences

function describeProblem(problem: Problem, positions: Positions, helpers: readonly string[]): ParseErrorDescription {
  const at = (index: number, construct: string, message: (line: number) => string): ParseErrorDescription => {
    const { line, column } = positions.of(index);
    return { message: message(line), line, column, construct };
  };
  const lineOf = (tag: Tag) => positions.of(tag.start).line;
  switch (problem.kind) {
    case 'unclosedBlock': {
      const { open } = problem;
      return at(open.start, show(open.text), (line) => `\`${show(open.text)}\` opened on line ${line} is never closed with \`{{/${open.name}}}\`.`);
    }
    case 'unclosedRaw': {
      const { open, name } = problem;
      return at(open.start, show(open.text), (line) => `\`${show(open.text)}\` opened on line ${line} is never closed with \`{{{{/${name}}}}}\`.`);
    }
    case 'unclosedComment': {
      const construct = problem.long ? '{{!--' : firstLine(positions.source.slice(problem.start));
      return at(problem.start, construct, (line) => `The comment \`${construct}\` opened on line ${line} is never closed with \`${problem.long ? '--}}' : '}}'}\`.`);
    }
    case 'unclosedMustache': {
      const construct = firstLine(positions.source.slice(problem.start, problem.end)) || '{{';
      return at(problem.start, construct, (line) => `\`${construct}\` on line ${line} is never closed with \`${'}'.repeat(problem.braces)}\`.`);
    }
    case 'mismatch': {
      const { open, close, outer } = problem;
      const closeWith = open.raw || open.openBraces === 4 ? `{{{{/${open.name}}}}}` : `{{/${open.name}}}`;
      return at(close.start, show(close.text), (line) =>
        outer
          ? `\`${show(open.text)}\` opened on line ${lineOf(open)} is still open at \`${show(close.text)}\` on line ${line}: close it with \`${closeWith}\` before \`${show(close.text)}\`.`
          : `\`${show(close.text)}\` on line ${line} does not match \`${show(open.text)}\` opened on line ${lineOf(open)}: write \`${closeWith}\`.`,
      );
    }
    case 'strayClose': {
      const { close } = problem;
      const opener = close.raw ? `{{{{${close.name}}}}}` : `{{#${close.name} …}}`;
      return at(close.start, show(close.text), (line) => `\`${show(close.text)}\` on line ${line} closes a block that was never opened: remove it or open the block with \`${opener}\` before it.`);
    }
    case 'strayElse': {
      const construct = show(problem.tag.text);
      return at(problem.tag.start, construct, (line) => `\`${construct}\` on line ${line} is outside any block: it can only stand between a block's opening tag, like \`{{#if …}}\`, and its closing tag.`);
    }
    case 'secondElse': {
      const { tag, previous, block } = problem;
      const construct = show(tag.text);
      return at(tag.start, construct, (line) =>
        `\`${construct}\` on line ${line} follows the \`${show(previous.text)}\` on line ${lineOf(previous)} of \`${show(block.text)}\` opened on line ${lineOf(block)}: a block takes one \`{{else}}\`, with any \`{{else if …}}\` branches before it.`,
      );
    }
    case 'elseInBlock': {
      const { tag, block } = problem;
      const construct = show(tag.text);
      return at(tag.start, construct, (line) => `\`${construct}\` on line ${line} cannot be used in the ${block.noElse} \`${show(block.text)}\` opened on line ${lineOf(block)}, which has no \`{{else}}\` part.`);
    }
    case 'braces': {
      const { tag } = problem;
      const inner = innerOf(tag).replace(/^\{/, '').trim();
      const opening = '{'.repeat(tag.openBraces);
      const closing = '}'.repeat(tag.closeBraces);
      const fix =
        tag.openBraces === 3 ? `\`{{{${inner}}}}\`` : tag.kind === 'plain' ? `\`{{${inner}}}\` (or \`{{{${inner}}}}\` to output HTML unescaped)` : `\`{{${inner}}}\``;
      return at(tag.start, show(tag.text), (line) => `\`${show(tag.text)}\` on line ${line} opens with \`${opening}\` but closes with \`${closing}\`: write ${fix}.`);
    }
    case 'empty': {
      const { tag } = problem;
      const marker = /^(#>|#\*|[#/^>&*{])/.exec(innerOf(tag))?.[1] ?? '';
      const example = EMPTY_EXAMPLES[marker] ?? '{{name}}';
      return at(tag.start, show(tag.text), (line) => `\`${show(tag.text)}\` on line ${line} is an empty expression: put a name inside it, e.g. \`${example}\`.`);
    }
    case 'expression':
      return describeExpression(problem.tag, problem.error, positions, helpers);
  }
}

const EMPTY_EXAMPLES: Readonly<Record<string, string>> = {
  '': '{{name}}',
  '{': '{{{name}}}',
  '&': '{{&name}}',
  '#': '{{#if name}}',
  '^': '{{^items}}',
  '/': '{{/if}}',
  '>': '{{> name}}',
  '#>': '{{#> layout}}',
  '#*': '{{#*inline "name"}}',
  '*': '{{*decorator}}',
};

function describeExpression(tag: Tag, error: string | null, positions: Positions, helpers: readonly string[]): ParseErrorDescription {
  const { line, column } = positions.of(tag.start);
  const construct = show(tag.text);
  const result = (message: string): ParseErrorDescription => ({ message, line, column, construct });
  const go = findGoTemplateSyntax(tag.text)[0];
  if (go) return result(goMessage(go.snippet, line));
  const filter = liquidFilter(tag);
  if (filter) return result(liquidFilterMessage(tag, line, filter, helpers));
  const spaced = /^\{\{~?\s+([#/^>])/.exec(tag.text);
  if (spaced) return result(`\`${construct}\` on line ${line} has a space between \`{{\` and \`${spaced[1]}\`: write \`${show(tag.text.replace(/^(\{\{~?)\s+/, '$1'))}\`.`);
  return result(`\`${construct}\` on line ${line} is not a valid Handlebars expression: ${expressionReason(error)}.`);
}

function expressionReason(error: string | null): string {
  if (error === null) return 'a string or `[…]` in it is never closed';
  if (/^Invalid path: /.test(error)) return '`..`, `.` and `this` can only start a path, as in `../name` or `this.name`';
  const got = GOT.exec(error)?.[1];
  const lines = error.split('\n');
  const expecting = (lines.find((l) => l.startsWith('Expecting ')) ?? '').replace(/, got '\w+'$/, '');
  if (expecting.includes("'CLOSE_BLOCK_PARAMS'") && !expecting.includes("'CLOSE'")) return 'its block parameters `as |…|` are missing the closing `|`';
  if (got === undefined) return (lines[0] ?? '').trim() || 'Handlebars cannot parse it';
  const found = tokenText(got, caretText(lines[1], lines[2]));
  if (got === 'CLOSE' && expecting.includes("'CLOSE_SEXPR'")) return 'a `(` in it is never closed with `)`';
  if (expecting.includes("'ID'") && (got === 'CLOSE' || got === 'CLOSE_UNESCAPED')) return `a name or value is missing before ${found}`;
  return `Handlebars cannot read ${found} there`;
}

// ---------------------------------------------------------------------------------------------------
// Other template languages

interface LiquidFilter {
  expression: string;
  filters: Array<{ name: string; args: string[] }>;
}

/** `{{ expression | filter: arg, … | … }}` (not Handlebars block parameters `as |x|`), or null. */
function liquidFilter(tag: Tag): LiquidFilter | null {
  if (tag.kind !== 'plain') return null;
  const inner = innerOf(tag).replace(/^[{&]/, '');
  if (/\bas\s*\|/.test(inner)) return null;
  const parts = splitOutsideStrings(inner, '|');
  if (parts.length < 2) return null;
  const expression = parts[0]!.trim();
  const filters = parts.slice(1).map((part) => {
    const colon = splitOutsideStrings(part, ':');
    const name = colon[0]!.trim();
    const args = colon.length > 1 ? splitOutsideStrings(colon.slice(1).join(':'), ',').map((a) => a.trim()).filter((a) => a !== '') : [];
    return { name, args };
  });
  if (expression === '' || filters.some((f) => !/^[A-Za-z_][\w-]*$/.test(f.name))) return null;
  return { expression, filters };
}

function splitOutsideStrings(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === separator) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

function liquidFilterMessage(tag: Tag, line: number, { expression, filters }: LiquidFilter, helpers: readonly string[]): string {
  const construct = show(tag.text);
  const helperOf = (name: string) => (Object.hasOwn(LIQUID_FILTER_HELPERS, name) ? LIQUID_FILTER_HELPERS[name]! : undefined);
  const missing = filters.find((f) => {
    const helper = helperOf(f.name);
    return helper === undefined || !helpers.includes(helper.helper);
  });
  const lead = `\`${construct}\` on line ${line} uses Liquid filter syntax, which Handlebars does not have`;
  if (!missing) {
    let call = expression;
    for (const { name, args } of filters) {
      const { helper, args: helperArgs } = helperOf(name)!;
      call = [helper, /\s/.test(call) ? `(${call})` : call, ...helperArgs(args)].join(' ');
    }
    const currency = filters.some((f) => f.name === 'money') ? " (with your currency's code)" : '';
    return `${lead}: a helper comes before its arguments, \`{{${call}}}\`${currency}.`;
  }
  const fallbackValue = missing.args[0];
  if (filters.length === 1 && missing.name === 'default' && fallbackValue !== undefined) {
    const text = /^(["']).*\1$/.test(fallbackValue) ? fallbackValue.slice(1, -1) : `{{${fallbackValue}}}`;
    return `${lead}: write \`{{#if ${expression}}}{{${expression}}}{{else}}${text}{{/if}}\`.`;
  }
  return `${lead}, and Letterpress has no helper for \`${missing.name}\`: format the value in the data you send and write \`{{${expression}}}\`.`;
}

const LIQUID_TAG = /\{%-?\s*([A-Za-z]+)\b([\s\S]*?)-?%\}/;
const SINGLE_VALUE = /^[A-Za-z_@][\w.@-]*$/;

function liquidTagMessage(match: RegExpExecArray, line: number): string {
  const text = show(match[0]);
  const tag = match[1]!.toLowerCase();
  const args = match[2]!.trim();
  const lead = `\`${text}\` on line ${line} is a Liquid tag, which Handlebars leaves as plain text`;
  const write = (handlebars: string) => `${lead}: write \`${handlebars}\`.`;
  switch (tag) {
    case 'if':
    case 'unless':
      return SINGLE_VALUE.test(args)
        ? write(`{{#${tag} ${args}}}…{{/${tag}}}`)
        : `${lead}: Handlebars' \`{{#${tag}}}\` tests a single value, so compute the condition in the data you send and write \`{{#${tag} flag}}…{{/${tag}}}\`.`;
    case 'elsif':
      return SINGLE_VALUE.test(args) ? write(`{{else if ${args}}}`) : `${lead}: Handlebars' \`{{else if}}\` tests a single value, so compute the condition in the data you send.`;
    case 'else':
      return write('{{else}}');
    case 'endif':
      return write('{{/if}}');
    case 'endunless':
      return write('{{/unless}}');
    case 'endfor':
      return write('{{/each}}');
    case 'for': {
      const loop = /^([A-Za-z_]\w*)\s+in\s+([A-Za-z_@][\w.@-]*)$/.exec(args);
      return loop
        ? write(`{{#each ${loop[2]} as |${loop[1]}|}}…{{/each}}`)
        : `${lead}: write \`{{#each list}}…{{/each}}\`, with the list prepared in the data you send.`;
    }
    case 'comment':
    case 'endcomment':
      return write('{{!-- … --}}');
    case 'raw':
      return write('{{{{raw}}}}…{{{{/raw}}}}');
    case 'include':
    case 'render':
    case 'section':
      return `${lead}: insert the shared markup with \`<mj-include path="…" />\` instead.`;
    case 'assign':
    case 'capture':
    case 'increment':
    case 'decrement':
      return `${lead}, and Handlebars has no variables: put the value in the data you send.`;
    default:
      return `${lead}, and has no Handlebars equivalent here: use \`{{#if}}\`, \`{{#unless}}\`, \`{{#each}}\` or \`{{#with}}\`, or prepare the value in the data you send.`;
  }
}

const GO_PATH = /^(?:\.|\.?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;

/** Go path `.Props.Title` → Handlebars `Props.Title` (`.` → `this`), or null when it is not a plain path. */
function goPath(expression: string): string | null {
  if (!GO_PATH.test(expression)) return null;
  if (expression === '.') return 'this';
  return expression.startsWith('.') ? expression.slice(1) : expression;
}

/** How to write Go action `snippet` (as `findGoTemplateSyntax` gives it) in Handlebars. */
function goMessage(snippet: string, line: number): string {
  const opening = /^\{\{\{?/.exec(snippet)![0];
  const inner = snippet.slice(opening.length).replace(/\}?\}\}$/, '');
  const trimLeft = /^-\s/.test(inner);
  const trimRight = /\s-$/.test(inner);
  const body = inner.replace(/^-\s/, '').replace(/\s-$/, '').trim();
  const lead = `\`${snippet}\` on line ${line} is Go template syntax`;
  const write = (handlebars: string) => `${lead}: in Handlebars write \`${handlebars}\`.`;
  const wrap = (text: string) => `${opening}${trimLeft ? '~' : ''}${text}${trimRight ? '~' : ''}${'}'.repeat(opening.length)}`;

  if (body.startsWith('/*')) return write('{{!-- … --}}');
  if (body === 'end') return `${lead}: Handlebars closes a block by its name, \`{{/if}}\`, \`{{/each}}\` or \`{{/with}}\`.`;
  const control = /^(else\s+)?(if|with|range)\s+([\s\S]+)$/.exec(body);
  if (control) {
    const [, chained, keyword, rest] = control;
    const helper = keyword === 'range' ? 'each' : keyword!;
    const loop = keyword === 'range' ? /^\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:=\s*(.+)$/.exec(rest!.trim()) : null;
    const value = goPath((loop ? loop[3]! : rest!).trim());
    if (value === null) return `${lead}: Handlebars' \`{{#${helper}}}\` takes a single value, so compute it in the data you send.`;
    const params = loop ? ` as |${loop[2] ? `${loop[2]} ${loop[1]}` : loop[1]}|` : '';
    return write(chained ? `{{else ${helper} ${value}}}` : `{{#${helper} ${value}${params}}}…{{/${helper}}}`);
  }
  if (/^(template|define|block)\s/.test(body)) return `${lead}: Handlebars uses inline partials instead, \`{{#*inline "name"}}…{{/inline}}\` and \`{{> name}}\`.`;
  if (/\$[A-Za-z_]\w*\s*(,\s*\$[A-Za-z_]\w*\s*)?:?=(?!=)/.test(body)) return `${lead}, and Handlebars has no variables: put the value in the data you send.`;
  const path = goPath(body);
  if (path !== null) {
    if (trimLeft || trimRight) return `\`${snippet}\` on line ${line} trims whitespace with \`-\` (Go templates, Liquid): Handlebars writes \`~\`, \`${wrap(path)}\`.`;
    return write(wrap(path));
  }
  return `${lead}: in Handlebars a field has no leading dot (\`{{.Name}}\` → \`{{Name}}\`), and a helper takes its arguments after its name.`;
}

// ---------------------------------------------------------------------------------------------------
// Positions and display

class Positions {
  private readonly starts: number[] = [0];
  constructor(readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line and column of `index`. */
  of(index: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: index - this.starts[low]! + 1 };
  }

  index(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }
}

const SHOW_MAX = 60;

/** A tag as quoted in a sentence: whitespace runs as one space, at most 60 characters. */
function show(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= SHOW_MAX ? flat : `${flat.slice(0, SHOW_MAX - 1)}…`;
}

/** An unclosed `{{…` as quoted: to the end of its line, at most 40 characters. */
function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trimEnd();
  return line.length <= 40 ? line : `${line.slice(0, 39)}…`;
}
