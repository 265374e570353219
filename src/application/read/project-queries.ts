/**
 * The read side: projects from the read models (current revision) or from the event store (a past
 * revision, whose saved event carries exactly what was published then).
 */
import { DomainError, revisionNotFound } from '../../domain/errors.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import { evolve, initialState, projectStream, type ProjectRef, type ProjectState, type Publishing } from '../../domain/project.js';
import { publishedTemplateView, type PublishedTemplateView } from '../../domain/published-template.js';
import { publishingOf, type ProjectDetailsDoc, type RevisionHistoryItem, type TemplateSummaryDoc } from '../../../projections/index.js';
import type { CurrentRevision, CurrentRevisions } from './current-revisions.js';
import { type EventStore, type ReadModelStore, type RecordedEvent, decodeProjectEvent } from '../ports/index.js';
import { eventAt } from './project-history.js';
import { creationOf, revisionLiveAt, revisionPage } from './revision-index.js';
import { PublishedRevisions, type PublishedAt } from './published-revisions.js';

export type { CurrentRevision } from './current-revisions.js';

/** A project as of one revision: its published template with every optional field filled in (`publishedTemplateView`). */
export interface ProjectView extends ProjectRef, PublishedTemplateView {
  revision: number;
  createdAt: string;
  updatedAt: string;
  metadata: ProjectMetadata;
  /** The project's publishing now (also on a past revision's view): what renders use by default. */
  publishing: PublishingView;
}

/**
 * How a project publishes and what it publishes now. `publishedRevision` is the template revision a render
 * without `revision` uses (null under review before a first publish); `unpublishedChanges`: the latest
 * create or save is not the published one.
 */
export interface PublishingView {
  mode: Publishing;
  publishedRevision: number | null;
  /** RFC 3339; null when nothing is published. */
  publishedAt: string | null;
  unpublishedChanges: boolean;
}

/**
 * One entry of the project lists (GET /projects, GET /templates): the `template-list` summary with its
 * publishing filled in (`publishingOf`: documents of `on_save` projects store no publishing fields).
 */
export interface ProjectSummary extends Omit<TemplateSummaryDoc, 'publishing' | 'templateRevision' | 'publishedRevision' | 'publishedAt'> {
  publishing: PublishingView;
}

/** The list entry of a `template-list` document. Pure. */
export function summaryOf(doc: TemplateSummaryDoc): ProjectSummary {
  const { workspace, id, name, subject, revision, createdAt, updatedAt } = doc;
  return { workspace, id, name, subject, revision, createdAt, updatedAt, publishing: publishingView(publishingOf(doc)) };
}

/** The `PublishingView` of a folded state or a read-model document's publishing fields. */
export function publishingView(state: {
  publishing: Publishing;
  templateRevision: number;
  publishedRevision: number | null;
  publishedAt: string | null;
}): PublishingView {
  const { publishing: mode, publishedRevision, publishedAt } = state;
  return { mode, publishedRevision, publishedAt, unpublishedChanges: publishedRevision !== state.templateRevision };
}

