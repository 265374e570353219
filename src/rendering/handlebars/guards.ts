/**
 * Refusals that name the reason a template cannot work with Handlebars-after-MJML rendering, checked on
 * the sources before anything is compiled (notes/handlebars-in-mjml.md §4.4).
 */
import { checkLimit, type TemplateLimits } from '../limits.js';
import { AVAILABLE_HELPERS } from './environment.js';
import { analyzeTemplate, parseHandlebars, type TemplateAnalysis } from './analysis.js';
import { findHelperMisuse } from './helpers/index.js';
import { allStatements } from './parse.js';
import { lineAt } from '../mjml/markup-scan.js';
import { findGoTemplateSyntax } from './go-syntax.js';
import { MAX_PARTIALS, PARTIAL_NAME, findPartialCycle, partialCalls, type PartialPrograms } from './partials.js';
import { checkDeclarations, helperFile, type DeclaredHelpers, type HelperDeclaration } from './declared-helpers.js';
import type { HelperAlias } from './helpers/index.js';
import { describeTemplateParseError } from './parse-errors.js';
import { refuseComplexHandlebars } from './complexity.js';
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
    { occurrences: hits.length },
  );
}

/**
 * The template must be an MJML document (root `<mjml>`); a Handlebars program that *produces* MJML
 * (`{{> header}}`, `{{#with order}}{{#> layout}}…`) cannot be compiled once and rendered many times; and
 * markup with no MJML in it at all (an HTML email, plain text) is named for what it is, with how to wrap it.
 * @throws TemplateError `not_mjml`, `handlebars_first_template` or `invalid_mjml`.
 */
export function refuseNonMjmlDocument(markup: string): void {
  const lead = leadOf(markup);
  if (/^<mjml[\s/>]/.test(lead)) return;
  if (!/<mj(?:ml|-[a-z])/i.test(markup)) refuseNotMjml(lead);
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

/** Markup without its BOM and leading blanks, XML declaration and comments (HTML or Handlebars). */
function leadOf(markup: string): string {
  return markup.replace(/^\uFEFF/, '').replace(/^(?:\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|\{\{!--[\s\S]*?--\}\}|\{\{![^}]*\}\})*/, '');
}

/**
 * Whether markup is a Handlebars program that generates MJML (a dynamic template): it starts with a
 * Handlebars expression (`{{> header}}`, `{{#with order}}`), or one comes before its `<mjml>` root in
 * markup that has MJML tags (what `refuseNonMjmlDocument` refuses as `handlebars_first_template`).
 */
export function isHandlebarsFirst(markup: string): boolean {
  const lead = leadOf(markup);
  if (/^<mjml[\s/>]/.test(lead)) return false;
  if (lead.startsWith('{{')) return true;
  if (!/<mj(?:ml|-[a-z])/i.test(markup)) return false;
  const rootAt = lead.indexOf('<mjml');
  return /\{\{[\s\S]*?\}\}/.test(rootAt === -1 ? lead : lead.slice(0, rootAt));
}

