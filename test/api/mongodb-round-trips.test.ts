/**
 * M5, round trips to MongoDB (`STORE=kurrentdb`), counted at a MongoDB wire double of this suite's own
 * (`received`: every command, in order): a read of a read model is one command, the alias check included,
 * and a save through an instance with `PROJECTOR=off`, whose wait for read-your-writes polls the stored
 * checkpoints, sends no alias look-up of its own. Counts, not times: the double answers at once.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { COLLECTIONS } from '../../src/adapters/mongodb/database.js';
import { KURRENTDB_URL } from '../support/kurrentdb.js';
import { type MongoDouble, type ReceivedCommand, startMongoDouble } from '../support/mongodb-double/server.js';
import { startTestServer, type TestServer } from '../support/server.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const READ_MODEL_COLLECTIONS: ReadonlySet<unknown> = new Set([COLLECTIONS.readModels, COLLECTIONS.checkpoints, COLLECTIONS.aliases]);

describe('M5: MongoDB round trips per request (STORE=kurrentdb, commands counted at the wire double)', function () {
  this.timeout(60_000);
  const run = randomUUID().slice(0, 8);
  const database = `letterpress_roundtrips_${run}`;
  let double: MongoDouble;
  let projecting: TestServer;
  let standingBy: TestServer;

  /** The commands on the read-model collections while `action` ran, by `<command> <collection>`. */
  async function readModelCommands(action: () => Promise<unknown>): Promise<string[]> {
    const from = double.received.length;
    await action();
    return double.received
      .slice(from)
      .filter((c: ReceivedCommand) => c.db === database && READ_MODEL_COLLECTIONS.has(c.collection))
      .map((c) => `${c.name} ${String(c.collection)}`);
  }

  before(async function () {
    if (!KURRENTDB_URL) {
      console.log('      (skipped: set KURRENTDB_URL, or run under npm test, which starts the KurrentDB double)');
      this.skip();
    }
    double = await startMongoDouble();
    const env = { STORE: 'kurrentdb', KURRENTDB_URL, MONGODB_URL: `${double.url}/${database}` };
    projecting = await startTestServer({ env });
    standingBy = await startTestServer({ env: { ...env, PROJECTOR: 'off' } });
  });
  after(async () => {
    for (const server of [projecting, standingBy]) {
      await server?.stop();
      server?.cleanup();
    }
    await double?.stop();
  });

  it('a GET of a project and a list of projects cost one read-model command each, on first use and after', async () => {
    const id = `trips-${run}`;
    expect((await projecting.request('POST', '/v1/projects', { body: { id, mjml: page('One') } })).status).to.equal(201);
    for (const attempt of ['first', 'again']) {
      let status = 0;
      const get = await readModelCommands(async () => (status = (await standingBy.request('GET', `/v1/projects/${id}`)).status));
      expect([attempt, status, get]).to.deep.equal([attempt, 200, [`aggregate ${COLLECTIONS.readModels}`]]);
      const list = await readModelCommands(async () => (status = (await standingBy.request('GET', '/v1/projects')).status));
      expect([attempt, status, list]).to.deep.equal([attempt, 200, [`aggregate ${COLLECTIONS.readModels}`]]);
    }
  });

  it('a save through the PROJECTOR=off instance polls the checkpoints with no alias look-up of its own (before: one per checkpoint per poll, and one per read)', async () => {
    const id = `trips-save-${run}`;
    expect((await projecting.request('POST', '/v1/projects', { body: { id, mjml: page('One') } })).status).to.equal(201);
    let status = 0;
    const save = await readModelCommands(async () => {
      status = (await standingBy.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('Two') }, headers: { 'If-Match': '"0"' } }))
        .status;
    });
    expect(status).to.equal(200);
    // The projecting instance resolves the aliases once per commit it writes (one or two for one save):
    // that is the bound. Before M5's fix, the waiting instance added one per checkpoint per 20 ms poll.
    const aliasFinds = save.filter((c) => c === `find ${COLLECTIONS.aliases}`);
    expect(aliasFinds.length, JSON.stringify(save)).to.be.at.most(2);
  });
});
