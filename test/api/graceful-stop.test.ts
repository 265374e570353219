/**
 * A graceful stop says so in the log (issue 19, item 5): SIGTERM to a real `src/server.ts` process logs
 * "stopping" (with the signal), then "stopped" with how long the HTTP side and the service took, and the
 * process exits 0; a request that does not finish holds the stop for STOP_GRACE_MS only.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { spawnServer } from '../support/server-process.js';
import { TEST_KEY } from '../support/server.js';

describe('Graceful stop (SIGTERM) logs "stopping" and "stopped"', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-stop-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('SIGTERM → "stopping" {reason: SIGTERM}, then "stopped" with durations in ms, exit 0', async () => {
    const server = await spawnServer({ DATA_DIR: dir });
    const health = await fetch(`${server.url}/v1/health`, { headers: { Authorization: `Bearer ${TEST_KEY}` } });
    expect(health.status).to.equal(200);
    expect(await server.stop()).to.equal(0);
    const messages = server.log().map((line) => line['msg']);
    const stopping = server.log().find((line) => line['msg'] === 'stopping');
    const stopped = server.log().find((line) => line['msg'] === 'stopped');
    expect(stopping, messages.join(', ')).to.include({ reason: 'SIGTERM' });
    expect(stopped, messages.join(', ')).to.include({ reason: 'SIGTERM' });
    for (const field of ['http_ms', 'service_ms', 'total_ms']) expect(stopped![field], field).to.be.a('number').and.at.least(0);
    expect(messages.indexOf('stopped')).to.be.above(messages.indexOf('stopping'));
    expect(messages.at(-1)).to.equal('stopped');
  });

  it('a request still arriving holds the stop for STOP_GRACE_MS only: its connection is closed, "stopped" says so', async () => {
    const server = await spawnServer({ DATA_DIR: dir, STOP_GRACE_MS: '300' });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Headers and half the body: the request is in flight until REQUEST_TIMEOUT_MS (60 s), far past the grace.
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mj`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // the server has read it
    const started = Date.now();
    expect(await server.stop()).to.equal(0);
    expect(Date.now() - started).to.be.below(15_000);
    await closed;
    const stopped = server.log().find((line) => line['msg'] === 'stopped');
    expect(stopped).to.include({ reason: 'SIGTERM', forced_connections: 1 });
    expect(server.log().find((line) => line['msg'] === 'stopping')).to.include({ grace_ms: 300 });
  });
});
