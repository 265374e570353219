/**
 * Layouts and shared partials on every engine (docs/layouts.md): SQLite and PostgreSQL with two instances on
 * one store (a layout publish through A is used by the very next render through B: layout streams are read at
 * each render, never projected), and KurrentDB (its double) with MongoDB read models.
 */
import { expect } from 'chai';
import type { TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo, withTwoInstances } from '../support/engines.js';
import { layoutOf, pageOf, pagesOf } from '../support/layouts.js';

/** Followers and a pinned project written through `a`, rendered through `b` across a layout publish and a partial save. */
async function followThroughPublishes(a: TestServer, b: TestServer): Promise<void> {
  const render = async (id: string) => {
    const res = await b.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' } } });
    expect(res.status, res.text).to.equal(200);
    return res.json as { html: string; layout_revision: number | null; shared_partial_revisions: Record<string, number> };
  };
  expect((await a.request('POST', '/v1/layouts', { body: { id: 'brand', mjml: layoutOf('v0'), publishing: 'review' } })).status).to.equal(
    201,
  );
  expect((await a.request('POST', '/v1/layouts/brand/publish', { body: {} })).json).to.include({ published_revision: 0 });
  const partial = '<mj-section><mj-column><mj-text>NOTE one</mj-text></mj-column></mj-section>';
  expect((await a.request('POST', '/v1/partials', { body: { id: 'note', source: partial } })).status).to.equal(201);
  const uses = { shared_partials: [{ id: 'note' }] };
  const withNote = (word: string) => pageOf(word).replace('<mj-body>', '<mj-body>{{> shared/note}}');
  for (const [id, layout] of [
    ['x', { id: 'brand' }],
    ['y', { id: 'brand' }],
    ['z', { id: 'brand', revision: 0 }],
  ] as const) {
    const saved = await a.request('POST', '/v1/projects', { body: { id, mjml: withNote(id), layout, ...uses } });
    expect(saved.status, saved.text).to.equal(201);
  }
  for (const id of ['x', 'y', 'z']) {
    const first = await render(id);
    expect([first.layout_revision, first.html.includes('HEADER v0'), first.html.includes('NOTE one')]).to.deep.equal([0, true, true]);
  }
  const dependents = await b.request('GET', '/v1/layouts/brand/dependents');
  expect(dependents.json.items.map((item: { project_id: string }) => item.project_id)).to.deep.equal(['x', 'y', 'z']);

  await a.request('PUT', '/v1/layouts/brand', { body: { mjml: layoutOf('v2') } });
  const published = await a.request('POST', '/v1/layouts/brand/publish', { body: {} });
  expect(published.json).to.include({ published_revision: 2 });
  await a.request('PUT', '/v1/partials/note', { body: { source: partial.replace('one', 'two') } });
  for (const id of ['x', 'y']) {
    const after = await render(id);
    expect([
      after.layout_revision,
      after.shared_partial_revisions,
      after.html.includes('HEADER v2'),
      after.html.includes('NOTE two'),
    ]).to.deep.equal([2, { note: 1 }, true, true]);
  }
  const pinned = await render('z');
  expect([pinned.layout_revision, pinned.html.includes('HEADER v0'), pinned.html.includes('NOTE two')]).to.deep.equal([0, true, true]);
  const refused = await a.request('DELETE', '/v1/partials/note');
  expect([refused.status, refused.json.code]).to.deep.equal([409, 'partial_in_use']);
}

/**
 * The publish gate's variables check of a follower (docs/layouts.md): strict renders without `unsubscribe_url`
 * (their shapes recorded in this engine's read models; through `a`, whose check flushes its own pending
 * shapes: another instance's reach the store only at its next flush), then a layout publish whose footer
 * requires it: 422 naming the follower, the path and the key; `force` publishes and `b` renders the new layout.
 */
