/**
 * Refusals that name the reason a template cannot work with Handlebars-after-MJML rendering, checked on
 * the sources before anything is compiled (notes/handlebars-in-mjml.md §4.4).
 */
import { checkLimit, type TemplateLimits } from '../limits.js';
import { BUILT_IN_HELPERS } from './environment.js';
import { analyzeTemplate, parseHandlebars, type TemplateAnalysis } from './analysis.js';
import { allStatements } from './parse.js';
import { lineAt } from '../mjml/markup-scan.js';
import { findGoTemplateSyntax } from './go-syntax.js';
import { TemplateError } from '../template-error.js';

/** A source text with the name the user knows it by ('' = the template itself, else its include key). */
export interface SourceFile {
  file: string;
  text: string;
}

const label = (file: string) => (file ? file : 'the template');

/** @throws TemplateError `go_template_syntax` listing the Go actions found (file, line, snippet). */
export function refuseGoTemplates(files: SourceFile[]): void {
  const hits = files.flatMap(({ file, text }) => findGoTemplateSyntax(text).map((hit) => ({ file, ...hit })));
  const first = hits[0];
  if (!first) return;
  throw new TemplateError(
    'go_template_syntax',
    `This template uses Go text/template syntax (${first.snippet} on line ${first.line} of ${label(first.file)}), ` +
      'which Handlebars cannot run. Rewrite it in Handlebars: {{.Props.Title}} → {{Props.Title}}, {{if .X}}…{{end}} → {{#if X}}…{{/if}}.',
    hits.slice(0, 50).map(({ file, line, snippet }) => ({ file, line, message: `Go template action ${snippet}` })),
    400,
    { occurrences: hits.length },
  );
}

/**
 * The template must be an MJML document (root `<mjml>`); a Handlebars program that *produces* MJML
 * (`{{> header}}`, `{{#with order}}{{#> layout}}…`) cannot be compiled once and rendered many times.
 * @throws TemplateError `handlebars_first_template` or `invalid_mjml`.
 */
export function refuseNonMjmlDocument(markup: string): void {
  const lead = markup
    .replace(/^\uFEFF/, '')
    .replace(/^(?:\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|\{\{!--[\s\S]*?--\}\}|\{\{![^}]*\}\})*/, '');
  if (/^<mjml[\s/>]/.test(lead)) return;
  const rootAt = lead.indexOf('<mjml');
  const before = rootAt === -1 ? lead : lead.slice(0, rootAt);
  const expression = before.match(/\{\{[\s\S]*?\}\}/);
  if (expression) {
    throw new TemplateError(
      'handlebars_first_template',
      `This is a Handlebars program that generates MJML (it starts with ${expression[0]}), not an MJML document. ` +
        'Letterpress compiles the MJML once per revision and runs Handlebars on the HTML for each email, so the root ' +
        'must be <mjml>: inline the partials, and put block tags that wrap sections in <mj-raw>.',
      [{ file: '', line: lineAt(markup, markup.indexOf(expression[0])), message: `starts with ${expression[0]}` }],
    );
  }
  throw new TemplateError('invalid_mjml', 'The markup is not an MJML document: its root element must be <mjml>.', [
    { file: '', line: 1, message: 'root element is not <mjml>' },
  ]);
}

/**
 * Handlebars statements in a program (mustaches, blocks, partials, partial blocks, comments,
 * decorators), nested programs included; counted without recursion.
 */
export function countStatements(program: hbs.AST.Program): number {
  let count = 0;
  for (const statement of allStatements(program)) if (statement.type !== 'ContentStatement') count += 1;
  return count;
}

/**
 * Parse and check the Handlebars of the whole template (`markup`: the template's MJML, includes inlined).
 * `files` only serve to point at the file and line of a problem.
 * @throws TemplateError `invalid_handlebars` (syntax, wrong built-in arity), `unknown_helper`, `unknown_partial`,
 *   `template_too_complex` (more statements than `limits.maxExpressions`).
 */
export function checkHandlebars(
  markup: string,
  files: SourceFile[],
  limits?: Pick<TemplateLimits, 'maxExpressions'>,
): { program: hbs.AST.Program; analysis: TemplateAnalysis } {
  const parsed = parseHandlebars(markup);
  if (!parsed.ok) {
    const located = files.map((f) => ({ file: f.file, result: parseHandlebars(f.text) })).find((r) => !r.result.ok);
    const where = located && !located.result.ok ? { file: located.file, line: located.result.line ?? undefined } : {};
    throw new TemplateError('invalid_handlebars', `Handlebars cannot parse this template: ${located && !located.result.ok ? located.result.message : parsed.message}`, [
      { ...where, message: parsed.message },
    ]);
  }
  if (limits) checkLimit('maxExpressions', limits, countStatements(parsed.program));
  const analysis = analyzeTemplate(parsed.program);
  if (analysis.unknownHelpers.length > 0) {
    const names = [...new Set(analysis.unknownHelpers.map((h) => h.name))];
    throw new TemplateError(
      'unknown_helper',
      `Unknown Handlebars helper${names.length > 1 ? 's' : ''}: ${names.join(', ')}. Available helpers: ${BUILT_IN_HELPERS.join(', ')}.`,
      names.map((name) => ({ ...locate(files, new RegExp(`[{(]~?\\s*[#]?\\s*${escape(name)}[\\s}~)]`)), message: `helper '${name}' is not registered` })),
      400,
      { unknown_helpers: names, available_helpers: [...BUILT_IN_HELPERS] },
    );
  }
  if (analysis.missingPartials.length > 0) {
    const names = [...new Set(analysis.missingPartials.map((p) => p.name))];
    throw new TemplateError(
      'unknown_partial',
      `Unknown Handlebars partial${names.length > 1 ? 's' : ''}: ${names.join(', ')}. Letterpress registers no partials; ` +
        'inline their markup, or define them in the template with {{#*inline "name"}}…{{/inline}}.',
      names.map((name) => ({ ...locate(files, new RegExp(`\\{\\{~?\\s*>\\s*${escape(name)}\\b`)), message: `partial '${name}' is not defined` })),
      400,
      { unknown_partials: names },
    );
  }
  if (analysis.builtInArityErrors.length > 0) {
    const first = analysis.builtInArityErrors[0]!;
    throw new TemplateError(
      'invalid_handlebars',
      `Handlebars would fail at render time: ${first.message}.`,
      analysis.builtInArityErrors.map((e) => ({ message: `${e.helper}: ${e.message}` })),
    );
  }
  return { program: parsed.program, analysis };
}

function locate(files: SourceFile[], pattern: RegExp): { file?: string; line?: number } {
  for (const { file, text } of files) {
    const match = pattern.exec(text);
    if (match) return { file, line: lineAt(text, match.index) };
  }
  return {};
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
