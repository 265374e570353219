/**
 * The render use case: compile once, render many (ARCHITECTURE §1). The MJML was compiled when the
 * revision was saved; a render only runs that revision's published HTML as a compiled Handlebars
 * template, within a budget, from the compiled revisions of `RevisionCache`; it checks the variables
 * against the revision's contract first and adds the message parts (subject, preheader, text, warnings).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { revisionNotFound } from '../../domain/errors.js';
import { RenderError, notPublished } from './render-errors.js';
import { checkTranslations, localizedEntry, variantCompilerOf } from './locale-variants.js';
import {
  TemplateError,
  RenderLimitError,
  type RenderLimits,
  renderWithin,
  type CompiledTemplate,
  placePreheader,
  collectUrlFindings,
  neutraliseHtml,
  scrubText,
  type UrlFinding,
  neutralisedUrlWarning,
  MissingReads,
  type LocaleMessages,
  MJML_VERSION,
} from '../../rendering/index.js';
import type { ProjectRef } from '../../domain/project.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import { VariablesPolicy } from './render-variables.js';
import type { VariableShapeRecorder } from './variable-shape-recorder.js';
import {
  inWarningOrder,
  linkWarnings,
  partWarnings,
  renderParts,
  renderPreheader,
  revisionWarnings,
  type EmailWarning,
  type MessageParts,
  type RenderedParts,
} from './render-parts.js';
import { RevisionNotYetVisibleError, type RenderRevisions } from './render-revisions.js';
import { ComposedRevisions, type UsedRevisions } from './composed-revisions.js';
import { RevisionReads } from './revision-reads.js';
import type { ResolvedUses, TemplateComposer } from './template-composer.js';
import { RevisionCache, revisionImageSources, type CachedTemplate, type RevisionLoader } from './revision-cache.js';

export type { RevisionLoader } from './revision-cache.js';
export { RenderError, notPublished } from './render-errors.js';

const NO_PARTS: MessageParts = Object.freeze({ subject: null, preheader: null, text: null, warnings: [] });

export type RenderFormat = 'html' | 'mjml';

export interface RenderRequest {
  /** Handlebars context: a JSON object. */
  variables: Record<string, unknown>;
  format: RenderFormat;
  /**
   * A template revision; `latest`: the newest create or save (a draft under review); omitted: the published
   * revision (under `on_save`, the newest).
   */
  revision?: number | 'latest';
  /**
   * Render only at this revision or a later one (read-your-writes across instances): waits, bounded, for
   * this instance to see it. @see RenderRevisions
   */
  minRevision?: number;
  /**
   * The template revision `revision` as the caller read it (the audit: a past revision, perhaps of a project
   * deleted since); omitted: read when compiled.
   */
  view?: ProjectView;
  /** Also refuse the render when a variable the template reads (other than only as a test) is missing. */
  strict?: boolean;
  /**
   * The API key that asked: the shape of `variables` is recorded for the publish gate when the render uses
   * the published revision (no `revision` asked). Omitted: nothing is recorded.
   */
  keyId?: string;
  /** BCP 47 locale of the formatting helpers; default `metadata.locale`, else `en-US`. */
  locale?: string;
  /**
   * `json`: the caller will put the body in a JSON string; it may come back already escaped for one
   * (`RenderOutput.escaped`), which saves escaping the whole HTML again. Default `text`.
   */
  encoding?: 'text' | 'json';
  /**
   * Whether a JSON answer (`encoding: 'json'`) carries the plain-text part; default true. False: `parts.text`
   * is null and the text part is never rendered (nor the variables only it reads listed as missing). A
   * `text` encoding never renders it.
   */
  includeText?: boolean;
  /**
   * A JSON answer whose HTML is also digested (a signed receipt, docs/receipts.md): `body` is the plain HTML,
   * never the JSON-escaped form, so its bytes are the ones the digest states. Default false.
   */
  plainBody?: boolean;
}

