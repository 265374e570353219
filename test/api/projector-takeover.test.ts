/**
 * The projector lease under a crash: two `npm run projector` processes, `kill -9` of the active one in the
 * middle of 200 saves, the standby takes over, and every read model then equals a fold of its stream.
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { allProjections } from '../../projections/index.js';
import { projectStream } from '../../src/domain/project.js';
import type { RecordedProjectEvent } from '../../src/application/ports/index.js';
import { foldStream } from '../../src/application/projector/rebuild.js';
import { openStores } from '../../src/wiring.js';
import { startTestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const LEASE = { PROJECTOR_LEASE_INTERVAL_MS: '100', PROJECTOR_LEASE_TTL_MS: '600' };

/** A projector process; resolves once it logged that it runs, telling whether it took the lease. */
function spawnProjector(env: Record<string, string>): Promise<{ child: ChildProcess; active: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/projector-process.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.includes('letterpress projector running'));
      if (line) resolve({ child, active: (JSON.parse(line) as { active: boolean }).active });
    });
    child.once('exit', (code) => reject(new Error(`projector exited early (${code})`)));
  });
}

async function takeover(env: Record<string, string>, dataDir: string): Promise<void> {
  const first = await spawnProjector({ ...LEASE, ...env, DATA_DIR: dataDir });
  const second = await spawnProjector({ ...LEASE, ...env, DATA_DIR: dataDir });
  expect([first.active, second.active], 'one active, one standing by').to.deep.equal([true, false]);
  const api = await startTestServer({ dataDir, env: { ...env, PROJECTOR: 'off' } });
  try {
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    for (const id of ids)
      expect((await api.request('POST', '/v1/projects', { body: { id, mjml: page(`${id} created`) } })).status).to.equal(201); // not "p0 0": that save would be identical (appends nothing)
    for (let n = 0; n < 190; n++) {
      if (n === 60) first.child.kill('SIGKILL');
      const id = ids[n % ids.length]!;
      const res = await api.request('PUT', `/v1/projects/${id}`, { body: { mjml: page(`${id} ${n}`) } });
      expect(res.status, res.text).to.equal(200);
    }
    // Every save was acknowledged; once caught up, each read model must equal a fold of its stream.
    for (let i = 0; i < 100 && !(await api.request('GET', '/v1/health')).json.projector.caught_up; i++)
      await new Promise((r) => setTimeout(r, 100));
    const stores = await openStores({
      dataDir,
      store: env['STORE'] === 'postgres' ? 'postgres' : 'sqlite',
      databaseUrl: env['DATABASE_URL'],
    });
    try {
      for (const id of ids) {
        const stream = (await stores.eventStore.readStream(
          projectStream({ workspace: 'default', projectId: id }),
        )) as RecordedProjectEvent[];
        expect(stream).to.have.length(20);
        for (const projection of allProjections) {
          for (const { location, doc } of foldStream(projection, stream)) {
            expect(
              await stores.readModels.get(projection.name, location),
              `${projection.name}/${location.partition}/${location.key}`,
            ).to.deep.equal(doc);
          }
        }
      }
    } finally {
      await stores.close();
    }
  } finally {
    await api.stop();
    second.child.kill('SIGTERM');
    first.child.kill('SIGKILL');
  }
}

describe('Projector lease: kill -9 of the active projector during 200 saves', function () {
  this.timeout(120_000);

  // An hour-long lease: were the standby to wait for it to expire, each of the 130 saves after the kill
  // would wait out its 5 s for the read models, and the test would time out.
  it("on SQLite (the standby sees the holder's process is gone and takes over without waiting for the lease to expire)", () =>
    withTempDir('letterpress-takeover-', (dir) => takeover({ PROJECTOR_LEASE_TTL_MS: '3600000' }, dir)));

  describeOnPostgres('on PostgreSQL', (database) => {
    it('the advisory lock dies with the connection, the standby takes it', () =>
      withTempDir('letterpress-takeover-', (dir) => takeover({ STORE: 'postgres', DATABASE_URL: database().url }, dir)));
  });
});
