/** Idempotency port: `Idempotency-Key` records shared by every instance. */

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
   * the retention period (24 h), in flight as when completed. A lapsed in-flight record stays until then, so
   * a retry can still ask the event store what became of its write.
   */
  expiresAt: number;
  /**
   * ms since the epoch until which an in-flight request holds the key (its lease, renewed while it runs);
   * after it the request counts as gone (a crashed process) and a retry may take the key over once the
   * event store says its write was not committed. Meaningless once `response` is set.
   */
  leaseUntil: number;
  /**
   * Where the in-flight request's write will land, noted before it appends (opaque to the store; the HTTP
   * layer writes JSON): what a retry searches in the event store. `null` until noted.
   */
  target: string | null;
}

/** What a claim inserts: an in-flight record, nothing noted yet; `leaseUntil` defaults to `expiresAt`. */
export type NewIdempotencyClaim = Omit<IdempotencyRecord, 'response' | 'target' | 'leaseUntil'> & { leaseUntil?: number };

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
  claim(record: NewIdempotencyClaim, now: number): Promise<IdempotencyClaim>;
  /**
   * Extend the lease of the in-flight record `owner` claimed to `leaseUntil` and, when given, note `target`.
   * @returns false, changing nothing, when `owner` no longer holds it in flight (taken over, or completed).
   */
  renew(scope: string, key: string, owner: string, leaseUntil: number, target?: string): Promise<boolean>;
  /**
   * Atomically hand the in-flight record held by `from` (whose lease lapsed) to `to`: new lease, `target`
   * cleared, fingerprint and expiry kept. Of two concurrent take-overs from one owner exactly one wins.
   * @returns false, changing nothing, when `from` no longer holds it in flight.
   */
  takeOver(scope: string, key: string, from: string, to: string, leaseUntil: number): Promise<boolean>;
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
