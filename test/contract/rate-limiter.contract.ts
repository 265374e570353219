/**
 * The RateLimiter contract: a fixed one-minute window per key, the default limit or the key's own,
 * keys counted apart. Run by every adapter:
 *
 *   describeRateLimiterContract('memory', async () => ({ limiter, cleanup }));
 */
import { expect } from 'chai';
import type { RateLimiter } from '../../src/application/ports/index.js';

export interface RateLimiterFixture {
  /** A limiter whose default limit is 5 requests per minute, with no counts yet. */
  limiter: RateLimiter;
  cleanup(): Promise<void>;
}

/** `n` requests for `key`, one after the other. */
async function consumeTimes(limiter: RateLimiter, key: string, n: number, limit?: number) {
  const decisions = [];
  for (let i = 0; i < n; i++) decisions.push(await limiter.consume(key, limit));
  return decisions;
}

export function describeRateLimiterContract(name: string, factory: () => Promise<RateLimiterFixture>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let fixture: RateLimiterFixture;
    let limiter: RateLimiter;
    beforeEach(async () => {
      fixture = await factory();
      limiter = fixture.limiter;
    });
    afterEach(() => fixture.cleanup());

    it('allows the default limit per window, then refuses, counting remaining down to 0', async () => {
      expect([limiter.limit, limiter.windowSeconds]).to.deep.equal([5, 60]);
      const decisions = await consumeTimes(limiter, 'k1', 7);
      expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, true, true, true, false, false]);
      expect(decisions.map((d) => d.remaining)).to.deep.equal([4, 3, 2, 1, 0, 0, 0]);
      expect(decisions.every((d) => d.limit === 5)).to.equal(true);
      for (const d of decisions) expect(d.resetMs).to.be.within(1, 60_000);
    });

    it("applies a key's own limit, above or below the default", async () => {
      const low = await consumeTimes(limiter, 'low', 3, 2);
      expect(low.map((d) => [d.allowed, d.limit, d.remaining])).to.deep.equal([
        [true, 2, 1],
        [true, 2, 0],
        [false, 2, 0],
      ]);
      const high = await consumeTimes(limiter, 'high', 8, 8);
      expect(high.map((d) => d.allowed)).to.deep.equal(Array(8).fill(true));
      expect(high.at(-1)!.remaining).to.equal(0);
      expect((await limiter.consume('high', 8)).allowed).to.equal(false);
    });

    it('counts keys apart: one key at its limit leaves another its whole budget', async () => {
      await consumeTimes(limiter, 'busy', 6);
      const other = await limiter.consume('quiet');
      expect([other.allowed, other.remaining]).to.deep.equal([true, 4]);
    });

    it('a limit lowered mid-window applies to the requests already counted', async () => {
      await consumeTimes(limiter, 'changed', 3, 10);
      const after = await limiter.consume('changed', 3); // the 4th request against a limit of 3
      expect([after.allowed, after.remaining, after.limit]).to.deep.equal([false, 0, 3]);
    });

    it('reports a status and closes twice without error', async () => {
      const status = limiter.status();
      expect(status.degraded).to.equal(false);
      expect(['memory', 'redis']).to.include(status.store);
      await limiter.close();
      await limiter.close();
    });
  });
}
