/**
 * In-process rate limiter (rate-limiter-flexible's RateLimiterMemory): a fixed one-minute window per
 * API key. Counters live in this process only; with several instances use the Redis adapter (REDIS_URL).
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter, RateLimiterStatus } from '../../application/ports/index.js';
import { decide, UNCAPPED_POINTS, WINDOW_SECONDS } from '../shared/fixed-window.js';

export class MemoryRateLimiter implements RateLimiter {
  readonly windowSeconds = WINDOW_SECONDS;
  private readonly counter = new RateLimiterMemory({ points: UNCAPPED_POINTS, duration: WINDOW_SECONDS });

  /** @param limit default requests per key per minute */
  constructor(readonly limit: number) {}

  async consume(key: string, limit: number = this.limit): Promise<RateLimitDecision> {
    return decide(await this.counter.consume(key), limit);
  }

  status(): RateLimiterStatus {
    return { store: 'memory', degraded: false };
  }

  async close(): Promise<void> {}
}
