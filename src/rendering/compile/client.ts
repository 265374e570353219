/**
 * The main thread's side of the compile pool: what the application calls to prepare a revision and to
 * make a stored revision renderable. Byte sizes are refused here, before anything crosses to a worker.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { RenderLimits } from '../handlebars/budget.js';
import {
  createHandlebars,
  loadDeclaredHelpers,
  loadPartial,
  loadTemplate,
  type CompiledTemplate,
  type LoadedHelpers,
  type LoadedPartials,
  type TemplateOutput,
} from '../handlebars/environment.js';
import type { HelperDeclaration } from '../../domain/project.js';
import type { DataRead } from '../handlebars/walker.js';
import { chunkedSpec } from '../handlebars/static-chunks.js';
import { escapeJsonText } from '../handlebars/json-output.js';
import type { MessagePartSources } from './message-parts.js';
import { DEFAULT_TEMPLATE_LIMITS, checkLimit, checkSourceBytes, partialBytes, type TemplateLimits } from '../limits.js';
import { checkTreeSize } from '../mjml/ast-checks.js';
import type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from '../template-source.js';
import type { CompilePool } from './pool.js';

/** Turns a client's template into a revision in the compile pool (the command path's `TemplatePreparer`). */
export class PooledTemplatePreparer {
  constructor(
    private readonly pool: CompilePool,
    private readonly limits: TemplateLimits,
    private readonly renderLimits: RenderLimits,
  ) {}

  /**
   * Validate, compile and check a template.
   * @throws TemplateError (template-error.ts) naming why it was refused, 413 `template_too_large` for a
   *   source or includes over their byte limits, `template_too_complex` for an ast over its node or depth
   *   limits; CompileQueueFullError. `proof`: what the save-time proof render may use (ProofData).
   */
  prepare(source: TemplateSource, validation: ValidationMode, proof?: ProofData): Promise<PreparedTemplate> {
    if ('mjml' in source) {
      checkSourceBytes(source.mjml, source.includes ?? {}, this.limits, source.partials ?? {});
    } else {
      checkLimit('maxSourceBytes', this.limits, partialBytes(source.partials ?? {}));
      // Before the tree is cloned to a worker: structured clone recurses, and a deep tree would overflow it.
      checkTreeSize(source.ast, this.limits);
    }
    return this.pool.run({
      kind: 'prepare',
      source,
      validation,
      limits: this.limits,
      renderLimits: this.renderLimits,
      ...(proof ? { proof } : {}),
    });
  }
}

/** A stored revision loaded on this thread: its template, and its message parts when asked for. */
export interface LoadedTemplate {
  /** Null when the template cannot write output `json`. */
  template: CompiledTemplate | null;
  publishedSha256: string;
  reads: DataRead[];
  parts?: {
    subject: CompiledTemplate | null;
    preheader: CompiledTemplate | null;
    text: CompiledTemplate | null;
    headers?: Record<string, CompiledTemplate>;
    reads: DataRead[];
  };
  /** The revision's project partials, loaded: what each render passes (RenderOptions `partials`); absent when none. */
  partials?: LoadedPartials;
  /** The revision's declared helpers, loaded: what each render passes (RenderOptions `helpers`); absent when none. */
  helpers?: LoadedHelpers;
  /** Every rendered HTML must be checked whole for script URLs (safe-url.ts `neutraliseHtml`). */
  urlScan?: true;
  /**
   * Bytes of the JavaScript sources loaded (the template, its parts, partials and template-form helpers):
   * V8 keeps a function's source for as long as the function lives (1 byte a character, 2 when any is
   * beyond Latin-1), so the render cache counts them (revision-cache.ts).
   */
  sourceBytes: number;
}

/** Bytes V8 holds for a string: one per character when all are Latin-1, else two (UTF-16). */
export function heapStringBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length;
}

/** Compiles stored revisions in the pool and loads the result on this thread (render cache misses). */
export class PooledRevisionLoader {
  private readonly handlebars = createHandlebars();

  constructor(
    private readonly pool: CompilePool,
    private readonly limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS,
  ) {}

