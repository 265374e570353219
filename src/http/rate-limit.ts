/**
 * Per-key rate limit middleware and the fields that announce it.
 *
 * Every authenticated response carries the key's budget twice:
 * - `RateLimit-Policy: "default";q=600;w=60` and `RateLimit: "default";r=599;t=42`, the IETF fields of
 *   draft-ietf-httpapi-ratelimit-headers-10 (§3 and §4; -11 keeps the same syntax): Structured Field Lists
 *   (RFC 9651) of one Item, a String naming the policy with Integer parameters `q` (quota, requests), `w`
 *   (window, s), `r` (requests remaining) and `t` (s until more quota is available). The policy is
 *   `"default"` under RATE_LIMIT_PER_MINUTE and `"key"` when the API key carries its own limit;
 * - `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time in seconds when the
 *   window resets, as GitHub's API), which clients already read.
 * Past the limit: 429 `rate_limited` with `Retry-After` in whole seconds, at least 1 (RFC 9110 §10.2.3),
 * never earlier than `t` (draft §6).
 */
import type Koa from 'koa';
import type { Principal } from '../application/keys/index.js';
import type { RateLimitDecision, RateLimiter } from '../application/ports/index.js';
import { ProblemError } from './problem.js';

/** The rate-limit response fields for one decision, at `nowMs` (Unix ms). */
export function rateLimitHeaders(
  decision: RateLimitDecision,
  windowSeconds: number,
  policy: 'default' | 'key',
  nowMs: number,
): Record<string, string> {
  const resetSeconds = Math.ceil(decision.resetMs / 1000);
  return {
    'RateLimit-Policy': `"${policy}";q=${decision.limit};w=${windowSeconds}`,
    RateLimit: `"${policy}";r=${decision.remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(Math.ceil((nowMs + decision.resetMs) / 1000)),
  };
}

/**
 * Count the request against its key's limit (its own, or the limiter's default); 429 past it. Runs after
 * authentication (`ctx.state.principal` set). Typed on the state it reads, not `AppState`, so that
 * middleware.ts can re-export it without an import cycle. `onRejected` is told of each 429.
 */
export function rateLimit(limiter: RateLimiter, onRejected?: () => void): Koa.Middleware<{ principal?: Principal }> {
  return async (ctx, next) => {
    const { headers, refusal } = await takeRateLimit(limiter, ctx.state.principal!, onRejected);
    ctx.set(headers);
    if (refusal) throw refusal;
    await next();
  };
}

/**
 * Count one request of `principal` against its key's limit (its own, or the limiter's default): the fields
 * every answer then carries, and past the limit the 429 `rate_limited` problem to answer (its headers the
 * same fields and `Retry-After`). `onRejected` is told of each 429. The render fast path calls it too.
 */
export async function takeRateLimit(
  limiter: RateLimiter,
  principal: Principal,
  onRejected?: () => void,
): Promise<{ headers: Record<string, string>; refusal?: ProblemError }> {
  const own = principal.rateLimitPerMinute;
  const decision = await limiter.consume(principal.keyId, own ?? limiter.limit);
  const headers = rateLimitHeaders(decision, limiter.windowSeconds, own === undefined ? 'default' : 'key', Date.now());
  if (decision.allowed) return { headers };
  onRejected?.(); // the rejection counter of metrics.ts
  const retryAfter = Math.max(1, Math.ceil(decision.resetMs / 1000));
  const refusal = new ProblemError(
    429,
    'rate_limited',
    `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${retryAfter} s.`,
    [],
    { ...headers, 'Retry-After': String(retryAfter) },
  );
  return { headers, refusal };
}
