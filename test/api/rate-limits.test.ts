/**
 * Rate limits over HTTP: the IETF RateLimit fields beside the X-RateLimit-* ones; one budget shared by
 * two service processes on the local Redis; and a Redis that cannot be reached (the service starts, counts
 * per process, says so once in the log and in /health, and never answers 5xx for it).
 */
import { expect } from 'chai';
import { connectionName } from '../../src/adapters/redis/rate-limiter.js';
import { withTempDir } from '../support/postgres.js';
import { connectionsNamed, connectionsNamedSettled, describeOnRedis } from '../support/redis.js';
import { startTestServer, TEST_KEY, type Response } from '../support/server.js';
import { spawnServer } from '../support/server-process.js';
import { parseStringItemList } from '../support/structured-fields.js';

/** The one member of a RateLimit or RateLimit-Policy field, parsed. */
function member(response: Response | globalThis.Response, name: string) {
  const field = response instanceof globalThis.Response ? response.headers.get(name) : response.headers[name.toLowerCase()];
  expect(field, name).to.be.a('string');
  const list = parseStringItemList(field as string);
  expect(list, name).to.have.length(1);
  return list[0]!;
}

const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${TEST_KEY}` } });

describe('Rate limit fields', () => {
  it('RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers) agree with X-RateLimit-* and Retry-After', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '4' } });
    try {
      const responses = [];
      for (let i = 0; i < 5; i++) responses.push(await server.request('GET', '/v1/health'));
      expect(responses.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 429]);
      for (const [i, r] of responses.entries()) {
        expect(member(r, 'RateLimit-Policy')).to.deep.equal({ value: 'default', params: { q: 4, w: 60 } });
        const limit = member(r, 'RateLimit');
        expect(limit.value).to.equal('default');
        expect(Object.keys(limit.params).sort()).to.deep.equal(['r', 't']);
        expect(limit.params['r'], `r of request ${i + 1}`).to.equal(Math.max(0, 4 - (i + 1)));
        expect(limit.params['t']).to.be.within(0, 60);
        expect(r.headers['x-ratelimit-limit']).to.equal('4');
        expect(r.headers['x-ratelimit-remaining']).to.equal(String(limit.params['r']));
        // X-RateLimit-Reset is an instant, t a delay: their difference is the response's time (Date, 1 s grain).
        const dateS = Date.parse(String(r.headers['date'])) / 1000;
        expect(Number(r.headers['x-ratelimit-reset']) - (limit.params['t'] as number) - dateS).to.be.within(-1, 1);
      }
      const refused = responses[4]!;
      expect(refused.json.code).to.equal('rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter)
        .to.be.at.least(1)
        .and.at.least(member(refused, 'RateLimit').params['t'] as number);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });
});

describeOnRedis('Rate limits shared through Redis', (redis) => {
  it('two service processes on one Redis grant one budget: 10 spread over both, the 11th refused on either', async function () {
    this.timeout(60_000);
    const prefix = redis().prefix();
    await withTempDir('letterpress-rl-a-', (dirA) =>
      withTempDir('letterpress-rl-b-', async (dirB) => {
        // Two data directories, one bootstrap key: the same key id, so the same counter.
        const env = { REDIS_URL: redis().url, RATE_LIMIT_REDIS_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '10' };
        const [a, b] = await Promise.all([spawnServer({ ...env, DATA_DIR: dirA }), spawnServer({ ...env, DATA_DIR: dirB })]);
        try {
          const remaining = [];
          for (let i = 0; i < 10; i++) {
            const res = await get(i % 2 === 0 ? a.url : b.url, '/v1/projects');
            expect(res.status, `request ${i + 1}`).to.equal(200);
            remaining.push(member(res, 'RateLimit').params['r']);
          }
          expect(remaining).to.deep.equal([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
          const [onA, onB] = [await get(a.url, '/v1/projects'), await get(b.url, '/v1/projects')];
          expect([onA.status, onB.status]).to.deep.equal([429, 429]);
          expect(Number(onB.headers.get('Retry-After'))).to.be.within(1, 60);
          expect(await redis().client.get(`${prefix}TESTKEY00001`)).to.equal('12');
          expect(await connectionsNamed(redis().client, connectionName(prefix)), 'one connection per process').to.equal(2);
          for (const server of [a, b]) {
            expect(
              server.log().filter((l) => l['level'] === 40),
              'no warning',
            ).to.deep.equal([]);
          }
        } finally {
          expect(await a.stop()).to.equal(0);
          expect(await b.stop()).to.equal(0);
        }
      }),
    );
  });

  it('/health shows the Redis store; stopping the service closes its connection', async () => {
    const prefix = redis().prefix();
    const server = await startTestServer({ env: { REDIS_URL: redis().url, RATE_LIMIT_REDIS_PREFIX: prefix } });
    try {
      const health = await server.request('GET', '/v1/health');
      expect(health.json.rate_limits).to.deep.equal({ store: 'redis', degraded: false, limit_per_minute: 600 });
      expect(await connectionsNamed(redis().client, connectionName(prefix))).to.equal(1);
    } finally {
      await server.stop();
      server.cleanup();
    }
    expect(await connectionsNamedSettled(redis().client, connectionName(prefix)), 'the connection is closed on shutdown').to.equal(0);
  });
});

describe('Rate limits with Redis unreachable (REDIS_URL on a port nothing listens on)', () => {
  it('starts, counts per process, warns once, reports degraded in /health, never a 5xx', async function () {
    this.timeout(60_000);
    await withTempDir('letterpress-rl-down-', async (dir) => {
      const server = await spawnServer({ DATA_DIR: dir, REDIS_URL: 'redis://:secret@127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '5' });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await get(server.url, '/v1/projects')).status);
        const health = await get(server.url, '/v1/health');
        statuses.push(health.status, (await get(server.url, '/v1/projects')).status, (await get(server.url, '/v1/health')).status);
        expect(statuses, 'the local limit of 5 holds').to.deep.equal([200, 200, 200, 200, 200, 429, 429]);
        const report = (await health.json()) as { rate_limits: Record<string, unknown> };
        expect(report.rate_limits).to.include({ store: 'redis', degraded: true, limit_per_minute: 5 });
        expect(report.rate_limits['reason']).to.match(/ECONNREFUSED/);
        const warnings = server.log().filter((l) => l['level'] === 40);
        expect(warnings, 'one warning for the outage, not one per request').to.have.length(1);
        expect(warnings[0]!['msg']).to.match(/Redis unreachable/);
        expect(JSON.stringify(server.log())).not.to.include('secret');
      } finally {
        expect(await server.stop()).to.equal(0);
      }
    });
  });
});
