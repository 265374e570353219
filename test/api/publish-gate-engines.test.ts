/**
 * The publish gate on every engine (docs/publishing.md "Publish gate"): SQLite and PostgreSQL with two
 * instances on one store (renders through both, each instance's shapes merged into one document; B's reach
 * A's publish check within a flush interval), and KurrentDB (its double) with MongoDB read models. The
 * stored shapes and events are read back through the engine's own stores: counts merged, no value kept.
 */
import { expect } from 'chai';
import { projectStream } from '../../src/domain/project.js';
import { openStores, type StoreSettings } from '../../src/wiring.js';
import { VARIABLE_SHAPES_COLLECTION, type ShapesDocument } from '../../src/application/render/index.js';
import { TEST_KEY, type TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo, withTwoInstances } from '../support/engines.js';

const page = (body: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const FLUSH_MS = 100;
const ENV = { VARIABLE_SHAPES_FLUSH_MS: String(FLUSH_MS) };
const TEST_KEY_ID = TEST_KEY.split('_')[1]!;
const requiring = (total: 'required' | 'optional') => ({
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { number: { type: 'string' }, total: { type: 'number' } },
      required: total === 'required' ? ['number', 'total'] : ['number'],
    },
  },
});

/** Renders through `a` and `b` without `order.total`; a publish through `a` that requires it is refused, forced, recorded. */
async function gateRoundTrip(a: TestServer, b: TestServer, id: string, settings: StoreSettings): Promise<void> {
  expect(
    (await a.request('POST', '/v1/projects', { body: { id, mjml: page('Order {{order.number}}'), publishing: 'review' } })).status,
  ).to.equal(201);
  expect((await a.request('POST', `/v1/projects/${id}/publish`, { body: {} })).status).to.equal(200);
  for (let i = 0; i < 20; i++) {
    const through = i % 4 === 0 ? a : b;
    const res = await through.request('POST', `/v1/templates/${id}/render`, {
      body: { variables: { order: { number: 'SECRET-123', count: 98765 } }, min_revision: 1 },
    });
    expect(res.status, res.text).to.equal(200);
  }
  await pause(FLUSH_MS * 4); // B's shapes are written by its own flush; A's are flushed by the publish check

  await a.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('{{order.total}}'), metadata: { variables: requiring('required') } } });
  const refused = await a.request('POST', `/v1/projects/${id}/publish`, { body: { revision: 2 } });
  expect(refused.status, refused.text).to.equal(409);
  expect(refused.json.code).to.equal('breaking_variable_change');
  expect(refused.json.errors).to.have.length(1);
  expect(refused.json.errors[0]).to.deep.include({ path: 'order.total', change: 'newly_required', key_ids: [TEST_KEY_ID] });

  await a.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('{{order.total}}'), metadata: { variables: requiring('optional') } } });
  const optional = await a.request('POST', `/v1/projects/${id}/publish`, { body: { revision: 3 } });
  expect(optional.status, optional.text).to.equal(200);
  const forced = await a.request('POST', `/v1/projects/${id}/publish`, { body: { revision: 2, force: true } });
  expect(forced.status, forced.text).to.equal(200);
  expect(forced.json).to.include({ published_revision: 2 });

  const stores = await openStores(settings);
  try {
    const docs = await stores.readModels.list<ShapesDocument>(VARIABLE_SHAPES_COLLECTION, { partition: 'default', limit: 100 });
    const mine = docs.filter((d) => d.doc.template === id);
    expect(mine.map((d) => d.key)).to.deep.equal([`${id}/${TEST_KEY_ID}`]);
    expect(mine[0]!.doc.shapes).to.have.length(1);
    expect(mine[0]!.doc.shapes[0]!.count).to.equal(20); // both instances' renders, merged
    expect(mine[0]!.doc.shapes[0]!.paths).to.deep.equal([
      ['order', ['object']],
      ['order.count', ['integer']],
      ['order.number', ['string']],
    ]);
    const events = await stores.eventStore.readStream(projectStream({ workspace: 'default', projectId: id }));
    const last = events.at(-1)!;
    expect(last.type).to.equal('ProjectPublished');
    expect(last.data).to.deep.include({ publishedRevision: 2, force: true });
    expect((last.data as { overridden?: unknown }).overridden).to.deep.equal([
      { path: 'order.total', change: 'newly_required', key_ids: [TEST_KEY_ID] },
    ]);
    const stored = JSON.stringify(docs) + JSON.stringify(events);
    expect(stored).to.not.contain('SECRET-123');
    expect(stored).to.not.contain('98765');
  } finally {
    await stores.close();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Two instances on the store `env` names; `work` runs, then both stop. */

describe('the publish gate on every engine', function () {
  this.timeout(60_000);

  it('SQLite, two instances on one file: shapes recorded through both refuse, then record, a forced publish', () =>
    withTempDir('letterpress-gate-', (dir) => withTwoInstances(ENV, dir, (a, b) => gateRoundTrip(a, b, 'sqlite', { dataDir: dir }))));

  describeOnPostgres('PostgreSQL', (database) => {
    it('two instances on one database: shapes recorded through both refuse, then record, a forced publish', () => {
      const env = { ...ENV, STORE: 'postgres', DATABASE_URL: database().url };
      return withTwoInstances(env, undefined, (a, b) =>
        gateRoundTrip(a, b, 'pg', { dataDir: a.dataDir, store: 'postgres', databaseUrl: database().url }),
      );
    });
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(
      this,
      (server, urls) => gateRoundTrip(server, server, 'kurrent', { dataDir: server.dataDir, store: 'kurrentdb', ...urls }),
      ENV,
    );
  });
});
