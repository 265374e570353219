/**
 * Dynamic (Handlebars-first) templates over HTTP (issue 9, item 1): a template whose Handlebars produces
 * its MJML is stored with `render_mode: "dynamic"` (its source, not compiled HTML), checked at save on
 * sample data, and compiled with MJML per distinct generated MJML at render time (X-Cache says which).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { CORPUS_DIR, skipWithoutCorpus } from '../support/corpus.js';
import { mjmlPage, useTestServer } from '../support/server.js';

const corpus = (path: string) => readFileSync(join(CORPUS_DIR, path), 'utf8');
const page = mjmlPage;

describe('dynamic (Handlebars-first) templates over HTTP', function () {
  const api = useTestServer();

  const { create } = api;
  const { render } = api;
  const vendurePartials = () => ({
    header: corpus('hbs-partials/vendure/header.mjml'),
    footer: corpus('hbs-partials/vendure/footer.mjml'),
  });

  it("Vendure's email-verification, with its partials, is detected as dynamic and renders every value", async function () {
    skipWithoutCorpus(this);
    const source = corpus('vendure-email-verification.mjml');
    const created = await create({
      id: 'd-vendure',
      mjml: source,
      partials: vendurePartials(),
      metadata: { subject: 'Verify {{verificationToken}}' },
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.render_mode).to.equal('dynamic');
    expect(created.json.published_html).to.equal(source);
    expect((await api.server.request('GET', '/v1/projects/d-vendure')).json.render_mode).to.equal('dynamic');
    const variables = { verifyEmailAddressUrl: 'https://shop.example.com/verify', verificationToken: 'tok-81723' };
    const res = await render('d-vendure', { variables });
    expect(res.status, res.text).to.equal(200);
    const html: string = res.json.html;
    expect(html).to.include('https://shop.example.com/verify?token=tok-81723');
    expect(html).to.include('<title>Verify Your Email Address</title>');
    expect(html).to.include('Thank you for creating an account');
    expect(html).not.to.include('{{');
    expect(html).not.to.include('<mj-');
    expect(res.json.subject).to.equal('Verify tok-81723');
    expect(res.json.text).to.include('Thank you for creating an account');
    expect(res.json.text).not.to.include('{{');
    expect((await api.server.request('GET', '/v1/templates/d-vendure')).json.variables).to.include.members([
      'verificationToken',
      'verifyEmailAddressUrl',
    ]);
  });

  it("City of Boston's registry-expired, with its layout partial, renders every value", async function () {
    skipWithoutCorpus(this);
    const created = await create({
      id: 'd-cob',
      mjml: corpus('cob-registry-expired.mjml'),
      partials: { layout: corpus('hbs-partials/cob-registry/layout.mjml') },
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.render_mode).to.equal('dynamic');
    const order = { registryEmail: 'registry@boston.example', orderDate: '3 March 2026', orderId: 'RG-55120', orderType: 'birth' };
    const res = await render('d-cob', { variables: { order } });
    expect(res.status, res.text).to.equal(200);
    for (const value of Object.values(order)) expect(res.json.html).to.include(value);
    expect(res.json.html).to.include('Your order has been canceled');
    expect(res.json.html).to.include('patterns.boston.gov/images/public/logo.png');
    expect(res.json.html).not.to.include('{{');
    expect(res.json.html).not.to.include('<mj-');
  });

  it('compiles each distinct generated MJML once: the same variables again are a HIT, different ones a MISS', async () => {
    const created = await create({ id: 'd-cache', mjml: '{{> shell}}', partials: { shell: page('Hello {{name}}') } });
    expect(created.status, created.text).to.equal(201);
    const first = await render('d-cache', { variables: { name: 'Ada' } });
    expect([first.status, first.headers['x-cache']], first.text).to.deep.equal([200, 'MISS']);
    const second = await render('d-cache', { variables: { name: 'Ada' } });
    expect([second.status, second.headers['x-cache']], second.text).to.deep.equal([200, 'HIT']);
    expect(second.json.html).to.equal(first.json.html);
    const other = await render('d-cache', { variables: { name: 'Grace' } });
    expect([other.status, other.headers['x-cache']], other.text).to.deep.equal([200, 'MISS']);
    expect(other.json.html).to.include('Hello Grace');
  });

  it('format "mjml" returns the source with its Handlebars left in', async function () {
    skipWithoutCorpus(this);
    const source = corpus('vendure-email-verification.mjml');
    const res = await render('d-vendure', { format: 'mjml' });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.mjml).to.equal(source);
  });

  it('render_mode set explicitly: static on a Handlebars-first source is refused, dynamic on an <mjml> document is allowed', async function () {
    skipWithoutCorpus(this);
    const refused = await create({
      id: 'd-static',
      mjml: corpus('vendure-email-verification.mjml'),
      partials: vendurePartials(),
      render_mode: 'static',
    });
    expect([refused.status, refused.json.code], refused.text).to.deep.equal([400, 'handlebars_first_template']);
    const plain = await create({ id: 'd-plain', mjml: page('Hi {{name}}') });
    expect(plain.json.render_mode).to.equal('static');
    const dynamic = await create({ id: 'd-explicit', mjml: page('{{#each items}}<b>{{this}}</b>{{/each}}'), render_mode: 'dynamic' });
    expect(dynamic.status, dynamic.text).to.equal(201);
    expect(dynamic.json.render_mode).to.equal('dynamic');
    const res = await render('d-explicit', { variables: { items: ['x1', 'y2'] } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('<b>x1</b><b>y2</b>');
  });

  it('refuses at save, under strict validation, generated MJML that MJML rejects, and generated MJML without an <mjml> root', async () => {
    const invalid = await create({
      id: 'd-invalid',
      mjml: '{{> shell}}',
      partials: { shell: '<mjml><mj-body><mj-section><mj-text>{{x}}</mj-text></mj-section></mj-body></mjml>' },
      validation: 'strict',
    });
    expect([invalid.status, invalid.json.code], invalid.text).to.deep.equal([400, 'mjml_validation_failed']);
    const soft = await create({
      id: 'd-soft',
      mjml: '{{> shell}}',
      partials: { shell: '<mjml><mj-body><mj-section><mj-text>{{x}}</mj-text></mj-section></mj-body></mjml>' },
      validation: 'soft',
    });
    expect(soft.status, soft.text).to.equal(201);
    expect(soft.json.warnings ?? []).to.not.have.lengthOf(0);
    const rootless = await create({ id: 'd-rootless', mjml: '{{#if x}}<mj-section></mj-section>{{/if}}', render_mode: 'dynamic' });
    expect([rootless.status, rootless.json.code], rootless.text).to.deep.equal([400, 'invalid_mjml']);
    expect(rootless.json.detail).to.include('<mjml>');
  });
});

describe('dynamic templates: a render compile past the deadline', function () {
  const api = useTestServer({
    env: {
      COMPILE_TIMEOUT_MS: '1000',
      TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
      TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
      TEMPLATE_MAX_NODES: '1000000',
      RENDER_MAX_BYTES: String(64 * 1024 * 1024),
      RENDER_MAX_ITERATIONS: '1000000',
      BODY_LIMIT_KB: '8192',
    },
  });

  it('answers 500 mjml_compile_timeout', async () => {
    const section =
      '<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{../url}}">Go</mj-button></mj-column></mj-section>';
    const created = await api.server.request('POST', '/v1/projects', {
      body: { id: 'd-slow', mjml: `<mjml><mj-body>{{#each rows}}${section}{{/each}}</mj-body></mjml>`, render_mode: 'dynamic' },
    });
    expect(created.status, created.text).to.equal(201);
    const rows = Array.from({ length: 6000 }, (_, i) => ({ name: `n${i}` }));
    const res = await api.server.request('POST', '/v1/templates/d-slow/render', {
      body: { variables: { rows, url: 'https://example.com' } },
    });
    expect([res.status, res.json.code], res.text).to.deep.equal([500, 'mjml_compile_timeout']);
  });
});
