/**
 * Layouts and shared partials kept as events (docs/layouts.md): one stream each (`sharedStream`), read from
 * the event store, never projected. The folded state of each stream is kept and brought up to date by
 * reading only the events after it at every use, so every instance sees a publish as soon as it is appended
 * (a render that starts after a layout publish answered uses the new revision).
 */
import { LRUCache } from 'lru-cache';
import { DomainError } from '../../domain/errors.js';
import type { SharedUse } from '../../domain/composition.js';
import {
  evolveShared,
  initialSharedState,
  kindName,
  sharedEventType,
  sharedNotFound,
  sharedStream,
  decideSharedPublish,
  type SharedEventData,
  type SharedRef,
  type SharedState,
} from '../../domain/shared-documents.js';
import type { Publishing } from '../../domain/publishing.js';
import { WrongExpectedRevisionError, type EventStore } from '../ports/index.js';
import { listShared, type SharedListItem } from './shared-list.js';
import { sharedRevisionAt, sharedRevisions, type SharedRevision, type SharedSourceRevision } from './shared-history.js';

/** Who writes: recorded in the event's metadata, as project writes record it. */
export interface SharedActor {
  keyId: string;
  requestId?: string;
}

/** A live layout or shared partial with its state; `unchanged`: a write that appended nothing. */
export interface SharedView extends SharedRef {
  state: SharedState;
  unchanged?: boolean;
}

/** A resolved use: the revision a render uses and its source. */
export interface ResolvedShared {
  id: string;
  revision: number;
  source: string;
}

/** Bytes a folded state holds, approximately: its sources as UTF-16 and a fixed part. */
function stateBytes(state: SharedState): number {
  let bytes = 256;
  for (const source of state.sources.values()) bytes += source.length * 2 + 32;
  return bytes;
}

/**
 * The layouts and shared partials of every workspace: their writes, reads and resolution at render time.
 * Folded states are cached in an LRU bounded by `cacheBytes` (default 16 MiB, `SHARED_DOCUMENTS_CACHE_MB`):
 * each holds every source of its current life, so an unbounded map would grow with every layout revision
 * ever saved. A state evicted (or larger than the whole cache) is folded again from its stream at next use.
 */
export class SharedDocuments {
  readonly #folded: LRUCache<string, SharedState>;

