/**
 * What the compile workers run (never the event loop): from a client's template to a publishable
 * revision — import (markup + in-memory includes) or validate (ast), refuse what Handlebars-after-MJML
 * cannot render, compile once with mjml2html, and prove the compiled HTML runs under Handlebars within
 * a render budget — and, for a stored revision, its published HTML compiled to template code.
 */
import { createHash } from 'node:crypto';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { analyzeTemplate, parseHandlebars } from '../handlebars/analysis.js';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin, type CompiledHelper } from '../handlebars/environment.js';
import type { HelperDeclaration } from '../../domain/project.js';
import type { PartialPrograms } from '../handlebars/partials.js';
import {
  checkHandlebars,
  isHandlebarsFirst,
  partialFile,
  refuseGoTemplates,
  refuseNonMjmlDocument,
  type HelperPrograms,
  type SourceFile,
} from '../handlebars/guards.js';
import { findImagesWithoutAlt, imageAltSaveWarnings } from '../email/image-alt.js';
import { otherLanguageHint } from '../handlebars/parse-errors.js';
import { HelperArgumentError } from '../handlebars/helpers/index.js';
import { supportsJsonOutput } from '../handlebars/json-output.js';
import { buildSampleContext } from '../handlebars/sample-context.js';
import { proveCompiledHtml, proveDynamic, type ProofOutcome } from './proof.js';
import { DEFAULT_TEMPLATE_LIMITS, checkLimit, checkSourceBytes, partialBytes, type TemplateLimits } from '../limits.js';
import { describeStrayText, findStructuralText, parseAstInput, refuseStructuralText } from '../mjml/ast-checks.js';
import { includeFilesFrom, parseWithIncludes, type MarkupMismatch } from '../mjml/includes.js';
import { applyMismatchPolicy, refuseMismatches } from '../mjml/mismatches.js';
import { toMjmlAst, toMjmlMarkup } from '../mjml/markup.js';
import { MJML_VERSION, mjml2html, type ParsedNode } from '../mjml/runtime.js';
import { TemplateError } from '../template-error.js';
import type { PreparedTemplate, TemplateSource, TemplateWarning } from '../template-source.js';
import type { LoadJob, LoadedRevision, PrepareJob } from './jobs.js';
import { compileMessageParts } from './message-parts.js';
import { wrapUrlAttributes } from '../handlebars/safe-url.js';
import { guardUrls, outputWarnings, urlWarnings } from './output-safety.js';

const handlebars = createHandlebars();
const jsonHandlebars = createHandlebars('json');

/**
 * Validate, compile and check a template. Byte sizes are checked again here (the pool's caller checks
 * them first); element counts, depth, expressions and the published HTML size only here.
 * @throws TemplateError naming why the template was refused (see docs/errors.md "Errors").
 */
