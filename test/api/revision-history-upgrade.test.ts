/**
 * Deploying `revision-history` version 2 (one document per revision, finding M4) over a store that serves
 * version 1 (one document per project): the projector builds version 2 beside it and switches once caught
 * up (docs/projections.md). Through an API instance, every GET /revisions page, `?at=` and past `?revision=`
 * answers the same bytes before, during and after the switch: never an error, never a short list. On SQLite,
 * PostgreSQL, and KurrentDB with MongoDB read models.
 */
import { expect } from 'chai';
import { allProjections, projectDetails, projectPartition, templateList } from '../../projections/index.js';
import type { ReadModelStore } from '../../src/application/ports/index.js';
import { Projector } from '../../src/application/projector/index.js';
import { openStores } from '../../src/wiring.js';
import { startKurrentDouble, type KurrentDouble } from '../support/kurrentdb-double/server.js';
import { createMongoTestDatabase, type MongoTestDatabase } from '../support/mongodb.js';
import { describeOnPostgres } from '../support/postgres.js';
import { revisionHistoryV1 } from '../support/revision-history-v1.js';
import { mjmlPage, startTestServer, type TestServer } from '../support/server.js';

const PROJECTS = 60;
const SAVES = 4;
const quiet = { info() {}, error() {} };
const id = (i: number) => `h-${String(i).padStart(3, '0')}`;

/** GETs whose answers must not change: two pages of revisions, an instant, a past revision, per project. */
async function readsOf(server: TestServer, i: number): Promise<string[]> {
  const first = await server.request('GET', `/v1/projects/${id(i)}/revisions?limit=3`);
  const items = first.json.items as Array<{ updated_at: string }>;
  const between = new Date(Date.parse(items[1]!.updated_at) + 1).toISOString();
  return [
    `/v1/projects/${id(i)}/revisions?limit=3`,
    `/v1/projects/${id(i)}/revisions?limit=3&cursor=${first.json.next_cursor}`,
    `/v1/projects/${id(i)}?at=${encodeURIComponent(between)}`,
    `/v1/projects/${id(i)}?revision=1`,
  ];
}

type StoreConfig = Omit<Parameters<typeof openStores>[0], 'dataDir'>;

