/**
 * Rotation overlap on a fake clock (ApiKeysOptions.now), over HTTP: the app of `createApp` with only the
 * key-side dependencies real (an in-memory SQLite key store, the in-process rate limiter); the routes that
 * would need the others are not called. No sleeping: the clock is moved by hand.
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRateLimiter } from '../../src/adapters/memory/rate-limiter.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import { createApp, type AppDeps } from '../../src/http/app.js';

const ADMIN = 'lp_ADMINKEY0001_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const silent = { info() {}, warn() {}, error() {} };

describe('Key rotation overlap on a fake clock (HTTP)', () => {
  let clock: number;
  let db: SqliteDatabase;
  let server: Server;
  let base: string;

  beforeEach(async () => {
    clock = Date.parse('2026-06-01T12:00:00.000Z');
    db = openDatabase(':memory:');
    // A long cache TTL: only eviction on rotation can make the old key's new expiry hold at once.
    const apiKeys = new ApiKeys(new SqliteApiKeyStore(db), { now: () => new Date(clock), cacheTtlMs: 3_600_000 });
    await apiKeys.bootstrap(ADMIN);
    const unused = {} as never;
    const deps: AppDeps = {
      commands: unused,
      queries: unused,
      renderer: unused,
      validation: unused,
      policies: unused,
      health: async () => ({ status: 'ok' }),
      apiKeys,
      rateLimiter: new MemoryRateLimiter(10_000),
      logger: silent,
      bodyLimitBytes: 100_000,
      newId: () => 'unused',
      idempotency: { store: unused },
      requireIfMatch: false,
    };
    const handle = createApp(deps).callback();
    // Koa's handler answers its own errors (ctx.onerror), so its promise is let go, as src/http/http-server.ts does.
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.close();
  });

  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined, challenge: res.headers.get('www-authenticate') };
  };

  it('a 1 s overlap: the old key works 999 ms later and is refused (401 expired) at 1 s; the new key works on', async () => {
    const made = await call('POST', '/v1/api-keys', ADMIN, { name: 'app', scopes: ['projects:read'] });
    const old = made.json.token as string;
    expect((await call('GET', '/v1/health', old)).status).to.equal(200); // cached now
    const rotated = await call('POST', `/v1/api-keys/${made.json.id}/rotate`, ADMIN, { overlap: '1s' });
    expect(rotated.status).to.equal(201);
    expect(rotated.json.previous.expires_at).to.equal('2026-06-01T12:00:01.000Z');
    clock += 999;
    expect((await call('GET', '/v1/health', old)).status).to.equal(200);
    clock += 1;
    const refused = await call('GET', '/v1/health', old);
    expect([refused.status, refused.json.code]).to.deep.equal([401, 'expired_api_key']);
    expect(refused.challenge).to.equal(
      `Bearer realm="letterpress", error="invalid_token", error_description="The API key ${made.json.id} expired at 2026-06-01T12:00:01.000Z."`,
    );
    clock += 86_400_000;
    expect((await call('GET', '/v1/health', rotated.json.token)).status).to.equal(200);
  });

  it('overlap 0 refuses the old key on its very next request, though it was cached a moment before', async () => {
    const made = await call('POST', '/v1/api-keys', ADMIN, { name: 'app', scopes: ['projects:read'] });
    expect((await call('GET', '/v1/health', made.json.token)).status).to.equal(200);
    expect((await call('POST', `/v1/api-keys/${made.json.id}/rotate`, ADMIN, { overlap: '0' })).status).to.equal(201);
    expect((await call('GET', '/v1/health', made.json.token)).json.code).to.equal('revoked_api_key');
  });

  it('a rotation never lengthens an expiry: a key due in 10 s rotated with a 1 h overlap still ends in 10 s', async () => {
    const made = await call('POST', '/v1/api-keys', ADMIN, { name: 'short', scopes: ['projects:read'], expires_in: '10s' });
    const rotated = await call('POST', `/v1/api-keys/${made.json.id}/rotate`, ADMIN, { overlap: '1h' });
    expect(rotated.json.previous.expires_at).to.equal('2026-06-01T12:00:10.000Z');
    expect(rotated.json.expires_at).to.equal('2026-06-01T12:00:10.000Z'); // the same 10 s lifetime, from now
    clock += 10_000;
    expect((await call('GET', '/v1/health', made.json.token)).json.code).to.equal('expired_api_key');
    expect((await call('GET', '/v1/health', rotated.json.token)).json.code).to.equal('expired_api_key');
  });

  it('an expiry at exactly now is in the past (400); one ms later is accepted', async () => {
    const at = new Date(clock).toISOString();
    const past = await call('POST', '/v1/api-keys', ADMIN, { name: 'x', scopes: ['projects:read'], expires_at: at });
    expect([past.status, past.json.code]).to.deep.equal([400, 'expiry_in_past']);
    const later = await call('POST', '/v1/api-keys', ADMIN, {
      name: 'x',
      scopes: ['projects:read'],
      expires_at: new Date(clock + 1).toISOString(),
    });
    expect(later.status).to.equal(201);
  });

  it("puts the key's own limit on the principal as rateLimitPerMinute (absent when it has none)", async () => {
    const apiKeys = new ApiKeys(new SqliteApiKeyStore(db), { now: () => new Date(clock) });
    const limited = await call('POST', '/v1/api-keys', ADMIN, { name: 'l', scopes: ['projects:read'], rate_limit_per_minute: 7 });
    expect((await apiKeys.authenticate(limited.json.token)).rateLimitPerMinute).to.equal(7);
    const principal = await apiKeys.authenticate(ADMIN);
    expect(principal).to.not.have.property('rateLimitPerMinute');
    expect([...principal.scopes]).to.include('keys:admin');
  });
});
