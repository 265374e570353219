/**
 * ApiKeys' in-process cache over a fake store that counts lookups: hits skip the store, entries age out
 * after `cacheTtlMs`, revocation here takes effect at once, expiry is checked on every hit, and unknown
 * tokens are never cached.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeys, AuthError, hashToken } from '../../src/application/api-keys.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../src/application/ports/api-keys.js';

/** An in-memory ApiKeyStore that counts `findByHash` calls. */
class FakeApiKeyStore implements ApiKeyStore {
  readonly records = new Map<string, ApiKeyRecord>();
  lookups = 0;
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    this.lookups += 1;
    const record = this.records.get(hash);
    return record ? { ...record } : null;
  }
  async insert(record: ApiKeyRecord): Promise<void> {
    this.records.set(record.hash, { ...record });
  }
  async list(): Promise<ApiKeyRecord[]> {
    return [...this.records.values()];
  }
  async revoke(id: string, at: string): Promise<boolean> {
    let found = false;
    for (const record of this.records.values()) {
      if (record.id === id) {
        record.revokedAt ??= at;
        found = true;
      }
    }
    return found;
  }
  async count(): Promise<number> {
    return this.records.size;
  }
  async findById(id: string): Promise<ApiKeyRecord | null> {
    const record = [...this.records.values()].find((r) => r.id === id);
    return record ? { ...record } : null;
  }
  async listByWorkspace(workspace: string): Promise<ApiKeyRecord[]> {
    return [...this.records.values()].filter((r) => r.workspace === workspace);
  }
  async expireBy(id: string, at: string): Promise<boolean> {
    const record = [...this.records.values()].find((r) => r.id === id);
    if (!record) return false;
    if (record.expiresAt === null || record.expiresAt > at) record.expiresAt = at;
    return true;
  }
}

/** Fails unless `promise` rejects with an AuthError of `code`. */
async function expectAuthError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(AuthError);
  expect((error as AuthError).code).to.equal(code);
}