export interface RenderOutput {
  id: string;
  revision: number;
  /** RFC 3339: when this revision was saved. */
  updatedAt: string;
  /** Hex SHA-256 of this revision's published HTML: traces a sent email to its source bytes. */
  publishedSha256: string;
  /** The mjml of that HTML: the revision's own, or for a composition (layout, shared partials) the one installed here. */
  mjmlVersion: string;
  format: RenderFormat;
  /** Compiled HTML with the variables applied (format html) or the template's MJML (format mjml). */
  body: string;
  /** Whether the compiled template came from the cache. */
  cache: 'HIT' | 'MISS';
  /** True when `body` is already escaped as the contents of a JSON string (asked for with `encoding: 'json'`). */
  escaped: boolean;
  /** Subject, preheader, plain text and warnings (format html); all null/empty for format mjml. */
  parts: MessageParts;
  /**
   * Every path the render read (in the branches it rendered) and the variables do not have, sorted: of the
   * HTML and the preheader, and with `encoding: 'json'` also of the subject and text. Empty for format mjml.
   */
  missingVariables: readonly string[];
  /** Canonical BCP 47 tag of the localized variant used (docs/locales.md); null for a revision without locales. */
  locale: string | null;
  /** A revision that follows a layout: the layout revision this render used (docs/layouts.md). */
  layoutRevision?: number | null;
  /** A revision that follows shared partials or a layout: the revision of each shared partial it used. */
  sharedPartialRevisions?: Record<string, number>;
}

export interface RendererOptions {
  /** Upper bound of the cache, approximate bytes (RENDER_CACHE_MB). */
  maxBytes: number;
  /** Budget of every render (RENDER_MAX_BYTES, RENDER_MAX_ITERATIONS). */
  limits: RenderLimits;
  /** Upper bound of the compiled-MJML cache of dynamic renders, approximate bytes; default `maxBytes`. */
  mjmlCacheBytes?: number;
}

/** What stage 1 of a render found: the revision and its compiled entry (render-template.ts `resolveRevision`). */
interface RenderTarget {
  ref: ProjectRef;
  revision: number;
  entry: CachedTemplate;
  /** Whether the compiled revision came from the cache. */
  cache: 'HIT' | 'MISS';
  used: UsedRevisions | undefined;
}

/** What stage 3 rendered: the body once, in the form the answer carries, and what later stages take from it. */
interface Rendered {
  body: string;
  /** `body` is escaped as the contents of a JSON string. */
  escaped: boolean;
  /** The plain HTML (with its preheader): `body` itself, or rendered on demand when `body` is the escaped form. */
  html: () => string;
  /** UTF-8 bytes of `body` (JSON answers; 0 when not counted: a static `text` render, whose HTTP layer counts). */
  htmlBytes: number;
  /** Script URLs the HTML render replaced. */
  findings: readonly UrlFinding[];
  /** The rendered `metadata.preheader` placed in the body (null when not set). */
  preheader: string | null;
  /** A dynamic render: whether its generated MJML's compiled HTML came from the cache (the answer's `cache`). */
  cache?: 'HIT' | 'MISS';
  /** A dynamic render: warnings about the HTML its MJML compiled to. */
  warnings?: EmailWarning[];
}

/** A dynamic render's compiled HTML, by the SHA-256 of the MJML it was compiled from. */
interface CompiledMjml {
  html: string;
  /** Warnings about this HTML (images, literal links; not the size, which the caller checks). */
  warnings: EmailWarning[];
}

export class TemplateRenderer {
  private readonly cache: RevisionCache;
  private readonly composed: ComposedRevisions | undefined;
  private readonly variablesPolicy = new VariablesPolicy();
  /** What its revisions read and take (describe, variables, locales, the publish gate's contracts), over the same cache. */
  readonly reads: RevisionReads;
  /** Dynamic renders: compiled HTML by SHA-256 of the generated MJML, so one MJML never compiles twice (while cached). */
  private readonly mjmlCache: LRUCache<string, CompiledMjml>;
  /** Compiles under way: concurrent renders generating the same MJML share one. */
  private readonly mjmlLoading = new Map<string, Promise<CompiledMjml>>();