export async function prepareTemplate(job: Omit<PrepareJob, 'kind'>): Promise<PreparedTemplate> {
  const { source, validation, limits } = job;
  if ('mjml' in source && (source.renderMode === 'dynamic' || (source.renderMode === undefined && isHandlebarsFirst(source.mjml))))
    return prepareDynamic(job, source);
  const partials = source.partials ?? {};
  const helpers = source.helpers ?? {};
  const warnings: TemplateWarning[] = [];
  const { tree, files } =
    'mjml' in source
      ? importMarkup(source.mjml, source.includes ?? {}, limits, warnings, partials, validation)
      : acceptAst(source.ast, limits, partials);
  const ast = toMjmlAst(tree);
  const markup = toMjmlMarkup(ast);
  const {
    program,
    analysis,
    partials: partialPrograms,
    helpers: helperPrograms,
  } = checkHandlebars(markup, files, limits, partials, helpers);
  warnings.push(...outputWarnings(program, markup, files, false, partialPrograms, partials));
  // A Liquid tag (`{% for x in y %}`) parses as plain text and would be sent as is: say so.
  const hint = otherLanguageHint('mjml' in source ? source.mjml : markup); // lines of the file sent
  if (hint) warnings.push({ message: hint.message, line: hint.line });

  const compiled = await compileMjml(tree);
  const findings = compiled.errors.map((e) => ({
    message: e.message,
    tag: e.tagName,
    ...(typeof e.line === 'number' ? { line: e.line } : {}),
  }));
  if (validation === 'strict' && findings.length > 0) {
    throw new TemplateError(
      'mjml_validation_failed',
      `MJML validation failed with ${findings.length} error${findings.length > 1 ? 's' : ''}: ${describe(findings[0]!)}. ` +
        'Fix them, or send "validation": "soft" to store the template anyway and get them back as warnings.',
      findings.map((f) => ({ ...(f.line !== undefined ? { line: f.line } : {}), message: `${f.tag}: ${f.message}` })),
    );
  }
  warnings.push(...findings, ...urlWarnings(compiled.html), ...imageWarnings(files, partials, 'mjml' in source));
  checkLimit('maxHtmlBytes', limits, Buffer.byteLength(compiled.html, 'utf8'));
  const proof = proveCompiledHtml(compiled.html, {
    ...proofSources(job, files, partials, partialPrograms, helperPrograms, helpers),
    sample: buildSampleContext(analysis),
  });
  warnings.push(...proof.warnings);
  const reads = analysis.dataReads.map((read) => ({ path: [...read.path], use: read.use }));
  const stored = {
    ...(Object.keys(partials).length > 0 ? { partials: { ...partials } } : {}),
    ...(Object.keys(helpers).length > 0 ? { helpers: { ...helpers } } : {}),
  };
  return {
    template: { ast, publishedHtml: compiled.html, mjmlVersion: MJML_VERSION, ...stored },
    warnings,
    reads,
    sampleHtmlBytes: Buffer.byteLength(proof.output, 'utf8'),
    ...refusedVariables(proof),
  };
}

/** A dry run's variables refused by a helper in the proof render (POST /validate reports it as an error). */
const refusedVariables = (proof: ProofOutcome) => (proof.variablesRefused ? { variablesRefused: proof.variablesRefused } : {});

/** What the save-time proof (compile/proof.ts) needs of a template besides its sample. */
function proofSources(
  job: Omit<PrepareJob, 'kind'>,
  files: SourceFile[],
  partials: Record<string, string>,
  partialPrograms: PartialPrograms,
  helperPrograms: HelperPrograms,
  helpers: Record<string, HelperDeclaration>,
) {
  const compiledHelpers = compileHelpers(helpers, helperPrograms);
  return {
    files,
    partials,
    partialPrograms,
    helperPrograms,
    compiledHelpers,
    limits: job.renderLimits,
    ...(job.proof ? { proof: job.proof } : {}),
  };
}

/** The empty `<mjml>` node a dynamic revision stores as its ast: its MJML exists only per render. */
export const DYNAMIC_AST: MjmlNode = Object.freeze({ tagName: 'mjml', attributes: {}, children: [] });

/**
 * A dynamic (Handlebars-first) template: the same Handlebars checks as a static one, then a render on
 * sample data built from its own expressions (with its partials and helpers), and that MJML compiled
 * once to hold it to MJML's rules (strict: findings refuse it; soft: they are warnings). Stored as its source.
 */
