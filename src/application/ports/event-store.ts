/**
 * Event-store port: what the application needs from the event log. The SQLite and PostgreSQL adapters
 * implement it, and KurrentDB's adapter the same contract. Names follow KurrentDB's vocabulary: stream,
 * stream revision, expected revision, $all position.
 */

/**
 * Expected revision for an append (KurrentDB semantics):
 * `'no_stream'` — the stream must not exist; `'any'` — no check; `'stream_exists'` — it must exist;
 * a number — the stream's last revision must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/**
 * A place in `$all`, the global log of every stream. Opaque: positions are compared, stored and sent as
 * they are, never parsed, counted or subtracted — engines number them differently (KurrentDB's are
 * `{ commit, prepare }` pairs with gaps). Every engine encodes its positions so that the plain string
 * order is `$all` order (fixed-width digits); compare them with `comparePositions`.
 */
export type Position = string;

/** Negative when `a` comes before `b` in `$all`, 0 when they are the same place, positive after. */
export function comparePositions(a: Position, b: Position): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An event to append. `id` (a UUID) is assigned by the store when omitted. */
export interface EventData<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

/** An event as stored. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  revision: number;
  /** Where the event is in `$all` (opaque, increasing; see `Position`). */
  position: Position;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  /** RFC 3339 UTC timestamp the store recorded the event at. */
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the last appended event: pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** `$all` position of the last appended event (or of the stream's last event when nothing was appended). */
  position: Position | null;
}

/** The stream's revision did not match the expected revision; nothing was appended. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or `'no_stream'`. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Append to '${streamId}' expected revision ${String(expected)}, but the stream is at ${String(actual)}.`);
  }
}

/**
 * The store refused the append as larger than it accepts (KurrentDB: `MaxAppendSize`, 1 MiB by default,
 * counting type, data and metadata); nothing was appended. The application checks sizes first, so this is
 * a server configured below that check.
 */
export class AppendTooLargeError extends Error {
  override readonly name = 'AppendTooLargeError';
  constructor(
    readonly streamId: string,
    /** The store's limit, bytes. */
    readonly maxBytes: number,
  ) {
    super(`The store refused the append to '${streamId}': it accepts at most ${maxBytes} bytes per append.`);
  }
}

export interface EventStore {
  /** Short name for `/health`: `sqlite`, `kurrentdb`. */
  readonly kind: string;
  /**
   * Append events atomically: all or none.
   * @throws WrongExpectedRevisionError when `expectedRevision` does not hold (nothing is written);
   *   AppendTooLargeError when the store refuses the size (nothing is written).
   */
  appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order, from `fromRevision` (default 0); `[]` when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * The revision of a stream's last event, `null` when the stream does not exist: a cheap check, no payload
   * read (render-revisions.ts asks it on renders). Optional: without it, callers probe with `readStream`.
   */
  streamRevision?(streamId: string): Promise<number | null>;
  /**
   * Events of `$all` in position order, strictly after `after` (default: from the start), only of streams
   * whose id starts with `streamPrefix` when given.
   */
  readAll(options?: { after?: Position | null; maxCount?: number; streamPrefix?: string }): Promise<RecordedEvent[]>;
  /**
   * The ids of the streams whose id starts with `prefix`, in code point order (the byte order of their UTF-8), strictly after
   * `after` when given, at most `limit` of them: a page at a time, so a caller walks every stream of a prefix
   * without holding them all. A stream is listed once it has an event, whatever the events say (a deleted
   * layout's stream is listed: the caller folds it). Cost: the SQL stores read an index range; KurrentDB has
   * no stream-name index, so its store reads the prefix's events (filtered server-side) and keeps `limit` ids.
   */
  listStreams(options: { prefix: string; after?: string; limit: number }): Promise<string[]>;
  /**
   * The last event in `$all` (its position and when it was recorded), `null` when empty; with
   * `streamPrefix`, the last of the streams starting with it (what the projector's lag is measured against:
   * a workspace policy's stream is not one it follows). KurrentDB's store counts its configured prefix by default.
   */
  head(options?: { streamPrefix?: string }): Promise<{ position: Position; recordedAt: string } | null>;
  /**
   * A catch-up subscription to `$all`: delivers the events after `from`, then stays live and delivers new
   * ones as they are appended — by any process. See `Subscription` for its guarantees.
   */
  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription;
  /** Stop every subscription (waiting for the page each is handling) and release connections. */
  close(): Promise<void>;
}

/** Where a subscription to `$all` starts and what it delivers. */
export interface SubscribeToAllOptions {
  /** Deliver the events strictly after this position; `null`: from the start of `$all`. */
  from: Position | null;
  /** Only events of streams whose id starts with this (KurrentDB: a stream-name prefix filter). */
  streamPrefix?: string;
  /** Most events per `onEvents` page. Default 200. */
  maxCount?: number;
}

/**
 * What a subscriber is told. Handlers run one at a time, in `$all` order; none may throw from
 * `onCaughtUp` or `onDropped` (a throw is ignored).
 */
export interface SubscriptionHandlers {
  /**
   * A page of events, strictly after the previous page. The subscription reads on only once the promise
   * resolves; when it rejects, the subscription drops and, resuming, delivers the page again — so delivery
   * is at least once, and a handler that stores a checkpoint with its effects applies each event once.
   */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /**
   * The subscription has delivered every matching event up to `position` and waits for more: at least the
   * last event it delivered (KurrentDB), or the `$all` head it saw, which may be another stream's event
   * (the SQL stores); `null` when it has delivered nothing and saw nothing. Called at the end of the first
   * catch-up and after each resume, and again whenever live delivery reaches a newer head: the SQL stores
   * when a poll finds nothing more, KurrentDB after each live page that leaves nothing buffered (its server
   * says "caught up" once per subscription, when it goes live).
   */
  onCaughtUp?(position: Position | null): void;
  /**
   * Reading (or `onEvents`) failed; the subscription resumes after the last page delivered once
   * `retryInMs` have passed (the wait doubles on each failure in a row, up to a bound).
   */
  onDropped?(error: unknown, retryInMs: number): void;
}

/** A running subscription to `$all` (`EventStore.subscribeToAll`). */
export interface Subscription {
  /** Whether it has caught up and not dropped since. */
  readonly caughtUp: boolean;
  /**
   * Stop delivering; resolves once the page being handled (if any) is done. Calling it from a handler is
   * allowed, but a handler must not wait for it (the handler is what it waits for).
   */
  stop(): Promise<void>;
}