  constructor(
    private readonly queries: ProjectQueries,
    private readonly loader: RevisionLoader,
    private readonly options: RendererOptions,
    /** Which revision a render uses (the index, and the stream when asked or behind). */
    private readonly revisions: Pick<RenderRevisions, 'current'>,
    /** Where renders of published revisions note the shape of their variables (the publish gate); none: not recorded. */
    private readonly shapes?: Pick<VariableShapeRecorder, 'record'>,
    /** Composes revisions that follow a layout or shared partials (docs/layouts.md); none: rendered as saved. */
    private readonly composer?: Pick<TemplateComposer, 'resolve' | 'prepare'>,
  ) {
    this.cache = new RevisionCache(loader, options.maxBytes);
    this.composed = composer ? new ComposedRevisions(this.cache, composer, queries) : undefined;
    this.reads = new RevisionReads(this.cache, queries, loader, composer, this.composed);
    this.mjmlCache = new LRUCache<string, CompiledMjml>({
      maxSize: Math.max(1, options.mjmlCacheBytes ?? options.maxBytes),
      // UTF-16 HTML plus the key and the warnings, approximately.
      sizeCalculation: (entry) => Math.max(1, entry.html.length * 2 + 64 + JSON.stringify(entry.warnings).length * 2),
    });
  }

  /**
   * Render a project's template: one pass, each stage once, in this order — `resolveRevision` (which
   * revision, its compiled entry), `checkVariables` (the contract, the shapes noted), `runTemplate` (the
   * preheader, then the HTML in the form the answer carries, its byte count and the URLs replaced),
   * `deriveParts` (subject, text only when the answer carries it, headers: JSON answers only), `partWarnings`
   * (render-parts.ts), then the answer (`answerOf`).
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`;
   *   RevisionNotYetVisibleError when `minRevision` is not visible here in time; RenderLimitError past the render budget; RenderError when Handlebars throws; the loader's errors on a miss.
   */
  async render(ref: ProjectRef, request: RenderRequest): Promise<RenderOutput> {
    const target = await this.resolveRevision(ref, request);
    if (request.format === 'mjml') return mjmlAnswer(target, request);
    const locale = this.checkVariables(ref, target.entry, request);
    // What this render reads and was not sent (after the check: declared defaults are filled in by then).
    const missing = new MissingReads(request.variables);
    const rendered = await this.runTemplate(target, request, locale, missing);
    if (request.encoding !== 'json') return answerOf(target, request, rendered, NO_PARTS, missing);
    const parts = this.deriveParts(target.entry, request, locale, missing, rendered);
    return answerOf(target, request, rendered, parts, missing);
  }

  /**
   * Stage 1: the revision a render uses and its compiled entry (composed, localized). The current-revision
   * index answers from memory (and the stream, when asked or behind: RenderRevisions); when it knows nothing,
   * getProject throws the precise 404 (never existed, or deleted).
   * @throws as `render`.
   */
  private async resolveRevision(ref: ProjectRef, request: RenderRequest): Promise<RenderTarget> {
    const wanted = {
      ...(request.minRevision !== undefined ? { minRevision: request.minRevision } : {}),
      ...(typeof request.revision === 'number' ? { revision: request.revision } : {}),
    };
    const latest = (await this.revisions.current(ref, wanted)) ?? (await this.queries.getProject(ref)).revision;
    if (request.minRevision !== undefined && latest < request.minRevision)
      throw new RevisionNotYetVisibleError(ref.projectId, request.minRevision, latest, 0);
    const revision = await this.revisionToRender(ref, request.revision, latest);
    if (revision > latest || revision < 0) {
      throw revisionNotFound(ref.projectId, revision, latest);
    }
    const { entry, cache, used } = await this.entryOf(ref, revision, request.locale, request.view);
    return { ref, revision, entry, cache, used };
  }