async function prepareDynamic(
  job: Omit<PrepareJob, 'kind'>,
  source: { mjml: string; includes?: Record<string, string> } & TemplateSource,
): Promise<PreparedTemplate> {
  const { validation, limits } = job;
  const markup = source.mjml;
  const partials = source.partials ?? {};
  const helpers = source.helpers ?? {};
  if (source.includes && Object.keys(source.includes).length > 0) {
    throw new TemplateError(
      'invalid_mjml',
      'A dynamic template cannot use "includes": MJML reads them after Handlebars ran. Send them as "partials" instead.',
      [{ message: 'includes with render_mode dynamic' }],
    );
  }
  checkSourceBytes(markup, {}, limits, partials);
  const files: SourceFile[] = [{ file: '', text: markup }];
  refuseGoTemplates(files);
  const warnings: TemplateWarning[] = [];
  const {
    program,
    analysis,
    partials: partialPrograms,
    helpers: helperPrograms,
  } = checkHandlebars(markup, files, limits, partials, helpers);
  warnings.push(...outputWarnings(program, markup, files, true, partialPrograms, partials));
  const hint = otherLanguageHint(markup);
  if (hint) warnings.push({ message: hint.message, line: hint.line });
  const proof = proveDynamic(markup, {
    ...proofSources(job, files, partials, partialPrograms, helperPrograms, helpers),
    sample: buildSampleContext(analysis),
  });
  warnings.push(...proof.warnings);
  const generated = proof.output;
  checkLimit('maxSourceBytes', limits, Buffer.byteLength(generated, 'utf8'));
  const compiled = await compileGeneratedMjml(generated, limits, (mismatches) =>
    applyMismatchPolicy(mismatches, validation, warnings, { text: generated }),
  );
  const findings = compiled.errors.map((e) => ({
    message: e.message,
    tag: e.tagName,
    ...(typeof e.line === 'number' ? { line: e.line } : {}),
  }));
  if (validation === 'strict' && findings.length > 0) {
    throw new TemplateError(
      'mjml_validation_failed',
      `MJML validation of the MJML this template generates (rendered with sample data) failed with ${findings.length} error${findings.length > 1 ? 's' : ''}: ${describe(findings[0]!)}. ` +
        'Fix them, or send "validation": "soft" to store the template anyway and get them back as warnings.',
      findings.map((f) => ({ ...(f.line !== undefined ? { line: f.line } : {}), message: `${f.tag}: ${f.message}` })),
    );
  }
  warnings.push(
    ...findings.map((f) => ({ ...f, message: `${f.message} (in the MJML generated with sample data)` })),
    ...urlWarnings(compiled.html),
    ...imageWarnings(files, partials, true),
  );
  checkLimit('maxHtmlBytes', limits, Buffer.byteLength(compiled.html, 'utf8'));
  const reads = analysis.dataReads.map((read) => ({ path: [...read.path], use: read.use }));
  const stored = {
    ...(Object.keys(partials).length > 0 ? { partials: { ...partials } } : {}),
    ...(Object.keys(helpers).length > 0 ? { helpers: { ...helpers } } : {}),
  };
  return {
    template: { ast: DYNAMIC_AST, publishedHtml: markup, mjmlVersion: MJML_VERSION, renderMode: 'dynamic', ...stored },
    warnings,
    reads,
    sampleHtmlBytes: Buffer.byteLength(compiled.html, 'utf8'),
    ...refusedVariables(proof),
  };
}

/**
 * MJML generated by a dynamic template's Handlebars, compiled (validation 'soft': the caller decides).
 * `onMismatches`: given the generated MJML's tag mismatches (tag-balance.ts), when there are any, before
 * the root is checked; may throw.
 * @throws TemplateError `invalid_mjml` (400) when it has no `<mjml>` root, `mjml_compile_failed`.
 */
async function compileGeneratedMjml(generated: string, limits: TemplateLimits, onMismatches?: (mismatches: MarkupMismatch[]) => void) {
  let tree: ParsedNode;
  let mismatches: MarkupMismatch[];
  try {
    ({ tree, mismatches } = parseWithIncludes(generated, new Map(), limits));
  } catch (error) {
    if (
      error instanceof TemplateError &&
      (error.code === 'mjml_compile_timeout' || error.code === 'template_too_large' || error.code === 'template_too_complex')
    )
      throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new TemplateError('invalid_mjml', `The MJML this template's Handlebars generates cannot be parsed: ${message}`, [{ message }]);
  }
  if (mismatches.length > 0) onMismatches?.(mismatches);
  if (tree.tagName !== 'mjml') {
    throw new TemplateError(
      'invalid_mjml',
      `The MJML this template's Handlebars generates must have an <mjml> root element; it has <${tree.tagName}>. Check that its partials open and close <mjml>.`,
      [{ message: `generated root element is <${tree.tagName}>` }],
    );
  }
  return compileMjml(tree);
}

