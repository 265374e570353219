/**
 * `kill -9` of an API process loses no acknowledged save: every revision a client got a 200 for is in
 * the stream afterwards (SQLite with synchronous=FULL; PostgreSQL's commit).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { projectStream } from '../../src/domain/project.js';
import { openStores } from '../../src/wiring.js';
import { TEST_KEY } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

async function crashDuringSaves(env: Record<string, string>, dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_API_KEY: TEST_KEY, LOG_LEVEL: 'info', COMPILE_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.includes('letterpress listening'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
  const headers = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' };
  const acknowledged: number[] = [];
  const created = await fetch(`${url}/v1/projects`, { method: 'POST', headers, body: JSON.stringify({ id: 'crash', mjml: page('0') }) });
  expect(created.status).to.equal(201);
  acknowledged.push(0);
  for (let n = 1; n <= 25; n++) {
    const res = await fetch(`${url}/v1/projects/crash`, { method: 'PUT', headers, body: JSON.stringify({ mjml: page(String(n)) }) });
    expect(res.status).to.equal(200);
    acknowledged.push(((await res.json()) as { revision: number }).revision);
  }
  // Saves in flight when the process dies: acknowledged or not, they must never corrupt what was.
  const inFlight = Array.from({ length: 3 }, (_, i) =>
    fetch(`${url}/v1/projects/crash`, { method: 'PUT', headers, body: JSON.stringify({ mjml: page(`late ${i}`) }) }).then(
      async (res) => (res.status === 200 ? ((await res.json()) as { revision: number }).revision : null),
      () => null,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  const exited = new Promise((resolve) => child.once('exit', resolve)); // before the kill: it may exit at once
  child.kill('SIGKILL');
  for (const revision of await Promise.all(inFlight)) if (revision !== null) acknowledged.push(revision);
  await exited;

  const stores = await openStores({
    dataDir,
    store: env['STORE'] === 'postgres' ? 'postgres' : 'sqlite',
    databaseUrl: env['DATABASE_URL'],
  });
  try {
    const revisions = (await stores.eventStore.readStream(projectStream({ workspace: 'default', projectId: 'crash' }))).map(
      (e) => e.revision,
    );
    for (const revision of acknowledged) expect(revisions, `acknowledged revision ${revision}`).to.include(revision);
    expect(revisions).to.deep.equal(revisions.map((_, i) => i)); // a whole stream, no holes
  } finally {
    await stores.close();
  }
}

describe('kill -9 of an API process', function () {
  this.timeout(60_000);

  it('loses no acknowledged save on SQLite', () => withTempDir('letterpress-crash-', (dir) => crashDuringSaves({}, dir)));

  describeOnPostgres('on PostgreSQL', (database) => {
    it('loses no acknowledged save', () =>
      withTempDir('letterpress-crash-', (dir) => crashDuringSaves({ STORE: 'postgres', DATABASE_URL: database().url }, dir)));
  });
});
