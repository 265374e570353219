/**
 * What a template revision reads and takes, as renders would use it (docs/variables.md, docs/locales.md,
 * docs/publishing.md): the variables it reads, its inferred and declared schemas, its locales, and the
 * variables contract the publish gate compares — composed with the layout and shared partials renders use
 * now, and united over its localized variants. Shares the renderer's revision cache, so a describe after a
 * render (or before one) compiles nothing twice.
 */
import { DomainError } from '../../domain/errors.js';
import { pickLocale } from '../../domain/locales.js';
import type { ProjectRef } from '../../domain/project.js';
import { formatPath, schemaDifferences, sortedUnique, type JsonSchema, type SchemaDifference } from '../../rendering/index.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import type { ComposedRevisions } from './composed-revisions.js';
import { localizedEntry, variantCompilerOf, variantViews } from './locale-variants.js';
import { READ_A_DRAFT, notPublished } from './render-errors.js';
import { messagePartReads } from './render-parts.js';
import { VariablesPolicy, type VariablesContract } from './render-variables.js';
import type { RevisionCache, RevisionLoader } from './revision-cache.js';
import type { ResolvedUses, TemplateComposer } from './template-composer.js';

/** The reads of template revisions; built by `TemplateRenderer` over its cache (`renderer.reads`). */
export class RevisionReads {
  private readonly variablesPolicy = new VariablesPolicy();

  constructor(
    private readonly cache: RevisionCache,
    private readonly queries: ProjectQueries,
    private readonly loader: RevisionLoader,
    /** Composes revisions that follow a layout or shared partials; none: read as saved. */
    private readonly composer?: Pick<TemplateComposer, 'resolve' | 'prepare'>,
    private readonly composed?: ComposedRevisions,
  ) {}

  /**
   * The template revision a render uses (`asked` as a render's `revision`: omitted, the published one) and
   * the variables its template reads: its body (and partials) and its subject and preheader. The view's
   * `revision` is that template revision.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`, `not_published`; the
   *   loader's errors on a miss.
   */
  async describe(ref: ProjectRef, asked?: number | 'latest'): Promise<{ view: ProjectView; variables: string[] }> {
    const view = await this.describedView(ref, asked);
    const entry = await this.cache.getOrLoad(ref, view.revision, async () => view);
    if (entry.variables === undefined) {
      const body = await this.loader.variables(view.ast, view.partials, entry.dynamic ? view.publishedHtml : undefined);
      entry.variables = sortedUnique([...body, ...messagePartReads(view.metadata).map((read) => formatPath(read.path))]);
    }
    return { view, variables: entry.variables };
  }

  /**
   * What the template revision a render uses takes (`asked` as in `describe`; `locale`: rendered in that locale,
   * docs/locales.md): the schema inferred from what it reads, the declared one (`metadata.variables`, null when none) and how they differ.
   * @throws as `describe`.
   */
  async variables(
    ref: ProjectRef,
    asked?: number | 'latest',
    locale?: string,
  ): Promise<{ inferred: JsonSchema; declared: JsonSchema | null; differences: SchemaDifference[] }> {
    const view = await this.describedView(ref, asked);
    const base = await this.cache.getOrLoad(ref, view.revision, async () => view);
    // Its subject, preheader and own markup read too. A revision that follows a layout: its own markup's reads.
    const resolved = base.composition && this.composer ? await this.composer.resolve(ref.workspace, base.composition) : { partials: [] };
    const compile = variantCompilerOf(this.composer, resolved);
    const entry = await localizedEntry(this.cache, { ref, revision: view.revision, variant: '' }, base, locale, async () => view, compile);
    const inferred = this.variablesPolicy.inferred(entry.contract);
    const declared = entry.contract.declared ?? null;
    return { inferred, declared, differences: declared ? schemaDifferences(inferred, declared) : [] };
  }

  /**
   * The locales of the template revision a render uses (`asked` as in `describe`): the tag a render in `locale`
   * uses (null for a revision without locales) and the tags of the variants with their own `mjml`, sorted.
   * @throws as `describe`.
   */
  async locales(ref: ProjectRef, asked?: number | 'latest', locale?: string): Promise<{ tag: string | null; withMarkup: string[] }> {
    const view = await this.describedView(ref, asked);
    const content = { ...(view.defaultLocale !== null ? { defaultLocale: view.defaultLocale } : {}), locales: view.locales };
    const withMarkup = Object.keys(view.locales).filter((tag) => view.locales[tag]!.mjml !== undefined);
    return { tag: pickLocale(content, locale)?.tag ?? null, withMarkup: withMarkup.sort() };
  }

