/**
 * Issue 19, items 1 and 6: a stalled PostgreSQL (the postmaster and every backend stopped with SIGSTOP:
 * connections stay open and nothing answers) must not make the service wait. Reads, writes, renders and
 * authentication answer 503 `dependency_unavailable` with `Retry-After` within 5 s; `/health` answers 503
 * within 1 s and names the failing dependency; after SIGCONT the service serves again.
 *
 * Runs on a private cluster (test/support/private-postgres.ts) on a spare port, never on a shared server.
 * Skipped with one line where the PostgreSQL server binaries are absent.
 */
import { expect } from 'chai';
import { startTestServer, mjmlPage, type TestServer } from '../support/server.js';
import { sleep, timedRequest } from '../support/timed-request.js';
import { startPrivateCluster, type PrivateCluster } from '../support/private-postgres.js';

const timed = (server: TestServer, method: string, path: string, body?: unknown) => timedRequest(server, method, path, body);

describe('A stalled PostgreSQL (SIGSTOP): bounded 503s, /health within 1 s, recovery after SIGCONT', function () {
  this.timeout(120_000);
  let cluster: PrivateCluster | null = null;
  let server: TestServer | null = null;
  /** Cached keys are trusted this long (ms) without the store: the first phase runs inside it, the second after it. */
  const KEY_CACHE_MS = 4000;
  /**
   * /health's bound in this test, ms: below the default (700) so that a busy shared machine's scheduling
   * delays (seen: 500 ms at load 12 on 2 cores) do not push an answer made in time past the 1 s asserted.
   */
  const HEALTH_MS = 400;

  before(async function () {
    const started = await startPrivateCluster();
    if ('reason' in started) {
      console.log(`      (stalled-PostgreSQL suite skipped: ${started.reason})`);
      return this.skip();
    }
    cluster = started;
    server = await startTestServer({
      env: {
        STORE: 'postgres',
        DATABASE_URL: cluster.url,
        API_KEY_CACHE_TTL_MS: String(KEY_CACHE_MS),
        HEALTH_TIMEOUT_MS: String(HEALTH_MS),
      },
    });
  });

  after(async () => {
    cluster?.thaw(); // whatever failed, never leave a stopped cluster behind
    await server?.stop().catch(() => undefined);
    server?.cleanup();
    cluster?.destroy();
  });

  it('answers every route within its bound while stalled, names the dependency, and serves again after SIGCONT', async () => {
    const s = server!;
    expect((await s.request('POST', '/v1/projects', { body: { id: 'before', mjml: mjmlPage('Hello {{name}}') } })).status).to.equal(201);
    expect((await s.request('POST', '/v1/projects', { body: { id: 'cold', mjml: mjmlPage('Never rendered') } })).status).to.equal(201);
    expect((await s.request('POST', '/v1/templates/before/render', { body: { variables: { name: 'Ada' } } })).status).to.equal(200);
    // Let the key's cache entry expire, then have one request read it again: it is cached from now on.
    await sleep(KEY_CACHE_MS + 100);
    const cachedAt = Date.now();
    expect((await s.request('GET', '/v1/health')).status).to.equal(200);

    cluster!.freeze();
    // Phase 1: the key is still cached, so each route meets the database itself.
    const health = await timed(s, 'GET', '/v1/health');
    const [get, create, render, coldRender] = await Promise.all([
      timed(s, 'GET', '/v1/projects/before'),
      timed(s, 'POST', '/v1/projects', { id: 'during', mjml: mjmlPage('Hi') }),
      timed(s, 'POST', '/v1/templates/before/render', { variables: { name: 'Ada' } }),
      timed(s, 'POST', '/v1/templates/cold/render', {}),
    ]);
    // Phase 2: the cached key has expired, so authentication itself needs the database.
    const phaseOneMs = Date.now() - cachedAt;
    await sleep(Math.max(0, cachedAt + KEY_CACHE_MS + 200 - Date.now()));
    const authHealth = await timed(s, 'GET', '/v1/health');
    const authGet = await timed(s, 'GET', '/v1/projects/before');
    console.log(
      `      stalled PostgreSQL, ms: health ${health.ms}, GET ${get.ms}, create ${create.ms}, render ${render.ms} (${render.status}), ` +
        `uncached render ${coldRender.ms} (${coldRender.status}); ` +
        `key not cached: health ${authHealth.ms}, GET ${authGet.ms}`,
    );

    expect(phaseOneMs, 'the first phase ran while the key was cached').to.be.below(KEY_CACHE_MS);
    expect([health.status, health.json?.code], JSON.stringify(health.json)).to.deep.equal([503, 'dependency_unavailable']);
    expect(health.ms).to.be.below(1000);
    expect(health.retryAfter).to.match(/^\d+$/);
    if (process.env['SHOW_HEALTH']) console.log(JSON.stringify(health.json, null, 1), JSON.stringify(authHealth.json));
    const failing = (health.json.checks as Array<{ name: string; status: string }>).filter((c) => c.status !== 'ok').map((c) => c.name);
    expect(failing).to.include('event_store');
    expect(JSON.stringify(health.json.checks)).to.include('postgres');

    for (const [name, res] of Object.entries({ get, create, authGet })) {
      expect([res.status, res.json?.code], `${name}: ${JSON.stringify(res.json)}`).to.deep.equal([503, 'dependency_unavailable']);
      expect(res.retryAfter, name).to.match(/^\d+$/);
      expect(res.ms, name).to.be.below(5000);
    }
    // A render may be served from memory (a template rendered before, the revision index); one that needs
    // the store is a 503.
    for (const res of [render, coldRender]) {
      expect(res.status, JSON.stringify(res.json)).to.be.oneOf([200, 503]);
      if (res.status === 503) expect(res.retryAfter).to.match(/^\d+$/);
      expect(res.ms).to.be.below(5000);
    }

    expect([authHealth.status, authHealth.json?.code], JSON.stringify(authHealth.json)).to.deep.equal([503, 'dependency_unavailable']);
    expect(authHealth.ms).to.be.below(1000);
    expect(JSON.stringify(authHealth.json)).to.include('postgres');

    cluster!.thaw();
    let recovered = await timed(s, 'GET', '/v1/health');
    for (let i = 0; i < 60 && recovered.status !== 200; i++) {
      await sleep(250);
      recovered = await timed(s, 'GET', '/v1/health');
    }
    expect(recovered.status, JSON.stringify(recovered.json)).to.equal(200);
    expect((await s.request('POST', '/v1/projects', { body: { id: 'after', mjml: mjmlPage('Back') } })).status).to.equal(201);
    expect((await s.request('GET', '/v1/projects/before')).status).to.equal(200);
    expect((await s.request('POST', '/v1/templates/after/render', { body: {} })).status).to.equal(200);
  });
});
