/**
 * The save warning `unescaped_output`: `{{{ expr }}}` and `{{& expr}}` write a value into the HTML without
 * Handlebars' HTML escaping, so a value that holds markup (`<img src=x onerror=…>`, a closing quote that
 * ends an attribute) becomes part of the email — cross-site scripting in a webmail client or a browser
 * view of the email (OWASP Cross Site Scripting Prevention Cheat Sheet, rule #1: encode every untrusted
 * value for its HTML context). Handlebars documents the triple-stash as the way to output a value
 * "without escaping" ("HTML Escaping", handlebarsjs.com/guide/expressions.html). It stays a warning: a
 * template may insert HTML it trusts (a pre-rendered block, a footer the sender owns).
 */
import { allStatements } from './parse.js';
import type { SourceFile } from './guards.js';
import type { TemplateWarning } from '../template-source.js';

/** Longest expression text a warning quotes, characters. */
const MAX_SNIPPET = 80;
/** Most warnings of this kind one save gets (the rest are counted in the last one's message). */
const MAX_WARNINGS = 20;

/** One unescaped output: the expression's text and what it outputs (a path, or a helper call). */
interface Site {
  snippet: string;
  expression: string;
  line: number;
  column: number;
}

/**
 * The `unescaped_output` warnings of a program whose text is `source`, in source order. `files` are the
 * texts the user sent (`source` may be the MJML re-serialised with includes inlined): a warning points at
 * the line and column (1-based) where the same expression text is found in them, in order of
 * occurrence; otherwise at the line in `source` when `source` is itself the file sent (`exact`).
 */
export function unescapedOutputWarnings(
  program: hbs.AST.Program,
  source: string,
  files: readonly SourceFile[],
  exact: boolean,
): TemplateWarning[] {
  const sites = findUnescaped(program, source);
  const seen = new Map<string, number>();
  const warnings: TemplateWarning[] = [];
  for (const site of sites.slice(0, MAX_WARNINGS)) {
    const nth = seen.get(site.snippet) ?? 0;
    seen.set(site.snippet, nth + 1);
    const where = exact ? { file: files[0]?.file ?? '', line: site.line, column: site.column } : locate(site.snippet, nth, files);
    const more =
      site === sites[MAX_WARNINGS - 1] && sites.length > MAX_WARNINGS
        ? ` (${sites.length - MAX_WARNINGS} more unescaped outputs are not listed)`
        : '';
    warnings.push({
      code: 'unescaped_output',
      message:
        `${site.snippet}${where.line !== undefined ? ` (line ${where.line}${where.column !== undefined ? `, column ${where.column}` : ''})` : ''} outputs ${site.expression} without HTML escaping: ` +
        `a value holding markup (<script>, <img onerror=…>, a quote that ends an attribute) becomes part of the email (cross-site scripting). ` +
        `Use {{${site.expression.startsWith('the helper') ? '…' : site.expression}}} unless the value is HTML you trust.${more}`,
      expression: site.expression,
      ...(where.file !== undefined ? { file: where.file } : {}),
      ...(where.line !== undefined ? { line: where.line } : {}),
      ...(where.column !== undefined ? { column: where.column } : {}),
    });
  }
  return warnings;
}

/** `{{{ }}}` and `{{& }}` mustaches of `program` (escaped === false: Handlebars' `prepareMustache`), in source order. */
function findUnescaped(program: hbs.AST.Program, source: string): Site[] {
  const starts = lineStarts(source);
  const sites: Site[] = [];
  for (const statement of allStatements(program)) {
    if (statement.type !== 'MustacheStatement') continue;
    const mustache = statement as hbs.AST.MustacheStatement;
    if (mustache.escaped !== false) continue;
    const { start, end } = mustache.loc;
    const from = (starts[start.line - 1] ?? 0) + start.column;
    const to = (starts[end.line - 1] ?? 0) + end.column;
    const text = source.slice(from, to);
    sites.push({
      snippet: text.length <= MAX_SNIPPET ? text : `${text.slice(0, MAX_SNIPPET - 1)}…`,
      expression: describeExpression(mustache),
      line: start.line,
      column: start.column + 1,
    });
  }
  return sites.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `body`, `order.notes`, `this`, or `the helper 'name'` for a call with arguments. */
function describeExpression(mustache: hbs.AST.MustacheStatement): string {
  const path = mustache.path as Partial<hbs.AST.PathExpression> & { type: string };
  const name =
    path.type === 'PathExpression'
      ? (path.original ?? '')
      : path.type === 'SubExpression'
        ? '(…)'
        : String((path as { original?: unknown }).original ?? '');
  return mustache.params.length > 0 || (mustache.hash?.pairs.length ?? 0) > 0 ? `the helper '${name}'` : name;
}

/** The `nth` occurrence of `snippet` across `files` (in their order): file, 1-based line and column. */
function locate(snippet: string, nth: number, files: readonly SourceFile[]): { file?: string; line?: number; column?: number } {
  let left = nth;
  for (const { file, text } of files) {
    let at = text.indexOf(snippet);
    while (at !== -1 && left > 0) {
      left -= 1;
      at = text.indexOf(snippet, at + 1);
    }
    if (at !== -1) {
      const before = text.slice(0, at);
      const line = before.split('\n').length;
      return { file, line, column: at - before.lastIndexOf('\n') };
    }
  }
  return {};
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
