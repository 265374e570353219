import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';

const page = (word: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${word} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe('drafts and publishing over HTTP (embedded SQLite store)', function () {
  let server: TestServer;
  const render = (id: string, body: Record<string, unknown> = {}) =>
    server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' }, ...body } });
  const html = (res: { json: { html?: string } }) => String(res.json.html);

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('on_save (the default) publishes every save: published_revision follows revision, nothing unpublished', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'plain', mjml: page('One') } });
    expect(created.json).to.include({ revision: 0, publishing: 'on_save', published_revision: 0, unpublished_changes: false });
    expect(created.json.published_at).to.equal(created.json.updated_at);
    const saved = await server.request('PUT', '/v1/projects/plain', { body: { mjml: page('Two') } });
    expect(saved.json).to.include({ revision: 1, publishing: 'on_save', published_revision: 1, unpublished_changes: false });
    expect(html(await render('plain'))).to.contain('Two Ada');
  });

  it('a review project never published renders 404 not_published; its draft renders with revision "latest"', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'news', mjml: page('Draft'), publishing: 'review' } });
    expect(created.status, created.text).to.equal(201);
    expect(created.json).to.include({ publishing: 'review', published_revision: null, published_at: null, unpublished_changes: true });
    const refused = await render('news');
    expect(refused.status).to.equal(404);
    expect(refused.json.code).to.equal('not_published');
    expect(refused.json.detail).to.contain('"revision": "latest"');
    const draft = await render('news', { revision: 'latest' });
    expect(draft.status, draft.text).to.equal(200);
    expect(html(draft)).to.contain('Draft Ada');
    expect(draft.json.revision).to.equal(0);
  });

  it('renders the published revision while drafts are saved; a publish moves renders at once', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'weekly', mjml: page('First'), publishing: 'review' } });
    const published = await server.request('POST', '/v1/projects/weekly/publish', { body: {}, headers: { 'If-Match': '"0"' } });
    expect(published.status, published.text).to.equal(200);
    expect(published.headers['etag']).to.equal('"1"');
    expect(published.json).to.include({ revision: 1, published_revision: 0, unpublished_changes: false, unchanged: false });
    const first = await render('weekly');
    expect(first.json).to.include({ revision: 0 });
    expect(html(first)).to.contain('First Ada');

    // A save under review is a draft: the mode is kept, renders stay on revision 0.
    const saved = await server.request('PUT', '/v1/projects/weekly', { body: { mjml: page('Second') } });
    expect(saved.json).to.include({ revision: 2, publishing: 'review', published_revision: 0, unpublished_changes: true });
    const still = await render('weekly');
    expect(still.json.revision).to.equal(0);
    expect(still.json.published_sha256).to.equal(first.json.published_sha256);
    expect(html(await render('weekly', { revision: 'latest' }))).to.contain('Second Ada');
    expect(html(await render('weekly', { revision: 2 }))).to.contain('Second Ada');

    const moved = await server.request('POST', '/v1/projects/weekly/publish', { body: { revision: 2 } });
    expect(moved.json).to.include({ revision: 3, published_revision: 2, unpublished_changes: false });
    const now = await render('weekly');
    expect(now.json.revision).to.equal(2);
    expect(html(now)).to.contain('Second Ada');

    // Publishing the published revision again appends nothing.
    const again = await server.request('POST', '/v1/projects/weekly/publish', { body: { revision: 2 } });
    expect(again.json).to.include({ revision: 3, unchanged: true });

    // The history shows drafts and the publishes; a publish's revision is not a template revision.
    const history = await server.request('GET', '/v1/projects/weekly/revisions');
    const events = history.json.items.map((i: { revision: number; event: string }) => `${i.revision}:${i.event}`);
    expect(events).to.deep.equal(['0:created', '1:published', '2:saved', '3:published']);
    expect(history.json.items[1]).to.include({ published_revision: 0 });
    expect(history.json.items[2]).to.include({ draft: true });
    const publishRevision = await server.request('GET', '/v1/projects/weekly?revision=1');
    expect(publishRevision.status).to.equal(404);
    expect(publishRevision.json.detail).to.contain('publish of revision 0');
    const asRender = await render('weekly', { revision: 1 });
    expect(asRender.status).to.equal(404);
    const current = await server.request('GET', '/v1/projects/weekly');
    expect(current.json).to.include({ revision: 3, published_revision: 2 });
    expect(current.json.published_html).to.contain('Second');
  });

  it('a restore under review is a draft; publishing an older revision rolls renders back', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'promo', mjml: page('Alpha'), publishing: 'review' } });
    await server.request('PUT', '/v1/projects/promo', { body: { mjml: page('Beta') } });
    await server.request('POST', '/v1/projects/promo/publish', { body: {} }); // publishes 1 (latest) at revision 2
    expect(html(await render('promo'))).to.contain('Beta Ada');
    const restored = await server.request('POST', '/v1/projects/promo/revisions/0/restore', { body: {} });
    expect(restored.status, restored.text).to.equal(200);
    expect(restored.json).to.include({ revision: 3, publishing: 'review', published_revision: 1, unpublished_changes: true });
    expect(html(await render('promo'))).to.contain('Beta Ada');
    const back = await server.request('POST', '/v1/projects/promo/publish', { body: { revision: 0 } });
    expect(back.json).to.include({ revision: 4, published_revision: 0, unpublished_changes: true });
    expect(html(await render('promo'))).to.contain('Alpha Ada');
    const restoreOfPublish = await server.request('POST', '/v1/projects/promo/revisions/2/restore', { body: {} });
    expect(restoreOfPublish.status).to.equal(404);
  });

  it('refuses what cannot be published with codes that name the way out', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'strict', mjml: page('A'), publishing: 'review' } });
    await server.request('POST', '/v1/projects/strict/publish', { body: {} });
    const ofPublish = await server.request('POST', '/v1/projects/strict/publish', { body: { revision: 1 } });
    expect(ofPublish.status).to.equal(409);
    expect(ofPublish.json.code).to.equal('revision_not_publishable');
    const unknown = await server.request('POST', '/v1/projects/strict/publish', { body: { revision: 9 } });
    expect(unknown.status).to.equal(404);
    expect(unknown.json.code).to.equal('revision_not_found');
    const stale = await server.request('POST', '/v1/projects/strict/publish', { body: {}, headers: { 'If-Match': '"0"' } });
    expect(stale.status).to.equal(412);
    const onSave = await server.request('POST', '/v1/projects', { body: { id: 'live', mjml: page('A') } });
    expect(onSave.status).to.equal(201);
    await server.request('PUT', '/v1/projects/live', { body: { mjml: page('B') } });
    const older = await server.request('POST', '/v1/projects/live/publish', { body: { revision: 0 } });
    expect(older.status).to.equal(409);
    expect(older.json.code).to.equal('publishing_on_save');
    const latest = await server.request('POST', '/v1/projects/live/publish', { body: {} });
    expect(latest.json).to.include({ revision: 1, unchanged: true });
    const bad = await server.request('POST', '/v1/projects/live/publish', { body: { revision: 'latest' } });
    expect(bad.status).to.equal(400);
  });

  it('switching to on_save publishes that save; ?at= names the revision published then', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'switch', mjml: page('Old'), publishing: 'review' } });
    const published = await server.request('POST', '/v1/projects/switch/publish', { body: {} });
    await server.request('PUT', '/v1/projects/switch', { body: { mjml: page('Draft') } });
    const draftTime = new Date().toISOString();
    const asOf = await server.request('GET', `/v1/projects/switch?at=${encodeURIComponent(draftTime)}`);
    expect(asOf.status, asOf.text).to.equal(200);
    expect(asOf.json).to.include({ revision: 0, published_revision: 0 });
    const before = await server.request('GET', `/v1/projects/switch?at=${encodeURIComponent(created.json.updated_at)}`);
    expect(before.json.code).to.equal('not_published');
    expect(published.json.published_at > created.json.updated_at).to.equal(true);
    const live = await server.request('PUT', '/v1/projects/switch', { body: { mjml: page('Draft'), publishing: 'on_save' } });
    expect(live.json).to.include({ revision: 3, publishing: 'on_save', published_revision: 3, unpublished_changes: false });
    expect(html(await render('switch'))).to.contain('Draft Ada');
  });
});
