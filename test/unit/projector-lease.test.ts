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
    const lease = new SqliteProjectorLease(db, () => now);
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
});