/** Markup without a single MJML tag: say what it is and how to send it anyway. @throws TemplateError `not_mjml`. */
function refuseNotMjml(lead: string): never {
  const found = /^<!doctype\s+html|^<html[\s>]/i.test(lead)
    ? 'an HTML document'
    : /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?>/i.test(lead)
      ? 'HTML markup'
      : 'plain text';
  throw new TemplateError(
    'not_mjml',
    `This is ${found}, not MJML: a template is an MJML document whose root is <mjml>. To send HTML you already ` +
      'have, wrap it as it is: <mjml><mj-body><mj-raw>…your HTML…</mj-raw></mj-body></mjml> (Handlebars in it keeps working; ' +
      'MJML adds its document shell around the body).',
    [{ file: '', line: 1, message: `found ${found}, no MJML element` }],
  );
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
 * Parse and check the Handlebars of the whole template (`markup`: the template's MJML, includes inlined)
 * and of its project partials (`partials`, by name). `files` only serve to point at the file and line of
 * a problem (a partial's is `partials/<name>`). What a template and each partial may use ("safe
 * Handlebars"): the helpers of `AVAILABLE_HELPERS` only (Handlebars' `knownHelpersOnly`, `log` excluded),
 * partials by name only — a project partial or an inline one — and no decorator but
 * `{{#*inline "name"}}`; prototype properties are never readable (the runtime's default). Partials may
 * not call each other in a cycle. The template's analysis counts what the partials it calls read.
 * @throws TemplateError `invalid_handlebars` (syntax; a decorator other than `{{#*inline "name"}}`; a
 *   dynamic partial `{{> (expr)}}`; a wrong built-in arity; a library helper call that cannot work, such as
 *   `{{compare a "=~" b}}` or `{{currency x}}` without `code=`; a partial name that is not allowed),
 *   `unknown_helper` (naming the unknown ones with their lines, and the available ones), `unknown_partial`
 *   (naming them and the partials that exist), `recursive_partial` (naming the cycle),
 *   `template_too_complex` (more statements, template and partials together, than
 *   `limits.maxExpressions`, counted before parsing; blocks nested deeper than `MAX_BLOCK_DEPTH`;
 *   more than `MAX_PARTIALS` partials).
 */
export function checkHandlebars(
  markup: string,
  files: SourceFile[],
  limits?: Pick<TemplateLimits, 'maxExpressions'>,
  partials: Readonly<Record<string, string>> = {},
  helpers: Readonly<Record<string, HelperDeclaration>> = {},
): { program: hbs.AST.Program; analysis: TemplateAnalysis; partials: PartialPrograms; helpers: HelperPrograms } {
  // Counted from tokens first: Handlebars' parser is quadratic in block nesting and its visitors recurse.
  refuseComplexHandlebars([markup, ...Object.values(partials), ...helperTemplates(helpers)], limits);
  const parsed = parseHandlebars(markup);
  if (!parsed.ok) {
    const { detail, problem } = describeTemplateParseError(markup, files); // one sentence, one line (in the file sent)
    throw new TemplateError('invalid_handlebars', detail, [problem]);
  }
  const programs = parsePartials(partials);
  const declared = checkDeclarations(helpers);
  const helperPrograms = parseHelperTemplates(declared);
  if (limits) {
    let statements = countStatements(parsed.program);
    for (const program of programs.values()) statements += countStatements(program);
    for (const { program } of helperPrograms.values()) statements += countStatements(program);
    checkLimit('maxExpressions', limits, statements);
  }
  refuseCycles(programs);
  refuseDeclaredCalls(declared, helperPrograms, programs);
  const scope: HelperScope = { declared: declared.names, aliases: declared.aliases };
  const analysis = checkProgram(parsed.program, markup, files, programs, false, scope);
  for (const [name, program] of programs) {
    const text = partials[name]!;
    checkProgram(program, text, [{ file: partialFile(name), text }], programs, true, scope);
  }
  for (const [name, { program, template }] of helperPrograms) {
    checkProgram(program, template, [{ file: helperFile(name), text: template }], programs, false, NO_DECLARED_HELPERS);
  }
  return { program: parsed.program, analysis, partials: programs, helpers: helperPrograms };
}

/** The templates of template-form helper declarations (as sent: checked for shape later). */
function helperTemplates(helpers: Readonly<Record<string, HelperDeclaration>>): string[] {
  return Object.values(helpers).flatMap((declaration) => {
    const template = (declaration as { template?: unknown } | null)?.template;
    return typeof template === 'string' ? [template] : [];
  });
}

/** Template-form declared helpers, parsed, by name (with their declaration). */
export type HelperPrograms = ReadonlyMap<string, { program: hbs.AST.Program; template: string; params: string[]; html: boolean }>;

/** The declared helpers a program may call: their names, and the aliases (for the misuse checks). */
interface HelperScope {
  declared: readonly string[];
  aliases: ReadonlyMap<string, HelperAlias>;
}

/** A template-form helper's own template sees no declared helper. */
const NO_DECLARED_HELPERS: HelperScope = { declared: [], aliases: new Map() };

/** @throws TemplateError `invalid_handlebars` for a template-form helper that does not parse (located in it). */
function parseHelperTemplates(declared: DeclaredHelpers): HelperPrograms {
  const programs = new Map<string, { program: hbs.AST.Program; template: string; params: string[]; html: boolean }>();
  for (const [name, declaration] of declared.templates) {
    const text = declaration.template;
    const parsed = parseHandlebars(text);
    if (!parsed.ok) {
      const { detail, problem } = describeTemplateParseError(text, [{ file: helperFile(name), text }]);
      throw new TemplateError('invalid_handlebars', detail, [{ ...problem, pointer: `/helpers/${escapePointer(name)}/template` }]);
    }
    programs.set(name, { program: parsed.program, ...declaration });
  }
  return programs;
}

/**
 * Declared helpers may not call each other (so none can recurse): a template-form helper may call no declared
 * helper, neither itself nor through the project partials it calls.
 * @throws TemplateError `invalid_helper` naming the helper and what it calls.
 */
function refuseDeclaredCalls(declared: DeclaredHelpers, helpers: HelperPrograms, partials: PartialPrograms): void {
  if (declared.names.length === 0) return;
  const names = new Set(declared.names);
  const callsOf = (program: hbs.AST.Program) =>
    analyzeTemplate(program, { declaredHelpers: declared.names }).helpers.filter((name) => names.has(name));
  const refuse = (name: string, how: string, callee: string): never => {
    throw new TemplateError(
      'invalid_helper',
      `The declared helper '${name}' ${how} the declared helper '${callee}': declared helpers may not call each other (so none can recurse). Use library helpers and partials in it only.`,
      [{ pointer: `/helpers/${escapePointer(name)}/template`, file: helperFile(name), message: `${how} the declared helper '${callee}'` }],
      { helper: name, calls: callee },
    );
  };
  for (const [name, { program }] of helpers) {
    const direct = callsOf(program)[0];
    if (direct !== undefined) refuse(name, 'calls', direct);
    const seen = new Set<string>();
    const queue = partialCalls(program).filter((partial) => partials.has(partial));
    while (queue.length > 0) {
      const partial = queue.shift()!;
      if (seen.has(partial)) continue;
      seen.add(partial);
      const partialProgram = partials.get(partial)!;
      const callee = callsOf(partialProgram)[0];
      if (callee !== undefined) refuse(name, `calls the partial '${partial}', which calls`, callee);
      queue.push(...partialCalls(partialProgram).filter((next) => partials.has(next)));
    }
  }
}

/** How problems in a partial name their file. */
export const partialFile = (name: string) => `partials/${name}`;

/**
 * The partials parsed, by name. @throws TemplateError `template_too_complex` (more than `MAX_PARTIALS`),
 * `invalid_handlebars` (a name that is not allowed; a partial that does not parse, located in it).
 */
function parsePartials(partials: Readonly<Record<string, string>>): PartialPrograms {
  const names = Object.keys(partials);
  if (names.length > MAX_PARTIALS) {
    throw new TemplateError(
      'template_too_complex',
      `The template has ${names.length} partials; the limit is ${MAX_PARTIALS}.`,
      [{ pointer: '/partials', message: `more than ${MAX_PARTIALS} partials` }],
      {
        limit: 'MAX_PARTIALS',
        max: MAX_PARTIALS,
        found: names.length,
      },
    );
  }
  const badNames = names.filter((name) => !PARTIAL_NAME.test(name));
  if (badNames.length > 0) {
    throw new TemplateError(
      'invalid_handlebars',
      `Partial name${badNames.length > 1 ? 's' : ''} ${badNames.map((n) => JSON.stringify(n)).join(', ')} ${badNames.length > 1 ? 'are' : 'is'} not allowed: a name is 1–64 letters, digits, "_", "." or "-", starting with a letter, digit or "_".`,
      badNames.map((name) => ({ pointer: `/partials/${escapePointer(name)}`, message: 'not an allowed partial name' })),
    );
  }
  const programs = new Map<string, hbs.AST.Program>();
  for (const name of names.sort()) {
    const text = partials[name]!;
    const parsed = parseHandlebars(text);
    if (!parsed.ok) {
      const { detail, problem } = describeTemplateParseError(text, [{ file: partialFile(name), text }]);
      throw new TemplateError('invalid_handlebars', detail, [{ ...problem, pointer: `/partials/${escapePointer(name)}` }]);
    }
    programs.set(name, parsed.program);
  }
  return programs;
}

/** @throws TemplateError `recursive_partial` when partials call each other in a cycle (or one calls itself). */
function refuseCycles(programs: PartialPrograms): void {
  const cycle = findPartialCycle(programs);
  if (!cycle) return;
  const chain = cycle.map((name) => `{{> ${name}}}`).join(' → ');
  throw new TemplateError(
    'recursive_partial',
    cycle.length === 2
      ? `The partial '${cycle[0]}' calls itself (${chain}): it would recurse without end. Partials may not call themselves or each other in a cycle.`
      : `The partials ${cycle
          .slice(0, -1)
          .map((n) => `'${n}'`)
          .join(', ')} call each other in a cycle (${chain}): they would recurse without end.`,
    cycle
      .slice(0, -1)
      .map((name, i) => ({ file: partialFile(name), pointer: `/partials/${escapePointer(name)}`, message: `calls {{> ${cycle[i + 1]}}}` })),
    { cycle },
  );
}

/** The checks of one program (the template, or a partial: `isPartial`). Returns its analysis. */
function checkProgram(
  program: hbs.AST.Program,
  markup: string,
  files: SourceFile[],
  partials: PartialPrograms,
  isPartial: boolean,
  scope: HelperScope,
): TemplateAnalysis {
  const analysis = analyzeTemplate(program, { partials, isPartial, declaredHelpers: scope.declared });
  const available = [...AVAILABLE_HELPERS, ...scope.declared].sort();
  refuseDecorators(program, markup, files);
  refuseDynamicPartials(program, markup, files);
  if (analysis.unknownHelpers.length > 0) {
    const names = [...new Set(analysis.unknownHelpers.map((h) => h.name))];
    // `{{name`, `{{#name`, `{{^name`, or `(name` inside a mustache: a call of `name`.
    const call = (name: string) => new RegExp(`(?:\\{\\{~?\\s*[#^]?\\s*|\\{\\{[^}]*\\(\\s*)${escape(name)}(?=[\\s}~)])`, 'g');
    const sites = names.map((name) => ({ name, at: locateAll(files, call(name)) }));
    throw new TemplateError(
      'unknown_helper',
      `Unknown Handlebars helper${names.length > 1 ? 's' : ''}: ${sites.map(({ name, at }) => (at.length ? `${name} (${describeSites(at)})` : name)).join(', ')}. ` +
        `Available helpers: ${available.join(', ')}.`,
      sites.flatMap(({ name, at }) =>
        (at.length ? at : [{}]).map((where) => ({ ...where, message: `helper '${name}' is not registered` })),
      ),
      { unknown_helpers: names, available_helpers: available },
    );
  }
  if (analysis.missingPartials.length > 0) {
    const names = [...new Set(analysis.missingPartials.map((p) => p.name))];
    const available = [...partials.keys()].sort();
    const where = isPartial ? ` (called in ${files[0]?.file ?? 'a partial'})` : '';
    throw new TemplateError(
      'unknown_partial',
      `Unknown Handlebars partial${names.length > 1 ? 's' : ''}: ${names.join(', ')}${where}. ` +
        (available.length > 0
          ? `The partials of this template are: ${available.join(', ')}; `
          : 'This template has no partials: send them in "partials" ({ "name": "source" }), ') +
        'or define them in the template with {{#*inline "name"}}…{{/inline}}.',
      names.map((name) => ({
        ...locate(files, new RegExp(`\\{\\{~?\\s*>\\s*${escape(name)}\\b`)),
        message: `partial '${name}' is not defined`,
      })),
      { unknown_partials: names, available_partials: [...available, ...analysis.inlinePartials.filter((n) => !partials.has(n))] },
    );
  }
  if (analysis.builtInArityErrors.length > 0) {
    const first = analysis.builtInArityErrors[0]!;
    throw new TemplateError(
      'invalid_handlebars',
      `Handlebars would fail at render time${isPartial ? ` (in ${files[0]?.file})` : ''}: ${first.message}.`,
      analysis.builtInArityErrors.map((e) => ({
        ...(isPartial ? { file: files[0]?.file ?? '' } : {}),
        message: `${e.helper}: ${e.message}`,
      })),
    );
  }
  const misuse = findHelperMisuse(program, scope.aliases);
  const firstMisuse = misuse[0];
  if (firstMisuse) {
    const sites = misuse.map((m) => ({ ...m, ...locateNode(markup, m.loc, files) }));
    const first = sites[0]!;
    throw new TemplateError(
      'invalid_handlebars',
      `The helper call ${first.snippet} (${describeSite(first)}) cannot work: ${firstMisuse.message}.`,
      sites.map(({ file, line, message }) => ({
        ...(file !== undefined ? { file } : {}),
        ...(line !== undefined ? { line } : {}),
        message,
      })),
      { helper: firstMisuse.helper },
    );
  }
  return analysis;
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

type DecoratorNode = {
  type: 'Decorator' | 'DecoratorBlock';
  path: hbs.AST.PathExpression;
  params: hbs.AST.Expression[];
  loc: hbs.AST.SourceLocation;
};

/**
 * Decorators are an experimental Handlebars API that runs code when a template is set up; the one we
 * allow is the inline-partial decorator, as a block with a quoted name: `{{#*inline "row"}}…{{/inline}}`.
 * @throws TemplateError `invalid_handlebars` naming each other decorator and its line.
 */
function refuseDecorators(program: hbs.AST.Program, markup: string, files: SourceFile[]): void {
  const refused: Array<{ loc: hbs.AST.SourceLocation; name: string; reason: string }> = [];
  for (const statement of allStatements(program)) {
    const type = statement.type;
    if (type !== 'Decorator' && type !== 'DecoratorBlock') continue;
    const node = statement as unknown as DecoratorNode;
    const name = node.path.original;
    const [first, ...rest] = node.params;
    if (name === 'inline' && type === 'DecoratorBlock' && first?.type === 'StringLiteral' && rest.length === 0) continue;
    const reason =
      name !== 'inline'
        ? `the decorator '${name}' is not supported`
        : type === 'Decorator'
          ? '{{*inline}} must be a block: {{#*inline "name"}}…{{/inline}}'
          : 'an inline partial needs one quoted name: {{#*inline "name"}}…{{/inline}}';
    refused.push({ loc: node.loc, name, reason });
  }
  if (refused.length === 0) return;
  const sites = refused.sort(byPosition).map((r) => ({ ...r, ...locateNode(markup, r.loc, files) }));
  const first = sites[0]!;
  throw new TemplateError(
    'invalid_handlebars',
    `Handlebars decorators are not supported: ${first.snippet} (${describeSite(first)}): ${first.reason}. ` +
      'The only decorator allowed is the inline partial, {{#*inline "name"}}…{{/inline}}.',
    sites.map(({ file, line, reason, snippet }) => ({
      ...(file !== undefined ? { file } : {}),
      ...(line !== undefined ? { line } : {}),
      message: `${snippet}: ${reason}`,
    })),
    { decorators: [...new Set(sites.map((s) => s.name))] },
  );
}

/**
 * A dynamic partial (`{{> (lookup . "kind")}}`, `{{> (whichPartial)}}`) picks a partial by data at render
 * time; templates must name their partials. @throws TemplateError `invalid_handlebars` naming each one and its line.
 */
function refuseDynamicPartials(program: hbs.AST.Program, markup: string, files: SourceFile[]): void {
  const dynamic: Array<{ loc: hbs.AST.SourceLocation }> = [];
  for (const statement of allStatements(program)) {
    if (statement.type !== 'PartialStatement' && statement.type !== 'PartialBlockStatement') continue;
    const partial = statement as hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement;
    if ((partial.name as hbs.AST.Expression).type === 'SubExpression') dynamic.push({ loc: partial.loc });
  }
  if (dynamic.length === 0) return;
  const sites = dynamic.sort(byPosition).map((d) => locateNode(markup, d.loc, files));
  const first = sites[0]!;
  throw new TemplateError(
    'invalid_handlebars',
    `Dynamic partials are not supported: ${first.snippet} (${describeSite(first)}) chooses its partial from the data when it renders. ` +
      'Name the partial instead — {{> name}}, with {{#*inline "name"}}…{{/inline}} in the template — and choose with {{#if}}.',
    sites.map(({ file, line, snippet }) => ({
      ...(file !== undefined ? { file } : {}),
      ...(line !== undefined ? { line } : {}),
      message: `dynamic partial ${snippet}`,
    })),
    { dynamic_partials: sites.map((s) => s.snippet) },
  );
}

function byPosition(a: { loc: hbs.AST.SourceLocation }, b: { loc: hbs.AST.SourceLocation }): number {
  return a.loc.start.line - b.loc.start.line || a.loc.start.column - b.loc.start.column;
}

/** "line 3 of the template", "line 8 of partials/_order_lines.mjml", "an unknown line". */
function describeSite(site: { file?: string | undefined; line?: number | undefined }): string {
  return site.line === undefined ? 'line unknown' : `line ${site.line} of ${label(site.file ?? '')}`;
}

/** "line 8, 16 of partials/_order_lines.mjml; line 3 of the template". */
function describeSites(sites: Array<{ file?: string; line?: number }>): string {
  const byFile = new Map<string, number[]>();
  for (const { file = '', line } of sites) if (line !== undefined) byFile.set(file, [...(byFile.get(file) ?? []), line]);
  return [...byFile]
    .map(([file, lines]) => `line${lines.length > 1 ? 's' : ''} ${[...new Set(lines)].join(', ')} of ${label(file)}`)
    .join('; ');
}

/**
 * Where a node of the parsed markup is in the files the user sent: its source text (`snippet`: a block's
 * opening tag, cut at 80 characters) is looked for in each file; when the markup is itself one of the
 * files, its own line is exact.
 */
function locateNode(markup: string, loc: hbs.AST.SourceLocation, files: SourceFile[]): { snippet: string; file?: string; line?: number } {
  const lines = markup.split('\n');
  const { start, end } = loc;
  const whole =
    start.line === end.line
      ? (lines[start.line - 1] ?? '').slice(start.column, end.column)
      : [
          (lines[start.line - 1] ?? '').slice(start.column),
          ...lines.slice(start.line, end.line - 1),
          (lines[end.line - 1] ?? '').slice(0, end.column),
        ].join('\n');
  // A block is named by its opening tag: `{{#compare a "=~" b}}`, not its whole body.
  const text = /^\{\{~?\s*[#^]/.test(whole) && whole.includes('}}') ? whole.slice(0, whole.indexOf('}}') + 2) : whole;
  const snippet = text.length > 80 ? `${text.slice(0, 79)}…` : text;
  const same = files.find((f) => f.text === markup);
  if (same) return { snippet, file: same.file, line: start.line };
  for (const { file, text: source } of files) {
    const at = source.indexOf(text);
    if (at !== -1) return { snippet, file, line: lineAt(source, at) };
  }
  return { snippet };
}

/** Every match of `pattern` (global) in the files, in file order then source order (at most 20). */
function locateAll(files: SourceFile[], pattern: RegExp): Array<{ file: string; line: number }> {
  const found: Array<{ file: string; line: number }> = [];
  for (const { file, text } of files) {
    for (const match of text.matchAll(pattern)) {
      found.push({ file, line: lineAt(text, match.index) });
      if (found.length >= 20) return found;
    }
  }
  return found;
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
