/**
 * The access log as pino writes it: one JSON line per request with request id, key id (never the key),
 * route pattern, project, revision, cache outcome and duration. A real service with a capturing logger.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { wireService, type Service } from '../../src/wiring.js';
import { mjmlPage, TEST_KEY } from '../support/server.js';

describe('API: access log (pino)', () => {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  let dataDir: string;
  let service: Service;
  let server: Server;
  let base: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'letterpress-log-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: TEST_KEY, COMPILE_THREADS: '1', LOG_LEVEL: 'info' });
    service = await wireService(config, pino({ level: 'info' }, sink));
    const handle = service.app.callback();
    // Koa's handler answers its own errors (ctx.onerror), so its promise is let go, as src/http/http-server.ts does.
    server = createServer((req, res) => void handle(req, res)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    // As startServer does once it listens: register BOOTSTRAP_API_KEY, the key these requests carry
    expect((await service.bootstrap()).created).to.equal(true);
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, body?: unknown, requestId?: string) =>
    fetch(base + path, {
      method,
      headers: {
        Authorization: `Bearer ${TEST_KEY}`,
        'Content-Type': 'application/json',
        ...(requestId ? { 'X-Request-Id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** The access-log line of the request with this id (the log is written before the response ends). */
  const lineOf = (requestId: string) => {
    const found = lines.filter((l) => l['msg'] === 'request' && l['request_id'] === requestId);
    expect(found, requestId).to.have.length(1);
    return found[0]!;
  };

  it('logs project, revision, cache outcome, route pattern, key id and duration of renders', async () => {
    const created = await call('POST', '/v1/projects', { id: 'logged', mjml: mjmlPage('Hi {{name}}') }, 'req-create');
    expect(created.status).to.equal(201);
    const { revision } = (await created.json()) as { revision: number };
    expect(revision).to.be.a('number');
    expect((await call('POST', '/v1/templates/logged/render', { variables: { name: 'A' } }, 'req-render-1')).status).to.equal(200);
    expect((await call('POST', '/v1/templates/logged/render', { variables: { name: 'B' } }, 'req-render-2')).status).to.equal(200);

    const keyId = /^lp_([A-Za-z0-9]+)_/.exec(TEST_KEY)![1];
    const first = lineOf('req-render-1');
    expect(first).to.include({
      method: 'POST',
      path: '/v1/templates/logged/render',
      route: '/v1/templates/:id/render',
      status: 200,
      key_id: keyId,
      project: 'logged',
      revision,
      cache: 'MISS',
    });
    expect(first['ms']).to.be.a('number');
    expect(lineOf('req-render-2')).to.include({ project: 'logged', revision, cache: 'HIT' });
    expect(lineOf('req-create')).to.include({ route: '/v1/projects', status: 201 });
  });

  it('a render refused after routing names its route and project; one refused before routing, neither', async () => {
    expect((await call('POST', '/api/v1/templates/nope/render', {}, 'req-render-404')).status).to.equal(404);
    expect(lineOf('req-render-404')).to.include({ route: '/api/v1/templates/:id/render', status: 404, project: 'nope' });
    const refused = await fetch(`${base}/v1/templates/logged/render`, { method: 'POST', headers: { 'X-Request-Id': 'req-render-401' } });
    expect(refused.status).to.equal(401);
    const line = lineOf('req-render-401');
    expect(line).to.include({ path: '/v1/templates/logged/render', status: 401 });
    expect(line).to.not.have.any.keys('route', 'project', 'key_id');
  });

  it('names the project of a /projects/:id read from its route', async () => {
    expect((await call('GET', '/v1/projects/logged', undefined, 'req-read')).status).to.equal(200);
    expect(lineOf('req-read')).to.include({ route: '/v1/projects/:id', project: 'logged' });
  });

  it('never writes the key itself, only its id', async () => {
    await call('GET', '/v1/health', undefined, 'req-health');
    lineOf('req-health');
    const secret = TEST_KEY.split('_').at(-1)!;
    for (const line of raw) {
      expect(line).to.not.include(TEST_KEY);
      expect(line).to.not.include(secret);
    }
  });

  it('redacts a key pasted into the path (raw or percent-encoded, or as a project id) and never logs the query', async () => {
    const secret = TEST_KEY.split('_').at(-1)!;
    const keyId = TEST_KEY.split('_')[1]!;
    const encoded = TEST_KEY.replace(/_/g, '%5F');
    const paths: Record<string, string> = {
      'req-path-key': `/v1/${TEST_KEY}`,
      'req-path-encoded': `/v1/x/${encoded}/y`,
      'req-project-key': `/v1/projects/${TEST_KEY}`,
      'req-query-key': `/v1/health?api_key=${TEST_KEY}`,
    };
    for (const [id, path] of Object.entries(paths)) await call('GET', path, undefined, id);
    expect(lineOf('req-path-key')['path']).to.equal(`/v1/lp_${keyId}_[REDACTED]`);
    expect(lineOf('req-path-encoded')['path']).to.equal(`/v1/x/lp_${keyId}_[REDACTED]/y`);
    expect(lineOf('req-project-key')).to.include({ path: `/v1/projects/lp_${keyId}_[REDACTED]`, project: `lp_${keyId}_[REDACTED]` });
    expect(lineOf('req-query-key')['path']).to.equal('/v1/health');
    for (const line of raw) {
      expect(line).to.not.include(secret);
      expect(line).to.not.include(secret.slice(0, 20));
    }
  });
});
