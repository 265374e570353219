/**
 * `include_text` on POST /templates/:id/render (issue 24): `false` answers `"text": null` and every other byte
 * as the default answer (subject, preheader, headers, warnings — neutralised URLs, missing variables, images —
 * and the HTML); the default carries the text part as before; `Accept: text/html` answers are the same with
 * or without it. Whether the text part is rendered at all: test/unit/render-text-part.test.ts.
 */
import { expect } from 'chai';
import { useTestServer } from '../support/server.js';

const STATIC = [
  '<mjml><mj-body><mj-section><mj-column>',
  '<mj-image src="https://e.test/logo.png" />',
  '<mj-text>Hello {{name}}, {{order.number}} <a href="{{url}}">track it</a>.</mj-text>',
  '</mj-column></mj-section></mj-body></mjml>',
].join('');
const DYNAMIC = [
  '{{#if vip}}<mjml><mj-body><mj-section><mj-column><mj-text>Dear {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>',
  '{{else}}<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{name}} {{missing}}</mj-text></mj-column></mj-section></mj-body></mjml>{{/if}}',
].join('');
const METADATA = { subject: 'Order {{order.number}} for {{name}}', preheader: 'On its way, {{name}}' };
const VARIABLES = { name: 'Ada', url: 'javascript:alert(1)', order: {} };

/** The raw JSON answer with its `text` member replaced by null. */
const withoutText = (raw: string, text: string) => raw.replace(`"text":${JSON.stringify(text)}`, '"text":null');

describe('render include_text', function () {
  this.timeout(60_000);
  const api = useTestServer();
  const { create, render } = api;

  before(async () => {
    const made = await create({ id: 'with-text', mjml: STATIC, metadata: METADATA });
    expect(made.status, made.text).to.equal(201);
    const dynamic = await create({ id: 'with-text-dynamic', mjml: DYNAMIC, render_mode: 'dynamic', metadata: METADATA });
    expect(dynamic.status, dynamic.text).to.equal(201);
  });

  for (const id of ['with-text', 'with-text-dynamic']) {
    it(`${id}: false answers "text": null and every other byte as the default answer`, async () => {
      // Without receipts: each render signs its own (rendered_at, signature), and this compares bytes.
      const full = await render(id, { variables: VARIABLES, receipt: false });
      expect(full.status, full.text).to.equal(200);
      expect(full.json.text).to.be.a('string').and.include('Ada');
      expect(full.json.warnings.map((w: { code: string }) => w.code)).to.include('missing_variable');
      const explicit = await render(id, { variables: VARIABLES, include_text: true, receipt: false });
      expect(explicit.text).to.equal(full.text);
      const without = await render(id, { variables: VARIABLES, include_text: false, receipt: false });
      expect(without.status, without.text).to.equal(200);
      expect(without.json.text).to.equal(null);
      expect(without.text).to.equal(withoutText(full.text, full.json.text));
    });
  }

  it('with the static template: the neutralised URL, the image and the missing variable are all still warned about', async () => {
    const without = await render('with-text', { variables: VARIABLES, include_text: false });
    expect(without.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal([
      'unsafe_url_neutralised',
      'image_without_alt',
      'missing_variable',
    ]);
    expect(without.json.subject).to.equal('Order  for Ada');
    expect(without.json.preheader).to.equal('On its way, Ada');
  });

  it('Accept: text/html answers the same HTML and headers with or without it', async () => {
    const ask = (body: Record<string, unknown>) =>
      api.server.request('POST', '/v1/templates/with-text/render', { body, headers: { Accept: 'text/html' } });
    const plain = await ask({ variables: VARIABLES });
    const without = await ask({ variables: VARIABLES, include_text: false });
    expect(plain.status, plain.text).to.equal(200);
    expect(without.text).to.equal(plain.text);
    expect(without.headers['x-missing-variables']).to.equal(plain.headers['x-missing-variables']);
  });

  it('refuses a value that is not a boolean (400 invalid_request)', async () => {
    const res = await render('with-text', { variables: VARIABLES, include_text: 'no' });
    expect(res.status, res.text).to.equal(400);
    expect(res.json.code).to.equal('invalid_request');
    expect(JSON.stringify(res.json.errors)).to.include('/include_text');
  });
});
