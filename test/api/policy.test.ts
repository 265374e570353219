/**
 * The workspace send-readiness policy over HTTP (docs/policy.md, issue 22 item 4): GET/PUT /policy, a publish
 * refused with 422 policy_violation (feature and pointer of an mj-raw under an Outlook-for-Windows policy), the
 * same template published under a Gmail-only policy, a marketing template without List-Unsubscribe, saves under
 * on_save refused and drafts warned, dry runs showing the findings, rendered headers.
 */
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';

const FLEX_RAW =
  '<mjml lang="en"><mj-body><mj-section><mj-column><mj-text>Hello {{name}}</mj-text></mj-column></mj-section>' +
  '<mj-raw><div style="display:flex"><span>One</span><span>Two</span></div></mj-raw></mj-body></mjml>';
const PLAIN = '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';
const ONE_CLICK = {
  'List-Unsubscribe': '<https://example.com/u/{{token}}>',
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

describe('send-readiness policy over HTTP (embedded SQLite store)', function () {
  this.timeout(30_000);
  let server: TestServer;
  const setPolicy = async (policy: Record<string, unknown>) => {
    const res = await server.request('PUT', '/v1/policy', { body: policy });
    expect(res.status, res.text).to.equal(200);
    return res;
  };
  const review = async (id: string, body: Record<string, unknown>) => {
    const res = await server.request('POST', '/v1/projects', { body: { id, publishing: 'review', ...body } });
    expect(res.status, res.text).to.equal(201);
    return res;
  };

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('GET /policy before any PUT answers an empty policy with revision null; PUT sets it, with an ETag and If-Match', async () => {
    const empty = await server.request('GET', '/v1/policy');
    expect(empty.status).to.equal(200);
    expect(empty.json).to.deep.equal({
      html_max_bytes: null,
      require: [],
      clients: [],
      marketing_unsubscribe: false,
      revision: null,
      updated_at: null,
    });
    const set = await setPolicy({ require: ['title', 'lang'], clients: ['gmail.*'], html_max_bytes: 102400 });
    expect(set.json).to.include({ revision: 0, html_max_bytes: 102400, unchanged: false });
    expect(set.json.require).to.deep.equal(['lang', 'title']);
    expect(set.headers['etag']).to.equal('"0"');
    const stale = await server.request('PUT', '/v1/policy', { body: {}, headers: { 'If-Match': '"7"' } });
    expect([stale.status, stale.json.code]).to.deep.equal([412, 'revision_mismatch']);
    const again = await server.request('PUT', '/v1/policy', { body: { clients: ['gmail.*'] }, headers: { 'If-Match': '"0"' } });
    expect(again.json).to.include({ revision: 1 });
    expect((await server.request('GET', '/v1/policy')).json).to.include({ revision: 1, html_max_bytes: null });
    // The policy stream is outside the projector's prefix, yet never leaves it behind the head of $all.
    for (let tries = 0; ; tries += 1) {
      const health = await server.request('GET', '/v1/health');
      if (health.json.projector.caught_up === true) break;
      if (tries > 50) expect.fail(`the projector is not caught up after a policy event: ${health.text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('refuses an unknown rule or client with 400, naming the value and listing the valid ones', async () => {
    const rule = await server.request('PUT', '/v1/policy', { body: { require: ['alt', 'contrast'] } });
    expect([rule.status, rule.json.code]).to.deep.equal([400, 'invalid_request']);
    expect(rule.json.detail).to.contain("'contrast'").and.to.contain('lang, title, alt, link_text, color_scheme, preheader');
    expect(rule.json.errors[0].pointer).to.equal('/require/1');
    const client = await server.request('PUT', '/v1/policy', { body: { clients: ['outlook.win'] } });
    expect([client.status, client.json.code]).to.deep.equal([400, 'invalid_request']);
    expect(client.json.detail).to.contain("'outlook.win'").and.to.contain('outlook.windows');
  });

  it('display:flex inside mj-raw under an outlook.windows policy: publish is 422 naming the feature and the mj-raw pointer; force does not pass it', async () => {
    await setPolicy({ clients: ['outlook.windows'] });
    const draft = await review('flex-outlook', { mjml: FLEX_RAW });
    const warning = draft.json.warnings.find((w: { code?: string }) => w.code === 'policy_violation');
    expect(warning, JSON.stringify(draft.json.warnings)).to.include({ pointer: '/ast/children/0/children/1', feature: 'css-display-flex' });
    expect(draft.json.ast.children[0].children[1].tagName).to.equal('mj-raw');
    for (const body of [{}, { force: true }]) {
      const refused = await server.request('POST', '/v1/projects/flex-outlook/publish', { body });
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.json.code).to.equal('policy_violation');
      const flex = refused.json.errors.find((e: { feature?: string }) => e.feature === 'css-display-flex');
      expect(flex, refused.text).to.include({ pointer: '/ast/children/0/children/1' });
      expect(flex.message).to.contain('display:flex').and.to.contain('outlook.windows');
    }
    const render = await server.request('POST', '/v1/templates/flex-outlook/render', { body: { variables: { name: 'Ada' } } });
    expect(render.json.code).to.equal('not_published');
  });

  it('the same template under a Gmail-only policy publishes (partial support is a warning only)', async () => {
    await setPolicy({ clients: ['gmail.*'] });
    await review('flex-gmail', { mjml: FLEX_RAW });
    const published = await server.request('POST', '/v1/projects/flex-gmail/publish', { body: {} });
    expect(published.status, published.text).to.equal(200);
    expect(published.json).to.include({ published_revision: 0 });
    const warnings = published.json.warnings.filter((w: { code?: string }) => w.code === 'policy_warning');
    expect(warnings.map((w: { feature?: string }) => w.feature)).to.include('css-display-flex');
  });

  it('a marketing template without List-Unsubscribe is a 422; with RFC 8058 headers it publishes and renders them', async () => {
    await setPolicy({ marketing_unsubscribe: true });
    await review('promo', { mjml: PLAIN, metadata: { category: 'marketing' } });
    const refused = await server.request('POST', '/v1/projects/promo/publish', { body: {} });
    expect([refused.status, refused.json.code]).to.deep.equal([422, 'policy_violation']);
    expect(refused.json.errors.map((e: { message: string }) => e.message).join(' '))
      .to.contain('List-Unsubscribe')
      .and.to.contain('List-Unsubscribe=One-Click');
    expect(refused.json.errors[0].pointer).to.equal('/metadata/headers');
    const fixed = await server.request('PUT', '/v1/projects/promo', {
      body: { mjml: PLAIN, metadata: { category: 'marketing', headers: ONE_CLICK } },
    });
    expect(fixed.status, fixed.text).to.equal(200);
    const published = await server.request('POST', '/v1/projects/promo/publish', { body: {} });
    expect(published.status, published.text).to.equal(200);
    const render = await server.request('POST', '/v1/templates/promo/render', { body: { variables: { name: 'Ada', token: 'abc' } } });
    expect(render.json.headers).to.deep.equal({
      'List-Unsubscribe': '<https://example.com/u/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('under on_save a save that breaks the policy is refused 422 and stores nothing; with no rule broken it saves', async () => {
    await setPolicy({ require: ['title'] });
    const refused = await server.request('POST', '/v1/projects', { body: { id: 'untitled', mjml: PLAIN } });
    expect([refused.status, refused.json.code]).to.deep.equal([422, 'policy_violation']);
    expect(refused.json.errors[0]).to.include({ pointer: '/ast' });
    expect((await server.request('GET', '/v1/projects/untitled')).status).to.equal(404);
    const titled = PLAIN.replace('<mjml>', '<mjml><mj-head><mj-title>Welcome</mj-title></mj-head>');
    const saved = await server.request('POST', '/v1/projects', { body: { id: 'untitled', mjml: titled } });
    expect(saved.status, saved.text).to.equal(201);
  });

  it('/validate and /templates/:id/validate show the same findings as warnings', async () => {
    await setPolicy({ require: ['title', 'preheader'] });
    const dry = await server.request('POST', '/v1/validate', { body: { mjml: PLAIN } });
    expect(dry.status, dry.text).to.equal(200);
    const codes = dry.json.warnings.filter((w: { code?: string }) => w.code === 'policy_violation');
    expect(codes).to.have.length(2);
    await review('dry', { mjml: PLAIN });
    const saved = await server.request('POST', '/v1/templates/dry/validate', { body: { revision: 'latest' } });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.json.warnings.filter((w: { code?: string }) => w.code === 'policy_violation')).to.have.length(2);
  });

  it('under REQUIRE_IF_MATCH a PUT /policy without If-Match is 428; If-Match: * sets a first policy', async () => {
    const strict = await startTestServer({ env: { REQUIRE_IF_MATCH: 'true' } });
    try {
      const bare = await strict.request('PUT', '/v1/policy', { body: { require: ['alt'] } });
      expect([bare.status, bare.json.code]).to.deep.equal([428, 'precondition_required']);
      const first = await strict.request('PUT', '/v1/policy', { body: { require: ['alt'] }, headers: { 'If-Match': '*' } });
      expect([first.status, first.json.revision]).to.deep.equal([200, 0]);
    } finally {
      await strict.stop();
      strict.cleanup();
    }
  });

  it('refuses metadata.headers with a name that is not a field name or a value with CR/LF, naming the header', async () => {
    await setPolicy({});
    const badName = await server.request('POST', '/v1/projects', { body: { mjml: PLAIN, metadata: { headers: { 'X Bad': 'x' } } } });
    expect([badName.status, badName.json.code]).to.deep.equal([400, 'invalid_metadata']);
    expect(badName.json.detail).to.contain("'X Bad'");
    const injected = await server.request('POST', '/v1/projects', {
      body: { mjml: PLAIN, metadata: { headers: { 'X-Tag': 'a\r\nBcc: x@y' } } },
    });
    expect([injected.status, injected.json.code]).to.deep.equal([400, 'invalid_metadata']);
    expect(injected.json.errors[0].pointer).to.equal('/metadata/headers/X-Tag');
  });
});
