/**
 * The audit of one instant (docs/audit.md): which template revision renders of a project used at instant `at`,
 * the layout and shared partial revisions they were composed with, the locale variant a render asking a locale
 * picked, and the exact published HTML they ran (its SHA-256 is the `published_sha256` those renders
 * answered) — or an email rendered again from it, byte for byte.
 *
 * Nothing here is a second copy of a render rule: the project's published revision at `at` is
 * `ProjectQueries.getProjectAsOf`, the layout and partial revisions are `SharedDocuments.resolveAt` (the
 * resolve of renders, over the streams folded up to `at`), and composition, compile, locale choice and render
 * are a `TemplateRenderer` of the render slice whose composer resolves at `at`.
 */
import { DomainError } from '../../domain/errors.js';
import type { ProjectRef } from '../../domain/project.js';
import { MJML_VERSION } from '../../rendering/index.js';
import type { TemplatePreparer } from '../ports/index.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import { TemplateComposer, TemplateRenderer, type RendererOptions, type RevisionLoader, type SharedDocuments } from '../render/index.js';

/** What the audit needs: the read side, the layouts and partials, and the compile path renders use. */
export interface AuditDeps {
  queries: ProjectQueries;
  documents: Pick<SharedDocuments, 'resolveAt'>;
  /** The preparer saves and renders compose with (the compile pool's, localized). */
  preparer: TemplatePreparer;
  /** The loader renders compile revisions with. */
  loader: RevisionLoader;
  renderer: RendererOptions;
}

/** Why nothing rendered at `at` (`status` other than `rendered`). */
export type NothingStatus = 'not_existing' | 'deleted' | 'not_published';

/** A layout or shared partial revision a render used; `pinned`: the project names that revision, else it follows the published one. */
export interface UsedDocument {
  id: string;
  revision: number;
  pinned: boolean;
}

/**
 * The answer for one instant (field names of `--json`, docs/audit.md). With `status: 'rendered'` every
 * member is set; otherwise only `project_id`, `workspace`, `at`, `locale_asked`, `status` and `detail`.
 */
export interface AuditAt {
  project_id: string;
  workspace: string;
  /** The instant asked, as given (RFC 3339). */
  at: string;
  status: 'rendered' | NothingStatus;
  /** Why nothing rendered, in words; null when something did. */
  detail: string | null;
  /** The template revision renders without `revision` used then. */
  revision?: number;
  /** When that revision was saved (RFC 3339). */
  saved_at?: string;
  /**
   * The mjml version of the published HTML: the one the revision was saved with, or, for a revision composed
   * with a layout or shared partials (compiled again at every new composition, by the running service), the
   * one installed here, with which the audit compiled it.
   */
  mjml_version?: string;
  /** True when the published HTML is a composition the audit compiled again; false: the revision's stored HTML. */
  composed?: boolean;
  /** The layout in effect (null: none). */
  layout?: UsedDocument | null;
  shared_partials?: UsedDocument[];
  /** The locale asked (`--locale`); null: none, the default locale. */
  locale_asked: string | null;
  /** The locale variant a render asking `locale_asked` used (null: the revision has no locales). */
  locale?: string | null;
  /** Hex SHA-256 of the composed published HTML: the `published_sha256` of those renders. */
  published_sha256?: string;
  published_bytes?: number;
}

/** The audit of instants. One instance per process: its renderers' caches are per instant. */
export class InstantAudit {
  constructor(private readonly deps: AuditDeps) {}

  /**
   * What renders of `ref` (without `revision`, asking `locale`) used at instant `at` (RFC 3339).
   * @throws DomainError `layout_not_found`/`partial_not_found` (renders then failed too); TemplateError when
   *   the composition does not compile; what the stores throw.
   */
  async at(ref: ProjectRef, at: string, locale?: string): Promise<AuditAt> {
    const head = { project_id: ref.projectId, workspace: ref.workspace, at, locale_asked: locale ?? null };
    const found = await this.publishedAt(ref, at);
    if ('status' in found) return { ...head, ...found };
    const view = found.view;
    const compiled = await this.rendererAt(at, view.revision).compiled(ref, view.revision, { view, ...(locale ? { locale } : {}) });
    const composition = view.composition;
    const pinned = (id: string, uses: { id: string; revision?: number }[] | undefined) =>
      uses?.find((use) => use.id === id)?.revision !== undefined;
    const layoutId = composition?.layout?.id;
    return {
      ...head,
      status: 'rendered',
      detail: null,
      revision: view.revision,
      saved_at: view.updatedAt,
      mjml_version: composition ? MJML_VERSION : view.mjmlVersion,
      composed: composition !== undefined,
      layout:
        layoutId !== undefined && compiled.layoutRevision != null
          ? { id: layoutId, revision: compiled.layoutRevision, pinned: composition?.layout?.revision !== undefined }
          : null,
      shared_partials: Object.entries(compiled.sharedPartialRevisions ?? {}).map(([id, revision]) => ({
        id,
        revision,
        pinned: pinned(id, composition?.sharedPartials),
      })),
      locale: compiled.locale,
      published_sha256: compiled.publishedSha256,
      published_bytes: Buffer.byteLength(compiled.publishedHtml, 'utf8'),
    };
  }

  /**
   * The exact published HTML renders of `ref` ran at `at` (before variables), or, with `variables`, the
   * email HTML a render with them answered (the render answer's `html`, same bytes).
   * @throws DomainError `revision_not_found` (did not exist yet), `project_deleted`, `not_published`,
   *   `project_not_found`; what `at` throws; RenderError and the variables errors of a render.
   */
  async html(ref: ProjectRef, at: string, options: { locale?: string; variables?: Record<string, unknown> } = {}): Promise<string> {
    const view = await this.deps.queries.getProjectAsOf(ref, at);
    const renderer = this.rendererAt(at, view.revision);
    const locale = options.locale ? { locale: options.locale } : {};
    if (options.variables === undefined) return (await renderer.compiled(ref, view.revision, { view, ...locale })).publishedHtml;
    const rendered = await renderer.render(ref, { variables: options.variables, format: 'html', revision: view.revision, view, ...locale });
    return rendered.body;
  }

  /** The view of the revision published at `at`, or why there is none. @throws what the stores throw. */
  private async publishedAt(ref: ProjectRef, at: string): Promise<{ view: ProjectView } | { status: NothingStatus; detail: string }> {
    try {
      return { view: await this.deps.queries.getProjectAsOf(ref, at) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'revision_not_found' || error.code === 'project_not_found')
        return { status: 'not_existing', detail: `${ref.projectId} did not exist yet at ${at}.` };
      if (error.code === 'project_deleted') return { status: 'deleted', detail: error.message };
      if (error.code === 'not_published') return { status: 'not_published', detail: error.message };
      throw error;
    }
  }

  /**
   * A renderer as renders at `at` ran: its composer resolves layouts and partials as they were at `at`, and
   * it renders the one revision asked (no current-revision index, no shapes recorded).
   */
  private rendererAt(at: string, revision: number): TemplateRenderer {
    const { documents, preparer, loader, queries } = this.deps;
    const composer = new TemplateComposer({ resolve: (kind, workspace, use) => documents.resolveAt(kind, workspace, use, at) }, preparer);
    return new TemplateRenderer(queries, loader, this.deps.renderer, { current: async () => revision }, undefined, composer);
  }
}
