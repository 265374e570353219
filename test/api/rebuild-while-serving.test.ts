/**
 * `npm run rebuild-projections` while the service serves: continuous GETs and list calls during a rebuild
 * of every read model see no 404 and no short list; afterwards the read models equal a fold of the
 * streams, and the service keeps writing into the rebuilt ones.
 */
import { expect } from 'chai';
import { allProjections } from '../../projections/index.js';
import { rebuildWhileServing, verifyAgainstStreams } from '../../src/application/projector/index.js';
import { openStores } from '../../src/wiring.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeOnPostgres } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const PROJECTS = 2000;
/** The reads run flat out: the per-key rate limit would answer them 429. */
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: '1000000' };

async function rebuildUnderReads(
  server: TestServer,
  storeConfig: { dataDir: string; store?: 'sqlite' | 'postgres'; databaseUrl?: string },
): Promise<void> {
  const ast = (await server.request('POST', '/v1/projects', { body: { id: 'p-000', mjml: page('x {{y}}') } })).json.ast;
  for (let i = 1; i < PROJECTS; i++) {
    const res = await server.request('POST', '/v1/projects', { body: { id: `p-${String(i).padStart(3, '0')}`, ast } });
    expect(res.status).to.equal(201);
  }
  let reading = true;
  const failures: string[] = [];
  let reads = 0;
  const reader = (async () => {
    while (reading) {
      const id = `p-${String(Math.floor(Math.random() * PROJECTS)).padStart(3, '0')}`;
      const [one, list] = await Promise.all([server.request('GET', `/v1/projects/${id}`), server.request('GET', '/v1/projects?limit=200')]);
      reads += 2;
      if (one.status !== 200) failures.push(`GET ${id}: ${one.status}`);
      if (list.json?.items?.length !== 200) failures.push(`list: ${list.json?.items?.length}`);
    }
  })();
  const stores = await openStores(storeConfig);
  try {
    const { events } = await rebuildWhileServing(stores, allProjections);
    expect(events).to.be.at.least(PROJECTS);
    reading = false;
    await reader;
    expect(failures, `${failures.length} of ${reads} reads failed`).to.deep.equal([]);
    expect(reads).to.be.above(0);
    const check = await verifyAgainstStreams(stores, allProjections);
    expect([check.documents, check.mismatches, check.storedHash]).to.deep.equal([PROJECTS * allProjections.length, [], check.foldedHash]);
    // The service writes into the rebuilt read models from now on.
    expect((await server.request('PUT', '/v1/projects/p-001', { body: { mjml: page('after') } })).status).to.equal(200);
    expect((await server.request('GET', '/v1/projects/p-001')).json.revision).to.equal(1);
    expect((await verifyAgainstStreams(stores, allProjections)).mismatches).to.deep.equal([]);
  } finally {
    reading = false;
    await reader;
    await stores.close();
  }
}

describe('Rebuilding read models while serving', function () {
  this.timeout(120_000);

  it(`on SQLite: ${PROJECTS} projects, no 404 and no short list during the rebuild`, async () => {
    const server = await startTestServer({ env: UNLIMITED });
    try {
      await rebuildUnderReads(server, { dataDir: server.dataDir });
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  describeOnPostgres('on PostgreSQL', (database) => {
    it(`${PROJECTS} projects, no 404 and no short list during the rebuild`, async () => {
      const server = await startTestServer({ env: { ...UNLIMITED, STORE: 'postgres', DATABASE_URL: database().url } });
      try {
        await rebuildUnderReads(server, { dataDir: server.dataDir, store: 'postgres', databaseUrl: database().url });
      } finally {
        await server.stop();
        server.cleanup();
      }
    });
  });
});
