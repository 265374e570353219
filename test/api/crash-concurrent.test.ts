/**
 * `kill -9` in the middle of a stream of concurrent saves: 8 writers save to 20 projects on a server in a
 * child process, which is killed at a random moment (after the first 40 acknowledgements, 0–600 ms more),
 * then restarted on the same store. Every acknowledged save must be there at its revision with its content
 * (a per-save marker in metadata), every stream whole (revisions 0…n), and every read model equal to the
 * fold of its stream. SQLite always; PostgreSQL when a server answers.
 */
import { expect } from 'chai';
import { mjmlPage, TEST_KEY } from '../support/server.js';
import { checkAcknowledged, checkStore, waitCaughtUp, type Acknowledged } from '../../scripts/support/durability.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { spawnServer } from '../../scripts/support/spawned-server.js';

const WRITERS = 8;
const PROJECTS = 20;
const headers = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' };

async function killDuringConcurrentSaves(env: Record<string, string>, dataDir: string): Promise<void> {
  const serverEnv = { ...env, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' };
  const first = await spawnServer(serverEnv);
  const acks: Acknowledged[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const res = await fetch(`${first.url}/v1/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: `c${p}`, mjml: mjmlPage(`c${p} created`), metadata: { marker: `c${p}-created` } }),
    });
    expect(res.status).to.equal(201);
    acks.push({ projectId: `c${p}`, revision: 0, marker: `c${p}-created` });
  }
  let attempted = 0;
  let conflicts = 0;
  let stopped = false;
  let killing = false;
  const writer = async (w: number) => {
    for (let seq = 0; !stopped; seq++) {
      const projectId = `c${Math.floor(Math.random() * PROJECTS)}`;
      const marker = `w${w}-${seq}`;
      attempted += 1;
      try {
        const res = await fetch(`${first.url}/v1/projects/${projectId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ mjml: mjmlPage(marker), metadata: { marker } }),
        });
        const body = (await res.json()) as { revision: number };
        if (res.status === 200) acks.push({ projectId, revision: body.revision, marker });
        else if (res.status === 409)
          conflicts += 1; // concurrency_conflict: writers kept racing on one stream
        else throw new Error(`save answered ${res.status}: ${JSON.stringify(body)}`);
      } catch (error) {
        if (killing) return; // the connection died with the process: not acknowledged
        throw error;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  while (acks.length < PROJECTS + 40) await new Promise((resolve) => setTimeout(resolve, 5));
  const extraMs = Math.floor(Math.random() * 600);
  await new Promise((resolve) => setTimeout(resolve, extraMs));
  killing = true;
  await first.kill();
  stopped = true;
  await Promise.all(writers);

  const second = await spawnServer(serverEnv);
  try {
    await waitCaughtUp(second.url);
    const check = await checkAcknowledged(second.url, acks);
    console.log(
      `      kill -9 ${extraMs} ms after the 40th save: ${attempted} saves attempted, ${check.acknowledged} acknowledged (20 creates included), ` +
        `${check.found} found after restart, ${conflicts} conflicts`,
    );
    expect(check.lost, 'acknowledged saves missing or different after the restart').to.deep.equal([]);
    expect(check.found).to.equal(acks.length);
  } finally {
    await second.stop();
  }
  const store = await checkStore({
    dataDir,
    store: env['STORE'] === 'postgres' ? 'postgres' : 'sqlite',
    ...(env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : {}),
  });
  console.log(`      store: ${store.streams} streams, ${store.events} events, ${store.documents} read-model documents equal to the fold`);
  expect(store.gaps, 'streams with a gap').to.deep.equal([]);
  expect(store.mismatches, 'read models that differ from the fold of their stream').to.deep.equal([]);
  expect(store.streams).to.equal(PROJECTS);
  expect(store.events).to.be.at.least(acks.length);
}

describe('kill -9 during concurrent saves (8 writers, 20 projects)', function () {
  this.timeout(120_000);

  it('keeps every acknowledged save, whole streams and read models equal to the fold, on SQLite', () =>
    withTempDir('letterpress-crash-concurrent-', (dir) => killDuringConcurrentSaves({}, dir)));

  describeOnPostgres('on PostgreSQL', (database) => {
    it('keeps every acknowledged save, whole streams and read models equal to the fold', () =>
      withTempDir('letterpress-crash-concurrent-', (dir) =>
        killDuringConcurrentSaves({ STORE: 'postgres', DATABASE_URL: database().url }, dir),
      ));
  });
});
