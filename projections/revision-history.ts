/**
 * `revision-history`: one small document per revision of a project (GET /projects/:id/revisions, `?at=`,
 * and the creation a past revision belongs to). Kept after deletion, with a 'deleted' entry; a re-creation
 * of the id continues with a 'created' entry (the stream goes on).
 *
 * Version 2. Version 1 kept one document per project listing every revision, rewritten whole on every save:
 * O(n) bytes per save (~150 bytes a revision), and past ~110k revisions of one project more than MongoDB's
 * 16 MiB document limit, so the commit failed and stalled every projection (review finding M4). Here each
 * save writes one document of its own, whatever the project's length. Readers tell the layouts apart while
 * a version change builds this one beside version 1 (`src/application/read/revision-index.ts`).
 */
import { projectPartition, revisionKey } from './revision-keys.js';
import { alreadyApplied, type DocumentLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever } from '../src/domain/project.js';
import type { ProjectMetadata } from '../src/domain/mjml-ast.js';

export { projectPartition, revisionKey, REVISION_KEY_DIGITS } from './revision-keys.js';

/** One revision of a project: the whole document stored for it (~150 bytes, no template). */
export interface RevisionHistoryItem {
  /** Stream revision of the event (0 = creation). */
  revision: number;
  /** 'restored': a save that republished an earlier revision (`restoredFrom`); older restores read 'saved'. */
  event: 'created' | 'saved' | 'restored' | 'deleted' | 'published';
  /** The revision a 'restored' entry republished; absent on every other entry. */
  restoredFrom?: number;
  /** The revision a 'published' entry made the published one; absent on every other entry. */
  publishedRevision?: number;
  /** A save under `review`: a draft (not published by its save); absent otherwise. */
  draft?: true;
  /** RFC 3339 UTC with milliseconds. */
  occurredAt: string;
  /** `null` for 'deleted'. */
  mjmlVersion: string | null;
  /** Size of the published HTML in UTF-8 bytes; `null` for 'deleted'. */
  publishedHtmlBytes: number | null;
  /** `metadata.name` when it is a string, else `null` (always `null` for 'deleted'). */
  name: string | null;
}

/**
 * Version 1's document (partition = workspace, key = project id): every revision, oldest first. Only read
 * while a store still serves version 1, during the switch to version 2.
 */
export interface RevisionHistoryDoc {
  workspace: string;
  id: string;
  revision: number;
  items: RevisionHistoryItem[];
}

/** Where the entry of an event's revision lives: partition `<workspace>/<projectId>`, key its zero-padded revision. */
export function revisionLocation(event: ProjectionEvent): DocumentLocation {
  return { partition: projectPartition(event.data), key: revisionKey(event.revision) };
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const revisionHistory: Projection<RevisionHistoryItem> = {
  name: 'revision-history',
  version: 2,
  locate: revisionLocation,
  evolve(doc, event: ProjectionEvent): RevisionHistoryItem | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated':
        return publishedItem('created', event.revision, event.data);
      case 'ProjectSaved': {
        // Restores made before the metadata named them cannot be told from saves: they stay 'saved'.
        const from = event.metadata?.['restored_from'];
        if (typeof from === 'number' && Number.isInteger(from)) {
          return { ...publishedItem('restored', event.revision, event.data), restoredFrom: from };
        }
        return publishedItem('saved', event.revision, event.data);
      }
      case 'ProjectPublished':
        return {
          revision: event.revision,
          event: 'published',
          publishedRevision: event.data.publishedRevision,
          occurredAt: event.data.occurredAt,
          mjmlVersion: null,
          publishedHtmlBytes: null,
          name: null,
        };
      case 'ProjectDeleted':
        return {
          revision: event.revision,
          event: 'deleted',
          occurredAt: event.data.occurredAt,
          mjmlVersion: null,
          publishedHtmlBytes: null,
          name: null,
        };
      default:
        return assertNever(event);
    }
  },
};

function publishedItem(
  kind: 'created' | 'saved' | 'restored',
  revision: number,
  data: { occurredAt: string; mjmlVersion: string; publishedHtml: string; metadata: ProjectMetadata; publishing?: 'review' },
): RevisionHistoryItem {
  return {
    revision,
    event: kind,
    occurredAt: data.occurredAt,
    mjmlVersion: data.mjmlVersion,
    publishedHtmlBytes: Buffer.byteLength(data.publishedHtml, 'utf8'),
    name: typeof data.metadata.name === 'string' ? data.metadata.name : null,
    ...(data.publishing === 'review' ? { draft: true as const } : {}),
  };
}
