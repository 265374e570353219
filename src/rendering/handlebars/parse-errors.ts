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
 *
 * This module is the public face; the parts live in `parse-errors/`:
 * - `tag-scanner.ts` reads the tags (`tags.ts`: what a tag and a problem are);
 * - `problem-finder.ts` finds the first mistake and checks it against Handlebars' error;
 * - `sentences.ts` says each mistake in one sentence (`positions.ts`: lines and quoting);
 * - `handlebars-error.ts` reads Handlebars' own message, and shortens it when nothing else applies;
 * - `liquid-hints.ts`, `go-hints.ts` and `other-language-hint.ts`: the other-language hints.
 */
import { AVAILABLE_HELPERS } from './environment.js';
import type { TemplateProblem } from '../template-error.js';
import type { DescribeOptions, ParseErrorDescription } from './parse-errors/description.js';
import { ERROR_LINE, GOT, MISMATCH, STRUCTURAL_TOKENS, errorText, fallback, parseFailure } from './parse-errors/handlebars-error.js';
import { Positions } from './parse-errors/positions.js';
import { consistent, findProblem } from './parse-errors/problem-finder.js';
import { describeProblem } from './parse-errors/sentences.js';

export type { DescribeOptions, ParseErrorDescription } from './parse-errors/description.js';
export { otherLanguageHint } from './parse-errors/other-language-hint.js';

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
  const described =
    problem && consistent(problem, raw, mismatch, got) ? describeProblem(problem, positions, helpers) : fallback(raw, error, mismatch);
  // One line, whatever the quoted source held: a tag can span lines (`{{"⏎"}}`), a sentence must not.
  return { ...described, message: described.message.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ') };
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
    if (description.construct !== undefined && withoutLines(description.message) === withoutLines(whole.message))
      return located(file, description);
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
  const sites = files.flatMap(({ file, text }) =>
    occurrences(text, construct).map((index) => ({ file, line: new Positions(text).of(index).line })),
  );
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
