/**
 * Which revision a render uses, read-your-writes on every instance (issue 19, item 3).
 *
 * A render picks the current revision from the in-memory index (`CurrentRevisions`), which this instance's
 * revision follower keeps current from `$all`. A write made through another instance reaches that index
 * only when the follower hears of it: at its next poll on SQLite (`PROJECTOR_POLL_MS`, 50 ms; no
 * notification crosses processes), by NOTIFY on PostgreSQL. GETs were fresh meanwhile because they read the
 * stored read models, which a write waits for before it answers; renders were not. So, per render:
 *
 * - `minRevision` (body `min_revision` / header `X-Min-Revision`): when the index is behind it, the
 *   project's event stream itself is read (the store is the source of truth; an acknowledged write is in
 *   it) and, while it does not hold that revision yet, read again every `pollMs` until `maxWaitMs`, then
 *   `RevisionNotYetVisibleError` (409).
 * - `revision` (a past revision) the index has not seen: the stream is read once, so a revision just
 *   written elsewhere is not a 404.
 * - `checkStore` (RENDER_REVISION_CHECK=store): every render asks the stream whether it moved past the
 *   index (`EventStore.streamRevision`, one index lookup, no payload); off, a render trusts the index and
 *   another instance's write is seen within the follow bound (docs/read-your-writes.md).
 *
 * What the stream shows is applied to the index (entries only move forward), so later renders see it too.
 */
import { DomainError, CodedError, type ErrorReport } from '../../domain/errors.js';
import { projectStream, type ProjectRef } from '../../domain/project.js';
import type { CurrentRevisions } from '../read/index.js';
import { type EventStore, type RecordedProjectEvent, isProjectEvent } from '../ports/index.js';

/** Settings of `RenderRevisions`. */
export interface RenderRevisionsOptions {
  /** Longest wait for a `minRevision` not yet in the stream, ms (RENDER_MIN_REVISION_WAIT_MS). 0: look once. */
  maxWaitMs: number;
  /** Ask the event store on every render whether the stream moved past the index (RENDER_REVISION_CHECK=store). */
  checkStore: boolean;
  /** Pause between two reads of the stream while waiting, ms. Default 20. */
  pollMs?: number;
}

/** What a render asks of the revision it uses. */
export interface RevisionWanted {
  /** Render only at this revision or a later one; wait for it (bounded) when this instance has not seen it. */
  minRevision?: number;
  /** The past revision to render (checked by the caller against the current one). */
  revision?: number;
}

/** `minRevision` was not in the project's stream as this instance reads it within the wait: 409 `revision_not_yet_visible`. */
export class RevisionNotYetVisibleError extends CodedError<'revision_not_yet_visible'> {
  override readonly name = 'RevisionNotYetVisibleError';
  readonly code = 'revision_not_yet_visible';
  constructor(
    readonly projectId: string,
    /** The revision asked for. */
    readonly asked: number,
    /** The newest live revision this instance sees, null when it sees none (not created, or deleted). */
    readonly found: number | null,
    /** How long it waited, ms. */
    readonly waitedMs: number,
  ) {
    super(
      `Project '${projectId}' has no revision ${asked} visible on this instance after waiting ${waitedMs} ms: ` +
        (found === null ? 'it sees no live revision of it. ' : `the newest it sees is ${found}. `) +
        'A revision just written appears within that bound; retry, or ask for a revision the write answered with (its ETag / "revision").',
    );
  }

  /** What this instance found, what was asked, how long it waited (ms). */
  override report(): ErrorReport {
    return { extra: { found_revision: this.found, min_revision: this.asked, waited_ms: this.waitedMs } };
  }
}

/** Most events read past the index in one render: a burst longer than this is left to the follower. */
const MAX_EVENTS_READ = 16;

export class RenderRevisions {
  readonly #pollMs: number;

  constructor(
    private readonly index: CurrentRevisions,
    private readonly eventStore: Pick<EventStore, 'readStream' | 'streamRevision'>,
    private readonly options: RenderRevisionsOptions,
  ) {
    this.#pollMs = Math.max(1, options.pollMs ?? 20);
  }

  /**
   * The current revision to render, at least `wanted.minRevision` (and `wanted.revision` when the stream
   * has it); null when this instance sees no live revision (the caller asks the read model for the precise
   * 404). Without `minRevision` and with `checkStore` off: the index alone, no store round trip when it
   * knows the project.
   * @throws RevisionNotYetVisibleError when `minRevision` is not in the stream within `maxWaitMs`;
   *   DomainError `project_deleted` when the stream's newest event read is a deletion; what the index and
   *   the event store throw.
   */
  async current(ref: ProjectRef, wanted: RevisionWanted = {}): Promise<number | null> {
    const indexed = (await this.index.get(ref))?.revision ?? null;
    const known = this.index.peek(ref)?.revision ?? indexed ?? -1; // a deleted project's revision too
    const needed = Math.max(wanted.minRevision ?? -1, wanted.revision ?? -1);
    if (known >= needed && !(this.options.checkStore && indexed !== null)) return indexed;
    const started = Date.now();
    const from = Math.max(known + 1, needed, 0);
    for (;;) {
      const newest = await this.#newestFrom(ref, from);
      if (newest) {
        if (newest.type === 'ProjectDeleted')
          throw new DomainError('project_deleted', `Project '${ref.projectId}' was deleted at ${newest.data.occurredAt}.`);
        return newest.revision;
      }
      // Nothing at or past `from` in the stream: the index was right (or the revision asked is not there).
      if (wanted.minRevision === undefined || known >= wanted.minRevision) return indexed;
      const waited = Date.now() - started;
      if (waited >= this.options.maxWaitMs) throw new RevisionNotYetVisibleError(ref.projectId, wanted.minRevision, indexed, waited);
      await pause(Math.min(this.#pollMs, this.options.maxWaitMs - waited));
    }
  }

  /**
   * The newest project event of the stream at or past `from`, applied to the index; null when none. Asks
   * `streamRevision` first where the store has it: the common answer, "nothing past the index", then costs
   * no event read (SQLite: ~6 µs instead of ~25 µs for a `readStream` probe, measured), and otherwise the
   * last event is read directly; without it, events are read one at a time from `from` (at most MAX_EVENTS_READ).
   */
  async #newestFrom(ref: ProjectRef, from: number): Promise<RecordedProjectEvent | null> {
    const last = this.eventStore.streamRevision ? ((await this.eventStore.streamRevision(projectStream(ref))) ?? -1) : undefined;
    if (last !== undefined && last < from) return null;
    let newest: RecordedProjectEvent | null = null;
    for (let next = last ?? from, read = 0; read < MAX_EVENTS_READ; read += 1) {
      const [event] = await this.eventStore.readStream(projectStream(ref), { fromRevision: next, maxCount: 1 });
      if (!event) break;
      if (isProjectEvent(event)) newest = event;
      next = event.revision + 1;
    }
    if (newest) this.index.apply([newest]);
    return newest;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
