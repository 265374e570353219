/**
 * Refused tokens are limited per client address (issue 19, item 5), with AUTH_FAILURES_PER_MINUTE=5 so
 * the test is quick: five refused tokens are five 401s, then the address is answered 429
 * `too_many_failed_authentications` with Retry-After, without a key look-up, for any key that has not
 * authenticated in this process in the last 10 minutes (one that has still works: a shared proxy).
 * Another address (127.0.0.2: the loopback network is all ours) is not affected; public routes neither.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createHttpServer } from '../../src/http/http-server.js';
import { wireService } from '../../src/wiring.js';
import { TEST_KEY, useTestServer } from '../support/server.js';

/** GET `path` from local address `from` with `key`; status, headers and parsed body. */
function getFrom(
  base: string,
  from: string,
  path: string,
  key: string | null,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; headers: Record<string, unknown>; json: any }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port: Number(port),
        path,
        localAddress: from,
        agent: false,
        headers: key === null ? {} : { Authorization: `Bearer ${key}` },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const unknownKey = (i: number) => `lp_NOSUCHKEY${String(i).padStart(3, '0')}_${'d'.repeat(43)}`;

describe('Refused tokens per client address (AUTH_FAILURES_PER_MINUTE=5)', function () {
  this.timeout(20_000);
  const t = useTestServer({ env: { AUTH_FAILURES_PER_MINUTE: '5' } });

  it('five refused tokens are 401s; then 429 too_many_failed_authentications with Retry-After, for any key from that address', async () => {
    const base = t.server.url;
    const fresh = await t.server.request('POST', '/v1/api-keys', { body: { name: 'behind the proxy', scopes: ['projects:read'] } });
    expect(fresh.status).to.equal(201);
    for (let i = 0; i < 5; i++) {
      const res = await getFrom(base, '127.0.0.1', '/v1/health', unknownKey(i));
      expect([res.status, res.json.code], `attempt ${i + 1}`).to.deep.equal([401, 'invalid_api_key']);
    }
    const blocked = await getFrom(base, '127.0.0.1', '/v1/health', unknownKey(5));
    expect([blocked.status, blocked.json.code]).to.deep.equal([429, 'too_many_failed_authentications']);
    expect(blocked.headers['content-type']).to.match(/^application\/problem\+json/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).to.be.within(1, 60);
    expect(blocked.json.detail).to.include('127.0.0.1').and.include('AUTH_FAILURES_PER_MINUTE');
    // A valid key that has not authenticated here lately is refused unlooked, like any guess…
    expect((await getFrom(base, '127.0.0.1', '/v1/health', fresh.json.token)).json.code).to.equal('too_many_failed_authentications');
    // …but once it has worked (here from 127.0.0.2), the blocked address may use it too: a proxy shared with a
    // bad client must not lock out the good ones. The bad tokens stay refused.
    expect((await getFrom(base, '127.0.0.2', '/v1/health', fresh.json.token)).status).to.equal(200);
    expect((await getFrom(base, '127.0.0.1', '/v1/health', fresh.json.token)).status).to.equal(200);
    expect((await getFrom(base, '127.0.0.1', '/v1/health', unknownKey(6))).json.code).to.equal('too_many_failed_authentications');
    // A request without a key is no attempt: still its plain 401; public routes are not behind authentication.
    expect((await getFrom(base, '127.0.0.1', '/v1/health', null)).json.code).to.equal('missing_api_key');
    expect((await getFrom(base, '127.0.0.1', '/v1/openapi.json', null)).status).to.equal(200);
  });

  it('another address is counted on its own: its key works and its first refused token is a 401', async () => {
    expect((await getFrom(t.server.url, '127.0.0.2', '/v1/health', TEST_KEY)).status).to.equal(200);
    expect((await getFrom(t.server.url, '127.0.0.2', '/v1/health', unknownKey(9))).json.code).to.equal('invalid_api_key');
  });
});

describe('Refused tokens per client address: the log', function () {
  this.timeout(20_000);

  it('says once, at warn, when an address reaches AUTH_FAILURES_PER_MINUTE, naming it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-authlog-'));
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: TEST_KEY, COMPILE_THREADS: '1', AUTH_FAILURES_PER_MINUTE: '3' });
    const service = await wireService(config, pino({ level: 'warn' }, sink));
    const server = createHttpServer(service.app, config.http).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await getFrom(base, '127.0.0.1', '/v1/health', unknownKey(i))).status);
      expect(statuses).to.deep.equal([401, 401, 401, 429, 429, 429]);
      const blocked = lines.filter((line) => line['msg'] === 'refusing a client address: too many refused API keys');
      expect(blocked).to.have.length(1);
      expect(blocked[0]).to.include({ level: 40, client: '127.0.0.1', failures: 3, window_s: 60 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