/** One render's generated MJML compiled to HTML (the compile pool's `mjml` job). @throws TemplateError as compileGeneratedMjml. */
export async function compileDynamic(job: {
  mjml: string;
  limits: TemplateLimits;
}): Promise<{ html: string; warnings: TemplateWarning[] }> {
  const compiled = await compileGeneratedMjml(job.mjml, job.limits);
  checkLimit('maxHtmlBytes', job.limits, Buffer.byteLength(compiled.html, 'utf8'));
  return {
    html: compiled.html,
    warnings: compiled.errors.map((e) => ({ message: e.message, tag: e.tagName, ...(typeof e.line === 'number' ? { line: e.line } : {}) })),
  };
}

/** A stored revision made renderable. @throws TemplateError `invalid_handlebars` (only for data written by an older version). */
export function loadRevision(job: Omit<LoadJob, 'kind'>): LoadedRevision {
  const parsed = parseHandlebars(job.publishedHtml);
  if (!parsed.ok) throw new TemplateError('invalid_handlebars', `The stored HTML is not valid Handlebars: ${parsed.message}`);
  const publishedSha256 = createHash('sha256').update(job.publishedHtml, 'utf8').digest('hex');
  const programs = parseStoredPartials(job.partials ?? {});
  // URL attributes a render could make unsafe go through the safe-URL helper (safe-url.ts); a dynamic
  // revision's compiled HTML is checked after each MJML compile instead.
  const guarded = job.dynamic
    ? null
    : guardUrls(parsed.program, job.publishedHtml, programs, job.partials ?? {}, parseStoredHelpers(job.helpers ?? {}));
  // The JSON-escaped form calls the helper that unescapes before it classifies (safe-url.ts).
  const jsonProgram =
    job.output === 'json' && guarded && !guarded.scan
      ? (wrapUrlAttributes(job.publishedHtml, 'json')?.program ?? parsed.program)
      : parsed.program;
  const spec = precompileTemplate(handlebars, guarded?.program ?? parsed.program);
  const helpers = job.output === 'html' ? compileHelpers(job.helpers ?? {}, guarded?.helpers ?? parseStoredHelpers(job.helpers ?? {})) : {};
  const hasTemplateHelpers = Object.values(helpers).some((helper) => 'spec' in helper);
  const reads = analyzeTemplate(parsed.program, { partials: programs }).dataReads.map((read) => ({ path: [...read.path], use: read.use }));
  // The text part is derived from the HTML with `{{> name}}` still in it, which would insert a partial's
  // HTML into the text: with partials, the render converts its rendered HTML instead (text null).
  // A dynamic revision's text comes from the HTML its render compiles, never from its source.
  const parts =
    job.parts && job.output === 'html'
      ? {
          parts: compileMessageParts(handlebars, job.publishedHtml, job.parts, {
            text: programs.size === 0 && !hasTemplateHelpers && !job.dynamic,
          }),
        }
      : {};
  const compiledPartials = guarded?.partials ?? programs;
  const partials =
    programs.size > 0 && job.output === 'html'
      ? { partials: Object.fromEntries([...compiledPartials].map(([name, program]) => [name, precompileTemplate(handlebars, program)])) }
      : {};
  const declared = Object.keys(helpers).length > 0 ? { helpers } : {};
  const scan = guarded?.scan ? { urlScan: true as const } : {};
  const jsonSpec = () => (job.dynamic || guarded?.scan ? null : jsonSpecOf(jsonProgram, spec));
  return { spec: job.output === 'html' ? spec : jsonSpec(), publishedSha256, reads, ...parts, ...partials, ...declared, ...scan };
}

