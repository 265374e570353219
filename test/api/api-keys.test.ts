/**
 * Key management over HTTP (issue 10): POST/GET/DELETE /api-keys and POST /api-keys/:id/rotate under both
 * prefixes, with the rules: scope keys:admin, one workspace per key, no scope or rate-limit escalation,
 * no expiry in the past, the token shown once and never listed.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import type { Scope } from '../../src/application/ports/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { TEST_KEY, useTestServer, type TestServer } from '../support/server.js';

const TOKEN = /^lp_([A-Za-z0-9]{12})_[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const idOf = (token: string) => TOKEN.exec(token)![1]!;

/** A key written straight into the server's store, as the operator's CLI does: any workspace. */
async function operatorKey(server: TestServer, workspace: string, scopes: Scope[], rateLimitPerMinute?: number): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    const { token } = await new ApiKeys(new SqliteApiKeyStore(db)).issue({
      name: `${workspace}-admin`,
      workspace,
      scopes,
      rateLimitPerMinute: rateLimitPerMinute ?? null,
    });
    return token;
  } finally {
    db.close();
  }
}

describe('Key management over HTTP (/api-keys)', function () {
  const t = useTestServer();

  it('creates a key: 201, the token once (no-store), Location, the fields; the token works with exactly its scopes', async () => {
    const before = Date.now();
    const res = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'CI render', scopes: ['templates:render', 'projects:read'], expires_in: '30d' },
    });
    expect(res.status).to.equal(201);
    expect(res.json.token).to.match(TOKEN);
    expect(res.json.id).to.equal(idOf(res.json.token));
    expect(res.headers['location']).to.equal(`/v1/api-keys/${res.json.id}`);
    expect(res.headers['cache-control']).to.equal('no-store, no-transform');
    expect(res.json).to.include({
      name: 'CI render',
      workspace: 'default',
      status: 'active',
      revoked_at: null,
      rate_limit_per_minute: null,
    });
    expect(res.json.scopes).to.deep.equal(['templates:render', 'projects:read']);
    expect(res.json).to.not.have.property('hash');
    const expires = Date.parse(res.json.expires_at);
    expect(expires).to.be.within(before + 30 * 86_400_000, Date.now() + 30 * 86_400_000);

    const key = res.json.token as string;
    expect((await t.server.request('GET', '/v1/projects', { key })).status).to.equal(200);
    expect((await t.server.request('POST', '/v1/projects', { key, body: { mjml: '<mjml></mjml>' } })).json.code).to.equal(
      'insufficient_scope',
    );
    expect((await t.server.request('GET', '/v1/api-keys', { key })).json.code).to.equal('insufficient_scope');
    const one = await t.server.request('GET', `/api/v1/api-keys/${res.json.id}`);
    expect(one.status).to.equal(200);
    expect(one.json).to.not.have.property('token');
  });

  it("lists the workspace's keys in pages, never with a hash or token", async () => {
    const admin = await operatorKey(t.server, 'pages', ['keys:admin', 'templates:render']);
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.server.request('POST', '/v1/api-keys', { key: admin, body: { name: `k${i}`, scopes: ['templates:render'] } });
      expect(res.status).to.equal(201);
      made.push(res.json.token);
    }
    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const res = await t.server.request('GET', `/v1/api-keys${query}`, { key: admin });
      expect(res.status).to.equal(200);
      for (const secret of [admin, ...made]) {
        expect(res.text).to.not.include(secret);
        expect(res.text).to.not.include(sha256(secret));
      }
      pages.push(res.json.items.length);
      seen.push(...res.json.items.map((k: { id: string }) => k.id));
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(pages).to.deep.equal([2, 2, 1]);
    expect([...seen].sort()).to.deep.equal([admin, ...made].map(idOf).sort());
    expect((await t.server.request('GET', '/v1/api-keys?cursor=bm9wZQ', { key: admin })).json.errors[0].pointer).to.equal('/cursor');
    expect((await t.server.request('GET', '/v1/api-keys?limit=0', { key: admin })).status).to.equal(400);
  });

  it("keeps each key to its own workspace: list, fetch, revoke and rotate of another workspace's key are 404", async () => {
    const acme = await operatorKey(t.server, 'acme', ['keys:admin', 'projects:read']);
    const globex = await operatorKey(t.server, 'globex', ['keys:admin', 'projects:read']);
    const listed = await t.server.request('GET', '/v1/api-keys', { key: acme });
    expect(listed.json.items.map((k: { id: string }) => k.id)).to.deep.equal([idOf(acme)]);
    expect(listed.json.items[0].workspace).to.equal('acme');
    const victim = idOf(globex);
    for (const [method, path] of [
      ['GET', `/v1/api-keys/${victim}`],
      ['DELETE', `/v1/api-keys/${victim}`],
      ['POST', `/v1/api-keys/${victim}/rotate`],
    ] as const) {
      const res = await t.server.request(method, path, { key: acme });
      expect([res.status, res.json.code], `${method} ${path}`).to.deep.equal([404, 'api_key_not_found']);
    }
    expect((await t.server.request('GET', '/v1/health', { key: globex })).status).to.equal(200);
    const made = await t.server.request('POST', '/v1/api-keys', { key: acme, body: { name: 'acme reader', scopes: ['projects:read'] } });
    expect(made.json.workspace).to.equal('acme');
    const unknownField = await t.server.request('POST', '/v1/api-keys', {
      key: acme,
      body: { name: 'x', scopes: ['projects:read'], workspace: 'globex' },
    });
    expect([unknownField.status, unknownField.json.code]).to.deep.equal([400, 'invalid_request']);
  });

  it('never grants a scope the caller lacks, by create or by rotate (403 scope_escalation)', async () => {
    const weak = await operatorKey(t.server, 'scopes', ['keys:admin', 'templates:render']);
    const strong = await operatorKey(t.server, 'scopes', ['keys:admin', 'templates:render', 'projects:write']);
    const res = await t.server.request('POST', '/v1/api-keys', {
      key: weak,
      body: { name: 'x', scopes: ['templates:render', 'projects:write'] },
    });
    expect([res.status, res.json.code]).to.deep.equal([403, 'scope_escalation']);
    expect(res.json.detail).to.include('projects:write');
    expect(res.json.errors[0].pointer).to.equal('/scopes');
    const rotate = await t.server.request('POST', `/v1/api-keys/${idOf(strong)}/rotate`, { key: weak });
    expect([rotate.status, rotate.json.code]).to.deep.equal([403, 'scope_escalation']);
    expect((await t.server.request('GET', '/v1/health', { key: strong })).status).to.equal(200); // untouched
    const allowed = await t.server.request('POST', '/v1/api-keys', { key: weak, body: { name: 'ok', scopes: ['templates:render'] } });
    expect(allowed.status).to.equal(201);
    const noAdmin = await operatorKey(t.server, 'scopes', ['templates:render']);
    for (const [method, path] of [
      ['POST', '/v1/api-keys'],
      ['GET', '/v1/api-keys'],
      ['DELETE', `/v1/api-keys/${idOf(weak)}`],
      ['POST', `/v1/api-keys/${idOf(weak)}/rotate`],
    ] as const) {
      const denied = await t.server.request(method, path, { key: noAdmin, body: {} });
      expect([denied.status, denied.json.code], `${method} ${path}`).to.deep.equal([403, 'insufficient_scope']);
    }
  });

  it('a key with a rate limit cannot grant more: a higher limit is 403, none inherits its own', async () => {
    const limited = await operatorKey(t.server, 'limits', ['keys:admin', 'templates:render'], 100);
    const higher = await t.server.request('POST', '/v1/api-keys', {
      key: limited,
      body: { name: 'x', scopes: ['templates:render'], rate_limit_per_minute: 101 },
    });
    expect([higher.status, higher.json.code, higher.json.errors[0].pointer]).to.deep.equal([
      403,
      'rate_limit_escalation',
      '/rate_limit_per_minute',
    ]);
    const lower = await t.server.request('POST', '/v1/api-keys', {
      key: limited,
      body: { name: 'x', scopes: ['templates:render'], rate_limit_per_minute: 50 },
    });
    expect(lower.json.rate_limit_per_minute).to.equal(50);
    const inherited = await t.server.request('POST', '/v1/api-keys', { key: limited, body: { name: 'x', scopes: ['templates:render'] } });
    expect(inherited.json.rate_limit_per_minute).to.equal(100);
    const free = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'x', scopes: ['templates:render'], rate_limit_per_minute: 5000 },
    });
    expect(free.json.rate_limit_per_minute).to.equal(5000);
    const unlimited = await operatorKey(t.server, 'limits', ['keys:admin', 'templates:render']);
    const rotate = await t.server.request('POST', `/v1/api-keys/${idOf(unlimited)}/rotate`, { key: limited });
    expect([rotate.status, rotate.json.code]).to.deep.equal([403, 'rate_limit_escalation']);
  });

  it('a key\'s own rate limit holds over HTTP: policy "key" with its quota, then 429 past it', async () => {
    const made = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'tight', scopes: ['projects:read'], rate_limit_per_minute: 3 },
    });
    expect(made.status).to.equal(201);
    const seen = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.server.request('GET', '/v1/projects', { key: made.json.token });
      seen.push([res.status, res.headers['ratelimit-policy'], res.headers['x-ratelimit-limit']]);
    }
    expect(seen).to.deep.equal([
      [200, '"key";q=3;w=60', '3'],
      [200, '"key";q=3;w=60', '3'],
      [200, '"key";q=3;w=60', '3'],
      [429, '"key";q=3;w=60', '3'],
    ]);
    // The service default still applies to the key that made it.
    expect((await t.server.request('GET', '/v1/projects')).status).to.equal(200);
  });

  it('refuses an expiry in the past and malformed input with 400 and a pointer', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'x', scopes: ['projects:read'], expires_at: '2020-01-01T00:00:00Z' }, 'expiry_in_past', '/expires_at'],
      [{ name: 'x', scopes: ['projects:read'], expires_in: '0s' }, 'expiry_in_past', '/expires_in'],
      [{ name: 'x', scopes: ['projects:read'], expires_at: 'tomorrow' }, 'invalid_request', '/expires_at'],
      [{ name: 'x', scopes: ['projects:read'], expires_in: '3 days' }, 'invalid_request', '/expires_in'],
      [{ name: 'x', scopes: ['projects:read'], expires_in: '1d', expires_at: '2099-01-01T00:00:00Z' }, 'invalid_request', '/expires_in'],
      [{ name: 'x', scopes: ['projects:read'], expires_in: '3651d' }, 'invalid_request', '/expires_in'],
      [{ name: 'x', scopes: ['projects:reed'] }, 'invalid_request', '/scopes/0'],
      [{ name: 'x', scopes: [] }, 'invalid_request', '/scopes'],
      [{ scopes: ['projects:read'] }, 'invalid_request', '/name'],
      [{ name: 'x', scopes: ['projects:read'], rate_limit_per_minute: 0 }, 'invalid_request', '/rate_limit_per_minute'],
    ];
    const count = async () => (await t.server.request('GET', '/v1/api-keys?limit=200')).json.items.length;
    const before = await count();
    for (const [body, code, pointer] of cases) {
      const res = await t.server.request('POST', '/v1/api-keys', { body });
      expect([res.status, res.json.code, res.json.errors?.[0]?.pointer], JSON.stringify(body)).to.deep.equal([400, code, pointer]);
    }
    expect(await count()).to.equal(before); // nothing was made
  });

  it('revokes a key: 204, refused at once with 401 invalid_token, listed as revoked; again 204; unknown 404', async () => {
    const made = await t.server.request('POST', '/v1/api-keys', { body: { name: 'doomed', scopes: ['projects:read'] } });
    const key = made.json.token as string;
    expect((await t.server.request('GET', '/v1/health', { key })).status).to.equal(200); // now cached in the server
    expect((await t.server.request('DELETE', `/v1/api-keys/${made.json.id}`)).status).to.equal(204);
    const refused = await t.server.request('GET', '/v1/health', { key });
    expect([refused.status, refused.json.code]).to.deep.equal([401, 'revoked_api_key']);
    expect(refused.headers['www-authenticate']).to.match(
      /^Bearer realm="letterpress", error="invalid_token", error_description="[^"]*revoked/,
    );
    expect((await t.server.request('GET', `/v1/api-keys/${made.json.id}`)).json.status).to.equal('revoked');
    expect((await t.server.request('DELETE', `/api/v1/api-keys/${made.json.id}`)).status).to.equal(204);
    expect((await t.server.request('DELETE', '/v1/api-keys/NoSuchKey123')).status).to.equal(404);
    expect((await t.server.request('DELETE', '/v1/api-keys/bad%20id')).json.code).to.equal('api_key_not_found');
  });

  it('rotates: a new key with the same name, scopes and limit; the old one works for the overlap, or is revoked with 0', async () => {
    const made = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'deploy', scopes: ['projects:read', 'templates:render'], rate_limit_per_minute: 300 },
    });
    const old = made.json.token as string;
    const before = Date.now();
    const rotated = await t.server.request('POST', `/v1/api-keys/${made.json.id}/rotate`, { body: { overlap: '1h' } });
    expect(rotated.status).to.equal(201);
    expect(rotated.json.token).to.match(TOKEN);
    expect(rotated.json.id).to.not.equal(made.json.id);
    expect(rotated.headers['location']).to.equal(`/v1/api-keys/${rotated.json.id}`);
    expect(rotated.json).to.include({ name: 'deploy', rate_limit_per_minute: 300, expires_at: null, workspace: 'default' });
    expect(rotated.json.scopes).to.deep.equal(['projects:read', 'templates:render']);
    expect(rotated.json.previous.id).to.equal(made.json.id);
    expect(Date.parse(rotated.json.previous.expires_at)).to.be.within(before + 3_600_000, Date.now() + 3_600_000);
    expect((await t.server.request('GET', '/v1/projects', { key: old })).status).to.equal(200);
    expect((await t.server.request('GET', '/v1/projects', { key: rotated.json.token })).status).to.equal(200);

    const now = await t.server.request('POST', `/api/v1/api-keys/${rotated.json.id}/rotate`, { body: { overlap_seconds: 0 } });
    expect(now.status).to.equal(201);
    expect(now.json.previous.status).to.equal('revoked');
    expect((await t.server.request('GET', '/v1/projects', { key: rotated.json.token })).json.code).to.equal('revoked_api_key');
    expect((await t.server.request('GET', '/v1/projects', { key: now.json.token })).status).to.equal(200);

    const again = await t.server.request('POST', `/v1/api-keys/${rotated.json.id}/rotate`, { body: {} });
    expect([again.status, again.json.code]).to.deep.equal([409, 'api_key_inactive']);
    const bad = await t.server.request('POST', `/v1/api-keys/${now.json.id}/rotate`, { body: { overlap: 'soon' } });
    expect([bad.status, bad.json.errors[0].pointer]).to.deep.equal([400, '/overlap']);
    const both = await t.server.request('POST', `/v1/api-keys/${now.json.id}/rotate`, { body: { overlap: '1h', overlap_seconds: 5 } });
    expect(both.status).to.equal(400);
    const tooLong = await t.server.request('POST', `/v1/api-keys/${now.json.id}/rotate`, { body: { overlap: '31d' } });
    expect([tooLong.status, tooLong.json.errors[0].pointer]).to.deep.equal([400, '/overlap']);
  });

  it('never compresses an answer that carries a token (create, rotate), though the client accepts gzip; other answers still are', async () => {
    const gzip = { 'Accept-Encoding': 'gzip' };
    const made = await t.server.request('POST', '/v1/api-keys', {
      headers: gzip,
      body: { name: 'gzip probe gzip probe gzip probe', scopes: ['projects:read'] },
    });
    expect(made.status).to.equal(201);
    expect(made.headers['content-encoding']).to.equal(undefined);
    expect(made.headers['cache-control']).to.equal('no-store, no-transform');
    expect(made.json.token).to.match(TOKEN);
    const rotated = await t.server.request('POST', `/v1/api-keys/${made.json.id}/rotate`, { headers: gzip, body: { overlap_seconds: 0 } });
    expect(rotated.status).to.equal(201);
    expect(rotated.headers['content-encoding']).to.equal(undefined);
    expect(rotated.json.token).to.match(TOKEN);
    const listed = await t.server.request('GET', '/v1/api-keys', { headers: gzip });
    expect(listed.headers['content-encoding']).to.equal('gzip'); // no secret in it
  });

  it('rotating without a body keeps the old key for the default hour; a key with a lifetime passes it on', async () => {
    const made = await t.server.request('POST', '/v1/api-keys', { body: { name: 'ttl', scopes: ['projects:read'], expires_in: '12h' } });
    const before = Date.now();
    const rotated = await t.server.request('POST', `/v1/api-keys/${made.json.id}/rotate`);
    expect(rotated.status).to.equal(201);
    expect(Date.parse(rotated.json.previous.expires_at)).to.be.within(before + 3_600_000, Date.now() + 3_600_000);
    expect(Date.parse(rotated.json.expires_at)).to.be.within(before + 12 * 3_600_000, Date.now() + 12 * 3_600_000);
    expect((await t.server.request('GET', '/v1/health', { key: TEST_KEY })).status).to.equal(200);
  });
});
