/**
 * The SQLite projector lease: one holder at a time, renewals, expiry, release.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteProjectorLease } from '../../src/adapters/sqlite/projector-lease.js';

describe('SqliteProjectorLease', () => {
  it('one holder at a time; the holder renews; another takes it once it expires or is released', async () => {
    const db = openDatabase(':memory:');
    let now = 1_000;
    const lease = new SqliteProjectorLease(db, { now: () => now });
    expect(await lease.tryAcquire('a', 100)).to.equal(true);
    expect(await lease.tryAcquire('b', 100)).to.equal(false);
    now += 90;
    expect(await lease.tryAcquire('a', 100), 'a renewal').to.equal(true);
    now += 90;
    expect(await lease.tryAcquire('b', 100), 'still held: renewed 90 ms ago').to.equal(false);
    now += 20;
    expect(await lease.tryAcquire('b', 100), 'expired').to.equal(true);
    expect(await lease.tryAcquire('a', 100)).to.equal(false);
    await lease.release('a'); // not the holder: nothing happens
    expect(await lease.tryAcquire('a', 100)).to.equal(false);
    await lease.release('b');
    expect(await lease.tryAcquire('a', 100)).to.equal(true);
    db.close();
  });

  it('a successor takes the lease of a dead process on this host at once, never that of a live one or of another host', async () => {
    const db = openDatabase(':memory:');
    const alive = new Set([101, 202]);
    const isAlive = (pid: number) => alive.has(pid);
    const on = (host: string, pid: number) => new SqliteProjectorLease(db, { now: () => 1_000, self: { host, pid }, isAlive });
    expect(await on('here', 101).tryAcquire('a', 60_000)).to.equal(true);
    expect(await on('here', 202).tryAcquire('b', 60_000), 'the holder lives').to.equal(false);
    alive.delete(101);
    expect(await on('there', 303).tryAcquire('c', 60_000), 'another host cannot judge our pids').to.equal(false);
    expect(await on('here', 202).tryAcquire('b', 60_000), 'the holder died').to.equal(true);
    expect(await on('here', 101).tryAcquire('a', 60_000), "a renewal by the dead holder's id finds it gone").to.equal(false);
    db.close();
  });
});
