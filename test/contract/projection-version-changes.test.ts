/**
 * Projection version changes without downtime on every engine: SQLite, PostgreSQL (skipped with one line
 * without a server) and MongoDB read models (through `describeOnMongo`; its events in an in-memory SQLite
 * store, since the projector does not care where events come from).
 */
import { COLLECTIONS } from '../../src/adapters/mongodb/database.js';
import { MongoProjectorLease } from '../../src/adapters/mongodb/projector-lease.js';
import { MongoReadModelStore } from '../../src/adapters/mongodb/read-model-store.js';
import { openPostgres } from '../../src/adapters/postgres/database.js';
import { PostgresEventStore } from '../../src/adapters/postgres/event-store.js';
import { PostgresProjectorLease } from '../../src/adapters/postgres/projector-lease.js';
import { PostgresReadModelStore } from '../../src/adapters/postgres/read-model-store.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteProjectorLease } from '../../src/adapters/sqlite/projector-lease.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { describeOnMongo } from '../support/mongodb.js';
import { describeOnPostgres } from '../support/postgres.js';
import { describeProjectionVersionChange } from './projection-version-change.contract.js';

describeProjectionVersionChange('sqlite', async () => {
  const db = openDatabase(':memory:');
  return {
    eventStore: new SqliteEventStore(db, { pollIntervalMs: 20 }),
    readModels: new SqliteReadModelStore(db),
    lease: () => new SqliteProjectorLease(db),
    cleanup: async () => void db.close(),
  };
});

describeOnPostgres('PostgreSQL read models', (database) => {
  describeProjectionVersionChange('postgres', async () => {
    const pool = await openPostgres(database().url);
    return {
      eventStore: new PostgresEventStore(pool),
      readModels: new PostgresReadModelStore(pool),
      lease: () => new PostgresProjectorLease(database().url),
      cleanup: () => pool.end(),
    };
  });
});

describeOnMongo('MongoDB read models', (mongo) => {
  describeProjectionVersionChange('mongodb', async () => {
    const db = openDatabase(':memory:');
    await mongo().db.collection(COLLECTIONS.leases).deleteMany({});
    return {
      eventStore: new SqliteEventStore(db, { pollIntervalMs: 20 }),
      readModels: new MongoReadModelStore(mongo().db),
      lease: () => new MongoProjectorLease(mongo().db),
      cleanup: async () => void db.close(),
    };
  });
});