describe('ApiKeys cache', () => {
  let store: FakeApiKeyStore;
  let clock: number;
  const now = () => new Date(clock);
  const keys = (options: { cacheTtlMs?: number; cacheMaxEntries?: number } = {}) => new ApiKeys(store, { now, cacheTtlMs: 5000, ...options });

  beforeEach(() => {
    store = new FakeApiKeyStore();
    clock = Date.parse('2026-01-01T00:00:00.000Z');
  });

  it('answers a second authenticate from memory', async () => {
    const apiKeys = keys();
    const { token, record } = await apiKeys.issue({ name: 'ci', workspace: 'acme', scopes: ['templates:render'] });
    const principal = await apiKeys.authenticate(token);
    expect(principal.keyId).to.equal(record.id);
    expect(principal.workspace).to.equal('acme');
    expect([...principal.scopes]).to.deep.equal(['templates:render']);
    expect(await apiKeys.authenticate(token)).to.deep.equal(principal);
    expect(store.lookups).to.equal(1);
  });

  it('reads the store again once an entry is cacheTtlMs old, so a revocation elsewhere takes hold', async () => {
    const apiKeys = keys();
    const { token, record } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    await apiKeys.authenticate(token);
    await store.revoke(record.id, now().toISOString()); // another process revokes it
    clock += 4999;
    await apiKeys.authenticate(token); // still trusted from memory
    expect(store.lookups).to.equal(1);
    clock += 1;
    await expectAuthError(apiKeys.authenticate(token), 'revoked_api_key');
    expect(store.lookups).to.equal(2);
  });

  it('does not trust an entry when the clock went backwards', async () => {
    const apiKeys = keys();
    const { token } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    await apiKeys.authenticate(token);
    clock -= 1;
    await apiKeys.authenticate(token);
    expect(store.lookups).to.equal(2);
  });

  it('refuses the very next request after ApiKeys.revoke, with revoked_api_key', async () => {
    const apiKeys = keys();
    const { token, record } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    const other = await apiKeys.issue({ name: 'other', workspace: 'acme' });
    await apiKeys.authenticate(token);
    await apiKeys.authenticate(other.token);
    expect(await apiKeys.revoke(record.id)).to.equal(true);
    await expectAuthError(apiKeys.authenticate(token), 'revoked_api_key');
    await apiKeys.authenticate(other.token); // only the revoked key was dropped
    expect(store.lookups).to.equal(3);
    expect(await apiKeys.revoke('nosuchkey000')).to.equal(false);
  });

  it('does not cache a lookup that overlapped a revoke in this process', async () => {
    const apiKeys = keys();
    const { token, record } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    // The lookup reads the key before the revocation is written, and finishes after revoke() returned.
    const findByHash = store.findByHash.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    store.findByHash = async (hash) => {
      const before = await findByHash(hash);
      await gate;
      return before;
    };
    const racing = apiKeys.authenticate(token);
    await apiKeys.revoke(record.id);
    release();
    await racing; // it read the key before the revocation: allowed once
    store.findByHash = findByHash;
    await expectAuthError(apiKeys.authenticate(token), 'revoked_api_key');
  });

  it('checks expiry against now() on a cache hit', async () => {
    const apiKeys = keys();
    const { token } = await apiKeys.issue({ name: 'ci', workspace: 'acme', expiresAt: new Date(clock + 1000).toISOString() });
    await apiKeys.authenticate(token);
    clock += 1000;
    await expectAuthError(apiKeys.authenticate(token), 'expired_api_key');
    expect(store.lookups).to.equal(1);
  });

  it('does not cache unknown tokens, so they cannot evict known keys', async () => {
    const apiKeys = keys({ cacheMaxEntries: 1 });
    const { token } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    await apiKeys.authenticate(token);
    const unknown = (i: number) => `not-a-key-${i}`.padEnd(40, 'x');
    for (let i = 0; i < 3; i++) await expectAuthError(apiKeys.authenticate(unknown(i)), 'invalid_api_key');
    await expectAuthError(apiKeys.authenticate(unknown(0)), 'invalid_api_key');
    expect(store.lookups).to.equal(5); // 1 + every unknown attempt
    await apiKeys.authenticate(token);
    expect(store.lookups).to.equal(5); // the known key is still cached
    // Nor is "unknown" remembered: once that token is registered, it works at once.
    await apiKeys.issue({ name: 'late', workspace: 'acme', token: unknown(0) });
    expect(store.records.has(hashToken(unknown(0)))).to.equal(true);
    expect((await apiKeys.authenticate(unknown(0))).workspace).to.equal('acme');
  });

  it('goes to the store every time with cacheTtlMs 0, and rejects bad options', async () => {
    const apiKeys = keys({ cacheTtlMs: 0 });
    const { token } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    await apiKeys.authenticate(token);
    await apiKeys.authenticate(token);
    expect(store.lookups).to.equal(2);
    expect(() => new ApiKeys(store, { cacheTtlMs: -1 })).to.throw(RangeError);
    expect(() => new ApiKeys(store, { cacheMaxEntries: 0 })).to.throw(RangeError);
  });

  it('two instances bootstrapping the same BOOTSTRAP_API_KEY at once: one registers it, the other starts all the same', async () => {
    const db = openDatabase(':memory:');
    const token = 'lp_BOOTSTRAP001_cccccccccccccccccccccccccccccccccccccccccccc';
    const [first, second] = await Promise.all([new ApiKeys(new SqliteApiKeyStore(db)).bootstrap(token), new ApiKeys(new SqliteApiKeyStore(db)).bootstrap(token)]);
    expect([first.created, second.created].sort()).to.deep.equal([false, true]);
    expect(await new SqliteApiKeyStore(db).count()).to.equal(1);
    db.close();
  });
});
