/**
 * The read side: projects from the read models (current revision) or from the event store (a past
 * revision, whose saved event carries exactly what was published then).
 */
import { DomainError, revisionNotFound } from '../../domain/errors.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import { projectStream, type ProjectRef } from '../../domain/project.js';
import { publishedTemplateView, type PublishedTemplateView } from '../../domain/published-template.js';
import type { ProjectDetailsDoc, RevisionHistoryItem, TemplateSummaryDoc } from '../../../projections/index.js';
import type { CurrentRevision, CurrentRevisions } from './current-revisions.js';
import { type EventStore, type ReadModelStore, decodeProjectEvent } from '../ports/index.js';
import { eventAt } from './project-history.js';
import { creationOf, revisionLiveAt, revisionPage } from './revision-index.js';

export type { CurrentRevision } from './current-revisions.js';

/** A project as of one revision: its published template with every optional field filled in (`publishedTemplateView`). */
export interface ProjectView extends ProjectRef, PublishedTemplateView {
  revision: number;
  createdAt: string;
  updatedAt: string;
  metadata: ProjectMetadata;
}

export class ProjectQueries {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly eventStore: EventStore,
    /** When given, `currentRevision` answers from this in-memory index (kept current by the projector). */
    private readonly revisions?: CurrentRevisions,
  ) {}

  /** The current revision. @throws DomainError `project_not_found`, `project_deleted`. */
  async getProject(ref: ProjectRef): Promise<ProjectView> {
    const doc = await this.readModels.get<ProjectDetailsDoc>('project-details', location(ref));
    if (!doc) throw notFound(ref);
    if (doc.status === 'deleted' || !doc.ast || doc.publishedHtml === null || !doc.mjmlVersion) {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' was deleted${doc.deletedAt ? ` at ${doc.deletedAt}` : ''}.`);
    }
    return {
      ...ref,
      revision: doc.revision,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      metadata: doc.metadata,
      ...publishedTemplateView({ ...doc, ast: doc.ast, publishedHtml: doc.publishedHtml, mjmlVersion: doc.mjmlVersion }),
    };
  }

  /**
   * The project as it was at `revision` (its own published HTML, AST and metadata).
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`.
   */
  async getProjectAt(ref: ProjectRef, revision: number): Promise<ProjectView> {
    const current = await this.getProject(ref);
    if (revision === current.revision) return current;
    if (revision < 0) throw revisionNotFound(ref.projectId, revision, current.revision);
    // Past the read model's revision: the stream may already hold it (a write the projection has not reached
    // yet, seen by a render asking for it: render-revisions.ts); the stream decides.
    const [event] = await this.eventStore.readStream(projectStream(ref), { fromRevision: revision, maxCount: 1 });
    const recorded = event && decodeProjectEvent(event);
    if (!recorded || recorded.revision !== revision || recorded.type === 'ProjectDeleted')
      throw revisionNotFound(ref.projectId, revision, current.revision);
    const data = recorded.data;
    return {
      ...ref,
      revision,
      createdAt: await this.createdAtOf(ref, revision, data.occurredAt, current.createdAt),
      updatedAt: data.occurredAt,
      metadata: data.metadata,
      ...publishedTemplateView(data),
    };
  }

  /**
   * The project as it was at instant `at` (RFC 3339): the revision live then. Found in the `revision-history`
   * read model (a few round trips whatever the project's length: `revisionLiveAt`), then that one event read
   * from the stream; from the whole stream when the read model cannot tell (version 1 still served).
   * @throws DomainError `project_not_found` (no such project), `revision_not_found` (it did not exist yet
   *   at `at`), `project_deleted` (it had been deleted by then).
   */
  async getProjectAsOf(ref: ProjectRef, at: string): Promise<ProjectView> {
    const details = await this.readModels.get<ProjectDetailsDoc>('project-details', location(ref));
    const live = details ? await revisionLiveAt(this.readModels, ref, details.revision, Date.parse(at)) : undefined;
    if (details === null || live === undefined) return this.getProjectAsOfFromStream(ref, at);
    if (live === null) throw new DomainError('revision_not_found', `Project '${ref.projectId}' did not exist yet at ${at}.`, { at });
    if (live.event === 'deleted') {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' had been deleted by ${at} (at ${live.occurredAt}).`, { at });
    }
    const [event] = await this.eventStore.readStream(projectStream(ref), { fromRevision: live.revision, maxCount: 1 });
    const recorded = event && decodeProjectEvent(event);
    if (!recorded || recorded.revision !== live.revision || recorded.type === 'ProjectDeleted')
      return this.getProjectAsOfFromStream(ref, at);
    const { occurredAt, metadata } = recorded.data;
    const createdAt = await this.createdAtOf(ref, live.revision, occurredAt, details.createdAt);
    return { ...ref, revision: live.revision, createdAt, updatedAt: occurredAt, metadata, ...publishedTemplateView(recorded.data) };
  }

  /** `getProjectAsOf` from the whole event stream (every event read, with its AST and HTML). */
  private async getProjectAsOfFromStream(ref: ProjectRef, at: string): Promise<ProjectView> {
    const stream = await this.eventStore.readStream(projectStream(ref));
    const first = stream[0];
    if (first === undefined) throw notFound(ref);
    const recorded = eventAt(stream, at);
    if (recorded === undefined) {
      throw new DomainError('revision_not_found', `Project '${ref.projectId}' did not exist yet at ${at}.`, { at });
    }
    const event = decodeProjectEvent(recorded);
    if (event.type === 'ProjectDeleted') {
      throw new DomainError('project_deleted', `Project '${ref.projectId}' had been deleted by ${at} (at ${event.data.occurredAt}).`, {
        at,
      });
    }
    const { occurredAt, metadata } = event.data;
    // The creation this revision belongs to: the last one at or before it (an id can be created again after a delete).
    const creation = stream.filter((e) => e.type === 'ProjectCreated' && e.revision <= recorded.revision).pop() ?? first;
    const createdAt = decodeProjectEvent(creation).data.occurredAt;
    return { ...ref, revision: recorded.revision, createdAt, updatedAt: occurredAt, metadata, ...publishedTemplateView(event.data) };
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

  /** Live projects of a workspace in id order, `limit` at a time after the cursor id. */
  async listProjects(
    workspace: string,
    page: { after?: string; limit: number },
  ): Promise<{ items: TemplateSummaryDoc[]; nextCursor: string | null }> {
    const rows = await this.readModels.list<TemplateSummaryDoc>('template-list', {
      partition: workspace,
      limit: page.limit + 1,
      ...(page.after !== undefined ? { after: page.after } : {}),
    });
    const items = rows.slice(0, page.limit).map((r) => r.doc);
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

function location(ref: ProjectRef) {
  return { partition: ref.workspace, key: ref.projectId };
}

function notFound(ref: ProjectRef): DomainError {
  return new DomainError('project_not_found', `Project '${ref.projectId}' does not exist.`, { project_id: ref.projectId });
}
