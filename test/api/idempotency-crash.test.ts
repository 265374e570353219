/**
 * Fault test (issue 19, items 2 and 6): a write made with an Idempotency-Key commits, the process is killed
 * with SIGKILL before it answers (the test-only `LETTERPRESS_TEST_CRASH_AFTER_COMMIT` names the key whose
 * write kills it), the service is started again on the same store, and the client retries. The retry must be
 * answered from the committed write — 201 with the same id (201/200 replayed, `Idempotent-Replayed: true`) —
 * and never make a second project or a second revision. On SQLite, and on PostgreSQL where it runs.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { openStores } from '../../src/wiring.js';
import { KURRENTDB_URL } from '../support/kurrentdb.js';
import { createMongoTestDatabase } from '../support/mongodb.js';
import { spawnServer, type SpawnedServer } from '../../scripts/support/spawned-server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { mjmlPage, TEST_KEY } from '../support/server.js';

/** The unrenewed lease: short, so the retry after the restart does not wait the default minute. */
const LEASE_MS = '1000';
/** A JSON answer, read loosely (the assertions say what it must hold). */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const headers = (idempotencyKey: string) => ({
  Authorization: `Bearer ${TEST_KEY}`,
  'Content-Type': 'application/json',
  'Idempotency-Key': idempotencyKey,
});

/** Send a write the server dies committing: no answer, and the process gone by SIGKILL. */
async function crashOn(server: SpawnedServer, path: string, method: string, idempotencyKey: string, body: unknown): Promise<void> {
  const answered = await fetch(server.url + path, { method, headers: headers(idempotencyKey), body: JSON.stringify(body) }).then(
    (response) => response.status,
    () => null,
  );
  expect(answered, 'the process died before answering').to.equal(null);
  await waitFor(() => server.exited() !== null, 10_000);
  expect(server.exited()?.signal).to.equal('SIGKILL');
}

/** The retry, sent again while the dead attempt's lease still holds (409 idempotency_key_in_use), at most 20 s. */
async function retry(
  server: SpawnedServer,
  path: string,
  method: string,
  idempotencyKey: string,
  body: unknown,
): Promise<{ status: number; replayed: string | null; location: string | null; etag: string | null; json: Json }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(server.url + path, { method, headers: headers(idempotencyKey), body: JSON.stringify(body) });
    const json = (await response.json()) as Json;
    if (response.status !== 409 || Date.now() > deadline) {
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        location: response.headers.get('location'),
        etag: response.headers.get('etag'),
        json,
      };
    }
    expect(json.code).to.equal('idempotency_key_in_use');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function get(server: SpawnedServer, path: string): Promise<Json> {
  const response = await fetch(server.url + path, { headers: { Authorization: `Bearer ${TEST_KEY}` } });
  return response.json();
}

/** How many events in the store carry Idempotency-Key `key` (in their `idempotency` metadata): one per write. */
async function eventsWithKey(env: Record<string, string> & { DATA_DIR: string }, key: string): Promise<number> {
  const store = (env['STORE'] ?? 'sqlite') as 'sqlite' | 'postgres' | 'kurrentdb';
  const stores = await openStores({
    dataDir: env.DATA_DIR,
    store,
    databaseUrl: env['DATABASE_URL'],
    kurrentdbUrl: env['KURRENTDB_URL'],
    mongodbUrl: env['MONGODB_URL'],
  });
  try {
    const events = await stores.eventStore.readAll({ streamPrefix: 'project-' });
    return events.filter((event) => (event.metadata['idempotency'] as { key?: string } | undefined)?.key === key).length;
  } finally {
    await stores.close();
  }
}

/**
 * Create, crash, restart, retry; save, crash, restart, retry. `freshStore`: nothing else writes to the store
 * (the KurrentDB double is shared by the run's suites), so the project list must hold the one project.
 */
