/**
 * The fixed-window rule both rate-limiter adapters apply to a rate-limiter-flexible counter.
 *
 * rate-limiter-flexible gives a limiter one fixed `points` budget, but each API key may have its own
 * limit. So its limiters are used as plain counters (a budget no key reaches, `UNCAPPED_POINTS`) and the
 * per-key limit is applied here, to the count the store returns: one counter per key whatever its limit,
 * a changed limit applies at once to the current window, and no limiter per distinct limit to keep.
 */
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision } from '../../application/ports/index.js';

/** The one window every limit is counted over, s ("per minute"). */
export const WINDOW_SECONDS = 60;

/** The `points` of the underlying counters: never reached, so they never reject by themselves. */
export const UNCAPPED_POINTS = Number.MAX_SAFE_INTEGER;

/**
 * The decision for the request that brought the counter to `res.consumedPoints` (1-based: the first
 * request in a window counts 1). Allowed while the count is within `limit`.
 */
export function decide(res: Pick<RateLimiterRes, 'consumedPoints' | 'msBeforeNext'>, limit: number): RateLimitDecision {
  return {
    allowed: res.consumedPoints <= limit,
    limit,
    remaining: Math.max(0, limit - res.consumedPoints),
    resetMs: Math.max(0, res.msBeforeNext),
  };
}