async function upgradeUnderReads(env: Record<string, string>, storeConfig: StoreConfig): Promise<void> {
  const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', ...env, PROJECTOR: 'off' } });
  const stores = await openStores({ dataDir: server.dataDir, ...storeConfig, projectorPollMs: 20 });
  const versionOne = new Projector({
    eventStore: stores.eventStore,
    readModels: stores.readModels,
    projections: [projectDetails, revisionHistoryV1, templateList],
    logger: quiet,
  });
  // Pages of 20, each commit after a pause, so that the build takes long enough for reads to overlap it.
  const paced = new Proxy(stores.readModels, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'commit')
        return async (...args: Parameters<ReadModelStore['commit']>) => (
          await new Promise((r) => setTimeout(r, 10)),
          target.commit(...args)
        );
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const versionTwo = new Projector({
    eventStore: stores.eventStore,
    readModels: paced,
    projections: allProjections,
    batchSize: 20,
    logger: quiet,
  });
  let reading = true;
  let reader: Promise<void> = Promise.resolve();
  try {
    await versionOne.start();
    const ast = (await server.request('POST', '/v1/projects', { body: { id: id(0), mjml: mjmlPage('rev 0') } })).json.ast;
    for (let i = 1; i < PROJECTS; i++)
      expect((await server.request('POST', '/v1/projects', { body: { id: id(i), ast } })).status).to.equal(201);
    for (let s = 1; s <= SAVES; s++) {
      for (let i = 0; i < PROJECTS; i++)
        expect((await server.request('PUT', `/v1/projects/${id(i)}`, { body: { mjml: mjmlPage(`rev ${s}`) } })).status).to.equal(200);
    }
    // One id deleted and created again: its ?revision=1 answers the first creation's time from the history.
    expect((await server.request('DELETE', `/v1/projects/${id(0)}`)).status).to.equal(204);
    expect((await server.request('POST', '/v1/projects', { body: { id: id(0), mjml: mjmlPage('again') } })).status).to.equal(201);

    const paths = (await Promise.all(Array.from({ length: PROJECTS }, (_, i) => readsOf(server, i)))).flat();
    const expected = new Map<string, string>();
    for (const path of paths) {
      const res = await server.request('GET', path);
      expect(res.status, `${path}: ${res.text}`).to.equal(200);
      expected.set(path, res.text);
    }
    await versionOne.stop(); // the old image goes away; the new one takes over

    const failures: string[] = [];
    let reads = 0;
    const check = async (path: string) => {
      const res = await server.request('GET', path);
      reads += 1;
      if (res.text !== expected.get(path)) failures.push(`${path}: ${res.status} ${res.text.slice(0, 120)}`);
    };
    reader = (async () => {
      while (reading) await Promise.all(Array.from({ length: 4 }, () => check(paths[Math.floor(Math.random() * paths.length)]!)));
    })();
    const readsBefore = reads;
    await versionTwo.start(); // builds version 2 beside version 1, switches once caught up
    const readsDuring = reads - readsBefore;
    reading = false;
    await reader;
    for (const path of paths) await check(path); // after the switch, every answer once more

    console.log(`      ${reads} reads, ${readsDuring} while version 2 was built; ${failures.length} differed`);
    expect(failures.slice(0, 5), `${failures.length} of ${reads} reads differed`).to.deep.equal([]);
    expect(readsDuring, 'reads ran while version 2 was built').to.be.above(0);
    expect(await stores.readModels.getCheckpoint('revision-history')).to.include({ version: 2 });
    // Version 2 serves: one document per revision, and version 1's per-project documents are gone.
    const h1 = { workspace: 'default', projectId: id(1) };
    expect((await stores.readModels.list('revision-history', { partition: projectPartition(h1), limit: 10 })).length).to.equal(1 + SAVES);
    expect(await stores.readModels.get('revision-history', { partition: 'default', key: id(1) })).to.equal(null);
  } finally {
    reading = false;
    await reader;
    await versionOne.stop();
    await versionTwo.stop();
    await stores.close();
    await server.stop();
    server.cleanup();
  }
}

describe('revision-history version 1 → 2 while serving (M4)', function () {
  this.timeout(180_000);

  it(`on SQLite: ${PROJECTS} projects of ${SAVES + 1} revisions, the same answers before, during and after the switch`, () =>
    upgradeUnderReads({}, {}));

  describeOnPostgres('on PostgreSQL', (database) => {
    it(`${PROJECTS} projects of ${SAVES + 1} revisions, the same answers before, during and after the switch`, () =>
      upgradeUnderReads({ STORE: 'postgres', DATABASE_URL: database().url }, { store: 'postgres', databaseUrl: database().url }));
  });

  describe('on KurrentDB + MongoDB (a KurrentDB double of its own; MONGODB_URL, the MongoDB double under npm test)', () => {
    let mongo: MongoTestDatabase | null = null;
    let double: KurrentDouble | null = null;
    before(async function () {
      mongo = await createMongoTestDatabase(); // prints why when MONGODB_URL is not set
      if (!mongo) this.skip();
      double = await startKurrentDouble({});
    });
    after(async () => {
      await double?.stop();
      await mongo?.drop();
    });
    it(`${PROJECTS} projects of ${SAVES + 1} revisions, the same answers before, during and after the switch`, () =>
      upgradeUnderReads(
        { STORE: 'kurrentdb', KURRENTDB_URL: double!.url, MONGODB_URL: mongo!.url },
        { store: 'kurrentdb', kurrentdbUrl: double!.url, mongodbUrl: mongo!.url },
      ));
  });
});
