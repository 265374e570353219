/**
 * Another connection holds the SQLite file's write lock (`BEGIN IMMEDIATE`): the stores' calls wait for it by
 * retrying off the event loop (`src/adapters/sqlite/lock-wait.ts`), re-run whole transactions (an append
 * checks its expected revision afresh and is written whole or not at all), answer `DependencyUnavailableError`
 * once the lock-wait bound has passed, and read on at once meanwhile (WAL readers do not wait for a writer).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { encodePosition, SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteProjectorLease } from '../../src/adapters/sqlite/projector-lease.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { DependencyUnavailableError, WrongExpectedRevisionError } from '../../src/application/ports/index.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest gap between ticks of a 5 ms interval while `work` runs, ms: how long the event loop stood still. */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T | Error; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { result: await work.catch((error: Error) => error), stallMs };
  } finally {
    clearInterval(ticker);
  }
}

describe('SQLite stores while another connection holds the write lock', function () {
  this.timeout(20_000);
  let dir: string;
  let file: string;
  let other: Database.Database;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'letterpress-lock-wait-'));
    file = join(dir, 'store.db');
    openDatabase(file).close();
    other = new Database(file);
  });
  afterEach(async () => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('an append waits without stopping the event loop, reads go on meanwhile, and the append lands after the release', async () => {
    const store = new SqliteEventStore(openDatabase(file));
    await store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
    other.exec('BEGIN IMMEDIATE');
    setTimeout(() => other.exec('COMMIT'), 600);
    const append = store.appendToStream(
      's',
      [
        { type: 'B', data: {} },
        { type: 'C', data: {} },
      ],
      { expectedRevision: 0 },
    );
    const read = await store.readStream('s');
    expect(
      read.map((e) => e.type),
      'a read while the lock is held answers at once',
    ).to.deep.equal(['A']);
    const { result, stallMs } = await longestStall(append);
    expect(result).to.deep.equal({ nextExpectedRevision: 2, position: encodePosition(3) });
    expect(stallMs, 'the event loop never stood still for the lock (busy_timeout would have slept ~600 ms)').to.be.below(200);
    await store.close();
  });

  it('re-runs the whole append: an expected revision that no longer holds after the wait is refused, nothing written', async () => {
    const store = new SqliteEventStore(openDatabase(file));
    await store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
    other.exec('BEGIN IMMEDIATE');
    // While we wait, the lock holder appends revision 1 to the same stream.
    other
      .prepare(
        "INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES ('x', 's', 1, 'Theirs', '{}', '{}', '2026-01-01T00:00:00.000Z')",
      )
      .run();
    setTimeout(() => other.exec('COMMIT'), 300);
    const failure = await store
      .appendToStream(
        's',
        [
          { type: 'B', data: {} },
          { type: 'C', data: {} },
        ],
        { expectedRevision: 0 },
      )
      .catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(WrongExpectedRevisionError);
    expect((await store.readStream('s')).map((e) => e.type)).to.deep.equal(['A', 'Theirs']);
    await store.close();
  });

  it('answers DependencyUnavailableError once the lock-wait bound has passed, having written nothing', async () => {
    const store = new SqliteEventStore(openDatabase(file, { lockWaitMs: 200 }));
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    const { result, stallMs } = await longestStall(store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' }));
    const waited = performance.now() - started;
    expect(result).to.be.instanceOf(DependencyUnavailableError);
    expect((result as DependencyUnavailableError).message)
      .to.include('write lock')
      .and.to.include('SQLITE_LOCK_WAIT_MS');
    expect(waited, 'waited about its bound').to.be.within(190, 2000);
    expect(stallMs).to.be.below(150);
    other.exec('ROLLBACK');
    expect(await store.readStream('s')).to.deep.equal([]);
    await store.close();
  });

  it('the projector lease and a read-model commit wait off the event loop too', async () => {
    const db = openDatabase(file);
    const lease = new SqliteProjectorLease(db);
    const readModels = new SqliteReadModelStore(db);
    other.exec('BEGIN IMMEDIATE');
    setTimeout(() => other.exec('COMMIT'), 400);
    const work = Promise.all([
      lease.tryAcquire('me', 10_000),
      readModels.commit(
        [{ collection: 'c', partition: 'p', key: 'k', revision: 0, doc: { a: 1 } }],
        [{ projection: 'c', version: 1, position: encodePosition(1) }],
      ),
    ]);
    expect(await readModels.getCheckpoint('c'), 'a read while the lock is held answers at once').to.equal(null);
    const { result, stallMs } = await longestStall(work);
    expect(result).to.deep.equal([true, undefined]);
    expect(stallMs).to.be.below(200);
    expect(await readModels.get('c', { partition: 'p', key: 'k' })).to.deep.equal({ a: 1 });
    await pause(0);
    db.close();
  });
});