  /**
   * Stage 2: note what callers send to the published revision (publish gate; shapes, never a value), check
   * (and fill in the declared defaults of) the variables, and the translations of a strict render.
   * @returns the locale the helpers format in. @throws InvalidVariablesError; RenderError (strict, missing translations).
   */
  private checkVariables(ref: ProjectRef, entry: CachedTemplate, request: RenderRequest): string | undefined {
    if (request.revision === undefined && request.keyId !== undefined)
      this.shapes?.record(ref, request.keyId, request.variables, request.strict ?? false);
    this.variablesPolicy.check(entry.contract, request.variables, request.strict ?? false);
    checkTranslations(entry, request.strict ?? false);
    return request.locale ?? entry.localized?.tag ?? entry.locale;
  }

  /**
   * Stage 3: the preheader, then the body once, in the form the answer carries: JSON-escaped for a JSON
   * answer of a static revision whose JSON form is compiled, else the HTML (a dynamic revision: generated
   * MJML compiled, or taken from the compiled-MJML cache); with the UTF-8 byte count of the HTML (the
   * clipping warning's and the limit's; of the escaped form when that is what was rendered, as before).
   * @throws RenderLimitError; RenderError; as `renderDynamic`.
   */
  private async runTemplate(
    target: RenderTarget,
    request: RenderRequest,
    locale: string | undefined,
    missing: MissingReads,
  ): Promise<Rendered> {
    const { entry } = target;
    const preheader = this.preheader(entry, request.variables, locale, missing);
    if (entry.dynamic) return this.renderDynamic(entry, request, locale, preheader, missing);
    if (request.encoding === 'json' && request.plainBody !== true) {
      if (typeof entry.jsonTemplate === 'function') {
        const escaped = this.tryEscaped(entry.jsonTemplate, request.variables, locale, missing);
        if (escaped !== null) {
          const body = preheader === null ? escaped.value : placePreheader(escaped.value, preheader, 'json');
          // The plain HTML only if a text part must be converted from it (the revision has no text template).
          const html = () => this.renderHtml(entry, request.variables, locale, missing).html;
          return { body, escaped: true, html, htmlBytes: Buffer.byteLength(body, 'utf8'), findings: escaped.findings, preheader };
        }
      } else if (entry.jsonTemplate === undefined && target.cache === 'HIT') {
        this.compileJsonForm(entry); // rendered again: worth a second compile
      }
    }
    const { html, findings } = this.renderHtml(entry, request.variables, locale, missing);
    const body = preheader === null ? html : placePreheader(html, preheader);
    // The text/html answer needs no byte count here (the HTTP layer measures its body once).
    const htmlBytes = request.encoding === 'json' ? Buffer.byteLength(body, 'utf8') : 0;
    return { body, escaped: false, html: () => body, htmlBytes, findings, preheader };
  }

