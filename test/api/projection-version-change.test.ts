/**
 * A projection version change deployed while the service serves (M2, over HTTP): a projector of the next
 * version of every projection takes over from the running one; continuous GETs and list calls through an
 * API instance see no 404 and no short list while it builds the new read models and switches to them.
 */
import { expect } from 'chai';
import { allProjections } from '../../projections/index.js';
import type { ReadModelStore } from '../../src/application/ports/index.js';
import { Projector } from '../../src/application/projector/index.js';
import { openStores } from '../../src/wiring.js';
import { describeOnPostgres } from '../support/postgres.js';
import { startTestServer } from '../support/server.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const PROJECTS = 300;
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: '1000000' };
const quiet = { info() {}, error() {} };

async function versionChangeUnderReads(
  env: Record<string, string>,
  storeConfig: { store?: 'sqlite' | 'postgres'; databaseUrl?: string },
): Promise<void> {
  // An API instance without a projector of its own: the projectors below are the deployments.
  const server = await startTestServer({ env: { ...UNLIMITED, ...env, PROJECTOR: 'off' } });
  const stores = await openStores({ dataDir: server.dataDir, ...storeConfig, projectorPollMs: 20 });
  const running = new Projector({
    eventStore: stores.eventStore,
    readModels: stores.readModels,
    projections: allProjections,
    logger: quiet,
  });
  // Pages of 20, each commit after a pause: SQLite's synchronous writes would otherwise build it all between two reads.
  const paced = new Proxy(stores.readModels, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'commit')
        return async (...args: Parameters<ReadModelStore['commit']>) => (
          await new Promise((r) => setTimeout(r, 5)),
          target.commit(...args)
        );
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const next = new Projector({
    eventStore: stores.eventStore,
    readModels: paced,
    projections: allProjections.map((p) => ({ ...p, version: p.version + 1 })),
    batchSize: 20,
    logger: quiet,
  });
  let reading = true;
  let reader: Promise<void> = Promise.resolve();
  try {
    await running.start();
    const ast = (await server.request('POST', '/v1/projects', { body: { id: 'p-000', mjml: page('x {{y}}') } })).json.ast;
    for (let i = 1; i < PROJECTS; i++) {
      const res = await server.request('POST', '/v1/projects', { body: { id: `p-${String(i).padStart(3, '0')}`, ast } });
      expect(res.status).to.equal(201);
    }
    await running.stop(); // the old image goes away; the new one takes over
    const failures: string[] = [];
    let reads = 0;
    reader = (async () => {
      while (reading) {
        const id = `p-${String(Math.floor(Math.random() * PROJECTS)).padStart(3, '0')}`;
        const [one, list] = await Promise.all([
          server.request('GET', `/v1/projects/${id}`),
          server.request('GET', '/v1/projects?limit=200'),
        ]);
        reads += 2;
        if (one.status !== 200) failures.push(`GET ${id}: ${one.status} ${one.json?.title ?? ''}`);
        if (list.json?.items?.length !== 200) failures.push(`list: ${list.status} ${list.json?.items?.length}`);
      }
    })();
    const readsBefore = reads;
    await next.start(); // builds beside, switches once caught up
    const readsDuring = reads - readsBefore;
    reading = false;
    await reader;
    expect(failures.slice(0, 5), `${failures.length} of ${reads} reads failed`).to.deep.equal([]);
    expect(readsDuring, 'reads ran while the new version was built').to.be.above(0);
    for (const p of allProjections) expect(await stores.readModels.getCheckpoint(p.name), p.name).to.include({ version: p.version + 1 });
  } finally {
    reading = false;
    await reader;
    await running.stop();
    await next.stop();
    await stores.close();
    await server.stop();
    server.cleanup();
  }
}

describe('A projection version change while serving', function () {
  this.timeout(120_000);

  it(`on SQLite: ${PROJECTS} projects, no 404 and no short list while the new version builds and switches`, () =>
    versionChangeUnderReads({}, {}));

  describeOnPostgres('on PostgreSQL', (database) => {
    it(`${PROJECTS} projects, no 404 and no short list while the new version builds and switches`, () =>
      versionChangeUnderReads({ STORE: 'postgres', DATABASE_URL: database().url }, { store: 'postgres', databaseUrl: database().url }));
  });
});
