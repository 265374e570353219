/**
 * The SQLite stores with their writes on the writer thread (thread-writer.ts, as the service opens them):
 * the same contracts as on one connection, the event loop free while a large append commits, and a
 * failed or stuck thread answering 503 instead of hanging (issue 24, item 4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openSqliteStores } from '../../src/adapters/sqlite/index.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { ThreadWriter } from '../../src/adapters/sqlite/thread-writer.js';
import { DependencyUnavailableError, type EventData, type Stores } from '../../src/application/ports/index.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { describeIdempotencyStoreContract } from './idempotency-store.contract.js';
import { describeReadModelStoreContract } from './read-model-store.contract.js';
import { failureOf } from '../support/failure.js';

/** The stores as the service opens them (openSqliteStores: writes on the writer thread), over a fresh directory. */
async function openStores(): Promise<{ stores: Stores; eventStore: SqliteEventStore; dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'letterpress-writer-thread-'));
  const stores = await openSqliteStores({ dataDir: dir });
  return {
    stores,
    eventStore: stores.eventStore as SqliteEventStore,
    dir,
    cleanup: async () => (await stores.close(), await rm(dir, { recursive: true, force: true })),
  };
}

describeEventStoreContract('sqlite, writes on the writer thread', async () => {
  const { eventStore, cleanup } = await openStores();
  return { store: eventStore, cleanup };
});

describeReadModelStoreContract('sqlite, writes on the writer thread', async () => {
  const { stores, cleanup } = await openStores();
  return { store: stores.readModels, cleanup };
});

describeIdempotencyStoreContract('sqlite, writes on the writer thread, two instances on one file', async () => {
  const { stores, dir, cleanup } = await openStores();
  const other = await openSqliteStores({ dataDir: dir });
  return { store: stores.idempotency, other: other.idempotency, cleanup: async () => (await other.close(), await cleanup()) };
});

describe('SQLite writer thread', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'letterpress-writer-thread-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // A batch large enough that committing it takes many turns of the event loop when it runs elsewhere; on the
  // main thread's connection (the synchronous store) the commit runs inside the call and no turn happens at all.
  const batch = (n: number): EventData[] => Array.from({ length: n }, (_, i) => ({ type: 'Saved', data: { i, mjml: 'x'.repeat(2000) } }));

  it('the event loop keeps turning while a large append commits, and the append is read back at once', async () => {
    const { eventStore, cleanup } = await openStores();
    try {
      await eventStore.appendToStream('warm-up', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
      let turns = 0;
      let turning = true;
      const turn = (): void => {
        turns += 1;
        if (turning) setImmediate(turn);
      };
      const appended = eventStore.appendToStream('big', batch(5000), { expectedRevision: 'no_stream' });
      setImmediate(turn);
      const result = await appended;
      turning = false;
      expect(turns, 'event-loop turns while the append committed').to.be.at.least(3);
      expect(result.nextExpectedRevision).to.equal(4999);
      // Read-your-writes: this thread's connection sees the commit as soon as the append answered.
      expect(await eventStore.streamRevision('big')).to.equal(4999);
      expect((await eventStore.head())?.position).to.equal(result.position);
    } finally {
      await cleanup();
    }
  });

  it('on one connection (no writer thread) the same append commits inside the call: the loop does not turn', async () => {
    const store = new SqliteEventStore(openDatabase(join(dir, 'store.db')));
    let turns = 0;
    const appended = store.appendToStream('big', batch(500), { expectedRevision: 'no_stream' });
    setImmediate(() => (turns += 1));
    await appended;
    expect(turns, 'what the test above tells apart').to.equal(0);
    await store.close();
  });

  it('a thread that fails answers its writes with DependencyUnavailableError, not a hang', async () => {
    openDatabase(join(dir, 'store.db')).close();
    const writer = new ThreadWriter(join(dir, 'store.db'), {
      threadUrl: new URL('../support/writer-threads/crashing.ts', import.meta.url),
    });
    expect(await failureOf(writer.run('purgeIdempotency', 0, 1))).to.be.instanceOf(DependencyUnavailableError);
    // The next write starts a thread again (and fails again, still answering).
    expect(await failureOf(writer.run('purgeIdempotency', 0, 1))).to.be.instanceOf(DependencyUnavailableError);
    await writer.close();
  });

  it('a thread that never answers: the write answers DependencyUnavailableError after the bound', async () => {
    openDatabase(join(dir, 'store.db')).close();
    const writer = new ThreadWriter(join(dir, 'store.db'), {
      threadUrl: new URL('../support/writer-threads/silent.ts', import.meta.url),
      answerTimeoutMs: 200,
    });
    const error = await failureOf(writer.run('purgeIdempotency', 0, 1));
    expect(error).to.be.instanceOf(DependencyUnavailableError);
    expect(String(error)).to.match(/did not answer within 200 ms/);
    await writer.close();
  });

  it('a thread whose file cannot be opened answers DependencyUnavailableError', async () => {
    const writer = new ThreadWriter(join(dir, 'not-a-dir', '\0bad'));
    expect(await failureOf(writer.run('purgeIdempotency', 0, 1))).to.be.instanceOf(DependencyUnavailableError);
    await writer.close();
  });

  it('writes after close answer DependencyUnavailableError; close twice is harmless', async () => {
    const { stores, cleanup } = await openStores();
    await stores.eventStore.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
    await cleanup();
    await stores.close();
    const error = await failureOf(stores.eventStore.appendToStream('s', [{ type: 'B', data: {} }], { expectedRevision: 0 }));
    expect(error).to.be.instanceOf(DependencyUnavailableError);
  });
});
