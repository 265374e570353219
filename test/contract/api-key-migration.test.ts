/**
 * Databases made before key management (issue 10) upgrade on open: their keys gain `rate_limit_per_minute`
 * (null: the service default) and the bootstrap key gains `keys:admin`; other keys keep their scopes.
 * Each case takes a current database back to the previous schema version by hand, then reopens it.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PostgresApiKeyStore } from '../../src/adapters/postgres/api-key-store.js';
import { openPostgres } from '../../src/adapters/postgres/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase, SCHEMA_VERSION } from '../../src/adapters/sqlite/database.js';
import { MongoApiKeyStore } from '../../src/adapters/mongodb/api-key-store.js';
import { COLLECTIONS, openMongo } from '../../src/adapters/mongodb/database.js';
import { describeOnMongo } from '../support/mongodb.js';
import { describeOnPostgres } from '../support/postgres.js';
import type { ApiKeyStore } from '../../src/application/ports/index.js';

const OLD_SCOPES = '["projects:read","projects:write","templates:render"]';
const ROWS = [
  ['kBOOT', 'a'.repeat(64), 'bootstrap', 'default', OLD_SCOPES],
  ['kCI', 'b'.repeat(64), 'ci', 'default', '["templates:render"]'],
] as const;

describe('API keys: upgrading a database made before key management', () => {
  it('SQLite: schema 6 → current; the bootstrap key gains keys:admin, others keep their scopes; no rate limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'letterpress-keys-migration-'));
    const file = join(dir, 'letterpress.db');
    try {
      openDatabase(file).close();
      const raw = new Database(file);
      // Schema 6 had neither this column and index (7) nor the idempotency table (8).
      raw.exec('DROP INDEX api_keys_by_workspace; ALTER TABLE api_keys DROP COLUMN rate_limit_per_minute; DROP TABLE idempotency_keys');
      const insert = raw.prepare(
        "INSERT INTO api_keys (id, hash, name, workspace, scopes, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')",
      );
      for (const row of ROWS) insert.run(...row);
      raw.pragma('user_version = 6');
      raw.close();

      const db = openDatabase(file);
      try {
        expect(db.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
        await expectMigratedKeys(new SqliteApiKeyStore(db));
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describeOnPostgres('PostgreSQL: schema 2 → current', (database) => {
    it('the bootstrap key gains keys:admin, others keep their scopes; no rate limit', async () => {
      const pool = await openPostgres(database().url);
      try {
        // Schema 2 had neither this column and index (3) nor the idempotency table (4).
        await pool.query(
          'DROP INDEX api_keys_by_workspace; ALTER TABLE api_keys DROP COLUMN rate_limit_per_minute; DROP TABLE idempotency_keys; UPDATE schema_version SET version = 2',
        );
        for (const row of ROWS) {
          await pool.query(
            "INSERT INTO api_keys (id, hash, name, workspace, scopes, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, '2026-01-01T00:00:00.000Z')",
            [...row],
          );
        }
      } finally {
        await pool.end();
      }
      const upgraded = await openPostgres(database().url);
      try {
        expect((await upgraded.query('SELECT version FROM schema_version')).rows).to.deep.equal([{ version: 5 }]);
        const store = new PostgresApiKeyStore(upgraded);
        const boot = await store.findById('kBOOT');
        expect(boot?.scopes).to.deep.equal(['projects:read', 'projects:write', 'templates:render', 'keys:admin']);
        expect(boot?.rateLimitPerMinute).to.equal(null);
        expect((await store.findById('kCI'))?.scopes).to.deep.equal(['templates:render']);
      } finally {
        await upgraded.end();
      }
    });
  });

  describeOnMongo('MongoDB: keys written before key management', (mongo) => {
    it('the bootstrap key gains keys:admin, others keep their scopes; no rate limit', async () => {
      // Documents as the adapter wrote them before issue 10: no `rateLimitPerMinute`, the old bootstrap scopes.
      await mongo()
        .db.collection<{ _id: string }>(COLLECTIONS.apiKeys)
        .insertMany(
          ROWS.map(([id, hash, name, workspace, scopes]) => ({
            _id: id,
            hash,
            name,
            workspace,
            scopes: JSON.parse(scopes) as string[],
            createdAt: '2026-01-01T00:00:00.000Z',
            expiresAt: null,
            revokedAt: null,
          })),
        );
      const upgraded = await openMongo(mongo().url);
      try {
        await expectMigratedKeys(new MongoApiKeyStore(upgraded.db));
      } finally {
        await upgraded.client.close();
      }
    });
  });
});

/** What every engine's migration must leave: the bootstrap key gains keys:admin, others keep their scopes, no rate limit. */
async function expectMigratedKeys(store: Pick<ApiKeyStore, 'findById' | 'listByWorkspace'>): Promise<void> {
  const boot = await store.findById('kBOOT');
  expect(boot?.scopes).to.deep.equal(['projects:read', 'projects:write', 'templates:render', 'keys:admin']);
  expect(boot?.rateLimitPerMinute).to.equal(null);
  expect((await store.findById('kCI'))?.scopes).to.deep.equal(['templates:render']);
  expect((await store.listByWorkspace('default', { limit: 10 })).map((k) => k.id)).to.deep.equal(['kBOOT', 'kCI']);
}
