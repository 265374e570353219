/**
 * `template-list`: one small summary per live project, listed per workspace in id order
 * (GET /projects, GET /templates). A deleted project's summary is removed.
 *
 * Removal leaves no revision to compare, so idempotency after a delete rests on the projector's
 * in-order delivery: a replay from any checkpoint re-applies the delete after the older events.
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever } from '../src/domain/project.js';
import type { ProjectMetadata } from '../src/domain/mjml-ast.js';

/**
 * Summary of a live project. `name`/`subject` are `metadata.name`/`metadata.subject` when strings, else `null`.
 * Timestamps are RFC 3339 UTC with milliseconds; `revision` is the stream revision of the last event applied.
 */
export interface TemplateSummaryDoc {
  workspace: string;
  id: string;
  name: string | null;
  subject: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const templateList: Projection<TemplateSummaryDoc> = {
  name: 'template-list',
  version: 1,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): TemplateSummaryDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const { workspace, projectId, occurredAt, metadata } = event.data;
        return { workspace, id: projectId, ...titles(metadata), revision: event.revision, createdAt: occurredAt, updatedAt: occurredAt };
      }
      case 'ProjectSaved':
        if (doc === null) return null; // creation never seen, or already deleted: nothing to summarise
        return { ...doc, ...titles(event.data.metadata), revision: event.revision, updatedAt: event.data.occurredAt };
      case 'ProjectDeleted':
        return null;
      default:
        return assertNever(event);
    }
  },
};

function titles(metadata: ProjectMetadata): { name: string | null; subject: string | null } {
  return {
    name: typeof metadata.name === 'string' ? metadata.name : null,
    subject: typeof metadata.subject === 'string' ? metadata.subject : null,
  };
}
