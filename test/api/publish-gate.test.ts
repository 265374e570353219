/**
 * The publish gate over HTTP on the embedded SQLite store (issue 22, item 2): renders record the shapes of
 * their variables per template and key; a publish that newly requires a path recent payloads lack (or narrows
 * a type they send) is 409 `breaking_variable_change` naming the path and the keys; an optional path
 * publishes; `force` publishes and the event records what it overrode; no variable value is ever stored.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storedEvents } from '../support/stored-events.js';

const MJML = (body: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const ORDER_PAGE = MJML('Order {{order.number}} for {{customer.name}}');

/** `order` declared with these properties, `required` of them required. */
const orderSchema = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { order: { type: 'object', properties, required }, customer: { type: 'object' } },
  required: ['order'],
});

describe('the publish gate over HTTP (embedded SQLite store)', function () {
  let server: TestServer;
  let testKeyId: string;
  let renderKey: { id: string; token: string };

  before(async () => {
    server = await startTestServer();
    const keys = await server.request('GET', '/v1/api-keys');
    testKeyId = keys.json.items[0].id;
    const created = await server.request('POST', '/v1/api-keys', { body: { name: 'shop', scopes: ['templates:render'] } });
    renderKey = { id: created.json.id, token: created.json.token };
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  /** Create `id` under review with revision 0 published, then 20 renders without `order.total` (two keys, both answers). */
  async function publishedWithTraffic(id: string): Promise<void> {
    const created = await server.request('POST', '/v1/projects', { body: { id, mjml: ORDER_PAGE, publishing: 'review' } });
    expect(created.status, created.text).to.equal(201);
    expect((await server.request('POST', `/v1/projects/${id}/publish`, { body: {} })).status).to.equal(200);
    for (let i = 0; i < 20; i++) {
      const variables = { order: { number: 'SECRET-123', lines: [{ qty: 98765 }] }, customer: { name: `Ada SECRET-123 ${i}` } };
      const html = i % 4 === 3;
      const res = await server.request('POST', `/v1/templates/${id}/render`, {
        body: { variables },
        key: i % 2 === 0 ? undefined : renderKey.token,
        ...(html ? { headers: { Accept: 'text/html' } } : {}),
      });
      expect(res.status, res.text).to.equal(200);
    }
  }

  it('20 renders without order.total: a revision that requires it is 409 naming the path and both keys; force publishes and is recorded', async () => {
    await publishedWithTraffic('receipt');
    const draft = await server.request('PUT', '/v1/projects/receipt', {
      body: {
        mjml: MJML('Order {{order.number}}: {{order.total}}'),
        metadata: { variables: orderSchema({ number: { type: 'string' }, total: { type: 'number' } }, ['number', 'total']) },
      },
    });
    expect(draft.status, draft.text).to.equal(200);
    // The designer sees it on the draft already.
    const warning = draft.json.warnings.find((w: { code?: string }) => w.code === 'breaking_variable_change');
    expect(warning, JSON.stringify(draft.json.warnings)).to.not.equal(undefined);
    expect(warning.message).to.contain('order.total').and.contain(renderKey.id);

    const refused = await server.request('POST', '/v1/projects/receipt/publish', { body: { revision: 2 } });
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.headers['content-type']).to.contain('application/problem+json');
    expect(refused.json.code).to.equal('breaking_variable_change');
    expect(refused.json.detail).to.contain('order.total').and.contain('"force": true');
    expect(refused.json.errors).to.have.length(1);
    expect(refused.json.errors[0]).to.include({ path: 'order.total', change: 'newly_required' });
    expect(refused.json.errors[0].key_ids).to.deep.equal([testKeyId, renderKey.id].sort());
    expect((await server.request('GET', '/v1/projects/receipt')).json).to.include({ published_revision: 0, revision: 2 });

    const forced = await server.request('POST', '/v1/projects/receipt/publish', { body: { revision: 2, force: true } });
    expect(forced.status, forced.text).to.equal(200);
    expect(forced.json).to.include({ published_revision: 2, revision: 3 });
    const event = storedEvents(server.dataDir, 'project-default:receipt').at(-1)!;
    expect(event.type).to.equal('ProjectPublished');
    expect(event.data).to.deep.include({ publishedRevision: 2, force: true });
    expect(event.data['overridden']).to.deep.equal([
      { path: 'order.total', change: 'newly_required', key_ids: [testKeyId, renderKey.id].sort() },
    ]);
  });

  it('an added optional path publishes; a narrowed type is 409 type_narrowed', async () => {
    await publishedWithTraffic('invoice');
    const optional = orderSchema({ number: { type: 'string' }, note: { type: 'string' } }, ['number']);
    await server.request('PUT', '/v1/projects/invoice', {
      body: { mjml: MJML('Order {{order.number}} {{order.note}}'), metadata: { variables: optional } },
    });
    const published = await server.request('POST', '/v1/projects/invoice/publish', { body: { revision: 1 + 1 } });
    expect(published.status, published.text).to.equal(200);
    expect(published.json).to.include({ published_revision: 2 });

    const narrowed = orderSchema({ number: { type: 'integer' } }, ['number']);
    await server.request('PUT', '/v1/projects/invoice', {
      body: { mjml: MJML('Order {{order.number}}'), metadata: { variables: narrowed } },
    });
    const refused = await server.request('POST', '/v1/projects/invoice/publish', { body: {} });
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.json.errors).to.deep.equal([
      {
        path: 'order.number',
        change: 'type_narrowed',
        key_ids: [testKeyId, renderKey.id].sort(),
        expected: 'integer',
        found: 'string',
        message: `Revision 4 takes 'order.number' as integer, and recent payloads send string (keys: ${[testKeyId, renderKey.id].sort().join(', ')}).`,
      },
    ]);
  });

  it('on_save: a breaking save is not refused, its answer warns', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'live', mjml: ORDER_PAGE } });
    await server.request('POST', '/v1/templates/live/render', { body: { variables: { order: { number: 'SECRET-123' } } } });
    const saved = await server.request('PUT', '/v1/projects/live', {
      body: {
        mjml: ORDER_PAGE,
        metadata: { variables: orderSchema({ number: { type: 'string' }, total: { type: 'number' } }, ['total']) },
      },
    });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.json.published_revision).to.equal(1);
    expect(saved.json.warnings.map((w: { code?: string }) => w.code)).to.include('breaking_variable_change');
  });

  it('keeps no variable value: the shapes are in the store, the planted values appear nowhere in it', async () => {
    const db = openDatabase(join(server.dataDir, SQLITE_FILE));
    let dump = '';
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
      for (const { name } of tables)
        dump += JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all(), (_k, v: unknown) =>
          Buffer.isBuffer(v) ? v.toString('utf8') : v,
        );
      const shapes = db.prepare("SELECT doc FROM read_models WHERE collection = 'variable-shapes' AND doc IS NOT NULL").all() as Array<{
        doc: string;
      }>;
      expect(shapes.length).to.be.at.least(3);
      const receipt = shapes.map((row) => JSON.parse(row.doc)).find((doc) => doc.template === 'receipt' && doc.key_id === renderKey.id);
      expect(receipt.shapes).to.have.length(1);
      expect(receipt.shapes[0]).to.include({ count: 10 });
      expect(receipt.shapes[0].paths).to.deep.equal([
        ['customer', ['object']],
        ['customer.name', ['string']],
        ['order', ['object']],
        ['order.lines', ['array']],
        ['order.lines[]', ['object']],
        ['order.lines[].qty', ['integer']],
        ['order.number', ['string']],
      ]);
    } finally {
      db.close();
    }
    expect(dump).to.contain('variable-shapes');
    for (const planted of ['SECRET-123', '98765', 'Ada SECRET']) expect(dump).to.not.contain(planted);
    // Nor in the files' bytes (WAL included).
    for (const file of readdirSync(server.dataDir)) {
      const bytes = readFileSync(join(server.dataDir, file));
      expect(bytes.includes('SECRET-123'), file).to.equal(false);
      expect(bytes.includes('98765'), file).to.equal(false);
    }
  });
});