  /**
   * The variables contract of template revision `revision` as renders would use it now (the publish gate
   * compares two, docs/publishing.md): composed with the layout and shared partial revisions its uses resolve
   * to now, and the union of what every locale's render reads — the main markup's and each variant's own
   * subject, preheader and `mjml` (recorded shapes do not carry the locale, so every shape meets the union).
   * A layout or shared partial it follows that is gone: the contract as composed at its save (its main markup).
   * @throws DomainError `revision_not_found`; TemplateError; the loader's errors on a miss.
   */
  async contractAt(ref: ProjectRef, revision: number): Promise<VariablesContract> {
    const read = () => this.queries.getProjectAt(ref, revision);
    // Not cached when it was not: the next render of the revision is still a miss (X-Cache), as before the gate.
    const entry = await this.cache.peekOrBuild(ref, revision, read);
    if (!entry.localizedContent && !(entry.composition && this.composed)) return entry.contract;
    const composed = entry.composition !== undefined && this.composed !== undefined;
    const now = await this.viewNow(ref, await read());
    if (now === null) return entry.contract;
    const { view, resolved } = now;
    // A composed revision's own contract is of its composition at save time: built again from today's.
    return this.unitedContract(view, resolved, composed ? undefined : entry.contract);
  }

  /**
   * The variables contract of `view` as given: a follower's revision composed with a layout or partial
   * revision renders do not use yet (a layout publish's gate, docs/layouts.md), united with its variants'
   * (their own `mjml` composed with `uses`, the revisions `view` was composed with). Compiled, never cached.
   * @throws the loader's errors; TemplateError (a variant's markup).
   */
  async contractOf(view: ProjectView, uses: ResolvedUses = { partials: [] }): Promise<VariablesContract> {
    return this.unitedContract(view, uses);
  }

  /**
   * The localized variants of template revision `revision` that are not the template's own content, each as a
   * render in its locale compiles it now (composed as `contractAt`), in tag order: what the policy checks at a
   * publish besides the main markup (docs/policy.md).
   * @throws as `contractAt`.
   */
  async variantsAt(ref: ProjectRef, revision: number): Promise<Array<{ tag: string; view: ProjectView; ownMarkup: boolean }>> {
    const now = await this.viewNow(ref, await this.queries.getProjectAt(ref, revision));
    return now === null ? [] : variantViews(now.view, variantCompilerOf(this.composer, now.resolved));
  }

  /**
   * `view` composed as renders compose it now (as saved without a composition), and the revisions that uses;
   * null when a layout or shared partial it follows is gone (deleted, or nothing published): no render of it
   * composes, and the checks keep what was checked at its save rather than refusing for a missing layout.
   */
  private async viewNow(ref: ProjectRef, view: ProjectView): Promise<{ view: ProjectView; resolved: ResolvedUses } | null> {
    if (!view.composition || !this.composed) return { view, resolved: { partials: [] } };
    try {
      return await this.composed.now(ref.workspace, view);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'layout_not_found' || error.code === 'partial_not_found')) return null;
      throw error;
    }
  }

  /** The contract of `view` (`base`: already built) with the reads of each of its variants added. */
  private async unitedContract(view: ProjectView, uses: ResolvedUses, base?: VariablesContract): Promise<VariablesContract> {
    const own = base ?? (await this.cache.build(view)).contract;
    const reads = [...own.reads];
    for (const variant of await variantViews(view, variantCompilerOf(this.composer, uses)))
      reads.push(...(await this.cache.build(variant.view)).contract.reads);
    return { reads, declared: own.declared };
  }

  /**
   * The template revision `describe` and `variables` read, as a view whose `revision` is that template
   * revision: `asked`, the latest create or save for `latest`, else the published one. Under `on_save` that
   * is always the current revision, read from the read model as before publishing modes existed.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found` (also a publish's
   *   revision), `not_published`.
   */
  private async describedView(ref: ProjectRef, asked: number | 'latest' | undefined): Promise<ProjectView> {
    const current = await this.queries.getProject(ref);
    const { publishedRevision, templateRevision } = await this.queries.publishedAt(ref, current.revision);
    const revision = asked === undefined ? publishedRevision : asked === 'latest' ? templateRevision : asked;
    if (revision === null) throw notPublished(ref.projectId, templateRevision, READ_A_DRAFT);
    if (revision === current.revision && revision === templateRevision) return current;
    return this.queries.getProjectAt(ref, revision);
  }
}
