/**
 * `revision-history`: one document per project listing every revision (GET /projects/:id/revisions,
 * and the audit of which revision was used). Kept after deletion, with a 'deleted' entry; a re-creation
 * of the id continues the same list with a 'created' entry (the stream goes on).
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever } from '../src/domain/project.js';
import type { ProjectMetadata } from '../src/domain/mjml-ast.js';

/** One revision of a project. */
export interface RevisionHistoryItem {
  /** Stream revision of the event (0 = creation). */
  revision: number;
  event: 'created' | 'saved' | 'deleted';
  /** RFC 3339 UTC with milliseconds. */
  occurredAt: string;
  /** `null` for 'deleted'. */
  mjmlVersion: string | null;
  /** Size of the published HTML in UTF-8 bytes; `null` for 'deleted'. */
  publishedHtmlBytes: number | null;
  /** `metadata.name` when it is a string, else `null` (always `null` for 'deleted'). */
  name: string | null;
}

/** The revisions of one project, oldest first; `revision` is the stream revision of the last event applied. */
export interface RevisionHistoryDoc {
  workspace: string;
  id: string;
  revision: number;
  items: RevisionHistoryItem[];
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const revisionHistory: Projection<RevisionHistoryDoc> = {
  name: 'revision-history',
  version: 1,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): RevisionHistoryDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const item = publishedItem('created', event.revision, event.data);
        if (doc !== null) return appendItem(doc, item); // created again after a delete: the history goes on
        return { workspace: event.data.workspace, id: event.data.projectId, revision: event.revision, items: [item] };
      }
      case 'ProjectSaved':
        // No document means creation was never seen (the decider prevents it): nothing sound to add to.
        if (doc === null) return null;
        return appendItem(doc, publishedItem('saved', event.revision, event.data));
      case 'ProjectDeleted':
        if (doc === null) return null;
        return appendItem(doc, {
          revision: event.revision,
          event: 'deleted',
          occurredAt: event.data.occurredAt,
          mjmlVersion: null,
          publishedHtmlBytes: null,
          name: null,
        });
      default:
        return assertNever(event);
    }
  },
};

function publishedItem(
  kind: 'created' | 'saved',
  revision: number,
  data: { occurredAt: string; mjmlVersion: string; publishedHtml: string; metadata: ProjectMetadata },
): RevisionHistoryItem {
  return {
    revision,
    event: kind,
    occurredAt: data.occurredAt,
    mjmlVersion: data.mjmlVersion,
    publishedHtmlBytes: Buffer.byteLength(data.publishedHtml, 'utf8'),
    name: typeof data.metadata.name === 'string' ? data.metadata.name : null,
  };
}

function appendItem(doc: RevisionHistoryDoc, item: RevisionHistoryItem): RevisionHistoryDoc {
  return { ...doc, revision: item.revision, items: [...doc.items, item] };
}
