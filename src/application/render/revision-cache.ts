/**
 * Compiled revisions in memory: an LRU bounded in bytes, keyed by workspace, project and revision (a
 * save makes a new key, so an entry never goes stale). A miss compiles the revision in the compile pool
 * (`RevisionLoader`), once however many requests miss together, with its message parts and what its
 * variables contract needs.
 */
import { LRUCache } from 'lru-cache';
import type { TemplateComposition } from '../../domain/composition.js';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { HelperDeclaration, ProjectRef } from '../../domain/project.js';
import {
  type CompiledTemplate,
  type LoadedHelpers,
  type LoadedPartials,
  type TemplateOutput,
  type DataRead,
  type ImageSource,
  partialFile,
  toMjmlMarkup,
  CompileQueueFullError,
} from '../../rendering/index.js';
import type { ProjectView } from '../read/index.js';
import type { LocalizedContent } from '../../domain/locales.js';
import type { LocaleMessages } from '../../rendering/index.js';
import { partSources, type CompiledParts, type EmailWarning } from './render-parts.js';
import { declaredSchema, type VariablesContract } from './render-variables.js';
import { entrySize, functionBytes } from './cache-size.js';

/** Makes a stored revision renderable, and lists what it reads (in the compile pool: rendering/compile/client.ts). */
export interface RevisionLoader {
  /** The template compiled to write `output` (null when it cannot write `json`), and the published HTML's hex SHA-256. */
  /** With `parts`: also the subject, preheader and plain-text templates (format html). */
  /** With `partials`: the revision's project partials compiled too (and counted in what it reads). */
  load(
    publishedHtml: string,
    output: TemplateOutput,
    parts?: { subject?: string; preheader?: string; headers?: Record<string, string> },
    partials?: Record<string, string>,
    helpers?: Record<string, HelperDeclaration>,
    dynamic?: boolean,
  ): Promise<{
    template: CompiledTemplate | null;
    publishedSha256: string;
    reads: DataRead[];
    parts?: CompiledParts & { reads: DataRead[] };
    partials?: LoadedPartials;
    helpers?: LoadedHelpers;
    urlScan?: true;
    /** Bytes of the JavaScript sources loaded (V8 keeps them with the functions); counted in the entry's size. */
    sourceBytes?: number;
  }>;
  variables(ast: MjmlNode, partials?: Record<string, string>, source?: string): Promise<string[]>;
  /** The MJML a dynamic revision's render generated, compiled to HTML (in the compile pool, under its deadline). */
  compileMjml(mjml: string): Promise<{ html: string }>;
}

/** A cached revision rendered in one of its locales (locale-variants.ts). */
export interface LocalizedEntry {
  /** Canonical BCP 47 tag of the variant used (the render answer's `locale`, `Content-Language`). */
  tag: string;
  messages: LocaleMessages;
  /** Keys the template reads that this variant has no string for (sorted): strict renders refuse them. */
  missingKeys: string[];
}

/** A revision made renderable, as the cache keeps it. */
export interface CachedTemplate {
  template: CompiledTemplate;
  /**
   * The form that writes JSON-escaped output: compiled in the background when a revision is rendered
   * as JSON from the cache (so a miss pays for one compile, and only revisions rendered again for two);
   * `loading` meanwhile; null when the template cannot have it.
   */
  jsonTemplate?: CompiledTemplate | null | 'loading';
  publishedHtml: string;
  /** A dynamic revision: `template` generates MJML, compiled per distinct output (render-template.ts). */
  dynamic?: boolean;
  /** The revision's project partials, loaded; passed to every render of it (and only of it). */
  partials?: LoadedPartials;
  /** The revision's project partials as stored (Handlebars sources): where its images are also read from. */
  partialSources?: Record<string, string>;
  /** The revision's declared helpers, loaded; passed to every render of it (and only of it). */
  helpers?: LoadedHelpers;
  /** The layout and shared partials the revision follows: renders use its composition with their revisions now. */
  composition?: TemplateComposition;
  /** Script URLs are found by checking each rendered HTML whole (rendering/handlebars/safe-url.ts); no JSON form. */
  urlScan?: true;
  updatedAt: string;
  publishedSha256: string;
  /** The mjml that compiled the revision's published HTML (its save's; a composition is compiled again here). */
  mjmlVersion: string;
  /** The variables contract: what the template reads, its declared schema, the inferred ones once built. */
  contract: VariablesContract;
  parts: CompiledParts;
  /** `metadata.locale` when it is a valid BCP 47 tag: the default locale of the formatting helpers. */
  locale: string | undefined;
  /** Warnings about the revision itself (its images, the links of its HTML), found on its first render. */
  warnings?: EmailWarning[];
  /** What the template reads, listed on the first GET /templates/:id. */
  variables?: string[];
  /**
   * The MJML markup (`format: "mjml"`, and what image warnings read), serialised once when the entry is built:
   * kept instead of the AST it is made from, a fifth of its heap (a dynamic revision's: its source, `publishedHtml`).
   */
  mjml: string;
  /** The revision's localized variants (docs/locales.md); absent when it has none. */
  localizedContent?: LocalizedContent;
  /** Set on the entry of one locale of the revision (locale-variants.ts): its tag, messages and missing strings. */
  localized?: LocalizedEntry;
  /** Approximate heap bytes the entry holds (`entrySize`), the JSON form's once it is loaded. */
  size: number;
}