/** A stored revision's template-form helpers, parsed. @throws TemplateError `invalid_handlebars` (only for data written by an older version). */
function parseStoredHelpers(helpers: Record<string, HelperDeclaration>): HelperPrograms {
  const programs = new Map<string, { program: hbs.AST.Program; template: string; params: string[]; html: boolean }>();
  for (const [name, declaration] of Object.entries(helpers)) {
    if (!('template' in declaration)) continue;
    const parsed = parseHandlebars(declaration.template);
    if (!parsed.ok) throw new TemplateError('invalid_handlebars', `The stored helper '${name}' is not valid Handlebars: ${parsed.message}`);
    programs.set(name, {
      program: parsed.program,
      template: declaration.template,
      params: declaration.params ?? [],
      html: declaration.html ?? false,
    });
  }
  return programs;
}

/** Declared helpers as a worker hands them over: aliases as they are, template-form ones compiled. */
function compileHelpers(helpers: Record<string, HelperDeclaration>, programs: HelperPrograms): Record<string, CompiledHelper> {
  const compiled: Record<string, CompiledHelper> = {};
  for (const [name, declaration] of Object.entries(helpers)) {
    const program = programs.get(name);
    if (program) compiled[name] = { spec: precompileTemplate(handlebars, program.program), params: program.params, html: program.html };
    else if ('use' in declaration) compiled[name] = { use: declaration.use, hash: { ...(declaration.hash ?? {}) } };
  }
  return compiled;
}

/** A stored revision's partials, parsed. @throws TemplateError `invalid_handlebars` (only for data written by an older version). */
function parseStoredPartials(partials: Record<string, string>): Map<string, hbs.AST.Program> {
  const programs = new Map<string, hbs.AST.Program>();
  for (const [name, text] of Object.entries(partials)) {
    const parsed = parseHandlebars(text);
    if (!parsed.ok)
      throw new TemplateError('invalid_handlebars', `The stored partial '${name}' is not valid Handlebars: ${parsed.message}`);
    programs.set(name, parsed.program);
  }
  return programs;
}

/**
 * The JSON-output compilation of a template, or null when it uses partials — or, as a safety net, when
 * its output on the template's own sample data (on `{}` when a helper cannot use the sample's strings,
 * e.g. `{{currency total code="EUR"}}`) is not exactly `JSON.stringify` of the HTML output.
 */
function jsonSpecOf(program: hbs.AST.Program, spec: string): string | null {
  if (!supportsJsonOutput(program)) return null;
  const jsonSpec = precompileTemplate(jsonHandlebars, program);
  const limits = { maxBytes: 64 * 1024 * 1024, maxIterations: 1_000_000 };
  let sample: Record<string, unknown>;
  try {
    sample = buildSampleContext(program);
  } catch {
    return null; // a revision saved before SAMPLE_MAX_NODES whose sample passes it: no JSON form, as when unsure
  }
  for (const context of [sample, {}]) {
    try {
      const html = renderWithin(loadTemplate(handlebars, spec), context, limits);
      const json = renderWithin(loadTemplate(jsonHandlebars, jsonSpec), context, limits);
      return JSON.stringify(html) === `"${json}"` ? jsonSpec : null;
    } catch (error) {
      if (!(error instanceof HelperArgumentError)) return null;
    }
  }
  return null;
}

/**
 * Data paths a template reads, resolved to the root context (`order.lines[].product_name`), sorted:
 * what a sender must supply. Empty when the template has no Handlebars.
 */
export function templateVariables(ast: MjmlNode, partials: Record<string, string> = {}, source?: string): string[] {
  const parsed = parseHandlebars(source ?? toMjmlMarkup(ast)); // a dynamic revision: its source
  return parsed.ok ? analyzeTemplate(parsed.program, { partials: parseStoredPartials(partials) }).variables : [];
}

