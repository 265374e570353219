/**
 * `project-details`: one document per project with everything GET /projects/:id serves at the
 * latest revision. A deleted project keeps a tombstone (status 'deleted') so the API can tell
 * "deleted" from "never existed".
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever, type HelperDeclaration } from '../src/domain/project.js';
import type { MjmlNode, ProjectMetadata } from '../src/domain/mjml-ast.js';
import { publishedTemplateOf } from '../src/domain/published-template.js';

/**
 * A project at its latest revision. Timestamps are RFC 3339 UTC with milliseconds (the events' `occurredAt`).
 * `revision` is the stream revision of the last event applied. After deletion `ast`, `publishedHtml` and
 * `mjmlVersion` are `null`, `deletedAt` is set and `updatedAt` equals it.
 */
export interface ProjectDetailsDoc {
  workspace: string;
  id: string;
  revision: number;
  status: 'active' | 'deleted';
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  metadata: ProjectMetadata;
  ast: MjmlNode | null;
  publishedHtml: string | null;
  mjmlVersion: string | null;
  /** The revision's project partials; absent when it has none (and after deletion). */
  partials?: Record<string, string>;
  /** The revision's declared helpers; absent when it has none (and after deletion). */
  helpers?: Record<string, HelperDeclaration>;
  /** `dynamic` for a Handlebars-first revision; absent when static (and after deletion). */
  renderMode?: 'dynamic';
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const projectDetails: Projection<ProjectDetailsDoc> = {
  name: 'project-details',
  version: 1,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): ProjectDetailsDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const { workspace, projectId, occurredAt, metadata } = event.data;
        return {
          workspace,
          id: projectId,
          revision: event.revision,
          status: 'active',
          createdAt: occurredAt,
          updatedAt: occurredAt,
          metadata,
          ...publishedTemplateOf(event.data),
        };
      }
      case 'ProjectSaved': {
        // No document (creation never seen) or a tombstone: the decider never emits this; leave it be.
        if (doc === null || doc.status === 'deleted') return doc;
        const { occurredAt, metadata } = event.data;
        const { partials: _previous, helpers: _previousHelpers, renderMode: _previousMode, ...rest } = doc; // each revision has its own partials and helpers, or none
        return { ...rest, revision: event.revision, updatedAt: occurredAt, metadata, ...publishedTemplateOf(event.data) };
      }
      case 'ProjectDeleted': {
        if (doc === null) return null;
        const at = event.data.occurredAt;
        const { partials: _dropped, helpers: _droppedHelpers, renderMode: _droppedMode, ...rest } = doc;
        return {
          ...rest,
          revision: event.revision,
          status: 'deleted',
          updatedAt: at,
          deletedAt: at,
          ast: null,
          publishedHtml: null,
          mjmlVersion: null,
        };
      }
      default:
        return assertNever(event);
    }
  },
};
