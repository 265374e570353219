/** Rate-limit port: per-key request counters. */

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
