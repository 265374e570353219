/**
 * The ProjectorLease contract (the port's doc, src/application/ports/read-model.ts): one holder, renewal,
 * take-over after a crash, no late renewal, races, release, failure — and the one difference between
 * engines, said once: expiry by the clock (SQLite, MongoDB) or with the holder's connection (PostgreSQL).
 * Faults injected: a crash (the holder's connection closed, its renewals stop), a renewal after the lease
 * expired and was taken, clocks that disagree, contenders racing. Run by every engine:
 *
 *   describeProjectorLeaseContract('sqlite', async () => ({ expiry: 'clock', contender, crash, cleanup }));
 */
import { expect } from 'chai';
import type { ProjectorLease } from '../../src/application/ports/index.js';

export interface ProjectorLeaseFixture {
  /** `clock`: held until `ttlMs` after the last renewal; `connection`: held while the holder's connection lives. */
  expiry: 'clock' | 'connection';
  /** A contender with a connection of its own to one store; `now` is its clock, ms (clock engines use it). */
  contender(now: () => number): Promise<ProjectorLease>;
  /** The process of `lease` dies: its connection closes and it renews no more. */
  crash(lease: ProjectorLease): Promise<void>;
  cleanup(): Promise<void>;
}

const TTL = 1_000;

/** A settled `tryAcquire`: true, false, or the error's name. */
async function outcome(call: Promise<boolean>): Promise<boolean | string> {
  try {
    return await call;
  } catch (error) {
    return (error as Error).name;
  }
}

/** Register `ProjectorLease contract: <name>`; `factory` runs before each test and gives a store with no lease held. */
export function describeProjectorLeaseContract(name: string, factory: () => Promise<ProjectorLeaseFixture>): void {
  describe(`ProjectorLease contract: ${name}`, () => {
    let fixture: ProjectorLeaseFixture;
    /** Every contender's clock, ms: clock engines' tests move it by hand. */
    let now: number;
    const clock = () => now;
    beforeEach(async () => {
      now = 1_000_000;
      fixture = await factory();
    });
    afterEach(() => fixture.cleanup());

    it('one holder: while it renews, every other contender is refused, also past the first TTL', async () => {
      const [a, b] = [await fixture.contender(clock), await fixture.contender(clock)];
      expect(await a.tryAcquire('a', TTL)).to.equal(true);
      for (let i = 0; i < 4; i++) {
        now += TTL / 2; // four renewals half a TTL apart: two TTLs in all
        expect(await b.tryAcquire('b', TTL), `b, ${i}`).to.equal(false);
        expect(await a.tryAcquire('a', TTL), `a renews, ${i}`).to.equal(true);
      }
      now += TTL - 1;
      expect(await b.tryAcquire('b', TTL), 'one ms before the last renewal runs out').to.equal(false);
    });

    it('release frees the lease at once; releasing a lease one does not hold changes nothing', async () => {
      const [a, b] = [await fixture.contender(clock), await fixture.contender(clock)];
      expect(await a.tryAcquire('a', TTL)).to.equal(true);
      await b.release('b');
      expect(await b.tryAcquire('b', TTL), 'b released nothing of a').to.equal(false);
      await a.release('a');
      expect(await b.tryAcquire('b', TTL)).to.equal(true);
      expect(await a.tryAcquire('a', TTL)).to.equal(false);
    });

    it('take-over after the holder crashes: at the latest one TTL after its last renewal; the crashed one never holds it again', async () => {
      const [a, b] = [await fixture.contender(clock), await fixture.contender(clock)];
      expect(await a.tryAcquire('a', TTL)).to.equal(true);
      await fixture.crash(a);
      if (fixture.expiry === 'clock') {
        now += TTL + 1;
        expect(await b.tryAcquire('b', TTL)).to.equal(true);
      } else {
        // The server frees the lock once it sees the connection closed: ask until then (states, not durations).
        let taken = false;
        for (let i = 0; i < 100 && !taken; i++)
          taken = (await b.tryAcquire('b', TTL)) || (await new Promise((r) => setTimeout(r, 20)), false);
        expect(taken, 'taken once the connection is gone, without waiting for any TTL').to.equal(true);
      }
      expect(await outcome(a.tryAcquire('a', TTL)), 'the crashed holder, renewing after all').to.not.equal(true);
    });

    it('a late renewal: once another contender took the lease, the former holder is refused', async () => {
      const [a, b, c] = [await fixture.contender(clock), await fixture.contender(clock), await fixture.contender(clock)];
      expect(await a.tryAcquire('a', TTL)).to.equal(true);
      now += TTL + 1; // a's renewal is late: its lease ran out (clock engines)
      if (fixture.expiry === 'connection') {
        // No clock here: a's connection lives, so it still holds, however late it renews.
        expect(await b.tryAcquire('b', TTL), 'held while its connection lives').to.equal(false);
        expect(await a.tryAcquire('a', TTL), 'a late renewal still holds').to.equal(true);
        return;
      }
      expect(await b.tryAcquire('b', TTL)).to.equal(true);
      expect(await a.tryAcquire('a', TTL), 'a, renewing late').to.equal(false);
      expect(await c.tryAcquire('c', TTL), 'b still holds it').to.equal(false);
      expect(await b.tryAcquire('b', TTL)).to.equal(true);
    });

    it('clocks: a standby judges expiry by its own clock, so one running ahead takes the lease early by as much (clock engines); no clock plays a part otherwise', async () => {
      const skew = TTL / 4;
      let standbyNow = now + skew;
      const a = await fixture.contender(clock);
      const b = await fixture.contender(() => standbyNow);
      expect(await a.tryAcquire('a', TTL)).to.equal(true);
      standbyNow = now + TTL - 1; // the standby's clock says the lease has 1 ms left: the holder's says skew + 1
      expect(await b.tryAcquire('b', TTL)).to.equal(false);
      standbyNow = now + TTL + 1; // by the holder's clock, the lease has skew - 1 ms left
      expect(await b.tryAcquire('b', TTL), 'taken early by the skew').to.equal(fixture.expiry === 'clock');
    });

    it("contenders racing for a free lease, then for a crashed holder's: exactly one wins each time", async () => {
      const contenders = await Promise.all(['a', 'b', 'c', 'd'].map(() => fixture.contender(clock)));
      const first = await Promise.all(contenders.map((lease, i) => outcome(lease.tryAcquire(`h${i}`, TTL))));
      expect(
        first.filter((won) => won === true),
        JSON.stringify(first),
      ).to.have.length(1);
      expect(
        first.every((won) => typeof won === 'boolean'),
        JSON.stringify(first),
      ).to.equal(true);
      const winner = first.indexOf(true);
      await fixture.crash(contenders[winner]!);
      now += TTL + 1;
      const rest = contenders.filter((_, i) => i !== winner);
      let second: Array<boolean | string> = [];
      for (let i = 0; i < 100 && !second.includes(true); i++) {
        second = await Promise.all(rest.map((lease, j) => outcome(lease.tryAcquire(`r${j}`, TTL))));
        if (!second.includes(true)) await new Promise((r) => setTimeout(r, 20)); // a connection engine frees it once the server sees the crash
      }
      expect(
        second.filter((won) => won === true),
        JSON.stringify(second),
      ).to.have.length(1);
    });
  });
}
