/**
 * ApiKeys' in-process cache over a fake store that counts lookups: hits skip the store, entries age out
 * after `cacheTtlMs`, revocation here takes effect at once, expiry is checked on every hit, and unknown
 * tokens are remembered as unknown for `unknownTtlMs` only, in their own LRU (issue 19, item 5), and never
 * once this process has registered them.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeyAdmin } from '../../src/application/keys/index.js';
import { ApiKeys, AuthError, hashToken } from '../../src/application/keys/api-keys.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../src/application/ports/index.js';

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
  const keys = (options: { cacheTtlMs?: number; cacheMaxEntries?: number; unknownTtlMs?: number; unknownMaxEntries?: number } = {}) =>
    new ApiKeys(store, { now, cacheTtlMs: 5000, ...options });

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

  it('does not put unknown tokens in the known-key cache, so they cannot evict known keys', async () => {
    const apiKeys = keys({ cacheMaxEntries: 1 });
    const { token } = await apiKeys.issue({ name: 'ci', workspace: 'acme' });
    await apiKeys.authenticate(token);
    const unknown = (i: number) => `not-a-key-${i}`.padEnd(40, 'x');
    for (let i = 0; i < 3; i++) await expectAuthError(apiKeys.authenticate(unknown(i)), 'invalid_api_key');
    await expectAuthError(apiKeys.authenticate(unknown(0)), 'invalid_api_key');
    expect(store.lookups).to.equal(4); // 1 + each distinct unknown token once (unknown(0) again is remembered)
    await apiKeys.authenticate(token);
    expect(store.lookups).to.equal(4); // the known key is still cached
    // "Unknown" is forgotten when this process registers the token: it works at once.
    await apiKeys.issue({ name: 'late', workspace: 'acme', token: unknown(0) });
    expect(store.records.has(hashToken(unknown(0)))).to.equal(true);
    expect((await apiKeys.authenticate(unknown(0))).workspace).to.equal('acme');
  });

  it('remembers an unknown token for unknownTtlMs only: one store read per token per 5 s, however often it is sent', async () => {
    const apiKeys = keys();
    const unknown = 'lp_NOSUCHKEY000_' + 'b'.repeat(43);
    for (let i = 0; i < 100; i++) await expectAuthError(apiKeys.authenticate(unknown), 'invalid_api_key');
    expect(store.lookups).to.equal(1);
    expect(apiKeys.storeReads).to.equal(1);
    clock += 4999;
    await expectAuthError(apiKeys.authenticate(unknown), 'invalid_api_key');
    expect(store.lookups).to.equal(1);
    clock += 1; // 5 s after the read: asked again
    await expectAuthError(apiKeys.authenticate(unknown), 'invalid_api_key');
    expect(store.lookups).to.equal(2);
    clock -= 10; // a clock gone back ends the entry rather than stretching it
    await expectAuthError(apiKeys.authenticate(unknown), 'invalid_api_key');
    expect(store.lookups).to.equal(3);
  });

  it('a key registered in this process while a look-up of it was under way is not left refused', async () => {
    const apiKeys = keys();
    const token = 'lp_LATEKEY00001_' + 'c'.repeat(43);
    const findByHash = store.findByHash.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    store.findByHash = async (hash) => {
      const before = await findByHash(hash); // null: read before the insert
      await gate;
      return before;
    };
    const racing = expectAuthError(apiKeys.authenticate(token), 'invalid_api_key');
    await apiKeys.issue({ name: 'late', workspace: 'acme', token });
    release();
    await racing; // it read the store before the key existed: refused once
    store.findByHash = findByHash;
    expect((await apiKeys.authenticate(token)).workspace).to.equal('acme');
  });

  it('keeps at most unknownMaxEntries unknown hashes, and asks every time with unknownTtlMs 0', async () => {
    const bounded = keys({ unknownMaxEntries: 2 });
    for (const i of [0, 1, 2, 0]) await expectAuthError(bounded.authenticate(`unknown-token-${i}`.padEnd(40, 'x')), 'invalid_api_key');
    expect(store.lookups).to.equal(4); // token 0 was evicted by token 2
    const off = keys({ unknownTtlMs: 0 });
    for (let i = 0; i < 3; i++) await expectAuthError(off.authenticate('unknown-token-x'.padEnd(40, 'x')), 'invalid_api_key');
    expect(store.lookups).to.equal(7);
    expect(() => keys({ unknownTtlMs: -1 })).to.throw(RangeError);
    expect(() => keys({ unknownMaxEntries: 0 })).to.throw(RangeError);
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
    const [first, second] = await Promise.all([
      new ApiKeys(new SqliteApiKeyStore(db)).bootstrap(token),
      new ApiKeys(new SqliteApiKeyStore(db)).bootstrap(token),
    ]);
    expect([first.created, second.created].sort()).to.deep.equal([false, true]);
    expect(await new SqliteApiKeyStore(db).count()).to.equal(1);
    db.close();
  });
});

describe('ApiKeyAdmin: a key lives exactly as long as asked', () => {
  it('counts the expiry from the creation instant, so a rotation passes on the same lifetime, to the millisecond', async () => {
    // A clock that moves on at every reading: a second reading between expiry and creation would show.
    let clock = Date.parse('2026-11-26T12:00:00.000Z');
    const keys = new ApiKeys(new FakeApiKeyStore(), { now: () => new Date(clock++) });
    const admin = new ApiKeyAdmin(keys);
    const twelveHours = 12 * 3_600_000;
    const made = await admin.create('operator', { name: 'ttl', workspace: 'acme', scopes: ['projects:read'], expiresInMs: twelveHours });
    expect(Date.parse(made.record.expiresAt!) - Date.parse(made.record.createdAt)).to.equal(twelveHours);
    const rotated = await admin.rotate('operator', made.record.id);
    expect(Date.parse(rotated.record.expiresAt!) - Date.parse(rotated.record.createdAt)).to.equal(twelveHours);
  });
});
