/**
 * The service on KurrentDB over HTTP, on a wire-level double of each test's own (faults only a double
 * can inject), with MongoDB for read models (`MONGODB_URL`, which `npm test` points at its MongoDB double
 * when unset): a lost race with `throwOnAppendFailure=false` in `KURRENTDB_URL` is a 412, never a 200 for a
 * save that was not stored (K1); `/health` on a KurrentDB shared with other applications (K4); an unreadable
 * event (K9); a server whose `MaxAppendSize` refuses a save (K7).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { createMongoTestDatabase } from '../support/mongodb.js';
import { startKurrentDouble, type KurrentDouble, type KurrentFaults } from '../support/kurrentdb-double/server.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe('API on KurrentDB under injected faults (wire-level double)', function () {
  this.timeout(60_000);
  const cleanups: Array<() => Promise<void>> = [];

  before(async function () {
    const probe = await createMongoTestDatabase(); // prints why when MONGODB_URL is not set
    if (!probe) this.skip();
    await probe.drop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A service on a fresh double and a fresh database: checkpoints must not outlive the double's `$all`. */
  async function serviceOnDouble(faults: Partial<KurrentFaults> = {}, query = ''): Promise<{ double: KurrentDouble; server: TestServer }> {
    const mongo = (await createMongoTestDatabase())!;
    cleanups.push(() => mongo.drop());
    const double = await startKurrentDouble({ faults });
    cleanups.push(() => double.stop());
    const server = await startTestServer({ env: { STORE: 'kurrentdb', KURRENTDB_URL: double.url + query, MONGODB_URL: mongo.url } });
    cleanups.push(async () => {
      await server.stop();
      server.cleanup();
    });
    return { double, server };
  }

  it("K1: with throwOnAppendFailure=false, a save that loses the race answers 412 and the other writer's revision stays", async () => {
    const { double, server } = await serviceOnDouble({}, '&throwOnAppendFailure=false');
    const id = `race-${randomUUID().slice(0, 8)}`;
    expect((await server.request('POST', '/v1/projects', { body: { id, mjml: page('One') } })).status).to.equal(201);
    expect(
      (await server.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('Two') }, headers: { 'If-Match': '"0"' } })).status,
    ).to.equal(200);
    let raced = false;
    double.faults.beforeWrite = (stream) => {
      if (raced || !stream.endsWith(id)) return;
      raced = true; // another writer lands revision 2 (a copy of revision 1) just before this save
      const last = double.log.stream(stream)!.at(-1)!;
      double.log.append(stream, 'any', [{ ...last, id: randomUUID() }]);
    };
    const lost = await server.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('Three') }, headers: { 'If-Match': '"1"' } });
    expect([raced, lost.status]).to.deep.equal([true, 412]);
    const revisions = await server.request('GET', `/v1/projects/${id}/revisions`);
    const stored = double.log.all.filter((e) => e.stream.endsWith(`:${id}`));
    expect(stored.map((e) => e.revision)).to.deep.equal([0, 1, 2]); // nothing of 'Three' was written
    expect(stored.some((e) => Buffer.from(e.data).toString().includes('Three'))).to.equal(false);
    expect(revisions.status).to.equal(200);
  });

  it('K4: /health is caught up when another application writes to the same KurrentDB after the last project event', async () => {
    const { double, server } = await serviceOnDouble();
    expect(
      (await server.request('POST', '/v1/projects', { body: { id: `shared-${randomUUID().slice(0, 8)}`, mjml: page('One') } })).status,
    ).to.equal(201);
    double.log.append('other-app-orders', 'any', [
      { id: randomUUID(), type: 'OrderPlaced', contentType: 'application/json', data: Buffer.from('{}'), metadata: new Uint8Array() },
    ]);
    let health = await server.request('GET', '/v1/health');
    for (let i = 0; i < 50 && !health.json.projector.caught_up; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = await server.request('GET', '/v1/health');
    }
    expect(health.json.projector).to.deep.include({ caught_up: true, lag_ms: 0 });
  });

  it('K9: an unreadable event in a project stream is logged, counted and skipped: the next save is answered, not stalled', async () => {
    const { double, server } = await serviceOnDouble();
    double.log.append('project-default:opaque', 'no_stream', [
      { id: randomUUID(), type: 'Opaque', contentType: 'application/octet-stream', data: Buffer.from([0xff]), metadata: new Uint8Array() },
    ]);
    const id = `after-${randomUUID().slice(0, 8)}`;
    expect((await server.request('POST', '/v1/projects', { body: { id, mjml: page('One') } })).status).to.equal(201); // waits for the projections
    expect((await server.request('GET', `/v1/projects/${id}`)).status).to.equal(200);
    const metrics = await server.request('GET', '/v1/metrics');
    expect(metrics.text).to.match(/^letterpress_events_skipped_total 2$/m); // the projector's subscription and the revision index's
  });

  it('K7: a save the server refuses as over its MaxAppendSize is a 413 template_too_large, not a 500', async () => {
    const { server } = await serviceOnDouble({ maxAppendSize: 20_000 });
    const res = await server.request('POST', '/v1/projects', {
      body: { id: `big-${randomUUID().slice(0, 8)}`, mjml: page('x'.repeat(30_000)) },
    });
    expect([res.status, res.json.code]).to.deep.equal([413, 'template_too_large']);
    expect(res.json.detail).to.include('20000 bytes');
  });
});
