/**
 * The PostgreSQL adapters against the same contract suites as SQLite's, on a database of this run's own.
 */
import { expect } from 'chai';
import type pg from 'pg';
import { PostgresApiKeyStore } from '../../src/adapters/postgres/api-key-store.js';
import { openPostgres } from '../../src/adapters/postgres/database.js';
import { PostgresEventStore } from '../../src/adapters/postgres/event-store.js';
import { PostgresReadModelStore } from '../../src/adapters/postgres/read-model-store.js';
import { ApiKeyExistsError, DependencyUnavailableError, type ApiKeyRecord } from '../../src/application/ports.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
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

  describe('schema and keys', () => {
    it('migrates idempotently: opening the database again changes nothing', async () => {
      const again = await openPostgres(database!.url);
      const { rows } = await again.query<{ version: number }>('SELECT version FROM schema_version');
      expect(rows).to.deep.equal([{ version: 1 }]);
      await again.end();
    });

    it('stores API keys by hash, refuses a second key with the same id or hash, revokes once', async () => {
      await pool.query('TRUNCATE api_keys');
      const store = new PostgresApiKeyStore(pool);
      const key: ApiKeyRecord = { id: 'k1', hash: 'a'.repeat(64), name: 'n', workspace: 'w', scopes: ['templates:render'], createdAt: '2026-01-01T00:00:00.000Z', expiresAt: null, revokedAt: null };
      await store.insert(key);
      expect(await store.findByHash(key.hash)).to.deep.equal(key);
      let sameId: unknown;
      await store.insert({ ...key, hash: 'b'.repeat(64) }).catch((error: unknown) => (sameId = error));
      expect(sameId).to.be.instanceOf(ApiKeyExistsError);
      expect(await store.revoke('k1', '2026-02-01T00:00:00.000Z')).to.equal(true);
      expect(await store.revoke('k1', '2026-03-01T00:00:00.000Z')).to.equal(true);
      expect((await store.findByHash(key.hash))?.revokedAt).to.equal('2026-02-01T00:00:00.000Z');
      expect(await store.revoke('nope', '2026-02-01T00:00:00.000Z')).to.equal(false);
      expect([await store.count(), (await store.list()).map((k) => k.id)]).to.deep.equal([1, ['k1']]);
    });

    it('reports an unreachable server as DependencyUnavailableError', async () => {
      let failure: unknown;
      await openPostgres('postgres://postgres@127.0.0.1:1/none').catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(DependencyUnavailableError);
    });
  });
});
