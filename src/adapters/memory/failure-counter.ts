/**
 * Failure counts in process (rate-limiter-flexible's RateLimiterMemory as a plain counter, as the rate
 * limiter uses it): each instance counts the failures it sees. Memory is bounded by the distinct keys
 * that failed within one window; the library drops a key's counter when its window ends.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { FailureCounter } from '../../application/ports/index.js';
import { UNCAPPED_POINTS } from '../shared/fixed-window.js';

export class MemoryFailureCounter implements FailureCounter {
  private readonly counter: RateLimiterMemory;

  /**
   * @param limit failures allowed per key per window
   * @param windowSeconds window length, s (default 60)
   */
  constructor(
    readonly limit: number,
    readonly windowSeconds = 60,
  ) {
    this.counter = new RateLimiterMemory({ points: UNCAPPED_POINTS, duration: windowSeconds });
  }

  async blockedForMs(key: string): Promise<number> {
    const res = await this.counter.get(key);
    if (!res || res.consumedPoints < this.limit) return 0;
    return Math.max(1, res.msBeforeNext);
  }

  async fail(key: string): Promise<number> {
    return (await this.counter.penalty(key, 1)).consumedPoints;
  }
}
