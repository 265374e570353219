/**
 * The preview page's "Changes since published" panel in headless Chromium, against a real server (issue 22,
 * item 3: "the preview page shows it before a publish"): for a template under review with a draft, the
 * changes a recipient would see (POST /projects/:id/diff from "published" to "latest"), the visible_change
 * verdict, and a Publish button — refused with a readable 403 for a preview-only key, publishing exactly the
 * compared revision with If-Match for a key with projects:write, and refused with 412 when the project moved;
 * a refusal of the publish gate (409) or of the workspace policy (422) listed finding by finding, and after a
 * 409 a "Publish anyway (force)" button that sends `"force": true`.
 *
 * Chromium is Debian's `chromium` (or CHROMIUM_PATH), driven by playwright-core. Without it the suite skips
 * with one line. Requests to other origins are aborted.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, needChromium } from '../support/chromium.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** An offer email: a text and a button, under review. */
const offer = (percent: number, href: string) =>
  '<mjml><mj-body><mj-section><mj-column>' +
  `<mj-text>Hi {{customer.first_name}}, ${percent}% off everything this week.</mj-text>` +
  `<mj-button href="${href}">Shop the sale</mj-button>` +
  '</mj-column></mj-section></mj-body></mjml>';

describe('Preview page: changes since published, and publishing from it (headless Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let viewerKey: string;
  let publisherKey: string;
  const apiCalls: { method: string; path: string; headers: Record<string, string>; body: string | null }[] = [];
  const pageErrors: string[] = [];

  const newKey = async (name: string, scopes: string[]) => {
    const key = await server.request('POST', '/v1/api-keys', { body: { name, scopes } });
    expect(key.status, key.text).to.equal(201);
    return key.json.token as string;
  };
  const project = async (id: string) => (await server.request('GET', `/v1/projects/${id}`)).json;

  before(async function () {
    needChromium(this);
    server = await startTestServer();
    viewerKey = await newKey('preview', ['projects:read', 'templates:render']);
    publisherKey = await newKey('publisher', ['projects:read', 'templates:render', 'projects:write']);
    const create = async (body: Record<string, unknown>) =>
      expect((await server.request('POST', '/v1/projects', { body })).status).to.equal(201);
    await create({ id: 'offer', metadata: { name: 'Offer' }, publishing: 'review', mjml: offer(10, 'https://shop.example/sale') });
    expect((await server.request('POST', '/v1/projects/offer/publish', { body: {} })).json.published_revision).to.equal(0);
    const draft = await server.request('PUT', '/v1/projects/offer', { body: { mjml: offer(20, 'https://shop.example/sale-2') } });
    expect(draft.json).to.include({ revision: 2, published_revision: 0, unpublished_changes: true });
    await create({ id: 'fresh', metadata: { name: 'Fresh' }, publishing: 'review', mjml: offer(5, 'https://shop.example/new') });
    await create({ id: 'live', metadata: { name: 'Live' }, mjml: offer(1, 'https://shop.example/live') });
    // Published, rendered 3 times without order.total, then a draft that requires it: the publish gate's 409.
    await create({ id: 'receipt', metadata: { name: 'Receipt' }, publishing: 'review', mjml: offer(3, 'https://shop.example/r') });
    expect((await server.request('POST', '/v1/projects/receipt/publish', { body: {} })).status).to.equal(200);
    for (let i = 0; i < 3; i++) {
      const variables = { customer: { first_name: 'Ada' }, order: { number: 'A-1' } };
      expect((await server.request('POST', '/v1/templates/receipt/render', { body: { variables } })).status).to.equal(200);
    }
    const total = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    const requiring = { type: 'object', properties: { customer: { type: 'object' }, order: total }, required: ['order'] };
    const breaking = await server.request('PUT', '/v1/projects/receipt', {
      body: {
        mjml: offer(3, 'https://shop.example/r').replace('this week.', 'this week: {{order.total}}.'),
        metadata: { name: 'Receipt', variables: requiring },
      },
    });
    expect(breaking.json).to.include({ revision: 2, unpublished_changes: true });
    // Published without a policy, then a draft with display:flex in mj-raw: the 422 once an Outlook policy is set.
    await create({ id: 'flexy', metadata: { name: 'Flexy' }, publishing: 'review', mjml: offer(4, 'https://shop.example/f') });
    expect((await server.request('POST', '/v1/projects/flexy/publish', { body: {} })).status).to.equal(200);
    const flexRaw = '<mj-raw><div style="display:flex"><span>One</span><span>Two</span></div></mj-raw></mj-body>';
    const flexDraft = await server.request('PUT', '/v1/projects/flexy', {
      body: { mjml: offer(4, 'https://shop.example/f').replace('</mj-body>', flexRaw) },
    });
    expect(flexDraft.json).to.include({ revision: 2, unpublished_changes: true });

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort(),
    );
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === server.url && url.pathname.startsWith('/v1/'))
        apiCalls.push({ method: request.method(), path: url.pathname, headers: request.headers(), body: request.postData() });
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  const text = async (selector: string) => ((await page.locator(selector).textContent()) ?? '').trim();
  const signIn = async (token: string) => {
    if (await page.locator('#forget-key').isVisible()) await page.locator('#forget-key').click();
    await page.locator('#key-input').fill(token);
    await page.locator('#key-form button[type=submit]').click();
    await page.locator('#template-list button.template').nth(2).waitFor();
  };
  const open = async (name: string) => {
    apiCalls.length = 0;
    await page.locator('#template-list button.template', { hasText: name }).click();
  };

  it('lists what a recipient would see change from the published revision to the draft, before the email', async () => {
    await page.goto(`${server.url}/preview/`);
    await signIn(viewerKey);
    await open('Offer');
    await page.locator('#changes-title').getByText('Changes since published (r0 → r2)').waitFor();
    await page.frameLocator('#frame-desktop').getByText('20% off').waitFor(); // the frames show the draft
    expect(await page.locator('#changes-verdict').getAttribute('data-visible')).to.equal('true');
    expect(await text('#changes-verdict')).to.contain('visible_change: true');
    const items = await page.locator('#changes-list li').allTextContents();
    const link = items.find((item) => item.startsWith('Link changed'));
    expect(link, items.join(' | ')).to.equal(
      'Link changed "Shop the sale" <https://shop.example/sale> → "Shop the sale" <https://shop.example/sale-2>',
    );
    const textChange = items.find((item) => item.startsWith('Text '));
    expect(textChange, items.join(' | ')).to.equal(
      'Text "Hi Ada, 10% off everything this week." → "Hi Ada, 20% off everything this week."',
    );
    // Compared with the editor's (realistic) sample variables, sent in the diff's body.
    const diff = apiCalls.find((call) => call.path === '/v1/projects/offer/diff');
    expect(JSON.parse(diff?.body ?? '{}')).to.deep.include({
      from: 'published',
      to: 'latest',
      variables: { customer: { first_name: 'Ada' } },
    });
    expect(await text('#changes-notes')).to.equal("Compared with the editor's sample variables.");
    expect(await text('#publish')).to.equal('Publish r2');
    // The panel comes before the frames.
    const panelBottom = await page.locator('#changes').evaluate((node) => node.getBoundingClientRect().bottom);
    const framesTop = await page.locator('#frame-desktop').evaluate((node) => node.getBoundingClientRect().top);
    expect(panelBottom).to.be.at.most(framesTop);
  });

  it('a preview-only key: Publish is refused with the 403 and what would work; nothing is published', async () => {
    await page.locator('#publish').click();
    await page.locator('#changes-error').getByText('projects:write').first().waitFor();
    const shown = await text('#changes-error');
    expect(shown).to.contain('(403)');
    expect(shown).to.contain('Publishing needs a key with the projects:write scope');
    expect(await page.locator('#key-form').isHidden(), 'a 403 keeps the key').to.equal(true);
    expect(await project('offer')).to.include({ revision: 2, published_revision: 0 });
  });

  it('an on_save template shows no panel and asks for no diff', async () => {
    await open('Live');
    await page.frameLocator('#frame-desktop').getByText('1% off').waitFor();
    expect(await page.locator('#changes').isHidden()).to.equal(true);
    expect(apiCalls.map((call) => call.path)).to.not.include('/v1/projects/live/diff');
  });

  it('a review template never published: says so, previews its draft with sample variables from the draft', async () => {
    await open('Fresh');
    await page.locator('#changes-title').getByText('Not published yet: publishing makes r0 the first published revision').waitFor();
    await page.frameLocator('#frame-desktop').getByText('Hi Ada, 5% off').waitFor();
    expect(JSON.parse(await page.locator('#variables').inputValue())).to.deep.equal({ customer: { first_name: 'Ada' } });
    expect(await text('#publish')).to.equal('Publish r0');
  });

  it('a key with projects:write publishes exactly the compared revision, with If-Match and an Idempotency-Key', async () => {
    await signIn(publisherKey);
    await open('Offer');
    await page.locator('#changes-title').getByText('Changes since published (r0 → r2)').waitFor();
    await page.locator('#publish').click();
    await page.locator('#publish-status').getByText('Published r2: renders now use it (project revision 3).').waitFor();
    const publish = apiCalls.find((call) => call.method === 'POST' && call.path === '/v1/projects/offer/publish');
    expect(publish?.headers['if-match']).to.equal('"2"');
    expect(publish?.headers['idempotency-key']).to.match(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(publish?.body ?? '{}')).to.deep.equal({ revision: 2 });
    expect(await page.locator('#publish').isHidden()).to.equal(true);
    expect(await project('offer')).to.include({ revision: 3, published_revision: 2, unpublished_changes: false });
    await open('Live');
    await open('Offer'); // nothing unpublished now: no panel
    await page.frameLocator('#frame-desktop').getByText('20% off').waitFor();
    expect(await page.locator('#changes').isHidden()).to.equal(true);
  });

  it('a save after the panel was shown: the publish is refused with 412 (nothing unseen is published)', async () => {
    await open('Fresh');
    await page.locator('#publish').getByText('Publish r0').waitFor();
    expect((await server.request('PUT', '/v1/projects/fresh', { body: { mjml: offer(50, 'https://shop.example/new') } })).status).to.equal(
      200,
    );
    await page.locator('#publish').click();
    await page.locator('#changes-error').getByText('(412)').waitFor();
    expect(await text('#changes-error')).to.contain('open the template again');
    expect(await page.locator('#publish').isDisabled()).to.equal(true);
    expect(await project('fresh')).to.include({ revision: 1, published_revision: null });
    expect(pageErrors).to.deep.equal([]);
  });

  const findings = async () =>
    (await page.locator('#changes-error ul.findings li').allTextContents()).map((item) => item.replace(/\s+/g, ' '));

  it('a publish the publish gate refuses (409) lists each path, its change and keys; "Publish anyway (force)" sends force: true', async () => {
    await open('Receipt');
    await page.locator('#changes-title').getByText('Changes since published (r0 → r2)').waitFor();
    await page.locator('#publish').click();
    await page.locator('#changes-error').getByText('(409)').waitFor();
    const items = await findings();
    expect(items, items.join(' | ')).to.have.length(1);
    expect(items[0]).to.match(/^order\.total .*requires 'order\.total'.* \(newly required · keys: TESTKEY\w+\)$/);
    expect(await text('#changes-error')).to.contain('Publish anyway (force)');
    expect(await project('receipt')).to.include({ revision: 2, published_revision: 0 });
    const refused = apiCalls.find((call) => call.method === 'POST' && call.path === '/v1/projects/receipt/publish');

    await page.locator('#publish-force').click();
    await page.locator('#publish-status').getByText('Published r2: renders now use it (project revision 3).').waitFor();
    expect(await text('#publish-status')).to.contain('Forced past the publish gate');
    const forced = apiCalls.filter((call) => call.method === 'POST' && call.path === '/v1/projects/receipt/publish').at(-1);
    expect(JSON.parse(forced?.body ?? '{}')).to.deep.equal({ revision: 2, force: true });
    expect(forced?.headers['if-match']).to.equal('"2"');
    expect(forced?.headers['idempotency-key'], 'another body, another key').to.not.equal(refused?.headers['idempotency-key']);
    expect(await project('receipt')).to.include({ revision: 3, published_revision: 2 });
  });

  it('a publish the policy refuses (422) lists each pointer, message and caniemail feature, and offers no force', async () => {
    expect((await server.request('PUT', '/v1/policy', { body: { clients: ['outlook.windows'] } })).status).to.equal(200);
    try {
      await open('Flexy');
      await page.locator('#changes-title').getByText('Changes since published (r0 → r2)').waitFor();
      await page.locator('#publish').click();
      await page.locator('#changes-error').getByText('(422)').waitFor();
      const items = await findings();
      const flex = items.find((item) => item.includes('css-display-flex'));
      expect(flex, items.join(' | ')).to.match(
        /^\/ast\/children\/0\/children\/1 `display:flex` in <mj-raw> is not supported by outlook\.windows.* caniemail: css-display-flex$/,
      );
      const link = page.locator('#changes-error ul.findings a', { hasText: 'css-display-flex' }).first();
      expect(await link.getAttribute('href')).to.equal('https://www.caniemail.com/features/css-display-flex/');
      expect(await text('#changes-error')).to.contain('forcing a publish does not pass the policy');
      expect(await page.locator('#publish-force').count()).to.equal(0);
      expect(await project('flexy')).to.include({ revision: 2, published_revision: 0 });
      expect(pageErrors).to.deep.equal([]);
    } finally {
      await server.request('PUT', '/v1/policy', { body: {} });
    }
  });
});