async function gateThroughEngines(a: TestServer, b: TestServer): Promise<void> {
  expect((await a.request('POST', '/v1/layouts', { body: { id: 'frame', mjml: layoutOf('f0') } })).status).to.equal(201);
  expect((await a.request('POST', '/v1/projects', { body: { id: 'mail', mjml: pageOf('M'), layout: { id: 'frame' } } })).status).to.equal(
    201,
  );
  for (let i = 0; i < 20; i++) {
    const res = await a.request('POST', '/v1/templates/mail/render', { body: { variables: { name: 'Ada' }, strict: true } });
    expect(res.status, res.text).to.equal(200);
  }
  const footer = layoutOf('f1').replace('FOOTER f1', 'FOOTER f1 <a href="{{unsubscribe_url}}">Unsubscribe</a>');
  expect((await a.request('PUT', '/v1/layouts/frame', { body: { mjml: footer, publishing: 'review' } })).status).to.equal(200);
  const refused = await a.request('POST', '/v1/layouts/frame/publish', { body: {} });
  expect([refused.status, refused.json.code], refused.text).to.deep.equal([422, 'dependents_refused']);
  expect(refused.json.dependents[0]).to.include({ project_id: 'mail', outcome: 'refused', code: 'breaking_variable_change' });
  expect(refused.json.dependents[0].errors[0]).to.include({ path: 'unsubscribe_url', change: 'newly_required' });
  expect(refused.json.dependents[0].errors[0].key_ids).to.have.length(1);
  const forced = await a.request('POST', '/v1/layouts/frame/publish', { body: { force: true } });
  expect([forced.status, forced.json.published_revision], forced.text).to.deep.equal([200, 1]);
  expect(forced.json.dependents[0].overridden[0]).to.include({ path: 'unsubscribe_url' });
  const after = await b.request('POST', '/v1/templates/mail/render', {
    body: { variables: { name: 'Ada', unsubscribe_url: 'https://u.example/1' } },
  });
  expect([after.status, after.json.layout_revision], after.text).to.deep.equal([200, 1]);
}

/**
 * GET /layouts and /partials list what another instance wrote (streams found in the store, not projected):
 * three pages of two, a deleted one absent, partials apart.
 */
async function listThroughEngines(a: TestServer, b: TestServer): Promise<void> {
  // A PostgreSQL database is shared by this file's cases: what another wrote is listed too.
  const before = { layouts: (await pagesOf(b, '/v1/layouts', 200)).flat(), partials: (await pagesOf(b, '/v1/partials', 200)).flat() };
  for (const id of ['l5', 'l1', 'l4', 'l2', 'l6', 'l3']) {
    expect((await a.request('POST', '/v1/layouts', { body: { id, mjml: layoutOf(id) } })).status).to.equal(201);
  }
  expect((await a.request('DELETE', '/v1/layouts/l4')).status).to.equal(204);
  expect((await a.request('POST', '/v1/partials', { body: { id: 'p1', source: '<mj-text>p</mj-text>' } })).status).to.equal(201);
  const inPages = (ids: string[]) => {
    const sorted = [...ids].sort();
    return Array.from({ length: Math.ceil(sorted.length / 2) }, (_, i) => sorted.slice(2 * i, 2 * i + 2));
  };
  const layouts = await pagesOf(b, '/v1/layouts', 2);
  expect(layouts).to.deep.equal(inPages([...before.layouts, 'l1', 'l2', 'l3', 'l5', 'l6']));
  expect(layouts.length).to.be.at.least(3);
  expect(await pagesOf(b, '/v1/partials', 2)).to.deep.equal(inPages([...before.partials, 'p1']));
}

describe('layouts and shared partials on every engine', function () {
  this.timeout(60_000);

  it('SQLite, two instances on one file: renders through B use a layout published through A at once', () =>
    withTempDir('letterpress-layouts-', (dir) => withTwoInstances({}, dir, followThroughPublishes)));

  describeOnPostgres('PostgreSQL', (database) => {
    it('two instances on one database: renders through B use a layout published through A at once', () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, followThroughPublishes));

    it('two instances on one database: B lists the layouts and partials A wrote, a page at a time', () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, listThroughEngines));

    it("two instances on one database: the publish gate checks a layout's follower", () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, gateThroughEngines));
  });

  it('SQLite, two instances on one file: B lists the layouts and partials A wrote, a page at a time', () =>
    withTempDir('letterpress-layout-lists-', (dir) => withTwoInstances({}, dir, listThroughEngines)));

  it('KurrentDB (its double) with MongoDB read models: lists layouts and partials a page at a time', async function () {
    await withKurrentMongo(this, (server) => listThroughEngines(server, server));
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(this, (server) => followThroughPublishes(server, server));
  });

  it("SQLite, two instances: the publish gate checks a layout's follower; B renders the forced publish", () =>
    withTempDir('letterpress-layouts-gate-', (dir) => withTwoInstances({}, dir, gateThroughEngines)));

  it("KurrentDB (its double) with MongoDB read models: the publish gate checks a layout's follower", async function () {
    await withKurrentMongo(this, (server) => gateThroughEngines(server, server));
  });
});
