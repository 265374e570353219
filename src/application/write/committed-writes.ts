/**
 * Exactly-once writes across crashes (issue 19, item 2). A write made with an `Idempotency-Key` records the
 * key in its events' metadata (`idempotency`: key and request fingerprint, beside `key_id`) and, just before
 * it appends, notes in the key's record where the events will land (`WriteTarget`). When a retry meets a
 * record whose first attempt is gone (its lease lapsed, or it failed after noting), `findCommittedWrite`
 * reads that stream from the noted revision on: the write either committed — and is answered again from its
 * events — or did not, and the retry may run it.
 *
 * Why a note in the idempotency record and not an index of event metadata in each engine: it needs nothing
 * but `readStream` (every engine, KurrentDB included, where metadata cannot be queried), and it reads only
 * the events appended to one stream since the attempt decided.
 */
import { evolve, initialState, projectStream, type ProjectEvent, type ProjectRef, type ProjectState } from '../../domain/project.js';
import { type EventStore, type Position, type RecordedEvent, decodeProjectEvent } from '../ports/index.js';
import type { ProjectView } from '../read/index.js';
import type { Projector } from '../projector/index.js';
import { PROJECTION_WAIT_MS, viewOf, type WriteTarget } from './write-results.js';

/** Which request a write was made for: the API key id, the `Idempotency-Key`, the request's fingerprint. */
export interface WriteTag {
  keyId: string;
  key: string;
  fingerprint: string;
}

/** The metadata field an idempotent write's events carry. */
export const IDEMPOTENCY_METADATA = 'idempotency';

/** The `idempotency` metadata of an event written for `tag` (the key id is `key_id`, as on every event). */
export function idempotencyMetadata(tag: Pick<WriteTag, 'key' | 'fingerprint'>): { key: string; fingerprint: string } {
  return { key: tag.key, fingerprint: tag.fingerprint };
}

/**
 * A write found committed: the project and revision it left, the project then (null: a delete), and the
 * `$all` position of its last event (what the read models must reach before it is answered again).
 */
export interface CommittedWrite {
  ref: ProjectRef;
  revision: number;
  view: ProjectView | null;
  position: Position;
}

/** Events read per page while searching a stream. */
const PAGE = 100;

/**
 * The write made for `tag` in `target`'s stream after `target.after`, or null when none committed. Reads the
 * events appended since (pages of 100); the project as that write left it is folded from the stream's start
 * (one more read, of its revisions up to the write's).
 */
export async function findCommittedWrite(
  eventStore: Pick<EventStore, 'readStream'>,
  target: WriteTarget,
  tag: WriteTag,
): Promise<CommittedWrite | null> {
  const ref = { workspace: target.workspace, projectId: target.projectId };
  const stream = projectStream(ref);
  let from = target.after === null ? 0 : target.after + 1;
  let last: RecordedEvent | null = null;
  for (;;) {
    const page = await eventStore.readStream(stream, { fromRevision: from, maxCount: PAGE });
    for (const event of page) {
      if (carries(event, tag)) last = event;
      else if (last) break; // one command's events are contiguous
    }
    if (last || page.length < PAGE) break;
    from += PAGE;
  }
  if (!last) return null;
  const events = (await eventStore.readStream(stream, { fromRevision: 0, maxCount: last.revision + 1 })).map(decodeProjectEvent);
  const state = events.reduce<ReturnType<typeof evolve>>(evolve, initialState);
  return { ref, revision: last.revision, view: viewOf(ref, state, [answeredEvent(events, state)]), position: last.position };
}

/**
 * The event whose template a write's answer shows: its own, or — for a publish, which carries no template —
 * the latest create or save before it, as the publish route answers (the project's latest template at the
 * publish's revision). `events` is the stream from revision 0, so an event's index is its revision.
 */
function answeredEvent(events: ProjectEvent[], state: ProjectState): ProjectEvent {
  const last = events[events.length - 1]!;
  if (last.type !== 'ProjectPublished' || state.status !== 'active') return last;
  return events[state.templateRevision] ?? last;
}

/** Whether `event` was written for `tag`. */
function carries(event: RecordedEvent, tag: WriteTag): boolean {
  const marked = event.metadata[IDEMPOTENCY_METADATA] as { key?: unknown; fingerprint?: unknown } | undefined;
  return event.metadata['key_id'] === tag.keyId && marked?.key === tag.key && marked.fingerprint === tag.fingerprint;
}

/**
 * {@link findCommittedWrite}, answered like the write's first answer: once the read models reach the write's
 * position, or after `waitMs` (default {@link PROJECTION_WAIT_MS}, ms) all the same, `onLate` told. Without
 * the wait a GET right after the replay could miss what the replay reports (after a crash the restarted
 * process may be projecting from behind).
 * @throws what the event store or the projector's wait throws.
 */
export async function findCommittedWriteProjected(
  eventStore: Pick<EventStore, 'readStream'>,
  projector: Pick<Projector, 'waitFor'>,
  target: WriteTarget,
  tag: WriteTag,
  options: { waitMs?: number; onLate?: (write: CommittedWrite, waitMs: number) => void } = {},
): Promise<CommittedWrite | null> {
  const write = await findCommittedWrite(eventStore, target, tag);
  if (write === null) return null;
  const waitMs = options.waitMs ?? PROJECTION_WAIT_MS;
  if (!(await projector.waitFor(write.position, waitMs))) options.onLate?.(write, waitMs);
  return write;
}
