/**
 * The service on a shared, networked store, over real HTTP: the same behaviour as on SQLite, a restart
 * that keeps everything, and two instances sharing one store. Run on PostgreSQL (`STORE=postgres`), and on
 * KurrentDB + MongoDB (`STORE=kurrentdb`) on the servers `KURRENTDB_URL` and `MONGODB_URL` name, else on
 * the wire-level doubles `npm test` starts and points them at. Project ids are
 * unique per run: a KurrentDB server keeps its streams from one run to the next.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTestDatabase } from '../support/postgres.js';
import { KURRENTDB_URL } from '../support/kurrentdb.js';
import { createMongoTestDatabase } from '../support/mongodb.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** The environment that points a server at the store, and how to remove what the run made; null to skip (after saying why). */
type StoreSetup = () => Promise<{ env: Record<string, string>; drop(): Promise<void> } | null>;

function describeApiOnSharedStore(kind: string, setup: StoreSetup): void {
  describe(`API on ${kind}`, function () {
    this.timeout(60_000);
    const run = randomUUID().slice(0, 8);
    let store: Awaited<ReturnType<StoreSetup>> = null;
    const servers: TestServer[] = [];
    const start = async () => {
      const server = await startTestServer({ env: store!.env });
      servers.push(server);
      return server;
    };

    before(async function () {
      store = await setup();
      if (!store) this.skip();
    });
    afterEach(async () => {
      for (const server of servers.splice(0)) {
        await server.stop();
        server.cleanup();
      }
    });
    after(async () => {
      await store?.drop();
    });

    it('creates, renders, saves with If-Match, and keeps it all across a restart', async () => {
      const pg = `restart-${run}`;
      const first = await start();
      expect((await first.request('POST', '/v1/projects', { body: { id: pg, mjml: page('Hello {{name}}') } })).status).to.equal(201);
      const rendered = await first.request('POST', `/v1/templates/${pg}/render`, { body: { variables: { name: 'Ada' } } });
      expect([rendered.status, rendered.json.html.includes('Hello Ada')]).to.deep.equal([200, true]);
      expect(
        (await first.request('PUT', `/v1/projects/${pg}`, { body: { mjml: page('Hi {{name}}') }, headers: { 'If-Match': '"0"' } })).status,
      ).to.equal(200);
      expect(
        (await first.request('PUT', `/v1/projects/${pg}`, { body: { mjml: page('Yo {{name}}') }, headers: { 'If-Match': '"0"' } })).status,
      ).to.equal(412);
      const health = await first.request('GET', '/v1/health');
      expect([health.json.store.kind, health.json.projector.caught_up]).to.deep.equal([kind, true]);
      await first.stop();

      const again = await start();
      const project = await again.request('GET', `/v1/projects/${pg}`);
      expect([project.status, project.json.revision]).to.deep.equal([200, 1]);
      expect((await again.request('GET', `/v1/projects/${pg}/revisions`)).json.items).to.have.length(2);
      const old = await again.request('POST', `/v1/templates/${pg}/render`, { body: { revision: 0, variables: { name: 'Ada' } } });
      expect(old.json.html).to.include('Hello Ada');
    });

    it('two instances on one store: a write through A is served by B at once; racing If-Match saves give one 200 and one 412', async () => {
      const shared = `shared-${run}`;
      const a = await start();
      const b = await start();
      expect((await a.request('POST', '/v1/projects', { body: { id: shared, mjml: page('One') } })).status).to.equal(201);
      const seen = await b.request('GET', `/v1/projects/${shared}`);
      expect([seen.status, seen.json.revision]).to.deep.equal([200, 0]);
      const [viaA, viaB] = await Promise.all([
        a.request('PUT', `/v1/projects/${shared}`, { body: { mjml: page('Two from A') }, headers: { 'If-Match': '"0"' } }),
        b.request('PUT', `/v1/projects/${shared}`, { body: { mjml: page('Two from B') }, headers: { 'If-Match': '"0"' } }),
      ]);
      expect([viaA.status, viaB.status].sort()).to.deep.equal([200, 412]);
      expect((await a.request('GET', `/v1/projects/${shared}`)).json.revision).to.equal(1);
      expect((await b.request('GET', `/v1/projects/${shared}`)).json.revision).to.equal(1);
      // One projector for the store: A's (it started first and holds the lease); B's stands by, and a write
      // through B answers once A's projector has it.
      const roles = await Promise.all([a, b].map(async (instance) => (await instance.request('GET', '/v1/health')).json.projector.active));
      expect(roles).to.deep.equal([true, false]);
      expect(
        (await b.request('PUT', `/v1/projects/${shared}`, { body: { mjml: page('Three from B') }, headers: { 'If-Match': '"1"' } })).status,
      ).to.equal(200);
      const [listA, detailA] = await Promise.all([a.request('GET', '/v1/projects'), a.request('GET', `/v1/projects/${shared}/revisions`)]);
      expect(listA.json.items.find((item: { id: string }) => item.id === shared)).to.deep.include({ revision: 2 });
      expect(detailA.json.items).to.have.length(3);
    });
  });
}

describeApiOnSharedStore('postgres', async () => {
  const database = await createTestDatabase();
  return database && { env: { STORE: 'postgres', DATABASE_URL: database.url }, drop: () => database.drop() };
});

describeApiOnSharedStore('kurrentdb', async () => {
  if (!KURRENTDB_URL) {
    console.log('      (KurrentDB + MongoDB API suite skipped: set KURRENTDB_URL and MONGODB_URL to run it)');
    return null;
  }
  const mongo = await createMongoTestDatabase();
  return mongo && { env: { STORE: 'kurrentdb', KURRENTDB_URL, MONGODB_URL: mongo.url }, drop: () => mongo.drop() };
});
