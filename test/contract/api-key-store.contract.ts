/**
 * The ApiKeyStore contract: lookup by hash, refusal of a second key with the same id or hash (in the
 * port's own error), listing, revocation, counting. Run by every adapter:
 *
 *   describeApiKeyStoreContract('sqlite', async () => ({ store, cleanup }));
 */
import { expect } from 'chai';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore } from '../../src/application/ports.js';

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
  });
}