export class RevisionCache {
  readonly #cache: LRUCache<string, CachedTemplate>;
  /** The key each cached entry is kept under: an entry whose JSON form arrives is set again, with its new size. */
  readonly #keys = new WeakMap<CachedTemplate, string>();
  /** Misses being loaded: concurrent requests for one revision share one compile. */
  readonly #loading = new Map<string, Promise<CachedTemplate>>();
  #loads = 0;

  /** @param maxBytes upper bound of the cache, approximate bytes (RENDER_CACHE_MB). */
  constructor(
    private readonly loader: RevisionLoader,
    maxBytes: number,
  ) {
    this.#cache = new LRUCache<string, CachedTemplate>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.size });
  }

  /**
   * The cached revision, if any (marks it recently used). `variant`: which composition or locale of it (the
   * layout and shared partial revisions it was composed with: template-composer.ts `usesKey`; a locale's tag,
   * under its composition's key when it has one: locale-variants.ts); '' for the revision as saved.
   */
  get(ref: ProjectRef, revision: number, variant = ''): CachedTemplate | undefined {
    return this.#cache.get(cacheKey(ref, revision, variant));
  }

  /** Keep `entry` as the revision's entry for `variant` (locale-variants.ts builds it from the revision's own). */
  put(ref: ProjectRef, revision: number, variant: string, entry: CachedTemplate): void {
    this.#set(cacheKey(ref, revision, variant), entry);
  }

