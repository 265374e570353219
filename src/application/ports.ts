/**
 * Ports: what the application needs from storage. The SQLite adapters implement them for the embedded
 * default; KurrentDB (event store) and MongoDB (read models) adapters implement the same contracts.
 * Names follow KurrentDB's vocabulary: stream, stream revision, expected revision, $all position.
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

/** A store or read-model dependency is unreachable or broken (maps to 503). */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
  constructor(
    readonly dependency: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface EventStore {
  /** Short name for `/health`: `sqlite`, `kurrentdb`. */
  readonly kind: string;
  /**
   * Append events atomically: all or none.
   * @throws WrongExpectedRevisionError when `expectedRevision` does not hold (nothing is written).
   */
  appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order, from `fromRevision` (default 0); `[]` when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Events of `$all` in position order, strictly after `after` (default: from the start), only of streams
   * whose id starts with `streamPrefix` when given.
   */
  readAll(options?: { after?: Position | null; maxCount?: number; streamPrefix?: string }): Promise<RecordedEvent[]>;
  /** The last event in `$all` (its position and when it was recorded), `null` when empty. */
  head(): Promise<{ position: Position; recordedAt: string } | null>;
  /**
   * A catch-up subscription to `$all`: delivers the events after `from`, then stays live and delivers new
   * ones as they are appended — by any process. See `Subscription` for its guarantees.
   */
  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription;
  /**
   * Called after every successful append made through this store, with the position of its last event;
   * an adapter that can (PostgreSQL's LISTEN/NOTIFY) also reports other processes' appends. A hint only:
   * a listener may miss positions or hear a later one first (subscriptions use it to wake early).
   */
  onAppended(listener: (position: Position) => void): () => void;
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
   * catch-up and after each resume; the SQL stores call it again whenever live delivery reaches a newer head.
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

/** Where a projection keeps one document: `partition` is the workspace, `key` the project id. */
export interface DocumentLocation {
  partition: string;
  key: string;
}

export interface DocumentChange extends DocumentLocation {
  /** Read-model collection (the projection's name). */
  collection: string;
  /** New document, or `null` to remove it (the store keeps a tombstone with the revision). */
  doc: unknown;
  /**
   * The stream revision the change reflects. The store applies it only over an older document (or none):
   * an equal or older revision is ignored, so a re-delivered or out-of-order change, or a second
   * projector behind this one, can never roll a document back.
   */
  revision: number;
}

export interface ProjectionCheckpoint {
  /** Projection definition version the stored documents were built with. */
  version: number;
  /** Last `$all` position applied, `null` before the first event. */
  position: Position | null;
}

export interface ReadModelStore {
  readonly kind: string;
  /** The document at `location`; `null` when there is none or it was removed. */
  get<T>(collection: string, location: DocumentLocation): Promise<T | null>;
  /** The documents at `locations`, in their order (`null` where none): a page of events in one round trip. */
  getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>>;
  /** Documents of one partition in ascending key order, keys strictly after `after` (removed ones left out). */
  list<T>(collection: string, options: { partition: string; after?: string; limit: number }): Promise<Array<{ key: string; doc: T }>>;
  /**
   * Apply document changes, each only over an older revision (see `DocumentChange.revision`), and move
   * checkpoints forward: a checkpoint never goes back to an earlier position of the same version. No
   * transaction across collections is needed for that; the SQLite adapter still writes a commit at once.
   */
  commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void>;
  getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null>;
  /** Drop a projection's documents (tombstones included) and checkpoint (for rebuilds and version changes). */
  reset(projection: string): Promise<void>;
  /**
   * Serve collection `name` and its checkpoint from `physical` (another collection, built beside it) from
   * now on — atomically, and only if `physical`'s checkpoint has reached the live one — then drop the old.
   * Every read and write naming `name` follows the switch at once. @returns false, changing nothing, when
   * `physical` is behind (catch it up and try again).
   */
  activate(name: string, physical: string): Promise<boolean>;
  /**
   * Called after a commit that moved checkpoints — made through this store, or, where the engine can tell
   * (PostgreSQL's LISTEN/NOTIFY), by another process. A hint only: a waiter still re-reads the checkpoints
   * (and polls for what it may not hear of). @returns a function that unregisters the listener.
   */
  onCheckpointsMoved(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * The right to be the one active projector of a store: a standby keeps trying and takes over when the
 * holder stops renewing (or, where the engine ties the lease to a connection, when that connection dies).
 */
export interface ProjectorLease {
  /** Take the lease if it is free or expired; renews it when `holder` holds it. @returns whether `holder` holds it now. */
  tryAcquire(holder: string, ttlMs: number): Promise<boolean>;
  /** Give it up, if `holder` holds it. */
  release(holder: string): Promise<void>;
}

/**
 * Scopes an API key can hold. `keys:admin` manages the keys of the key's own workspace (/api-keys). A key
 * issued without a scope list (the bootstrap key) holds every one.
 */
export const SCOPES = ['projects:read', 'projects:write', 'templates:render', 'keys:admin'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKeyRecord {
  /** Public key id (the token's prefix), safe to log. */
  id: string;
  /** Hex SHA-256 of the whole token; the token itself is never stored. */
  hash: string;
  name: string;
  workspace: string;
  scopes: Scope[];
  createdAt: string;
  /** RFC 3339; `null` = never expires. */
  expiresAt: string | null;
  revokedAt: string | null;
  /** Requests per minute this key may make; `null` = the service default (`RATE_LIMIT_PER_MINUTE`). */
  rateLimitPerMinute: number | null;
}

/** A key with this id or token hash is already stored; nothing was written. */
export class ApiKeyExistsError extends Error {
  override readonly name = 'ApiKeyExistsError';
  constructor(readonly id: string) {
    super(`An API key with id '${id}' or the same token already exists.`);
  }
}

export interface ApiKeyStore {
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** @throws ApiKeyExistsError when the id or the hash is taken; DependencyUnavailableError. */
  insert(record: ApiKeyRecord): Promise<void>;
  /** Every key, oldest first (by `createdAt`, then id in byte order). */
  list(): Promise<ApiKeyRecord[]>;
  /** The key with this id, revoked and expired ones included; `null` when none. */
  findById(id: string): Promise<ApiKeyRecord | null>;
  /**
   * Up to `limit` keys of `workspace`, oldest first (by `createdAt`, then id in byte order), starting after
   * the key `after` names (a keyset cursor: both fields of the last key of the previous page).
   */
  listByWorkspace(workspace: string, page: { limit: number; after?: { createdAt: string; id: string } }): Promise<ApiKeyRecord[]>;
  /** @returns false when no key has that id. */
  revoke(id: string, at: string): Promise<boolean>;
  /**
   * Make key `id` expire at `at` (RFC 3339, UTC with ms as `toISOString` writes it) unless it already
   * expires earlier: an expiry is only ever brought forward (key rotation's overlap).
   * @returns false when no key has that id.
   */
  expireBy(id: string, at: string): Promise<boolean>;
  count(): Promise<number>;
}

/** A fixed-window request counter per API key (in process, or shared through Redis). */
export interface RateLimiter {
  /** Default requests allowed per key per window (RATE_LIMIT_PER_MINUTE). */
  readonly limit: number;
  /** Length of the fixed window, s. */
  readonly windowSeconds: number;
  /**
   * Count one request for `key` against `limit` requests per window (default `this.limit`; a key's own
   * limit otherwise). Never rejects for a store outage: an adapter with a remote store falls back to local
   * counters (fail-open) and says so in `status()`.
   */
  consume(key: string, limit?: number): Promise<RateLimitDecision>;
  /** Where the counters live and whether that store is failing (for /health). */
  status(): RateLimiterStatus;
  /** Release connections (idempotent). */
  close(): Promise<void>;
}

/** One request counted. `remaining`: requests left in this window; `resetMs`: ms until it resets. */
export interface RateLimitDecision {
  allowed: boolean;
  /** The limit applied (requests per window). */
  limit: number;
  remaining: number;
  resetMs: number;
}

/** `degraded`: the shared store is unreachable and counters are per process since `since` (ISO 8601). */
export interface RateLimiterStatus {
  store: 'memory' | 'redis';
  degraded: boolean;
  since?: string;
  reason?: string;
}

/**
 * The first response to a request made with an `Idempotency-Key`, kept to be replayed to its retries
 * (draft-ietf-httpapi-idempotency-key-header-06 §2.6).
 */
export interface StoredResponse {
  status: number;
  /** Response header fields to replay, lower-case names (`content-type`, `etag`, `location`). */
  headers: Record<string, string>;
  /** The body as sent, `null` for none (204). */
  body: string | null;
}

/** One idempotency key of one owner. */
export interface IdempotencyRecord {
  /** Whose key it is: the API key id. Equal keys of different owners never meet. */
  scope: string;
  /** The `Idempotency-Key` value (1–255 printable ASCII characters). */
  key: string;
  /** Opaque fingerprint of the request (method, path, body); a retry must match it (draft §2.4). */
  fingerprint: string;
  /** Random token of the request that claimed the key: only it completes or releases the record. */
  owner: string;
  /** `null` while the first request is in flight. */
  response: StoredResponse | null;
  /**
   * ms since the epoch from which the record no longer counts and the key can be claimed afresh: the end of
   * the in-flight lease (a crashed request does not hold its key forever), then of the retention period.
   */
  expiresAt: number;
}

/** What `claim` found: the key is now the caller's, or a live record holds it (in flight or completed). */
export type IdempotencyClaim = { claimed: true } | { claimed: false; existing: IdempotencyRecord };

/**
 * Idempotency keys shared by every instance on one store (draft-ietf-httpapi-idempotency-key-header-06).
 * Times are ms since the epoch, passed in by the caller (one clock, replaceable in tests). Every method
 * may throw DependencyUnavailableError.
 */
export interface IdempotencyStore {
  /**
   * Atomically insert `record` as in flight (no response) when no record holds (`scope`, `key`) or the one
   * there has expired at `now` (it is replaced); otherwise change nothing and return the live record.
   * Two concurrent claims of one key: exactly one gets `claimed: true`.
   */
  claim(record: Omit<IdempotencyRecord, 'response'>, now: number): Promise<IdempotencyClaim>;
  /**
   * Store `response` on the in-flight record `owner` claimed, kept until `expiresAt`.
   * @returns false, storing nothing, when `owner` no longer holds it (its lease expired and another claimed it).
   */
  complete(scope: string, key: string, owner: string, response: StoredResponse, expiresAt: number): Promise<boolean>;
  /** Delete the in-flight record `owner` claimed (the request failed so that a retry must run it again). */
  release(scope: string, key: string, owner: string): Promise<void>;
  /** The record holding (`scope`, `key`) unexpired at `now`, or `null`. */
  get(scope: string, key: string, now: number): Promise<IdempotencyRecord | null>;
  /** Delete at most `limit` records expired at `now` (bounded work). @returns how many were deleted. */
  purgeExpired(now: number, limit: number): Promise<number>;
}
