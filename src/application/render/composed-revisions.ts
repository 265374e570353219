/**
 * Renders of a revision that follows a layout or shared partials (docs/layouts.md): at each render the
 * revisions its uses resolve to are read (a publish of a layout is seen by the next render), and the
 * revision composed with exactly those is taken from the cache under a key naming every one of them, or
 * composed and compiled once. An entry never goes stale: another layout revision is another key.
 */
import type { ProjectRef } from '../../domain/project.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import type { CachedTemplate, RevisionCache } from './revision-cache.js';
import { usedRevisions, usesKey, type ResolvedUses, type TemplateComposer } from './template-composer.js';

/** The revisions of the layout and shared partials a render used (`layout_revision`: null without a layout). */
export interface UsedRevisions {
  layoutRevision: number | null;
  sharedPartialRevisions: Record<string, number>;
}

export class ComposedRevisions {
  constructor(
    private readonly cache: RevisionCache,
    private readonly composer: Pick<TemplateComposer, 'resolve' | 'prepare'>,
    private readonly queries: Pick<ProjectQueries, 'getProjectAt'>,
  ) {}

  /**
   * `base` (a revision with a `composition`) composed with what its uses resolve to now.
   * @throws DomainError `layout_not_found`, `partial_not_found` (deleted meanwhile, or a pinned revision
   *   gone); TemplateError when the composition no longer compiles; what the loader throws.
   */
  async entry(
    ref: ProjectRef,
    revision: number,
    base: CachedTemplate,
    /** The revision's view (partials, helpers); default: read from the queries. */
    readBase: () => Promise<ProjectView> = () => this.queries.getProjectAt(ref, revision),
  ): Promise<{
    entry: CachedTemplate;
    cache: 'HIT' | 'MISS';
    used: UsedRevisions;
    variant: string;
    read: () => Promise<ProjectView>;
    resolved: ResolvedUses;
  }> {
    const composition = base.composition!;
    const resolved = await this.composer.resolve(ref.workspace, composition);
    const variant = usesKey(resolved);
    // The composed view: what a localized variant with its own subject or preheader is compiled from too.
    const read = async (): Promise<ProjectView> => this.#composed(await readBase(), composition, resolved);
    const used = usedRevisions(resolved);
    const cached = this.cache.get(ref, revision, variant);
    if (cached) return { entry: cached, cache: 'HIT', used, variant, read, resolved };
    const entry = await this.cache.getOrLoad(ref, revision, read, variant);
    return { entry, cache: 'MISS', used, variant, read, resolved };
  }

  /**
   * `view` (a revision with a `composition`) composed as a render composes it now (`entry`), and the revisions
   * used, cached nowhere: what the publish gate and the policy check at a publish (docs/publishing.md).
   * @throws as `entry`.
   */
  async now(workspace: string, view: ProjectView): Promise<{ view: ProjectView; resolved: ResolvedUses }> {
    const composition = view.composition!;
    const resolved = await this.composer.resolve(workspace, composition);
    return { view: await this.#composed(view, composition, resolved), resolved };
  }

  async #composed(
    view: ProjectView,
    composition: NonNullable<CachedTemplate['composition']>,
    resolved: ResolvedUses,
  ): Promise<ProjectView> {
    // Soft: the composition was checked when the template was saved and when the layout was published.
    const prepared = await this.composer.prepare({ ...composition, partials: view.partials, helpers: view.helpers }, resolved, 'soft');
    return { ...view, ast: prepared.template.ast, publishedHtml: prepared.template.publishedHtml };
  }
}