  /**
   * Stage 4 (JSON answers): subject, text (unless `includeText: false`), headers and the warnings
   * (`partWarnings`); the URLs the HTML render replaced are replaced in the text too.
   * @throws RenderLimitError; RenderError.
   */
  private deriveParts(
    entry: CachedTemplate,
    request: RenderRequest,
    locale: string | undefined,
    missing: MissingReads,
    rendered: Rendered,
  ): MessageParts {
    entry.warnings ??= revisionWarnings(entry.dynamic ? null : entry.publishedHtml, revisionImageSources(entry));
    const staticWarnings = rendered.warnings ? inWarningOrder([...rendered.warnings, ...entry.warnings]) : entry.warnings;
    const options = {
      limits: this.options.limits,
      ...(locale ? { locale } : {}),
      ...(entry.helpers ? { helpers: entry.helpers } : {}),
      ...messagesOf(entry),
    };
    const text = request.includeText === false ? 'skip' : 'render';
    let parts: RenderedParts;
    try {
      parts = missing.run(() => renderParts(entry.parts, request.variables, options, rendered.preheader, rendered.html, text));
    } catch (error) {
      if (error instanceof RenderLimitError || error instanceof RenderError) throw error;
      throw new RenderError(`The subject, preheader or text failed to render with these variables: ${(error as Error).message}`);
    }
    const { headerWarnings, headers, ...texts } = parts;
    const { findings } = rendered;
    return {
      ...texts,
      text: texts.text === null || findings.length === 0 ? texts.text : scrubText(texts.text, findings),
      warnings: partWarnings(headerWarnings, rendered.htmlBytes, staticWarnings, findings, missing.paths()),
      ...(headers ? { headers } : {}),
    };
  }

  /**
   * What a render of template revision `revision` in `locale` runs before its variables: the published HTML
   * (composed with the layout and shared partial revisions the composer resolves to; its SHA-256 is the
   * render answer's `published_sha256`), the locale variant picked and the revisions used. `view`: the
   * revision as the caller read it (the audit: a past revision, perhaps of a project deleted since).
   * @throws as `render` (no variables are checked).
   */
  async compiled(
    ref: ProjectRef,
    revision: number,
    options: { locale?: string; view?: ProjectView } = {},
  ): Promise<Pick<RenderOutput, 'publishedSha256' | 'locale' | 'layoutRevision' | 'sharedPartialRevisions'> & { publishedHtml: string }> {
    const { entry, used } = await this.entryOf(ref, revision, options.locale, options.view);
    return {
      publishedHtml: entry.publishedHtml,
      publishedSha256: entry.publishedSha256,
      locale: entry.localized?.tag ?? null,
      ...(used ?? {}),
    };
  }

  /** The compiled entry a render of `revision` in `locale` uses: composed, then localized. @throws as `render`. */
  private async entryOf(
    ref: ProjectRef,
    revision: number,
    locale: string | undefined,
    view: ProjectView | undefined,
  ): Promise<{ entry: CachedTemplate; cache: 'HIT' | 'MISS'; used: UsedRevisions | undefined }> {
    let read = view ? async () => view : () => this.queries.getProjectAt(ref, revision);
    let entry = this.cache.get(ref, revision);
    let cache: 'HIT' | 'MISS' = entry ? 'HIT' : 'MISS';
    entry ??= await this.cache.getOrLoad(ref, revision, read);
    // A layout and shared partials first (their revisions name the composed entry), then the locale within it.
    let used: UsedRevisions | undefined;
    let variant = '';
    let resolved: ResolvedUses = { partials: [] };
    if (entry.composition && this.composed)
      ({ entry, cache, used, variant, read, resolved } = await this.composed.entry(ref, revision, entry, read));
    // The variant compiler only for a revision with locales: no closure on every other render.
    const compile = entry.localizedContent ? variantCompilerOf(this.composer, resolved) : undefined;
    entry = await localizedEntry(this.cache, { ref, revision, variant }, entry, locale, read, compile);
    return { entry, cache, used };
  }

