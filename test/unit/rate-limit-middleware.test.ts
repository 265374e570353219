/**
 * The rate-limit middleware on its own: a key's own limit (`Principal.rateLimitPerMinute`) is the one
 * applied and announced (policy "key"), the server default otherwise (policy "default").
 */
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { MemoryRateLimiter } from '../../src/adapters/memory/rate-limiter.js';
import type { Principal } from '../../src/application/keys/index.js';
import type { AppState } from '../../src/http/middleware.js';
import { problemDetails } from '../../src/http/problem.js';
import { rateLimit, rateLimitHeaders } from '../../src/http/rate-limit.js';
import { parseStringItemList } from '../support/structured-fields.js';

const silent = { info() {}, warn() {}, error() {} };

/** An app whose "authentication" takes the principal from `X-Test-Key` and `X-Test-Limit`. */
async function listen(limiter: MemoryRateLimiter) {
  const app = new Koa<AppState>();
  app.use(problemDetails(silent));
  app.use(async (ctx, next) => {
    const limit = ctx.get('X-Test-Limit');
    const principal: Principal = {
      keyId: ctx.get('X-Test-Key'),
      workspace: 'w',
      scopes: new Set(),
      ...(limit ? { rateLimitPerMinute: Number(limit) } : {}),
    };
    ctx.state.principal = principal;
    await next();
  });
  app.use(rateLimit(limiter));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (key: string, limit?: number) =>
      fetch(base, { headers: { 'X-Test-Key': key, ...(limit ? { 'X-Test-Limit': String(limit) } : {}) } }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('rateLimit middleware', () => {
  it("applies and announces a key's own limit, and the default for a key without one", async () => {
    const app = await listen(new MemoryRateLimiter(5));
    try {
      const own = [];
      for (let i = 0; i < 3; i++) own.push(await app.get('k-own', 2));
      expect(own.map((r) => r.status)).to.deep.equal([200, 200, 429]);
      const policy = parseStringItemList(own[0]!.headers.get('RateLimit-Policy')!);
      expect(policy).to.deep.equal([{ value: 'key', params: { q: 2, w: 60 } }]);
      expect(own.map((r) => parseStringItemList(r.headers.get('RateLimit')!)[0]!.params['r'])).to.deep.equal([1, 0, 0]);
      expect(own.map((r) => r.headers.get('X-RateLimit-Limit'))).to.deep.equal(['2', '2', '2']);
      const problem = (await own[2]!.json()) as { code: string; detail: string };
      expect(problem.code).to.equal('rate_limited');
      expect(problem.detail).to.include('2 requests per minute');

      const plain = await app.get('k-default');
      expect(plain.status).to.equal(200);
      expect(parseStringItemList(plain.headers.get('RateLimit-Policy')!)).to.deep.equal([{ value: 'default', params: { q: 5, w: 60 } }]);
      expect(parseStringItemList(plain.headers.get('RateLimit')!)[0]!.params['r']).to.equal(4);
    } finally {
      await app.close();
    }
  });

  it('rateLimitHeaders: t and X-RateLimit-Reset round the reset up to whole seconds', () => {
    const nowMs = Date.UTC(2026, 0, 1, 0, 0, 0, 300); // 1767225600.3 s
    const headers = rateLimitHeaders({ allowed: true, limit: 600, remaining: 599, resetMs: 41_200 }, 60, 'default', nowMs);
    expect(headers).to.deep.equal({
      'RateLimit-Policy': '"default";q=600;w=60',
      RateLimit: '"default";r=599;t=42',
      'X-RateLimit-Limit': '600',
      'X-RateLimit-Remaining': '599',
      'X-RateLimit-Reset': String(1767225600 + 42), // 1767225641.5 s rounded up
    });
  });
});
