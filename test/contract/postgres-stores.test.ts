/**
 * The PostgreSQL adapters against the same contract suites as SQLite's, on a database of this run's own.
 */
import { expect } from 'chai';
import type pg from 'pg';
import { PostgresApiKeyStore } from '../../src/adapters/postgres/api-key-store.js';
import { openPostgres } from '../../src/adapters/postgres/database.js';
import { PostgresEventStore } from '../../src/adapters/postgres/event-store.js';
import { PostgresIdempotencyStore } from '../../src/adapters/postgres/idempotency-store.js';
import { PostgresReadModelStore } from '../../src/adapters/postgres/read-model-store.js';
import { DependencyUnavailableError, type Position, type RecordedEvent } from '../../src/application/ports/index.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { describeApiKeyStoreContract } from './api-key-store.contract.js';
import { describeEventStoreContract, expectWrongRevision } from './event-store.contract.js';
import { describeIdempotencyStoreContract } from './idempotency-store.contract.js';
import { describeReadModelStoreContract } from './read-model-store.contract.js';

describe('PostgreSQL adapters', function () {
  let database: TestDatabase | null = null;
  let pool: pg.Pool;

  before(async function () {
    database = await createTestDatabase();
    if (!database) return this.skip();
    pool = await openPostgres(database.url);
  });
  after(async () => {
    await pool?.end();
    await database?.drop();
  });

  describeEventStoreContract('postgres', async () => {
    await pool.query('TRUNCATE events');
    return { store: new PostgresEventStore(pool), cleanup: async () => {} };
  });

  describeEventStoreContract('postgres, listening for other processes', async () => {
    await pool.query('TRUNCATE events');
    const store = new PostgresEventStore(pool, { listenUrl: database!.url, listenRetryMs: 50 });
    return { store, cleanup: () => store.close() };
  });

  describe('appends by other processes', () => {
    const stores: PostgresEventStore[] = [];
    const listening = (store: PostgresEventStore) => waitUntil(() => store.listening);
    beforeEach(() => pool.query('TRUNCATE events'));
    afterEach(async () => {
      await Promise.all(stores.splice(0).map((store) => store.close()));
    });

    function openStore(): PostgresEventStore {
      const store = new PostgresEventStore(pool, { listenUrl: database!.url, listenRetryMs: 50 });
      stores.push(store);
      return store;
    }

    it('are heard through NOTIFY, once each, only after they commit', async () => {
      const writer = new PostgresEventStore(pool); // another process, as far as the listener can tell
      const reader = openStore();
      const heard: Position[] = [];
      reader.onAppended((position) => heard.push(position));
      await listening(reader);
      const first = await writer.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 'no_stream' });
      await expectWrongRevision(writer.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 'no_stream' }), 'no_stream', 0);
      const second = await writer.appendToStream(
        'b',
        [
          { type: 'T', data: {} },
          { type: 'T', data: {} },
        ],
        { expectedRevision: 'no_stream' },
      );
      await waitUntil(() => heard.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 100)); // room for a duplicate to show
      expect(heard).to.deep.equal([first.position, second.position]);
    });

    it('missed while the connection was down are announced by the head once it is back', async () => {
      const writer = new PostgresEventStore(pool);
      const reader = openStore();
      const heard: Position[] = [];
      reader.onAppended((position) => heard.push(position));
      await listening(reader);
      // Terminating the backend is what a failover or a network cut looks like from here.
      await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN letterpress_appends'`,
      );
      await waitUntil(() => !reader.listening);
      const missed = await writer.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 'no_stream' });
      await waitUntil(() => heard.length >= 1);
      expect(heard).to.deep.equal([missed.position]);
      expect(reader.listening).to.equal(true);
    });
  });

  describe('subscriptions', () => {
    const closing: Array<() => Promise<void>> = [];
    beforeEach(() => pool.query('TRUNCATE events'));
    afterEach(async () => {
      for (const close of closing.splice(0).reverse()) await close();
    });

    function subscribe(store: PostgresEventStore) {
      const seen = { events: [] as RecordedEvent[], caughtUp: [] as Array<Position | null>, dropped: [] as unknown[] };
      const subscription = store.subscribeToAll(
        { from: null },
        {
          onEvents: async (page) => void seen.events.push(...page),
          onCaughtUp: (position) => seen.caughtUp.push(position),
          onDropped: (error) => seen.dropped.push(error),
        },
      );
      closing.push(() => subscription.stop());
      return { seen, subscription };
    }

    it("deliver another process's appends as NOTIFY tells of them, without waiting for a poll", async () => {
      const reader = new PostgresEventStore(pool, { listenUrl: database!.url, listenRetryMs: 50, pollIntervalMs: 600_000 });
      closing.push(() => reader.close());
      const { seen } = subscribe(reader);
      await waitUntil(() => seen.caughtUp.length === 1 && reader.listening);
      const writer = new PostgresEventStore(pool); // another process, as far as the reader can tell
      const appended = await writer.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 'no_stream' });
      await waitUntil(() => seen.events.length === 1);
      expect(seen.events[0]!.position).to.equal(appended.position);
    });

    it('drop when reads fail, say so, and resume where they were once the database answers again', async () => {
      const reader = new PostgresEventStore(pool, { pollIntervalMs: 20 });
      closing.push(() => reader.close());
      const first = await reader.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 'no_stream' });
      const { seen, subscription } = subscribe(reader);
      await waitUntil(() => subscription.caughtUp);
      await pool.query('ALTER TABLE events RENAME TO events_away'); // every read now fails
      try {
        await waitUntil(() => seen.dropped.length > 0);
        expect(subscription.caughtUp).to.equal(false);
      } finally {
        await pool.query('ALTER TABLE events_away RENAME TO events');
      }
      const second = await reader.appendToStream('a', [{ type: 'T', data: {} }], { expectedRevision: 0 });
      await waitUntil(() => seen.events.length === 2 && subscription.caughtUp);
      expect(seen.events.map((event) => event.position)).to.deep.equal([first.position, second.position]);
    });
  });

  it("a commit that moves checkpoints is heard by another process's read-model store (NOTIFY)", async () => {
    const listener = new PostgresReadModelStore(pool, { listenUrl: database!.url, listenRetryMs: 50 });
    let told = 0;
    listener.onCheckpointsMoved(() => (told += 1));
    try {
      await waitUntil(() => told >= 1); // told once on connecting: anything before was missed
      const before = told;
      await new PostgresReadModelStore(pool).commit([], [{ projection: 'heard', version: 1, position: '00000000000000000001' }]);
      await waitUntil(() => told > before);
    } finally {
      await listener.close();
    }
  });

  describeReadModelStoreContract('postgres', async () => {
    await pool.query('TRUNCATE read_models, checkpoints');
    return { store: new PostgresReadModelStore(pool), cleanup: async () => {} };
  });

  describeApiKeyStoreContract('postgres', async () => {
    await pool.query('TRUNCATE api_keys');
    return { store: new PostgresApiKeyStore(pool), cleanup: async () => {} };
  });

  describeIdempotencyStoreContract('postgres', async () => {
    await pool.query('TRUNCATE idempotency_keys');
    // Two stores on one pool of 10 connections: concurrent claims really run at once on the server.
    return { store: new PostgresIdempotencyStore(pool), other: new PostgresIdempotencyStore(pool), cleanup: async () => {} };
  });

  describe('schema and connections', () => {
    it('migrates idempotently: opening the database again changes nothing', async () => {
      const again = await openPostgres(database!.url);
      const { rows } = await again.query<{ version: number }>('SELECT version FROM schema_version');
      expect(rows).to.deep.equal([{ version: 5 }]);
      await again.end();
    });

    it('reports an unreachable server as DependencyUnavailableError', async () => {
      let failure: unknown;
      await openPostgres('postgres://postgres@127.0.0.1:1/none').catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(DependencyUnavailableError);
    });
  });
});

/** Resolve once `condition` holds; fail after `timeoutMs`. */
async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
