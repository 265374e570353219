/**
 * A layout's or shared partial's history read from its stream, for the audit (docs/audit.md): every
 * revision with its time, what it was, the key that wrote it and the revision published after it — the
 * stream folded by the domain's own `evolveShared`, so "published after it" is what renders then used.
 */
import { evolveShared, initialSharedState, sharedStream, type SharedEventData, type SharedRef } from '../../domain/shared-documents.js';
import type { EventStore } from '../ports/index.js';
import { sharedRevisionOf } from '../render/index.js';

/** One revision of a layout or shared partial (field names of `--json`). */
export interface SharedRevisionRecord {
  revision: number;
  /** RFC 3339. */
  occurred_at: string;
  kind: 'created' | 'saved' | 'published' | 'deleted';
  /** A create or save under review: not published by itself. */
  draft: boolean;
  /** The revision followers rendered after this event (null: none, or deleted). */
  published_revision: number | null;
  /** The API key that wrote it (null when not recorded). */
  key_id: string | null;
  event_id: string;
}

/** Every revision of `ref`'s stream, oldest first (empty: no such stream). @throws what the event store throws. */
export async function sharedHistory(eventStore: Pick<EventStore, 'readStream'>, ref: SharedRef): Promise<SharedRevisionRecord[]> {
  let state = initialSharedState;
  return (await eventStore.readStream(sharedStream(ref))).flatMap((event) => {
    const data = event.data as SharedEventData;
    state = evolveShared(state, event.type, data, event.revision);
    const listed = sharedRevisionOf(event.type, data, event.revision); // what each event is: one rule with the API's list
    if (!listed) return [];
    const key = event.metadata['key_id'];
    return [
      {
        revision: event.revision,
        occurred_at: listed.occurredAt,
        kind: listed.event,
        draft: listed.draft ?? false,
        published_revision: state.status === 'active' ? state.publishedRevision : null,
        key_id: typeof key === 'string' ? key : null,
        event_id: event.id,
      },
    ];
  });
}
