/**
 * The SQLite event store against the EventStore contract, plus what only a file database can show:
 * durability across reopening, pragmas, migrations, and two connections to one file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase, SCHEMA_VERSION } from '../../src/adapters/sqlite/database.js';
import { encodePosition, SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { DependencyUnavailableError, WrongExpectedRevisionError } from '../../src/application/ports/index.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { eventually } from './subscription.contract.js';
import { NamespacedEventStore } from '../support/namespaced-event-store.js';

async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'letterpress-events-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

// The namespace the KurrentDB suite runs through, proven on a store whose $all already holds other events.
describeEventStoreContract('sqlite, through a namespace, beside other events', async () => {
  const inner = new SqliteEventStore(openDatabase(':memory:'));
  await inner.appendToStream('project-x', [{ type: 'Before', data: {} }], { expectedRevision: 'no_stream' });
  await inner.appendToStream('other', [{ type: 'Before', data: {} }], { expectedRevision: 'no_stream' });
  const store = new NamespacedEventStore(inner, 'ns1-');
  return { store, cleanup: () => store.close() };
});

describeEventStoreContract('sqlite (temp file)', async () => {
  const { dir, remove } = await tempDir();
  const store = new SqliteEventStore(openDatabase(join(dir, 'store.db')));
  return {
    store,
    async cleanup() {
      await store.close();
      await remove();
    },
  };
});

describe('SqliteEventStore on a file', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ dir, remove } = await tempDir()));
  afterEach(async () => remove());

  it('keeps events across closing and reopening the file', async () => {
    const file = join(dir, 'nested', 'data', 'store.db'); // parent directories do not exist yet
    const first = new SqliteEventStore(openDatabase(file));
    await first.appendToStream(
      's-1',
      [
        { type: 'A', data: { n: 1 } },
        { type: 'B', data: { n: 2 } },
      ],
      { expectedRevision: 'no_stream' },
    );
    const before = await first.readAll();
    await first.close();

    const reopened = new SqliteEventStore(openDatabase(file));
    expect(await reopened.readAll()).to.deep.equal(before);
    const next = await reopened.appendToStream('s-1', [{ type: 'C', data: {} }], { expectedRevision: 1 });
    expect(next).to.deep.equal({ nextExpectedRevision: 2, position: encodePosition(3) });
    await reopened.close();
  });

  it('opens with WAL, synchronous=FULL, foreign keys and no busy timeout (lock waits are retries off the event loop); migrating twice is harmless', () => {
    const file = join(dir, 'store.db');
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).to.equal('wal');
    expect(db.pragma('synchronous', { simple: true })).to.equal(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).to.equal(1);
    expect(db.pragma('busy_timeout', { simple: true }), 'SQLite never sleeps on the main thread for a lock (lock-wait.ts)').to.equal(0);
    expect(db.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all();
    expect(tables).to.deep.equal(['api_keys', 'checkpoints', 'events', 'idempotency_keys', 'leases', 'read_model_aliases', 'read_models']);
    db.close();
  });

  it('refuses a file whose schema is newer than this code', () => {
    const file = join(dir, 'store.db');
    const db = openDatabase(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openDatabase(file)).to.throw(/newer/);
  });

  it('two connections to one file share revisions and positions, and the expected-revision check', async () => {
    const file = join(dir, 'store.db');
    const a = new SqliteEventStore(openDatabase(file));
    const b = new SqliteEventStore(openDatabase(file));
    await a.appendToStream('s-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
    let refused: unknown;
    await b
      .appendToStream('s-1', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' })
      .catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(WrongExpectedRevisionError);
    const result = await b.appendToStream('s-2', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' });
    expect(result.position).to.equal(encodePosition(2));
    expect((await a.readAll()).map((e) => e.position)).to.deep.equal([encodePosition(1), encodePosition(2)]);
    await a.close();
    await b.close();
  });

  it('reports a closed database as DependencyUnavailableError, and close() twice is harmless', async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    await store.close();
    await store.close();
    let failure: unknown;
    await store.head().catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(DependencyUnavailableError);
  });

  it('rejects a numeric expected revision that is not a non-negative integer, writing nothing', async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    let failure: unknown;
    await store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: -1 }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(RangeError);
    expect(await store.head()).to.equal(null);
    await store.close();
  });

  it('appending zero events to a missing stream reports revision -1 (KurrentDB "no stream") and no position', async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    expect(await store.appendToStream('s', [], { expectedRevision: 'any' })).to.deep.equal({ nextExpectedRevision: -1, position: null });
    await store.close();
  });

  it('rolls back an append whose later event cannot be serialised, leaving no gap in its row ids', async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    const bad = [
      { type: 'A', data: {} },
      { type: 'B', data: undefined },
    ];
    let failure: unknown;
    await store.appendToStream('s', bad, { expectedRevision: 'any' }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(TypeError);
    expect(await store.head()).to.equal(null);
    expect(await store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' })).to.deep.equal({
      nextExpectedRevision: 0,
      position: encodePosition(1), // this adapter's positions are its row ids, 20 digits wide
    });
    await store.close();
  });

  it('a subscription says it caught up with no position on an empty store', async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    const caughtUp: unknown[] = [];
    const subscription = store.subscribeToAll(
      { from: null },
      { onEvents: async () => {}, onCaughtUp: (position) => caughtUp.push(position) },
    );
    await eventually(() => expect(caughtUp).to.deep.equal([null]));
    await subscription.stop();
    await store.close();
  });

  it("a subscription says it caught up at the $all head it saw, even when that is another stream's event", async () => {
    const store = new SqliteEventStore(openDatabase(':memory:'));
    await store.appendToStream('project-a', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
    const other = await store.appendToStream('other', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' });
    const caughtUp: unknown[] = [];
    const subscription = store.subscribeToAll(
      { from: null, streamPrefix: 'project-' },
      { onEvents: async () => {}, onCaughtUp: (position) => caughtUp.push(position) },
    );
    await eventually(() => expect(caughtUp).to.deep.equal([other.position]));
    await subscription.stop();
    await store.close();
  });
});