  /**
   * A dynamic revision's body (stage 3): Handlebars (within the budget) generates MJML, compiled to HTML in
   * the compile pool under its deadline unless that exact MJML was compiled before (`cache` says which).
   * @throws RenderLimitError; RenderError (Handlebars throws, or MJML refuses what it generated);
   *   TemplateError `template_too_large`, `mjml_compile_timeout`; CompileQueueFullError.
   */
  private async renderDynamic(
    entry: CachedTemplate,
    request: RenderRequest,
    locale: string | undefined,
    preheader: string | null,
    missing: MissingReads,
  ): Promise<Rendered> {
    const mjml = this.renderText(entry, request.variables, locale, missing);
    const key = createHash('sha256').update(mjml, 'utf8').digest('hex');
    let compiled = this.mjmlCache.get(key);
    const cache = compiled ? 'HIT' : 'MISS';
    compiled ??= await this.compileMjml(key, mjml);
    // The preheader is placed in each render's copy: the cached HTML is the same whatever the preheader.
    const html = preheader === null ? compiled.html : placePreheader(compiled.html, preheader);
    const htmlBytes = Buffer.byteLength(html, 'utf8');
    if (htmlBytes > this.options.limits.maxBytes) throw new RenderLimitError('RENDER_MAX_BYTES', this.options.limits.maxBytes);
    return { body: html, escaped: false, html: () => html, htmlBytes, findings: [], preheader, cache, warnings: compiled.warnings };
  }

  private compileMjml(key: string, mjml: string): Promise<CompiledMjml> {
    let pending = this.mjmlLoading.get(key);
    if (!pending) {
      pending = this.loader
        .compileMjml(mjml)
        .then(({ html: generated }) => {
          // Script URLs the variables put into the generated MJML: replaced once per distinct MJML (cached).
          const { html, findings } = neutraliseHtml(generated);
          // Images without alt come from the revision's sources (`revisionWarnings`), not from this HTML.
          const compiled = { html, warnings: [...(findings.length > 0 ? [neutralisedUrlWarning(findings)] : []), ...linkWarnings(html)] };
          this.mjmlCache.set(key, compiled);
          return compiled;
        })
        .catch((error: unknown) => {
          // What the variables made the template generate that MJML refuses: the render's fault, not the revision's.
          if (error instanceof TemplateError && (error.code === 'invalid_mjml' || error.code === 'mjml_compile_failed'))
            throw new RenderError(`The MJML generated with these variables does not compile: ${error.message}`);
          throw error;
        })
        .finally(() => this.mjmlLoading.delete(key));
      this.mjmlLoading.set(key, pending);
    }
    return pending;
  }

  /** The rendered `metadata.preheader`, null when not set. @throws RenderLimitError; RenderError. */
  private preheader(
    entry: CachedTemplate,
    variables: Record<string, unknown>,
    locale: string | undefined,
    missing: MissingReads,
  ): string | null {
    if (!entry.parts.preheader) return null;
    try {
      return missing.run(() =>
        renderPreheader(entry.parts, variables, {
          limits: this.options.limits,
          ...(locale ? { locale } : {}),
          ...(entry.helpers ? { helpers: entry.helpers } : {}),
          ...messagesOf(entry),
        }),
      );
    } catch (error) {
      if (error instanceof RenderLimitError) throw error;
      throw new RenderError(`The preheader failed to render with these variables: ${(error as Error).message}`);
    }
  }

  private compileJsonForm(entry: CachedTemplate): void {
    this.cache.compileJsonForm(entry); // there: the entry's size grows by the form's
  }

  /**
   * A static revision's HTML and the script URLs replaced in it: by the safe-URL helper its URL attributes
   * were wrapped in, or, for a revision that could not be wrapped, by checking the whole HTML.
   * @throws as renderText.
   */
  private renderHtml(
    entry: CachedTemplate,
    variables: Record<string, unknown>,
    locale: string | undefined,
    missing: MissingReads,
  ): { html: string; findings: UrlFinding[] } {
    if (entry.urlScan) return neutraliseHtml(this.renderText(entry, variables, locale, missing));
    const { value, findings } = collectUrlFindings(() => this.renderText(entry, variables, locale, missing));
    return { html: value, findings };
  }