/** One small compile and proof render, so the first real job in a thread runs at full speed. */
export async function warmUp(): Promise<void> {
  await prepareTemplate({
    source: { mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>warm-up {{x}}</mj-text></mj-column></mj-section></mj-body></mjml>' },
    validation: 'soft',
    limits: DEFAULT_TEMPLATE_LIMITS,
    renderLimits: { maxBytes: 1_000_000, maxIterations: 1000 },
  });
}

async function compileMjml(tree: ParsedNode) {
  try {
    // 'soft' renders and reports; the caller refuses when the request asked for strict validation.
    return await mjml2html(tree, { validationLevel: 'soft' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TemplateError('mjml_compile_failed', `MJML could not compile this template: ${message}`, [{ message }]);
  }
}

function importMarkup(
  markup: string,
  includes: Record<string, string>,
  limits: TemplateLimits,
  warnings: TemplateWarning[],
  partials: Record<string, string>,
  validation: PrepareJob['validation'],
) {
  checkSourceBytes(markup, includes, limits, partials);
  const includeFiles = includeFilesFrom(includes);
  const files: SourceFile[] = [{ file: '', text: markup }, ...[...includeFiles].map(([file, text]) => ({ file, text }))];
  refuseGoTemplates(files);
  refuseNonMjmlDocument(markup);
  const { tree, notes, mismatches } = parseWithIncludes(markup, includeFiles, limits);
  // Before anything judges the tree: a tag that closed the wrong element explains what follows.
  // An element after the root replaces it (mjml-parser-xml): say where, whatever the validation.
  if (tree.tagName !== 'mjml') refuseMismatches(mismatches);
  applyMismatchPolicy(mismatches, validation, warnings);
  if (tree.tagName !== 'mjml') throw new TemplateError('invalid_mjml', `The root element must be <mjml>, got <${tree.tagName}>.`);
  warnings.push(...notes);
  const stray = findStructuralText(tree);
  refuseStructuralText(
    stray.filter((s) => s.text.includes('{{')),
    { pointers: false },
  );
  for (const s of stray) {
    warnings.push({ message: describeStrayText(s), ...lineOf(s.node) });
    delete s.node.content; // MJML never renders it; keeping it would make the stored ast invalid
  }
  return { tree, files };
}

function acceptAst(input: unknown, limits: TemplateLimits, partials: Record<string, string>): { tree: MjmlNode; files: SourceFile[] } {
  checkLimit('maxSourceBytes', limits, partialBytes(partials));
  const tree = parseAstInput(input, limits);
  const files = [{ file: '', text: toMjmlMarkup(tree) }];
  refuseGoTemplates(files);
  refuseStructuralText(findStructuralText(tree), { pointers: true });
  return { tree, files };
}

/**
 * `image_without_alt` save warnings, read from the files sent and the project partials (email/image-alt.ts),
 * never from the compiled HTML, where MJML has written `alt=""` for every `mj-image`. `withLines` false for a
 * template sent as MJML JSON (its markup is ours, not the client's).
 */
function imageWarnings(files: SourceFile[], partials: Record<string, string>, withLines: boolean): TemplateWarning[] {
  const partialSources = Object.entries(partials).map(([name, text]) => ({ file: partialFile(name), text }));
  return imageAltSaveWarnings(findImagesWithoutAlt([...files, ...partialSources]), withLines);
}

function describe(f: TemplateWarning): string {
  return `${f.line !== undefined ? `line ${f.line} ` : ''}(${f.tag}) ${f.message}`;
}

function lineOf(node: ParsedNode | MjmlNode): { file?: string; line?: number } {
  const parsed = node as ParsedNode;
  return { ...(parsed.file !== undefined ? { file: parsed.file } : {}), ...(parsed.line !== undefined ? { line: parsed.line } : {}) };
}
