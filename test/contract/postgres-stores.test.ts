/**
 * The PostgreSQL adapters against the same contract suites as SQLite's, on a database of this run's own.
 */
import { expect } from 'chai';
import type pg from 'pg';
import { PostgresApiKeyStore } from '../../src/adapters/postgres/api-key-store.js';
import { openPostgres } from '../../src/adapters/postgres/database.js';
import { PostgresEventStore } from '../../src/adapters/postgres/event-store.js';
import { PostgresReadModelStore } from '../../src/adapters/postgres/read-model-store.js';
import { DependencyUnavailableError } from '../../src/application/ports.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { describeApiKeyStoreContract } from './api-key-store.contract.js';
import { describeEventStoreContract } from './event-store.contract.js';
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

  describeReadModelStoreContract('postgres', async () => {
    await pool.query('TRUNCATE read_models, checkpoints');
    return { store: new PostgresReadModelStore(pool), cleanup: async () => {} };
  });

  describeApiKeyStoreContract('postgres', async () => {
    await pool.query('TRUNCATE api_keys');
    return { store: new PostgresApiKeyStore(pool), cleanup: async () => {} };
  });

  describe('schema and connections', () => {
    it('migrates idempotently: opening the database again changes nothing', async () => {
      const again = await openPostgres(database!.url);
      const { rows } = await again.query<{ version: number }>('SELECT version FROM schema_version');
      expect(rows).to.deep.equal([{ version: 2 }]);
      await again.end();
    });

    it('reports an unreachable server as DependencyUnavailableError', async () => {
      let failure: unknown;
      await openPostgres('postgres://postgres@127.0.0.1:1/none').catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(DependencyUnavailableError);
    });
  });
});