  #set(key: string, entry: CachedTemplate): void {
    this.#keys.set(entry, key);
    this.#cache.set(key, entry);
  }

  /**
   * Compile the JSON-escaped form of a cached revision in the background (`entry.jsonTemplate`: 'loading',
   * then the form, or null when the template cannot have one, or undefined again when the compile queue was
   * full, to try on a later render); the entry's size grows by what the form holds. Never throws.
   */
  compileJsonForm(entry: CachedTemplate): void {
    entry.jsonTemplate = 'loading';
    this.loader.load(entry.publishedHtml, 'json').then(
      ({ template, sourceBytes }) => {
        entry.jsonTemplate = template;
        if (template === null) return;
        entry.size += functionBytes(sourceBytes ?? entry.publishedHtml.length * 2);
        const key = this.#keys.get(entry);
        // Set again to be sized again (lru-cache sizes a value when it is set, and setting the same value is a no-op).
        if (key !== undefined && this.#cache.peek(key) === entry) {
          this.#cache.delete(key);
          this.#cache.set(key, entry);
        }
      },
      (error: unknown) => {
        entry.jsonTemplate = error instanceof CompileQueueFullError ? undefined : null; // busy: try again on a later render
      },
    );
  }

  /** Approximate bytes of the entries cached (their `size`; for /metrics). */
  get bytes(): number {
    return this.#cache.calculatedSize;
  }

  /** The cached revision, or `read` and compile it. @throws what `read` and the loader throw (nothing is cached then). */
  getOrLoad(ref: ProjectRef, revision: number, read: () => Promise<ProjectView>, variant = ''): Promise<CachedTemplate> {
    const cached = this.get(ref, revision, variant);
    return cached ? Promise.resolve(cached) : this.#load(cacheKey(ref, revision, variant), read);
  }

  /**
   * The cached revision, or `read` and compile it without caching it (nor counting it as a load): for a
   * look at a revision that is not a render (the publish gate's contracts), which must not make the next
   * render of it a cache hit. @throws what `read` and the loader throw.
   */
  async peekOrBuild(ref: ProjectRef, revision: number, read: () => Promise<ProjectView>): Promise<CachedTemplate> {
    return this.get(ref, revision) ?? this.build(await read());
  }

  /** Entries currently cached (for /health). */
  get size(): number {
    return this.#cache.size;
  }

  /** Revisions compiled into the cache since start (for /health): misses that shared a compile count once. */
  get loads(): number {
    return this.#loads;
  }

  #load(key: string, read: () => Promise<ProjectView>): Promise<CachedTemplate> {
    let pending = this.#loading.get(key);
    if (!pending) {
      this.#loads += 1;
      pending = (async () => {
        const entry = await this.build(await read());
        this.#set(key, entry);
        return entry;
      })().finally(() => this.#loading.delete(key));
      this.#loading.set(key, pending);
    }
    return pending;
  }

  /**
   * A revision compiled: its template, parts and contract, not cached (a composition no render uses yet: the
   * publish gate of a layout's followers). @throws what the loader throws.
   */
  async build(view: ProjectView): Promise<CachedTemplate> {
    const dynamic = view.renderMode === 'dynamic';
    const loaded = await this.loader.load(view.publishedHtml, 'html', partSources(view.metadata), view.partials, view.helpers, dynamic);
    const { template, publishedSha256 } = loaded;
    const reads = [...loaded.reads, ...(loaded.parts?.reads ?? [])];
    const parts = loaded.parts ?? { subject: null, preheader: null, text: null };
    if (template === null) throw new Error('the HTML form of a template is always compiled');
    const contract = { reads, declared: declaredSchema(view.metadata) };
    const localizedContent: LocalizedContent = {
      ...(view.defaultLocale !== null ? { defaultLocale: view.defaultLocale } : {}),
      locales: view.locales,
    };
    const mjml = dynamic ? view.publishedHtml : toMjmlMarkup(view.ast);
    const size = entrySize([view.publishedHtml, ...(dynamic ? [] : [mjml]), ...Object.values(view.partials)], loaded.sourceBytes);
    const entry: CachedTemplate = {
      template,
      ...(loaded.partials ? { partials: loaded.partials } : {}),
      ...(Object.keys(view.partials).length > 0 ? { partialSources: view.partials } : {}),
      ...(loaded.helpers || dynamic || loaded.urlScan ? { jsonTemplate: null } : {}),
      ...(loaded.helpers ? { helpers: loaded.helpers } : {}),
      ...(loaded.urlScan ? { urlScan: true as const } : {}),
      ...(dynamic ? { dynamic } : {}),
      ...(Object.keys(view.locales).length > 0 ? { localizedContent } : {}),
      ...(view.composition ? { composition: view.composition } : {}),
      publishedHtml: view.publishedHtml,
      publishedSha256,
      contract,
      parts,
      locale: metadataLocale(view.metadata),
      mjml,
      updatedAt: view.updatedAt,
      mjmlVersion: view.mjmlVersion,
      size,
    };
    return entry;
  }
}

/**
 * What a revision's images are read from (`image_without_alt`, email/image-alt.ts): its MJML (serialised
 * as the entry keeps it; a dynamic revision's source) and its project partials.
 */
export function revisionImageSources(entry: CachedTemplate): ImageSource[] {
  return [
    { file: '', text: entry.mjml },
    ...Object.entries(entry.partialSources ?? {}).map(([name, partial]) => ({ file: partialFile(name), text: partial })),
  ];
}

/** The entry of a revision (`variant` ''), or of one of its compositions or locales: the key names every revision a render used. */
function cacheKey(ref: ProjectRef, revision: number, variant: string): string {
  return `${ref.workspace}\u0000${ref.projectId}\u0000${revision}${variant === '' ? '' : `\u0000${variant}`}`;
}

/** `metadata.locale` canonicalised (ECMA-402 `Intl.getCanonicalLocales`), undefined when absent or not a BCP 47 tag. */
function metadataLocale(metadata: Record<string, unknown>): string | undefined {
  const locale = metadata['locale'];
  if (typeof locale !== 'string') return undefined;
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}