export class ProjectQueries {
  /** What each stream revision publishes (remembered: history does not change). */
  readonly #published: PublishedRevisions;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly eventStore: EventStore,
    /** When given, `currentRevision` answers from this in-memory index (kept current by the projector). */
    private readonly revisions?: CurrentRevisions,
  ) {
    this.#published = new PublishedRevisions(readModels, eventStore);
  }

  /**
   * Which template revision `ref` publishes (what a render without `revision` uses; null under review before
   * a first publish) and its latest template revision, when its stream is at `streamRevision` (e.g.
   * `currentRevision(ref).revision`). @see PublishedRevisions
   */
  publishedAt(ref: ProjectRef, streamRevision: number): Promise<PublishedAt> {
    return this.#published.at(ref, streamRevision);
  }

  /**
   * The published revision of a live project as a view (its template, metadata and time), for whoever
   * compares or renders "published": null under review before a first publish.
   * @throws DomainError `project_not_found`, `project_deleted`.
   */
  async getPublishedProject(ref: ProjectRef): Promise<ProjectView | null> {
    const current = await this.getProject(ref);
    const published = current.publishing.publishedRevision;
    return published === null ? null : this.getProjectAt(ref, published);
  }

  /** The current revision (`revision` is the stream revision: the ETag). @throws DomainError `project_not_found`, `project_deleted`. */
  async getProject(ref: ProjectRef): Promise<ProjectView> {
    return viewOfDoc(ref, await this.details(ref));
  }

  /** The live project's project-details document. @throws DomainError `project_not_found`, `project_deleted`. */
  private async details(ref: ProjectRef): Promise<LiveDetails> {
    const doc = await this.readModels.get<ProjectDetailsDoc>('project-details', location(ref));
    if (!doc) throw notFound(ref);
    if (doc.status === 'deleted' || !doc.ast || doc.publishedHtml === null || !doc.mjmlVersion) {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' was deleted${doc.deletedAt ? ` at ${doc.deletedAt}` : ''}.`);
    }
    return { ...doc, ast: doc.ast, publishedHtml: doc.publishedHtml, mjmlVersion: doc.mjmlVersion };
  }

  /**
   * The project as it was at template revision `revision` (its own published HTML, AST and metadata; the
   * project's publishing as it is now). A publish event's revision is not a template revision.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`.
   */
  async getProjectAt(ref: ProjectRef, revision: number): Promise<ProjectView> {
    const doc = await this.details(ref);
    const current = viewOfDoc(ref, doc);
    if (revision === publishingOf(doc).templateRevision) return { ...current, revision };
    if (revision < 0) throw revisionNotFound(ref.projectId, revision, current.revision);
    // Past the read model's revision: the stream may already hold it (a write the projection has not reached
    // yet, seen by a render asking for it: render-revisions.ts); the stream decides.
    const [event] = await this.eventStore.readStream(projectStream(ref), { fromRevision: revision, maxCount: 1 });
    const recorded = event && decodeProjectEvent(event);
    if (recorded?.type === 'ProjectPublished' && recorded.revision === revision) {
      const of = recorded.data.publishedRevision;
      throw new DomainError(
        'revision_not_found',
        `Revision ${revision} of project '${ref.projectId}' is the publish of revision ${of}, not a template revision; ask for revision ${of}.`,
        { revision, published_revision: of, current_revision: current.revision },
      );
    }
    if (!recorded || recorded.revision !== revision || (recorded.type !== 'ProjectCreated' && recorded.type !== 'ProjectSaved'))
      throw revisionNotFound(ref.projectId, revision, current.revision);
    const data = recorded.data;
    return {
      ...ref,
      revision,
      createdAt: await this.createdAtOf(ref, revision, data.occurredAt, current.createdAt),
      updatedAt: data.occurredAt,
      metadata: data.metadata,
      ...publishedTemplateView(data),
      publishing: current.publishing,
    };
  }

  /**
   * The project as it was at instant `at` (RFC 3339): the revision published then (under `on_save` the
   * latest saved; under `review` the one last published). Found in the `revision-history` read model (a
   * few round trips whatever the project's length: `revisionLiveAt`), then that one event read from the
   * stream; from the whole stream when the read model cannot tell (version 1 still served) or the project
   * ever publishes under review. Its `publishing` is the project's as of `at`.
   * @throws DomainError `project_not_found` (no such project), `revision_not_found` (it did not exist yet
   *   at `at`), `project_deleted` (it had been deleted by then), `not_published` (nothing was published yet then).
   */
  async getProjectAsOf(ref: ProjectRef, at: string): Promise<ProjectView> {
    const details = await this.readModels.get<ProjectDetailsDoc>('project-details', location(ref));
    const live = details ? await revisionLiveAt(this.readModels, ref, details.revision, Date.parse(at)) : undefined;
    const review =
      details !== null && (publishingOf(details).publishing === 'review' || publishingOf(details).publishedRevision !== details.revision);
    if (details === null || live === undefined || review || live?.event === 'published' || live?.draft)
      return this.getProjectAsOfFromStream(ref, at);
    if (live === null) throw new DomainError('revision_not_found', `Project '${ref.projectId}' did not exist yet at ${at}.`, { at });
    if (live.event === 'deleted') {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' had been deleted by ${at} (at ${live.occurredAt}).`, { at });
    }
    const [event] = await this.eventStore.readStream(projectStream(ref), { fromRevision: live.revision, maxCount: 1 });
    const recorded = event && decodeProjectEvent(event);
    if (!recorded || recorded.revision !== live.revision || (recorded.type !== 'ProjectCreated' && recorded.type !== 'ProjectSaved'))
      return this.getProjectAsOfFromStream(ref, at);
    const { occurredAt, metadata } = recorded.data;
    const createdAt = await this.createdAtOf(ref, live.revision, occurredAt, details.createdAt);
    const publishing = publishingView({
      publishing: 'on_save',
      templateRevision: live.revision,
      publishedRevision: live.revision,
      publishedAt: occurredAt,
    });
    return {
      ...ref,
      revision: live.revision,
      createdAt,
      updatedAt: occurredAt,
      metadata,
      ...publishedTemplateView(recorded.data),
      publishing,
    };
  }

  /** `getProjectAsOf` from the whole event stream (every event read, with its AST and HTML), folded up to `at`. */
  private async getProjectAsOfFromStream(ref: ProjectRef, at: string): Promise<ProjectView> {
    const stream = await this.eventStore.readStream(projectStream(ref));
    if (stream[0] === undefined) throw notFound(ref);
    const state = stateAt(stream, at);
    if (state.status === 'none')
      throw new DomainError('revision_not_found', `Project '${ref.projectId}' did not exist yet at ${at}.`, { at });
    if (state.status === 'deleted') {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' had been deleted by ${at} (at ${state.deletedAt}).`, { at });
    }
    const published = state.publishedRevision;
    const event = published === null ? undefined : stream.find((e) => e.revision === published);
    const decoded = event && decodeProjectEvent(event);
    if (!decoded || (decoded.type !== 'ProjectCreated' && decoded.type !== 'ProjectSaved')) {
      throw new DomainError(
        'not_published',
        `Project '${ref.projectId}' had no published revision at ${at} (publishing: review, nothing published yet then).`,
        { at },
      );
    }
    const { occurredAt, metadata } = decoded.data;
    const view = { ...ref, revision: decoded.revision, createdAt: state.createdAt, updatedAt: occurredAt, metadata };
    return { ...view, ...publishedTemplateView(decoded.data), publishing: publishingView(state) };
  }

  /**
   * Revision and time of a live project, or null when it does not exist or was deleted (cheap: no AST, no
   * HTML; from memory when the index is wired, see `CurrentRevisions`).
   */
  async currentRevision(ref: ProjectRef): Promise<CurrentRevision | null> {
    if (this.revisions) return this.revisions.get(ref);
    const doc = await this.readModels.get<TemplateSummaryDoc>('template-list', location(ref));
    return doc ? { revision: doc.revision, updatedAt: doc.updatedAt } : null;
  }

  /** Live projects of a workspace in id order, `limit` at a time after the cursor id, each with its publishing. */
  async listProjects(
    workspace: string,
    page: { after?: string; limit: number },
  ): Promise<{ items: ProjectSummary[]; nextCursor: string | null }> {
    const rows = await this.readModels.list<TemplateSummaryDoc>('template-list', {
      partition: workspace,
      limit: page.limit + 1,
      ...(page.after !== undefined ? { after: page.after } : {}),
    });
    const items = rows.slice(0, page.limit).map((r) => summaryOf(r.doc));
    return { items, nextCursor: rows.length > page.limit ? (items[items.length - 1]?.id ?? null) : null };
  }

  /**
   * A page of a live project's revisions, oldest first: up to `limit` after revision `after` (from the
   * first when omitted), and the revision to continue after (null on the last page). One `list` of the
   * `revision-history` documents of this project (~150 bytes a revision, no template): never the event
   * stream, whose events carry every revision's AST and HTML.
   * @throws DomainError `project_not_found`, `project_deleted`.
   */
  async listRevisions(
    ref: ProjectRef,
    page: { after?: number; limit: number },
  ): Promise<{ items: RevisionHistoryItem[]; nextAfter: number | null }> {
    await this.getProject(ref);
    return revisionPage(this.readModels, ref, page);
  }

  /**
   * `createdAt` of the creation a past revision belongs to. Every event's time follows the one before it
   * on a stream, so a revision at or after the current creation's time belongs to it; an older one (from
   * before a delete and a re-creation of the id) is looked up in the revision history.
   */
  private async createdAtOf(ref: ProjectRef, revision: number, occurredAt: string, currentCreatedAt: string): Promise<string> {
    if (Date.parse(occurredAt) >= Date.parse(currentCreatedAt)) return currentCreatedAt;
    return (await creationOf(this.readModels, ref, revision)) ?? currentCreatedAt;
  }
}

/** A live project's project-details document: its template fields are set. */
type LiveDetails = ProjectDetailsDoc & { ast: NonNullable<ProjectDetailsDoc['ast']>; publishedHtml: string; mjmlVersion: string };

/** The view of a live project's document: its latest template, at its stream revision. */
function viewOfDoc(ref: ProjectRef, doc: LiveDetails): ProjectView {
  const { revision, createdAt, updatedAt, metadata } = doc;
  return { ...ref, revision, createdAt, updatedAt, metadata, ...publishedTemplateView(doc), publishing: publishingView(publishingOf(doc)) };
}

/** The stream folded up to instant `at` (RFC 3339): every event that occurred at or before it (`eventAt`). */
function stateAt(stream: RecordedEvent[], at: string): ProjectState {
  const last = eventAt(stream, at);
  if (last === undefined) return initialState;
  return stream.filter((e) => e.revision <= last.revision).reduce((state, e) => evolve(state, decodeProjectEvent(e)), initialState);
}

function location(ref: ProjectRef) {
  return { partition: ref.workspace, key: ref.projectId };
}

function notFound(ref: ProjectRef): DomainError {
  return new DomainError('project_not_found', `Project '${ref.projectId}' does not exist.`, { project_id: ref.projectId });
}