async function retryAcrossKill(env: Record<string, string> & { DATA_DIR: string }, freshStore = true): Promise<void> {
  // The killed process held the projector lease: a short one lets the restarted process project within the
  // replay's wait for its read models (a write's answer waits at most 5 s), so the GETs below see the write.
  const common = {
    ...env,
    IDEMPOTENCY_IN_FLIGHT_MS: LEASE_MS,
    LOG_LEVEL: 'info',
    PROJECTOR_LEASE_TTL_MS: '1000',
    PROJECTOR_LEASE_INTERVAL_MS: '200',
  };
  const servers: SpawnedServer[] = [];
  const createKey = `crash-create-${randomUUID()}`;
  const putKey = `crash-put-${randomUUID()}`;
  try {
    // 1. A create (no id: the server picks one) dies after its commit.
    const first = await spawnServer({ ...common, LETTERPRESS_TEST_CRASH_AFTER_COMMIT: createKey });
    servers.push(first);
    const create = { mjml: mjmlPage('Hello {{name}}') };
    await crashOn(first, '/v1/projects', 'POST', createKey, create);

    // 2. Restarted: the retry replays the committed create. Then a PUT dies after its commit.
    const second = await spawnServer({ ...common, LETTERPRESS_TEST_CRASH_AFTER_COMMIT: putKey });
    servers.push(second);
    const created = await retry(second, '/v1/projects', 'POST', createKey, create);
    expect([created.status, created.replayed, created.etag]).to.deep.equal([201, 'true', '"0"']);
    const id = created.json.id as string;
    expect(created.location).to.equal(`/v1/projects/${encodeURIComponent(id)}`);
    if (freshStore)
      expect(
        (await get(second, '/v1/projects?limit=100')).items.map((p: { id: string }) => p.id),
        'exactly one project',
      ).to.deep.equal([id]);
    const save = { mjml: mjmlPage('Saved {{name}}') };
    await crashOn(second, `/v1/projects/${id}`, 'PUT', putKey, save);

    // 3. Restarted again: the retry replays the committed save; one revision was added, not two.
    const third = await spawnServer(common);
    servers.push(third);
    const saved = await retry(third, `/v1/projects/${id}`, 'PUT', putKey, save);
    expect([saved.status, saved.replayed, saved.etag, saved.json.revision]).to.deep.equal([200, 'true', '"1"', 1]);
    const history = (await get(third, `/v1/projects/${id}/revisions`)).items.map((r: { revision: number }) => r.revision);
    expect(history, 'one revision per write').to.deep.equal([0, 1]);
    if (freshStore) expect((await get(third, '/v1/projects?limit=100')).items).to.have.length(1);
    expect((await get(third, `/v1/projects/${id}`)).published_html).to.equal(saved.json.published_html);
    expect([await eventsWithKey(env, createKey), await eventsWithKey(env, putKey)], 'events written per key').to.deep.equal([1, 1]);
  } finally {
    for (const server of servers) await server.kill();
  }
}

describe('Idempotency-Key across kill -9 after the commit', function () {
  this.timeout(120_000);

  it('SQLite: the retry after the restart replays the committed create and save; one project, one revision each', () =>
    withTempDir('letterpress-idem-crash-', (dir) => retryAcrossKill({ DATA_DIR: dir })));

  describeOnPostgres('on PostgreSQL', (database) => {
    it('the retry after the restart replays the committed create and save; one project, one revision each', () =>
      withTempDir('letterpress-idem-crash-', (dir) => retryAcrossKill({ DATA_DIR: dir, STORE: 'postgres', DATABASE_URL: database().url })));
  });

  it('KurrentDB + MongoDB: the same (events on KurrentDB, keys on MongoDB)', async function () {
    const mongo = KURRENTDB_URL ? await createMongoTestDatabase() : null;
    if (!KURRENTDB_URL || !mongo) {
      console.log('      (KurrentDB + MongoDB skipped: set KURRENTDB_URL and MONGODB_URL to run it)');
      return this.skip();
    }
    try {
      await withTempDir('letterpress-idem-crash-', (dir) =>
        retryAcrossKill({ DATA_DIR: dir, STORE: 'kurrentdb', KURRENTDB_URL: KURRENTDB_URL!, MONGODB_URL: mongo.url }, false),
      );
    } finally {
      await mongo.drop();
    }
  });
});
