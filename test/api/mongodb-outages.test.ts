/**
 * The service on KurrentDB + MongoDB when MongoDB's majority cannot acknowledge writes (review finding M1)
 * or acknowledges late (M6), over HTTP. MongoDB is a wire double of this suite's own, whose fault switches
 * hold or fail acknowledgements; KurrentDB is the server `KURRENTDB_URL` names (the KurrentDB double under
 * `npm test`), without which the suite skips. The URL sets no `wtimeoutMS`: the service's default (5 s) is the budget.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type MongoDouble, startMongoDouble } from '../support/mongodb-double/server.js';
import { mjmlPage, type Response, startTestServer, type TestServer } from '../support/server.js';

/** The response, or 'no answer' when none came within `ms`: a liveness bound far above the write timeout, not a measurement. */
async function answerOf(request: Promise<Response>, ms = 10_000): Promise<Response | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([request, silence]);
  } finally {
    clearTimeout(timer);
  }
}

const statusOf = (answer: Response | 'no answer') => (answer === 'no answer' ? answer : answer.status);

describe('API on KurrentDB + MongoDB when MongoDB cannot acknowledge writes', function () {
  this.timeout(60_000);
  let mongo: MongoDouble;
  let server: TestServer;

  before(async function () {
    const kurrentdbUrl = process.env['KURRENTDB_URL'];
    if (!kurrentdbUrl) {
      console.log('      (skipped: needs KurrentDB; set KURRENTDB_URL, or run under npm test, which starts the KurrentDB double)');
      return this.skip();
    }
    mongo = await startMongoDouble();
    const mongodbUrl = `${mongo.url}/outages_${randomUUID().slice(0, 8)}`;
    server = await startTestServer({ env: { STORE: 'kurrentdb', KURRENTDB_URL: kurrentdbUrl, MONGODB_URL: mongodbUrl } });
  });
  afterEach(() => mongo?.faults.reset());
  after(async () => {
    await server?.stop();
    server?.cleanup();
    await mongo?.stop();
  });

  it('M1: with the majority held, a save with Idempotency-Key and POST /api-keys answer 503; after it, the same key saves and the key list has no stray key', async () => {
    const id = `held-${randomUUID().slice(0, 8)}`;
    expect((await server.request('POST', '/v1/projects', { body: { id, mjml: mjmlPage('One') } })).status).to.equal(201);
    const save = { body: { mjml: mjmlPage('Two') }, headers: { 'If-Match': '"0"', 'Idempotency-Key': `save-${id}` } };
    mongo.faults.holdMajority();
    const started = performance.now();
    const [saved, created] = await Promise.all([
      answerOf(server.request('PUT', `/v1/projects/${id}`, save)),
      answerOf(server.request('POST', '/v1/api-keys', { body: { name: 'held', scopes: ['templates:render'] } })),
    ]);
    if (process.env['REPORT_TIMINGS']) console.log(`      answered after ${Math.round(performance.now() - started)} ms`);
    expect([statusOf(saved), statusOf(created)]).to.deep.equal([503, 503]);
    expect((saved as Response).json).to.deep.include({ status: 503 });
    mongo.faults.releaseMajority();
    const retried = await server.request('PUT', `/v1/projects/${id}`, save);
    expect([retried.status, retried.json.revision], 'the retry is not refused by an orphaned claim (409)').to.deep.equal([200, 1]);
    const keys = await server.request('GET', '/v1/api-keys');
    expect(keys.json.items.map((key: { name: string }) => key.name)).not.to.include('held');
  });

  it('M6: a write concern error after POST /api-keys landed answers 201 with the key, not 503', async () => {
    mongo.faults.writeConcernErrors(1, 'api_keys');
    const created = await server.request('POST', '/v1/api-keys', { body: { name: 'landed', scopes: ['templates:render'] } });
    expect(created.status).to.equal(201);
    expect((await server.request('GET', `/v1/api-keys/${created.json.id}`)).json.name).to.equal('landed');
  });
});
