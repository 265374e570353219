/**
 * The ApiKeyStore contract: lookup by hash and by id, refusal of a second key with the same id or hash (in
 * the port's own error), listing (all, and a workspace's in keyset pages), revocation, expiry brought
 * forward (never pushed back), counting, and the per-key rate limit kept. Run by every adapter:
 *
 *   describeApiKeyStoreContract('sqlite', async () => ({ store, cleanup }));
 */
import { expect } from 'chai';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore } from '../../src/application/ports/index.js';

export interface ApiKeyStoreFixture {
  store: ApiKeyStore;
  cleanup(): Promise<void>;
}

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
    rateLimitPerMinute: null,
    ...overrides,
  };
}

/** Register the suite as `ApiKeyStore contract: <name>`; `factory` runs before each test and must give an empty store. */
export function describeApiKeyStoreContract(name: string, factory: () => Promise<ApiKeyStoreFixture>): void {
  describe(`ApiKeyStore contract: ${name}`, () => {
    let fixture: ApiKeyStoreFixture;
    let store: ApiKeyStore;
    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterEach(() => fixture.cleanup());

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

    it('finds a key by id, with its rate limit; null for an unknown id', async () => {
      const record = key({ rateLimitPerMinute: 42 });
      await store.insert(record);
      expect(await store.findById('lp_key1')).to.deep.equal(record);
      expect((await store.findByHash(record.hash))?.rateLimitPerMinute).to.equal(42);
      expect(await store.findById('lp_missing')).to.equal(null);
    });

    it("lists one workspace's keys in keyset pages, oldest first, ids in byte order at equal times", async () => {
      const t1 = '2026-01-01T00:00:00.000Z';
      const t2 = '2026-01-02T00:00:00.000Z';
      // 'Zb' < 'a' < 'b' in byte order (upper case first): a locale collation would put 'a' first.
      await store.insert(key({ id: 'b', hash: '1'.repeat(64), createdAt: t1 }));
      await store.insert(key({ id: 'a', hash: '2'.repeat(64), createdAt: t1 }));
      await store.insert(key({ id: 'Zb', hash: '3'.repeat(64), createdAt: t1 }));
      await store.insert(key({ id: 'c', hash: '4'.repeat(64), createdAt: t2 }));
      await store.insert(key({ id: 'other', hash: '5'.repeat(64), createdAt: t1, workspace: 'globex' }));
      const ids = (records: ApiKeyRecord[]) => records.map((k) => k.id);
      expect(ids(await store.listByWorkspace('acme', { limit: 10 }))).to.deep.equal(['Zb', 'a', 'b', 'c']);
      expect(ids(await store.listByWorkspace('acme', { limit: 2 }))).to.deep.equal(['Zb', 'a']);
      expect(ids(await store.listByWorkspace('acme', { limit: 2, after: { createdAt: t1, id: 'a' } }))).to.deep.equal(['b', 'c']);
      expect(ids(await store.listByWorkspace('acme', { limit: 2, after: { createdAt: t2, id: 'c' } }))).to.deep.equal([]);
      expect(ids(await store.listByWorkspace('globex', { limit: 10 }))).to.deep.equal(['other']);
      expect(await store.listByWorkspace('nobody', { limit: 10 })).to.deep.equal([]);
    });

    it('brings an expiry forward but never pushes it back; an unknown id gives false', async () => {
      await store.insert(key());
      expect(await store.expireBy('lp_key1', '2026-06-01T00:00:00.000Z')).to.equal(true); // never expired: now it does
      expect((await store.findById('lp_key1'))?.expiresAt).to.equal('2026-06-01T00:00:00.000Z');
      expect(await store.expireBy('lp_key1', '2026-05-01T00:00:00.000Z')).to.equal(true); // earlier: taken
      expect((await store.findById('lp_key1'))?.expiresAt).to.equal('2026-05-01T00:00:00.000Z');
      expect(await store.expireBy('lp_key1', '2026-07-01T00:00:00.000Z')).to.equal(true); // later: ignored
      expect((await store.findById('lp_key1'))?.expiresAt).to.equal('2026-05-01T00:00:00.000Z');
      expect(await store.expireBy('lp_missing', '2026-05-01T00:00:00.000Z')).to.equal(false);
    });
  });
}
