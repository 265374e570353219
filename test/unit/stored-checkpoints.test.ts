/**
 * Waiting for the stored checkpoints (a write served by an instance that does not project): re-read when
 * the store says they moved, not only at the poll.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { encodePosition } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { waitForStoredCheckpoints } from '../../src/application/projector/index.js';

describe('waitForStoredCheckpoints', () => {
  it('resolves true when a commit moves every checkpoint there, woken by the store without waiting for its poll', async () => {
    const db = openDatabase(':memory:');
    const readModels = new SqliteReadModelStore(db);
    await readModels.commit(
      [],
      [
        { projection: 'a', version: 1, position: encodePosition(1) },
        { projection: 'b', version: 1, position: encodePosition(1) },
      ],
    );
    let settled: boolean | null = null;
    // An hour between polls: only the hint can end this wait before the test's timeout.
    const waiting = waitForStoredCheckpoints(readModels, ['a', 'b'], encodePosition(3), { timeoutMs: 60_000, intervalMs: 3_600_000 }).then(
      (r) => (settled = r),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    await readModels.commit([], [{ projection: 'a', version: 1, position: encodePosition(3) }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled, 'b is still behind').to.equal(null);
    await readModels.commit([], [{ projection: 'b', version: 1, position: encodePosition(4) }]);
    expect(await waiting).to.equal(true);
    db.close();
  });

  it('resolves false once the timeout passes', async () => {
    const db = openDatabase(':memory:');
    const readModels = new SqliteReadModelStore(db);
    expect(await waitForStoredCheckpoints(readModels, ['a'], encodePosition(1), { timeoutMs: 30, intervalMs: 10 })).to.equal(false);
    db.close();
  });
});
