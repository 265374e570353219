/**
 * A graceful stop says so in the log (issue 19, item 5): SIGTERM to a real `src/server.ts` process logs
 * "stopping" (with the signal), then "stopped" with how long the HTTP side and the service took, and the
 * process exits 0.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
});