  /**
   * The stored template compiled to write `output` (`template` null when it cannot write `json`,
   * json-output.ts), and the hex SHA-256 of its published HTML.
   * @throws CompileQueueFullError; TemplateError `mjml_compile_timeout`, `invalid_handlebars`.
   */
  async load(
    publishedHtml: string,
    output: TemplateOutput,
    parts?: MessagePartSources,
    partials?: Record<string, string>,
    helpers?: Record<string, HelperDeclaration>,
    dynamic?: boolean,
  ): Promise<LoadedTemplate> {
    const withPartials = partials && Object.keys(partials).length > 0 ? { partials } : {};
    const withHelpers = helpers && Object.keys(helpers).length > 0 ? { helpers } : {};
    const loaded = await this.pool.run({
      kind: 'load',
      publishedHtml,
      output,
      ...(parts ? { parts } : {}),
      ...withPartials,
      ...withHelpers,
      ...(dynamic ? { dynamic } : {}),
    });
    const load = (spec: string | null) => (spec === null ? null : loadTemplate(this.handlebars, spec));
    const messageParts = loaded.parts
      ? {
          parts: {
            subject: load(loaded.parts.subject),
            preheader: load(loaded.parts.preheader),
            text: load(loaded.parts.text),
            ...(loaded.parts.headers
              ? {
                  headers: Object.fromEntries(
                    Object.entries(loaded.parts.headers).map(([name, spec]) => [name, loadTemplate(this.handlebars, spec)]),
                  ),
                }
              : {}),
            reads: loaded.parts.reads,
          },
        }
      : {};
    const loadedPartials = loaded.partials
      ? {
          partials: Object.freeze(
            Object.fromEntries(Object.entries(loaded.partials).map(([name, spec]) => [name, loadPartial(this.handlebars, spec)])),
          ),
        }
      : {};
    const loadedHelpers = loaded.helpers ? { helpers: loadDeclaredHelpers(this.handlebars, loaded.helpers, loadedPartials.partials) } : {};
    // The long static runs read as slices of the published HTML (the JSON form's: of the HTML escaped as a
    // JSON string, which escapes each character alone, so every escaped run is a slice of it) instead of held
    // again in the code (static-chunks.ts; the output is the same string).
    const source = loaded.spec === null ? '' : output === 'html' ? publishedHtml : escapeJsonText(publishedHtml);
    const main = loaded.spec === null ? null : chunkedSpec(loaded.spec, source);
    // The JSON form's slices keep its escaped HTML alive (the HTML form's, the HTML the cache keeps anyway).
    const escapedBytes = output === 'json' && main !== null && main.chunks.length > 0 ? heapStringBytes(source) : 0;
    const specs = [
      main?.spec ?? null,
      ...Object.values(loaded.parts ?? {}).filter((spec): spec is string => typeof spec === 'string'),
      ...Object.values(loaded.parts?.headers ?? {}),
      ...Object.values(loaded.partials ?? {}),
      ...Object.values(loaded.helpers ?? {}).map((helper) => ('spec' in helper ? helper.spec : null)),
    ];
    return {
      sourceBytes: specs.reduce((sum, spec) => sum + (spec === null ? 0 : heapStringBytes(spec)), escapedBytes),
      template: main === null ? null : loadTemplate(this.handlebars, main.spec, main.chunks),
      publishedSha256: loaded.publishedSha256,
      reads: loaded.reads,
      ...messageParts,
      ...loadedPartials,
      ...loadedHelpers,
      ...(loaded.urlScan ? { urlScan: true as const } : {}),
    };
  }

  /** The data paths a template reads, sorted (`order.lines[].name`). @throws CompileQueueFullError; TemplateError. */
  variables(ast: MjmlNode, partials?: Record<string, string>, source?: string): Promise<string[]> {
    return this.pool.run({
      kind: 'variables',
      ast,
      ...(partials && Object.keys(partials).length > 0 ? { partials } : {}),
      ...(source !== undefined ? { source } : {}),
    });
  }

  /**
   * The MJML one render of a dynamic revision generated, compiled to HTML in the pool under its deadline;
   * its byte size is refused here first (TEMPLATE_MAX_SOURCE_BYTES), the HTML's in the worker.
   * @throws CompileQueueFullError; TemplateError `template_too_large`, `mjml_compile_timeout`, `invalid_mjml`, `mjml_compile_failed`.
   */
  compileMjml(mjml: string): Promise<{ html: string; warnings: TemplateWarning[] }> {
    checkLimit('maxSourceBytes', this.limits, Buffer.byteLength(mjml, 'utf8'));
    return this.pool.run({ kind: 'mjml', mjml, limits: this.limits });
  }
}
