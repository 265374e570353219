/**
 * From a client's template to a publishable revision: import (markup + in-memory includes) or validate
 * (ast), refuse what Handlebars-after-MJML cannot render, compile once with mjml2html in the pool, and
 * prove the compiled HTML runs under Handlebars.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { PreparedTemplate, TemplateSource, TemplateWarning, ValidationMode } from '../template-source.js';
import { MAX_AST_DEPTH, describeStrayText, findStructuralText, parseAstInput, refuseStructuralText, treeDepth } from '../mjml/ast-checks.js';
import type { CompilePool } from './pool.js';
import { parseHandlebars } from '../handlebars/analysis.js';
import { buildSampleContext } from '../handlebars/sample-context.js';
import { compileTemplate, createHandlebars } from '../handlebars/environment.js';
import { includeFilesFrom, parseWithIncludes } from '../mjml/includes.js';
import { toMjmlAst, toMjmlMarkup } from '../mjml/markup.js';
import { MJML_VERSION, type ParsedNode } from '../mjml/runtime.js';
import { checkHandlebars, refuseGoTemplates, refuseNonMjmlDocument, type SourceFile } from '../handlebars/guards.js';
import { TemplateError } from '../template-error.js';

export class MjmlTemplatePreparer {
  private readonly handlebars = createHandlebars();

  constructor(private readonly pool: CompilePool) {}

  async prepare(source: TemplateSource, validation: ValidationMode): Promise<PreparedTemplate> {
    try {
      return await this.prepareChecked(source, validation);
    } catch (error) {
      // A pathological template (thousands of nested blocks) can exhaust the stack in a recursive walk:
      // that is the template's doing, so it is a 400, not a 500.
      if (error instanceof RangeError) throw new TemplateError('invalid_mjml', `The template is too deeply nested to process (${error.message}).`);
      throw error;
    }
  }

  private async prepareChecked(source: TemplateSource, validation: ValidationMode): Promise<PreparedTemplate> {
    const warnings: TemplateWarning[] = [];
    const { tree, files } = 'mjml' in source ? this.importMarkup(source.mjml, source.includes ?? {}, warnings) : this.acceptAst(source.ast);
    const ast = toMjmlAst(tree);
    const { analysis } = checkHandlebars(toMjmlMarkup(ast), files);

    const outcome = await this.pool.compile(tree);
    if (!outcome.ok) {
      throw new TemplateError('mjml_compile_failed', `MJML could not compile this template: ${outcome.message}`, [{ message: outcome.message }]);
    }
    const findings = outcome.errors.map((e) => ({
      message: e.message,
      tag: e.tagName,
      ...(e.line !== null ? { line: e.line } : {}),
    }));
    if (validation === 'strict' && findings.length > 0) {
      throw new TemplateError(
        'mjml_validation_failed',
        `MJML validation failed with ${findings.length} error${findings.length > 1 ? 's' : ''}: ${describe(findings[0]!)}. ` +
          'Fix them, or send "validation": "soft" to store the template anyway and get them back as warnings.',
        findings.map((f) => ({ ...(f.line !== undefined ? { line: f.line } : {}), message: `${f.tag}: ${f.message}` })),
      );
    }
    warnings.push(...findings);
    this.proveRenderable(outcome.html, buildSampleContext(analysis));
    return { template: { ast, publishedHtml: outcome.html, mjmlVersion: MJML_VERSION }, warnings };
  }

  private importMarkup(markup: string, includes: Record<string, string>, warnings: TemplateWarning[]) {
    const includeFiles = includeFilesFrom(includes);
    const files: SourceFile[] = [{ file: '', text: markup }, ...[...includeFiles].map(([file, text]) => ({ file, text }))];
    refuseGoTemplates(files);
    refuseNonMjmlDocument(markup);
    const { tree, notes } = parseWithIncludes(markup, includeFiles);
    if (treeDepth(tree) > MAX_AST_DEPTH) {
      throw new TemplateError('invalid_mjml', `The template, includes inlined, is nested deeper than ${MAX_AST_DEPTH} elements.`);
    }
    if (tree.tagName !== 'mjml') throw new TemplateError('invalid_mjml', `The root element must be <mjml>, got <${tree.tagName}>.`);
    warnings.push(...notes);
    const stray = findStructuralText(tree);
    refuseStructuralText(stray.filter((s) => s.text.includes('{{')), { pointers: false });
    for (const s of stray) {
      warnings.push({ message: describeStrayText(s), ...lineOf(s.node) });
      delete s.node.content; // MJML never renders it; keeping it would make the stored ast invalid
    }
    return { tree, files };
  }

  private acceptAst(input: unknown): { tree: MjmlNode; files: SourceFile[] } {
    const tree = parseAstInput(input);
    const markup = toMjmlMarkup(tree);
    const files = [{ file: '', text: markup }];
    refuseGoTemplates(files);
    refuseStructuralText(findStructuralText(tree), { pointers: true });
    return { tree, files };
  }

  /** The published HTML must parse and render under Handlebars; MJML can mangle expressions (e.g. in inline CSS). */
  private proveRenderable(html: string, sample: Record<string, unknown>): void {
    const parsed = parseHandlebars(html);
    if (!parsed.ok) {
      throw new TemplateError(
        'invalid_handlebars',
        `After MJML compilation the HTML is not valid Handlebars (${parsed.message}). ` +
          'Handlebars in CSS or in typed attributes (color, padding, width) does not survive MJML: keep expressions in text, href, src and alt.',
      );
    }
    try {
      const render = compileTemplate(this.handlebars, html);
      render(sample);
      render({});
    } catch (error) {
      throw new TemplateError('invalid_handlebars', `Handlebars fails to render this template: ${(error as Error).message}`);
    }
  }
}

function describe(f: TemplateWarning): string {
  return `${f.line !== undefined ? `line ${f.line} ` : ''}(${f.tag}) ${f.message}`;
}

function lineOf(node: ParsedNode | MjmlNode): { file?: string; line?: number } {
  const parsed = node as ParsedNode;
  return { ...(parsed.file !== undefined ? { file: parsed.file } : {}), ...(parsed.line !== undefined ? { line: parsed.line } : {}) };
}
