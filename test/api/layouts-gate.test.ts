/**
 * The publish gate's variables check for the followers of a layout or shared partial over HTTP (issue 23,
 * item 2; docs/layouts.md "Publishing a layout or partial"): 20 strict renders of a follower without
 * `unsubscribe_url`, then a layout whose footer requires it: an explicit publish is 422 `dependents_refused`
 * naming the follower, the path and the key, and renders keep the old layout; `force` publishes and the event
 * records what it overrode; force never passes the policy; an `on_save` save publishes with warnings.
 */
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { storedEvents } from '../support/stored-events.js';
import { layoutOf, pageOf } from '../support/layouts.js';

/** `layoutOf(brand)` whose footer links `{{unsubscribe_url}}` (outside any `{{#if}}`: required). */
const unsubscribing = (brand: string) =>
  layoutOf(brand).replace(`FOOTER ${brand}`, `FOOTER ${brand} <a href="{{unsubscribe_url}}">Unsubscribe</a>`);

describe('the publish gate for followers of layouts and shared partials (embedded SQLite store)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let keyId: string;
  // Strict renders: a path the template reads and the payload lacks is refused, so a newly read path breaks them.
  const render = (id: string) =>
    server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' }, strict: true } });

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    keyId = (await server.request('GET', '/v1/api-keys')).json.items[0].id;
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  /** Layout `layout` (published `layoutOf('g0')`) followed by project `project`, rendered 20 times (strict) without `unsubscribe_url`. */
  async function followedWithTraffic(layout: string, project: string): Promise<void> {
    expect((await server.request('POST', '/v1/layouts', { body: { id: layout, mjml: layoutOf('g0') } })).status).to.equal(201);
    const created = await server.request('POST', '/v1/projects', { body: { id: project, mjml: pageOf('P'), layout: { id: layout } } });
    expect(created.status, created.text).to.equal(201);
    for (let i = 0; i < 20; i++) expect((await render(project)).status).to.equal(200);
  }

  it('a layout publish that newly requires unsubscribe_url is 422 naming the follower, path and key; force publishes and is recorded', async () => {
    await followedWithTraffic('gate', 'news');
    const draft = await server.request('PUT', '/v1/layouts/gate', { body: { mjml: unsubscribing('g1'), publishing: 'review' } });
    expect(draft.status, draft.text).to.equal(200);
    expect(draft.json).to.include({ revision: 1, published_revision: 0 });

    const refused = await server.request('POST', '/v1/layouts/gate/publish', { body: {} });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.json.code).to.equal('dependents_refused');
    expect(refused.json.detail).to.contain('news: breaking_variable_change').and.contain('"force": true');
    expect(refused.json.dependents).to.have.length(1);
    const check = refused.json.dependents[0];
    expect(check).to.include({ project_id: 'news', revision: 0, outcome: 'refused', code: 'breaking_variable_change' });
    expect(check.message).to.contain("Revision 1 of the layout 'gate'").and.contain('unsubscribe_url');
    expect(check.errors).to.have.length(1);
    expect(check.errors[0]).to.include({ path: 'unsubscribe_url', change: 'newly_required' });
    expect(check.errors[0].key_ids).to.deep.equal([keyId]);
    // Nothing appended: renders keep the published layout.
    expect((await server.request('GET', '/v1/layouts/gate')).json).to.include({ revision: 1, published_revision: 0 });
    const still = await render('news');
    expect([still.json.layout_revision, String(still.json.html).includes('FOOTER g0')]).to.deep.equal([0, true]);

    const forced = await server.request('POST', '/v1/layouts/gate/publish', { body: { force: true } });
    expect(forced.status, forced.text).to.equal(200);
    expect(forced.json).to.include({ revision: 2, published_revision: 1 });
    const overridden = [{ path: 'unsubscribe_url', change: 'newly_required', key_ids: [keyId] }];
    expect(forced.json.dependents).to.deep.equal([{ project_id: 'news', revision: 0, outcome: 'passed', overridden }]);
    const event = storedEvents(server.dataDir, 'layout-default:gate').at(-1)!;
    expect(event.type).to.equal('LayoutPublished');
    expect(event.data).to.deep.include({ publishedRevision: 1, force: true });
    expect(event.data['overridden']).to.deep.equal([{ project_id: 'news', ...overridden[0] }]);
    const moved = await server.request('POST', '/v1/templates/news/render', {
      body: { variables: { name: 'Ada', unsubscribe_url: 'https://u.example/x' } },
    });
    expect([moved.status, moved.json.layout_revision, String(moved.json.html).includes('FOOTER g1')]).to.deep.equal([200, 1, true]);
  });

  it('force does not pass a policy violation of a follower', async () => {
    await followedWithTraffic('gate-policy', 'news-policy');
    const policy = await server.request('PUT', '/v1/policy', { body: { html_max_bytes: 20_000 } });
    expect(policy.status, policy.text).to.equal(200);
    try {
      const big = unsubscribing('g1').replace('FOOTER g1', `FOOTER g1 ${'x'.repeat(30_000)}`);
      const draft = await server.request('PUT', '/v1/layouts/gate-policy', { body: { mjml: big, publishing: 'review' } });
      expect(draft.status, draft.text).to.equal(200);
      const refused = await server.request('POST', '/v1/layouts/gate-policy/publish', { body: { force: true } });
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.json.code).to.equal('dependents_refused');
      expect(refused.json.dependents[0]).to.include({ project_id: 'news-policy', outcome: 'refused', code: 'policy_violation' });
      expect((await server.request('GET', '/v1/layouts/gate-policy')).json).to.include({ published_revision: 0 });
    } finally {
      await server.request('PUT', '/v1/policy', { body: {} });
    }
  });

  it('an on_save layout save that newly requires a path publishes, and its answer warns for the follower', async () => {
    await followedWithTraffic('gate-live', 'news-live');
    const saved = await server.request('PUT', '/v1/layouts/gate-live', { body: { mjml: unsubscribing('g1') } });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.json).to.include({ revision: 1, published_revision: 1 });
    expect(saved.json.dependents).to.have.length(1);
    const check = saved.json.dependents[0];
    expect(check).to.include({ project_id: 'news-live', outcome: 'passed' });
    expect(check.warnings).to.have.length(1);
    expect(check.warnings[0]).to.include({ code: 'breaking_variable_change', path: 'unsubscribe_url', change: 'newly_required' });
    expect(check.warnings[0].key_ids).to.deep.equal([keyId]);
    expect(check.warnings[0].message).to.contain("Revision 1 of the layout 'gate-live' requires 'unsubscribe_url'");
  });

  it('a shared partial publish that newly requires a path is refused the same way', async () => {
    const footer = '<mj-section><mj-column><mj-text>LEGAL</mj-text></mj-column></mj-section>';
    expect((await server.request('POST', '/v1/partials', { body: { id: 'legal', source: footer } })).status).to.equal(201);
    const page = pageOf('L').replace('</mj-body>', '{{> shared/legal}}</mj-body>');
    const created = await server.request('POST', '/v1/projects', {
      body: { id: 'letter', mjml: page, shared_partials: [{ id: 'legal' }] },
    });
    expect(created.status, created.text).to.equal(201);
    for (let i = 0; i < 20; i++) expect((await render('letter')).status).to.equal(200);
    const requiring = footer.replace('LEGAL', 'LEGAL <a href="{{unsubscribe_url}}">Unsubscribe</a>');
    await server.request('PUT', '/v1/partials/legal', { body: { source: requiring, publishing: 'review' } });
    const refused = await server.request('POST', '/v1/partials/legal/publish', { body: {} });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.json.code).to.equal('dependents_refused');
    expect(refused.json.dependents[0]).to.include({ project_id: 'letter', outcome: 'refused', code: 'breaking_variable_change' });
    expect(refused.json.dependents[0].errors[0]).to.deep.include({ path: 'unsubscribe_url', change: 'newly_required', key_ids: [keyId] });
    const forced = await server.request('POST', '/v1/partials/legal/publish', { body: { force: true } });
    expect([forced.status, forced.json.published_revision]).to.deep.equal([200, 1]);
    expect(storedEvents(server.dataDir, 'partial-default:legal').at(-1)!.data).to.deep.include({ force: true });
  });

  it('?revision=N reads a create or save; /revisions lists every event a page at a time', async () => {
    // `gate` (first case): created 0 (g0), saved 1 (draft, unsubscribing g1), published 2 (forced).
    const first = await server.request('GET', '/v1/layouts/gate?revision=0');
    expect(first.status, first.text).to.equal(200);
    expect(first.json).to.include({ id: 'gate', revision: 0, event: 'created', draft: false, mjml: layoutOf('g0') });
    expect(first.headers['etag']).to.equal('"0"');
    const draft = await server.request('GET', '/v1/layouts/gate?revision=1');
    expect(draft.json).to.include({ revision: 1, event: 'saved', draft: true, mjml: unsubscribing('g1') });
    for (const revision of [2, 99]) {
      const missing = await server.request('GET', `/v1/layouts/gate?revision=${revision}`);
      expect([missing.status, missing.json.code, missing.json.revision], missing.text).to.deep.equal([404, 'revision_not_found', revision]);
    }
    const partial = await server.request('GET', '/v1/partials/legal?revision=1');
    expect(partial.json).to.include({ revision: 1, event: 'saved', draft: true });
    expect(partial.json.source).to.contain('{{unsubscribe_url}}');
    expect((await server.request('GET', '/v1/layouts/nope?revision=0')).json.code).to.equal('layout_not_found');

    const page = await server.request('GET', '/v1/layouts/gate/revisions?limit=2');
    expect(page.status, page.text).to.equal(200);
    expect(page.json.items.map((item: { event: string }) => item.event)).to.deep.equal(['created', 'saved']);
    expect(page.json.items[0]).to.not.have.property('mjml');
    const rest = await server.request('GET', `/v1/layouts/gate/revisions?cursor=${page.json.next_cursor}`);
    expect(rest.json.items).to.have.length(1);
    expect(rest.json.items[0]).to.include({ revision: 2, event: 'published', published_revision: 1, force: true });
    expect(rest.json.next_cursor).to.equal(null);
  });
});
