import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { layoutOf, pageOf } from '../support/layouts.js';

describe('layouts and shared partials over HTTP (embedded SQLite store)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const render = (id: string) => server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' } } });
  const html = (res: { json: { html?: string } }) => String(res.json.html);

  before(async () => {
    // The load case below renders as fast as eight loops can for ~1 s: on a fast machine that passes the
    // default 600 per minute, which is a different rule from the one this file checks.
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('two followers change after one layout publish, a pinned third does not; answers name the revisions', async () => {
    const created = await server.request('POST', '/v1/layouts', { body: { id: 'brand', mjml: layoutOf('v1'), publishing: 'review' } });
    expect(created.status, created.text).to.equal(201);
    expect(created.json).to.include({ id: 'brand', revision: 0, published_revision: null, unpublished_changes: true });
    // Nothing published yet: a save that follows it is refused, naming it.
    const early = await server.request('POST', '/v1/projects', { body: { id: 'a', mjml: pageOf('A'), layout: { id: 'brand' } } });
    expect(early.status, early.text).to.equal(404);
    expect(early.json).to.include({ code: 'layout_not_found', layout_id: 'brand' });
    const first = await server.request('POST', '/v1/layouts/brand/publish', { body: {} });
    expect(first.status, first.text).to.equal(200);
    expect(first.json).to.include({ revision: 1, published_revision: 0 });

    for (const id of ['a', 'b']) {
      const saved = await server.request('POST', '/v1/projects', { body: { id, mjml: pageOf(id.toUpperCase()), layout: { id: 'brand' } } });
      expect(saved.status, saved.text).to.equal(201);
      expect(saved.json.layout).to.deep.equal({ id: 'brand' });
    }
    const pinned = await server.request('POST', '/v1/projects', {
      body: { id: 'c', mjml: pageOf('C'), layout: { id: 'brand', revision: 0 } },
    });
    expect(pinned.status, pinned.text).to.equal(201);

    const before = await render('a');
    expect(before.status, before.text).to.equal(200);
    expect(before.json).to.include({ layout_revision: 0 });
    expect(html(before)).to.contain('HEADER v1').and.contain('A Ada').and.contain('FOOTER v1').and.contain('.own { color: red; }');
    expect(html(before).indexOf('HEADER v1')).to.be.lessThan(html(before).indexOf('A Ada'));

    const dependents = await server.request('GET', '/v1/layouts/brand/dependents');
    expect(dependents.json.items).to.deep.equal([
      { project_id: 'a', pinned_revision: null },
      { project_id: 'b', pinned_revision: null },
      { project_id: 'c', pinned_revision: 0 },
    ]);

    const saved = await server.request('PUT', '/v1/layouts/brand', { body: { mjml: layoutOf('v2') } });
    expect(saved.json).to.include({ revision: 2, published_revision: 0, unpublished_changes: true });
    expect(html(await render('a'))).to.contain('HEADER v1'); // a draft changes nothing
    const published = await server.request('POST', '/v1/layouts/brand/publish', { body: {} });
    expect(published.status, published.text).to.equal(200);
    expect(published.json.dependents).to.deep.equal([
      { project_id: 'a', revision: 0, outcome: 'passed' },
      { project_id: 'b', revision: 0, outcome: 'passed' },
      { project_id: 'c', revision: null, outcome: 'pinned' },
    ]);
    for (const id of ['a', 'b']) {
      const after = await render(id);
      expect(after.json).to.include({ layout_revision: 2, revision: 0 });
      expect(html(after)).to.contain('HEADER v2').and.contain(`${id.toUpperCase()} Ada`);
      expect(after.json.published_sha256).to.not.equal(before.json.published_sha256);
    }
    const third = await render('c');
    expect(third.json).to.include({ layout_revision: 0 });
    expect(html(third)).to.contain('HEADER v1');

    // Deleting a layout projects name is refused, naming them.
    const refused = await server.request('DELETE', '/v1/layouts/brand');
    expect(refused.status).to.equal(409);
    expect(refused.json).to.include({ code: 'layout_in_use' });
    expect(refused.json.dependents).to.deep.equal(['a', 'b', 'c']);
  });

  it('published_sha256 is the hash of the composed HTML the render ran (no variables: the body is that HTML)', async () => {
    await server.request('POST', '/v1/layouts', { body: { id: 'plain', mjml: layoutOf('p') } });
    const saved = await server.request('POST', '/v1/projects', {
      body: { id: 'static', mjml: pageOf('Static').replace(' {{name}}', ''), layout: { id: 'plain' } },
    });
    expect(saved.status, saved.text).to.equal(201);
    const res = await server.request('POST', '/v1/templates/static/render', { body: { variables: {} } });
    expect(res.status, res.text).to.equal(200);
    // The preheader is absent, so the rendered body is the compiled HTML itself.
    expect(createHash('sha256').update(html(res), 'utf8').digest('hex')).to.equal(res.json.published_sha256);
  });

  it('a shared partial is inlined where {{> shared/<id>}} stands, follows its publishes, and is refused when unknown', async () => {
    const created = await server.request('POST', '/v1/partials', {
      body: { id: 'banner', source: '<mj-section><mj-column><mj-text>BANNER one</mj-text></mj-column></mj-section>' },
    });
    expect(created.status, created.text).to.equal(201);
    const markup = pageOf('Body').replace('<mj-body>', '<mj-body>{{> shared/banner}}');
    const saved = await server.request('POST', '/v1/projects', {
      body: { id: 'with-banner', mjml: markup, shared_partials: [{ id: 'banner' }] },
    });
    expect(saved.status, saved.text).to.equal(201);
    const first = await render('with-banner');
    expect(first.json).to.deep.include({ layout_revision: null, shared_partial_revisions: { banner: 0 } });
    expect(html(first)).to.contain('BANNER one').and.contain('Body Ada');
    await server.request('PUT', '/v1/partials/banner', {
      body: { source: '<mj-section><mj-column><mj-text>BANNER two</mj-text></mj-column></mj-section>' },
    });
    const second = await render('with-banner');
    expect(second.json.shared_partial_revisions).to.deep.equal({ banner: 1 });
    expect(html(second)).to.contain('BANNER two');

    const unknown = await server.request('POST', '/v1/projects', {
      body: { id: 'nope', mjml: markup, shared_partials: [{ id: 'missing' }] },
    });
    expect(unknown.status).to.equal(404);
    expect(unknown.json).to.include({ code: 'partial_not_found', partial_id: 'missing' });
  });

  it('renders across a layout publish each answer the bytes of the revisions it names; none after the publish uses the old layout', async () => {
    // Each layout revision's header names its own stream revision, so an answer's bytes say which one it used.
    await server.request('POST', '/v1/layouts', { body: { id: 'load', mjml: layoutOf('r0') } });
    for (const id of ['load-x', 'load-y']) {
      const saved = await server.request('POST', '/v1/projects', { body: { id, mjml: pageOf(id), layout: { id: 'load' } } });
      expect(saved.status, saved.text).to.equal(201);
    }
    const answers: Array<{ startedAt: number; layout: number; html: string; sha: string; id: string }> = [];
    let publishedAt = Infinity;
    let stop = false;
    const loop = async (id: string) => {
      while (!stop) {
        const startedAt = performance.now();
        const res = await render(id);
        expect(res.status, res.text).to.equal(200);
        answers.push({ startedAt, layout: res.json.layout_revision, html: html(res), sha: res.json.published_sha256, id });
      }
    };
    const loops = Array.from({ length: 8 }, (_, i) => loop(i % 2 === 0 ? 'load-x' : 'load-y'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const revision of [1, 2]) {
      const saved = await server.request('PUT', '/v1/layouts/load', { body: { mjml: layoutOf(`r${revision}`) } });
      expect(saved.json).to.include({ revision, published_revision: revision });
      publishedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    stop = true;
    await Promise.all(loops);
    const shas = new Map<string, string>();
    for (const answer of answers) {
      expect(answer.html).to.contain(`HEADER r${answer.layout}`).and.contain(`FOOTER r${answer.layout}`).and.contain(`${answer.id} Ada`);
      const key = `${answer.id}@${answer.layout}`;
      expect(shas.get(key) ?? answer.sha, key).to.equal(answer.sha); // one compiled form per (revision, layout revision)
      shas.set(key, answer.sha);
      if (answer.startedAt > publishedAt) expect(answer.layout).to.equal(2);
    }
    expect(new Set(answers.map((answer) => answer.layout))).to.deep.equal(new Set([0, 1, 2]));
    expect(answers.filter((answer) => answer.startedAt > publishedAt).length).to.be.greaterThan(0);
  });

  it('a layout publish that breaks the policy for a follower is refused 422, reporting each follower; renders keep the old one', async () => {
    await server.request('POST', '/v1/layouts', { body: { id: 'strict', mjml: layoutOf('s0') } });
    await server.request('POST', '/v1/projects', { body: { id: 'strict-a', mjml: pageOf('SA'), layout: { id: 'strict' } } });
    const policy = await server.request('PUT', '/v1/policy', { body: { html_max_bytes: 20_000 } });
    expect(policy.status, policy.text).to.equal(200);
    try {
      const big = layoutOf('s1').replace('FOOTER s1', `FOOTER s1 ${'x'.repeat(30_000)}`);
      const refused = await server.request('PUT', '/v1/layouts/strict', { body: { mjml: big } });
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.json.code).to.equal('dependents_refused');
      expect(refused.json.dependents).to.have.length(1);
      expect(refused.json.dependents[0]).to.include({ project_id: 'strict-a', outcome: 'refused', code: 'policy_violation' });
      // Nothing was appended: renders keep the published layout.
      expect((await server.request('GET', '/v1/layouts/strict')).json).to.include({ revision: 0 });
      const still = await render('strict-a');
      expect([still.json.layout_revision, html(still).includes('HEADER s0')]).to.deep.equal([0, true]);
      // As a draft it is saved; its publish is refused the same way.
      const draft = await server.request('PUT', '/v1/layouts/strict', { body: { mjml: big, publishing: 'review' } });
      expect(draft.status, draft.text).to.equal(200);
      const publish = await server.request('POST', '/v1/layouts/strict/publish', { body: {} });
      expect([publish.status, publish.json.code]).to.deep.equal([422, 'dependents_refused']);
    } finally {
      await server.request('PUT', '/v1/policy', { body: {} });
    }
  });

  it('a layout without exactly one <lp-slot /> is refused 400 invalid_layout', async () => {
    const res = await server.request('POST', '/v1/layouts', { body: { id: 'noslot', mjml: '<mjml><mj-body></mj-body></mjml>' } });
    expect(res.status).to.equal(400);
    expect(res.json.code).to.equal('invalid_layout');
  });
  it('a localized template that follows a layout renders each locale in the new layout after its publish (cache keyed by both)', async () => {
    expect((await server.request('POST', '/v1/layouts', { body: { id: 'intl', mjml: layoutOf('L1') } })).status).to.equal(201);
    const page =
      '<mjml><mj-body><mj-section><mj-column><mj-text>{{t "greeting" name=name}}</mj-text></mj-column></mj-section></mj-body></mjml>';
    const created = await server.request('POST', '/v1/projects', {
      body: {
        id: 'greet',
        mjml: page,
        layout: { id: 'intl' },
        default_locale: 'en',
        locales: { en: { strings: { greeting: 'Hello {name}' } }, de: { subject: 'Hallo', strings: { greeting: 'Hallo {name}' } } },
      },
    });
    expect(created.status, created.text).to.equal(201);
    const renderIn = (locale: string) =>
      server.request('POST', '/v1/templates/greet/render', { body: { variables: { name: 'Ada' }, locale } });
    for (const [locale, word] of [
      ['de', 'Hallo Ada'],
      ['en', 'Hello Ada'],
    ] as const) {
      const res = await renderIn(locale);
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.include({ locale, layout_revision: 0 });
      expect(html(res)).to.contain('HEADER L1').and.contain(word);
    }
    expect((await server.request('PUT', '/v1/layouts/intl', { body: { mjml: layoutOf('L2') } })).status).to.equal(200); // on_save: published
    for (const [locale, word] of [
      ['de', 'Hallo Ada'],
      ['en', 'Hello Ada'],
    ] as const) {
      const res = await renderIn(locale);
      expect(res.json).to.include({ locale, layout_revision: 1 });
      expect(html(res), `${locale} after the layout publish`).to.contain('HEADER L2').and.contain(word).and.not.contain('HEADER L1');
      expect(res.json.subject).to.equal(locale === 'de' ? 'Hallo' : null);
    }
  });
});
