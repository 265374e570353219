/**
 * The history of a layout or shared partial (docs/layouts.md "Revisions"): its stream read as it is, so every
 * create or save stays readable at its revision (`GET /layouts/{id}?revision=N`) and every event is listed
 * (`GET /layouts/{id}/revisions`), as a project's revisions are.
 */
import { DomainError } from '../../domain/errors.js';
import { kindName, sharedStream, type SharedEventData, type SharedRef } from '../../domain/shared-documents.js';
import type { EventStore } from '../ports/index.js';

/** One event of a layout's or partial's stream as the API lists it. */
export interface SharedRevision {
  /** Its stream revision. */
  revision: number;
  event: 'created' | 'saved' | 'published' | 'deleted';
  /** When it was appended (RFC 3339 UTC). */
  occurredAt: string;
  /** A create or save: saved as a draft (`publishing: "review"`); otherwise it published itself. */
  draft?: boolean;
  /** A publish: the create or save it made the one followers render. */
  publishedRevision?: number;
  /** A publish sent with `"force": true`. */
  force?: true;
}

/** A create or save with its source. */
export interface SharedSourceRevision extends SharedRevision {
  source: string;
}

/** Revisions listed per page at most (the route's `limit` is 1–200). */
const MAX_PAGE = 200;

/**
 * The create or save at `revision` of `ref`'s stream, with its source (any life of the stream: a revision
 * never changes). @throws DomainError `revision_not_found` (no event there, or a publish or delete).
 */
export async function sharedRevisionAt(eventStore: EventStore, ref: SharedRef, revision: number): Promise<SharedSourceRevision> {
  const [recorded] = Number.isSafeInteger(revision)
    ? await eventStore.readStream(sharedStream(ref), { fromRevision: revision, maxCount: 1 })
    : [];
  const item = recorded && recorded.revision === revision ? toRevision(recorded.type, recorded.data as SharedEventData, revision) : null;
  if (!item || (item.event !== 'created' && item.event !== 'saved')) {
    throw new DomainError(
      'revision_not_found',
      `The ${kindName(ref.kind)} '${ref.id}' has no create or save at revision ${revision}: ` +
        `GET /${ref.kind}s/${ref.id}/revisions lists its revisions.`,
      { revision },
    );
  }
  return { ...item, source: (recorded!.data as SharedEventData).source ?? '' };
}

/**
 * Up to `limit` (1–200) events of `ref`'s stream after revision `after` (absent: from the first), oldest
 * first; `nextAfter` continues the list (null: nothing follows). @throws what the event store throws.
 */
export async function sharedRevisions(
  eventStore: EventStore,
  ref: SharedRef,
  page: { limit: number; after?: number },
): Promise<{ items: SharedRevision[]; nextAfter: number | null }> {
  const limit = Math.min(Math.max(1, page.limit), MAX_PAGE);
  const recorded = await eventStore.readStream(sharedStream(ref), { fromRevision: (page.after ?? -1) + 1, maxCount: limit + 1 });
  const items = recorded.slice(0, limit).flatMap((event) => {
    const item = toRevision(event.type, event.data as SharedEventData, event.revision);
    return item ? [item] : [];
  });
  return { items, nextAfter: recorded.length > limit ? recorded[limit - 1]!.revision : null };
}

/** An event of a layout's or partial's stream as listed (the API's revisions, the audit's history); null for a type this version does not know. */
export function toRevision(type: string, data: SharedEventData, revision: number): SharedRevision | null {
  const what = type.replace(/^(Layout|Partial)/, '');
  const base = { revision, occurredAt: data.occurredAt };
  if (what === 'Created' || what === 'Saved')
    return { ...base, event: what === 'Created' ? 'created' : 'saved', draft: data.publishing === 'review' };
  if (what === 'Published') {
    return {
      ...base,
      event: 'published',
      publishedRevision: data.publishedRevision ?? -1,
      ...(data.force ? { force: true as const } : {}),
    };
  }
  if (what === 'Deleted') return { ...base, event: 'deleted' };
  return null;
}
