/**
 * The container health check (bin/healthcheck.js, the Dockerfile's HEALTHCHECK): with a key it sees a
 * store outage (a 503 from /health is unhealthy); without one it can only tell that the process answers.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_KEY, useTestServer } from '../support/server.js';

const SCRIPT = fileURLToPath(new URL('../../bin/healthcheck.js', import.meta.url));

/**
 * Run the health check against `port`; its exit status and what it wrote on stderr. Asynchronous: the
 * server under test runs in this process and must keep answering meanwhile.
 */
function check(port: number, key?: string): Promise<{ status: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port), ...(key ? { HEALTHCHECK_API_KEY: key } : {}) };
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { env, encoding: 'utf8', timeout: 15_000 }, (error, _stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
    });
  });
}

describe('Container health check (bin/healthcheck.js)', function () {
  this.timeout(30_000);
  const t = useTestServer();
  const portOf = () => Number(new URL(t.server.url).port);

  it('is healthy with a key when /health answers 200', async () => {
    expect((await check(portOf(), TEST_KEY)).status).to.equal(0);
  });

  it('is unhealthy with a key the server refuses', async () => {
    const run = await check(portOf(), 'lp_not-a-key-of-this-server');
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('401');
  });

  it('without a key, counts the 401 as alive and says that only liveness was checked', async () => {
    const run = await check(portOf());
    expect(run.status).to.equal(0);
    expect(run.stderr).to.include('only liveness');
  });

  describe('when /health answers 503 (a store down)', () => {
    let stub: Server;
    before(async () => {
      stub = createServer((req, res) => {
        res.writeHead(req.url === '/health' ? 503 : 404, { 'Content-Type': 'application/problem+json' });
        res.end('{"code":"dependency_unavailable"}');
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    });
    after(() => new Promise<void>((resolve) => stub.close(() => resolve())));

    it('is unhealthy, and says what it got', async () => {
      const run = await check((stub.address() as AddressInfo).port, TEST_KEY);
      expect(run.status).to.equal(1);
      expect(run.stderr).to.include('503').and.include('dependency_unavailable');
    });
  });

  it('is unhealthy when nothing listens', async () => {
    const run = await check(1, TEST_KEY);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('failed');
  });
});
