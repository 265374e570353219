/**
 * In-process rate limiter (rate-limiter-flexible's RateLimiterMemory): a fixed one-minute window per
 * API key. Counters live in this process only; with several instances use the Redis adapter.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter } from '../../application/ports.js';

export class MemoryRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterMemory;

  /** @param limit requests per key per minute */
  constructor(readonly limit: number) {
    this.limiter = new RateLimiterMemory({ points: limit, duration: 60 });
  }

  async consume(key: string): Promise<{ allowed: boolean; remaining: number; resetMs: number }> {
    try {
      const res = await this.limiter.consume(key);
      return { allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetMs: rejection.msBeforeNext };
      throw rejection;
    }
  }
}