  /** @throws RenderLimitError past the budget; RenderError when Handlebars throws. */
  private renderText(entry: CachedTemplate, variables: Record<string, unknown>, locale: string | undefined, missing: MissingReads): string {
    try {
      const options = {
        ...(locale ? { locale } : {}),
        ...(entry.partials ? { partials: entry.partials } : {}),
        ...(entry.helpers ? { helpers: entry.helpers } : {}),
        ...messagesOf(entry),
      };
      return missing.run(() => renderWithin(entry.template, variables, this.options.limits, options));
    } catch (error) {
      if (error instanceof RenderLimitError) throw error;
      throw new RenderError(`The template failed to render with these variables: ${(error as Error).message}`);
    }
  }

  /**
   * The JSON-escaped render, or null to take the plain path: escaped output is longer than the HTML,
   * so its byte count is not the exact one the limit is about — past a limit (or on any error), the
   * plain render decides, exactly, with the message it gives.
   */
  private tryEscaped(
    template: CompiledTemplate,
    variables: Record<string, unknown>,
    locale: string | undefined,
    missing: MissingReads,
  ): { value: string; findings: UrlFinding[] } | null {
    try {
      return collectUrlFindings(() => missing.run(() => renderWithin(template, variables, this.options.limits, locale ? { locale } : {})));
    } catch {
      return null;
    }
  }

  /**
   * The template revision a render uses when the stream is at `latest`: the one asked for, the newest
   * create or save for `latest`, else the published one.
   * @throws DomainError `not_published` (review, nothing published, no revision asked for).
   */
  private async revisionToRender(ref: ProjectRef, asked: number | 'latest' | undefined, latest: number): Promise<number> {
    if (typeof asked === 'number') return asked;
    const { publishedRevision, templateRevision } = await this.queries.publishedAt(ref, latest);
    if (asked === 'latest') return templateRevision;
    if (publishedRevision === null) throw notPublished(ref.projectId, templateRevision);
    return publishedRevision;
  }

  /** Entries currently cached (for /health). */
  get size(): number {
    return this.cache.size;
  }

  /** Revisions compiled into the cache since start (for /health): misses that shared a compile count once. */
  get loads(): number {
    return this.cache.loads;
  }

  /** Approximate heap bytes of the cached revisions (for /metrics; revision-cache.ts `entrySize`). */
  get cacheBytes(): number {
    return this.cache.bytes;
  }
}

/** The `messages` render option of an entry rendered in a locale (locale-variants.ts); none otherwise. */
function messagesOf(entry: CachedTemplate): { messages?: LocaleMessages } {
  return entry.localized ? { messages: entry.localized.messages } : {};
}

/** The answer of a `format: "mjml"` render: the MJML markup (a dynamic revision's is its source, Handlebars left in); no parts. */
function mjmlAnswer(target: RenderTarget, request: RenderRequest): RenderOutput {
  return {
    ...revisionFields(target, request, target.cache),
    body: target.entry.mjml,
    escaped: false,
    parts: NO_PARTS,
    missingVariables: [],
  };
}

/** The last stage: the answer of an HTML render (same field order as before the pipeline: presenters read it by name). */
function answerOf(
  target: RenderTarget,
  request: RenderRequest,
  rendered: Rendered,
  parts: MessageParts,
  missing: MissingReads,
): RenderOutput {
  return {
    ...revisionFields(target, request, rendered.cache ?? target.cache),
    body: rendered.body,
    escaped: rendered.escaped,
    parts,
    missingVariables: missing.paths(),
  };
}

/** What every answer says of the revision it rendered: locale, id, revision, the layout/partial revisions used, and how it was found. */
function revisionFields({ ref, revision, entry, used }: RenderTarget, request: RenderRequest, cache: 'HIT' | 'MISS') {
  return {
    locale: entry.localized?.tag ?? null,
    id: ref.projectId,
    revision,
    ...(used ?? {}),
    updatedAt: entry.updatedAt,
    publishedSha256: entry.publishedSha256,
    mjmlVersion: used ? MJML_VERSION : entry.mjmlVersion,
    format: request.format,
    cache,
  };
}
