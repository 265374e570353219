/** The SQLite API-key store: lookup by hash, listing, revocation, counting. */
import { expect } from 'chai';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { ApiKeyExistsError, type ApiKeyRecord } from '../../src/application/ports.js';

function key(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: 'lp_key1',
    hash: 'a'.repeat(64),
    name: 'CI',
    workspace: 'acme',
    scopes: ['projects:read', 'templates:render'],
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  };
}

describe('SqliteApiKeyStore', () => {
  let db: SqliteDatabase;
  let store: SqliteApiKeyStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteApiKeyStore(db);
  });
  afterEach(() => db.close());

  it('finds a key by hash, every field intact, and null for an unknown hash', async () => {
    const record = key({ expiresAt: '2027-01-01T00:00:00.000Z' });
    await store.insert(record);
    expect(await store.findByHash(record.hash)).to.deep.equal(record);
    expect(await store.findByHash('b'.repeat(64))).to.equal(null);
  });

  it('lists keys oldest first and counts them', async () => {
    expect(await store.count()).to.equal(0);
    await store.insert(key({ id: 'lp_new', hash: 'b'.repeat(64), createdAt: '2026-02-01T00:00:00.000Z' }));
    await store.insert(key());
    expect((await store.list()).map((k) => k.id)).to.deep.equal(['lp_key1', 'lp_new']);
    expect(await store.count()).to.equal(2);
  });

  it('refuses a second key with the same id or hash, in the port terms (ApiKeyExistsError)', async () => {
    await store.insert(key());
    let sameId: unknown;
    let sameHash: unknown;
    await store.insert(key({ hash: 'c'.repeat(64) })).catch((error: unknown) => (sameId = error));
    await store.insert(key({ id: 'lp_other' })).catch((error: unknown) => (sameHash = error));
    expect(sameId).to.be.instanceOf(ApiKeyExistsError);
    expect(sameHash).to.be.instanceOf(ApiKeyExistsError);
    expect(await store.count()).to.equal(1);
  });

  it('revokes a key once: the first revocation time stays; an unknown id gives false', async () => {
    await store.insert(key());
    expect(await store.revoke('lp_key1', '2026-03-01T00:00:00.000Z')).to.equal(true);
    expect(await store.revoke('lp_key1', '2026-04-01T00:00:00.000Z')).to.equal(true);
    expect((await store.findByHash(key().hash))?.revokedAt).to.equal('2026-03-01T00:00:00.000Z');
    expect(await store.revoke('lp_missing', '2026-03-01T00:00:00.000Z')).to.equal(false);
  });
});