  constructor(
    private readonly eventStore: EventStore,
    /** Current time as RFC 3339 UTC with ms. */
    private readonly now: () => string,
    options: { cacheBytes?: number } = {},
  ) {
    this.#folded = new LRUCache<string, SharedState>({
      maxSize: Math.max(1, options.cacheBytes ?? 16 * 1024 * 1024),
      sizeCalculation: stateBytes,
    });
  }

  /** Bytes the cache of folded states holds now (approximate, as it counts them); for tests and metrics. */
  get cachedBytes(): number {
    return this.#folded.calculatedSize;
  }

  /** The stream folded up to its last event (`initialSharedState` when it does not exist). @throws what the event store throws. */
  async state(ref: SharedRef): Promise<SharedState> {
    const stream = sharedStream(ref);
    let state = this.#folded.get(stream) ?? initialSharedState;
    const events = await this.eventStore.readStream(stream, { fromRevision: state.revision + 1 });
    for (const event of events) state = evolveShared(state, event.type, event.data as SharedEventData, event.revision);
    if (events.length > 0) this.#folded.set(stream, state);
    return state;
  }

  /** A live document. @throws DomainError `<kind>_not_found` (never created, or deleted). */
  async get(ref: SharedRef): Promise<SharedView> {
    const state = await this.state(ref);
    if (state.status !== 'active') throw sharedNotFound(ref, state.status === 'deleted' ? 'was deleted' : 'does not exist');
    return { ...ref, state };
  }

  /**
   * The revision a use names (pinned) or the published one, with its source.
   * @throws DomainError `<kind>_not_found` (absent, deleted, nothing published, or no such revision in its current life).
   */
  async resolve(kind: SharedRef['kind'], workspace: string, use: SharedUse): Promise<ResolvedShared> {
    const ref = { kind, workspace, id: use.id };
    return resolvedIn(ref, use, (await this.get(ref)).state);
  }

  /**
   * The stream folded up to instant `at` (RFC 3339): every event that occurred at or before it, as the audit
   * replays a render at `at` (occurrence times only move forward along a stream). Not kept.
   * @throws what the event store throws.
   */
  async stateAt(ref: SharedRef, at: string): Promise<SharedState> {
    const instant = Date.parse(at);
    let state = initialSharedState;
    for (const event of await this.eventStore.readStream(sharedStream(ref))) {
      const data = event.data as SharedEventData;
      if (Date.parse(data.occurredAt) > instant) break;
      state = evolveShared(state, event.type, data, event.revision);
    }
    return state;
  }

  /**
   * `resolve` as it answered at instant `at` (RFC 3339): what a render then used (docs/audit.md).
   * @throws DomainError `<kind>_not_found` as `resolve`, about the document as it was at `at`.
   */
  async resolveAt(kind: SharedRef['kind'], workspace: string, use: SharedUse, at: string): Promise<ResolvedShared> {
    const ref = { kind, workspace, id: use.id };
    const state = await this.stateAt(ref, at);
    if (state.status !== 'active')
      throw sharedNotFound(ref, state.status === 'deleted' ? `had been deleted by ${at}` : `did not exist yet at ${at}`);
    return resolvedIn(ref, use, state);
  }

  /**
   * Create (`create`: refused on a live id) or save (refused on an absent one) a document's source. A save
   * of the same source under the same publishing appends nothing.
   * @throws DomainError `<kind>_exists`, `<kind>_not_found`, `revision_mismatch`.
   */
  async write(
    ref: SharedRef,
    create: boolean,
    input: { source: string; publishing?: Publishing },
    options: { expectedRevision?: number; actor?: SharedActor } = {},
  ): Promise<SharedView> {
    const state = await this.state(ref);
    if (create && state.status === 'active') {
      throw new DomainError(`${ref.kind}_exists`, `The ${kindName(ref.kind)} '${ref.id}' exists: save it with PUT, or pick another id.`, {
        [`${ref.kind}_id`]: ref.id,
      });
    }
    if (!create && state.status !== 'active') throw sharedNotFound(ref);
    checkExpected(ref, state, options.expectedRevision);
    const publishing = input.publishing ?? (state.status === 'active' ? state.publishing : 'on_save');
    if (!create && state.sources.get(state.sourceRevision) === input.source && publishing === state.publishing) {
      return { ...ref, state, unchanged: true };
    }
    const data: SharedEventData = { workspace: ref.workspace, id: ref.id, occurredAt: this.now(), source: input.source };
    if (publishing === 'review') data.publishing = 'review';
    return this.#append(ref, state, sharedEventType(ref.kind, create ? 'Created' : 'Saved'), data, options);
  }

  /**
   * Publish a revision (default: the latest create or save); `unchanged` when it is already the published one.
   * `force` (with what it `overridden`) is recorded in the event.
   * @throws DomainError `<kind>_not_found`, `revision_not_found`, `publishing_on_save`, `revision_mismatch`.
   */
  async publish(
    ref: SharedRef,
    asked: number | undefined,
    options: {
      expectedRevision?: number;
      actor?: SharedActor;
      force?: boolean;
      overridden?: NonNullable<SharedEventData['overridden']>;
    } = {},
  ): Promise<SharedView> {
    const { state } = await this.get(ref);
    checkExpected(ref, state, options.expectedRevision);
    const revision = decideSharedPublish(ref, state, asked);
    if (revision === null) return { ...ref, state, unchanged: true };
    const data: SharedEventData = { workspace: ref.workspace, id: ref.id, occurredAt: this.now(), publishedRevision: revision };
    if (options.force) {
      data.force = true;
      data.overridden = options.overridden ?? [];
    }
    return this.#append(ref, state, sharedEventType(ref.kind, 'Published'), data, options);
  }

  /** The live documents of `kind` in `workspace`, a page at a time in id order (shared-list.ts). @throws what the event store throws. */
  list(
    kind: SharedRef['kind'],
    workspace: string,
    page: { limit: number; after?: string },
  ): Promise<{ items: SharedListItem[]; nextAfter: string | null }> {
    return listShared(this.eventStore, (ref) => this.state(ref), kind, workspace, page);
  }

  /** The create or save at stream revision `revision`, with its source (shared-history.ts). @throws DomainError `revision_not_found`. */
  revisionAt(ref: SharedRef, revision: number): Promise<SharedSourceRevision> {
    return sharedRevisionAt(this.eventStore, ref, revision);
  }

  /** The stream's events a page at a time, oldest first (shared-history.ts). @throws what the event store throws. */
  revisions(ref: SharedRef, page: { limit: number; after?: number }): Promise<{ items: SharedRevision[]; nextAfter: number | null }> {
    return sharedRevisions(this.eventStore, ref, page);
  }

  /** Delete a live document (the caller checks that nothing names it). @throws DomainError `<kind>_not_found`, `revision_mismatch`. */
  async delete(ref: SharedRef, options: { expectedRevision?: number; actor?: SharedActor } = {}): Promise<SharedView> {
    const { state } = await this.get(ref);
    checkExpected(ref, state, options.expectedRevision);
    const data: SharedEventData = { workspace: ref.workspace, id: ref.id, occurredAt: this.now() };
    return this.#append(ref, state, sharedEventType(ref.kind, 'Deleted'), data, options);
  }

  async #append(
    ref: SharedRef,
    state: SharedState,
    type: string,
    data: SharedEventData,
    options: { expectedRevision?: number; actor?: SharedActor },
  ): Promise<SharedView> {
    const actor = options.actor;
    const metadata = actor ? { key_id: actor.keyId, ...(actor.requestId ? { request_id: actor.requestId } : {}) } : {};
    try {
      // Always conditional on the state decided from: a concurrent writer makes this one 412 (or retry, below).
      await this.eventStore.appendToStream(sharedStream(ref), [{ type, data, metadata }], {
        expectedRevision: state.revision < 0 ? 'no_stream' : state.revision,
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      throw new DomainError(
        'revision_mismatch',
        `The ${kindName(ref.kind)} '${ref.id}' changed meanwhile (it was at revision ${state.revision}): GET it and try again.`,
        { current_revision: state.revision },
      );
    }
    return { ...ref, state: await this.state(ref) };
  }
}

/** The revision `use` names in `state` (pinned, or the published one) with its source. @throws DomainError `<kind>_not_found`. */
function resolvedIn(ref: SharedRef, use: SharedUse, state: SharedState): ResolvedShared {
  const revision = use.revision ?? state.publishedRevision;
  const source = revision === null ? undefined : state.sources.get(revision);
  if (revision === null) throw sharedNotFound(ref, 'has no published revision yet');
  if (source === undefined)
    throw sharedNotFound(ref, `has no revision ${revision} (its revisions: ${[...state.sources.keys()].join(', ')})`);
  return { id: use.id, revision, source };
}

function checkExpected(ref: SharedRef, state: SharedState, expected: number | undefined): void {
  if (expected === undefined || expected === state.revision) return;
  throw new DomainError(
    'revision_mismatch',
    `The ${kindName(ref.kind)} '${ref.id}' is at revision ${state.revision}, not ${expected}: GET it, then write with If-Match: "<its revision>".`,
    { current_revision: state.revision },
  );
}
