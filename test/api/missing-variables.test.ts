/**
 * Issue 17, "Missing variables are reported, always", over HTTP: a render warns of each path its rendered
 * branches read and the caller did not send; `strict` refuses naming each missing leaf; subject and
 * preheader count as parts of the template in every list of what it reads.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

/** The template of the longer curl session (docs/api.md, "A longer session with curl"). */
const README_ORDER = {
  id: 'order-confirmation',
  metadata: { name: 'Order confirmation', subject: 'Your order {{order.number}}' },
  mjml: '<mjml><mj-body><mj-include path="./header.mjml" /><mj-section><mj-column><mj-text>Hi {{customer.first_name}}, thanks for order {{order.number}}.</mj-text><mj-button href="{{order.url}}">View order</mj-button></mj-column></mj-section></mj-body></mjml>',
  includes: { 'header.mjml': '<mj-section><mj-column><mj-text>ACME</mj-text></mj-column></mj-section>' },
};
const ALL_SENT = { customer: { first_name: 'Ada' }, order: { number: '1042', url: 'https://shop.example/o/1042' } };

/** A template whose subject and preheader read what its body does not. */
const PARTS_ONLY = { subject: 'Receipt for {{order.number}}', preheader: 'Hello {{customer.name}}' };
const PARTS_BODY = mjmlPage('Thanks {{customer.first_name}}');

type Warning = { code: string; path?: string; count?: number; message: string };
const missingPaths = (warnings: Warning[]) => warnings.filter((w) => w.code === 'missing_variable').map((w) => w.path);

describe('Missing variables are reported (issue 17)', function () {
  this.timeout(30_000);
  const api = useTestServer();

  before(async () => {
    expect((await api.create(README_ORDER)).status).to.equal(201);
    expect((await api.create({ id: 'parts-only', metadata: PARTS_ONLY, mjml: PARTS_BODY })).status).to.equal(201);
  });

  it("a render of the README's template with {} answers 200 and names each path it read and was not sent", async () => {
    // Twice: the first render compiles (MISS, plain path), later ones take the cached JSON-escaped form (which
    // only a render without a receipt takes: a signed one digests the plain HTML); the last one is signed.
    for (let i = 0; i < 4; i++) {
      const res = await api.render('order-confirmation', { variables: {}, ...(i < 3 ? { receipt: false } : {}) });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.html).to.include('Hi , thanks for order .').and.to.include('href=""');
      expect(res.json.warnings).to.have.length(3);
      expect(missingPaths(res.json.warnings)).to.deep.equal(['customer.first_name', 'order.number', 'order.url']);
      expect(res.json.warnings[0].message).to.include('customer.first_name');
    }
    const complete = await api.render('order-confirmation', { variables: ALL_SENT });
    expect([complete.status, complete.json.subject, complete.json.warnings]).to.deep.equal([200, 'Your order 1042', []]);
  });

  it('only what the rendered branches read; a list element as []; once per path; a bounded list', async () => {
    const text = '{{#if vip}}{{vip_code}}{{/if}}{{#each order.lines}}<p>{{qty}} × {{product_name}}</p>{{/each}}';
    expect((await api.create({ id: 'branches', mjml: mjmlPage(text) })).status).to.equal(201);
    const res = await api.render('branches', {
      variables: { order: { lines: [{ qty: 1 }, { qty: 2 }, { qty: 3, product_name: 'Tea' }] } },
    });
    expect(res.status, res.text).to.equal(200);
    expect(missingPaths(res.json.warnings)).to.deep.equal(['order.lines[].product_name']);
    const vip = await api.render('branches', { variables: { vip: true, order: { lines: [] } } });
    expect(missingPaths(vip.json.warnings)).to.deep.equal(['vip_code']);

    const many = Array.from({ length: 60 }, (_, i) => `{{f${String(i).padStart(2, '0')}}}`).join(' ');
    expect((await api.create({ id: 'many', mjml: mjmlPage(many) })).status).to.equal(201);
    const bounded = await api.render('many', { variables: {} });
    expect(bounded.json.warnings).to.have.length(51);
    expect(missingPaths(bounded.json.warnings)).to.have.length(50);
    expect(bounded.json.warnings[50]).to.deep.include({ code: 'missing_variables_omitted', count: 10 });
  });

  it('prototype names (constructor, __proto__) are missing unless sent as own properties', async () => {
    expect((await api.create({ id: 'proto', mjml: mjmlPage('{{constructor}}|{{zz.__proto__.qq}}|{{toString}}') })).status).to.equal(201);
    const empty = await api.render('proto', { variables: {} });
    expect(empty.status, empty.text).to.equal(200);
    expect(missingPaths(empty.json.warnings)).to.deep.equal(['constructor', 'toString', 'zz.__proto__.qq']);
    const sent = await api.server.request('POST', '/v1/templates/proto/render', {
      rawBody: '{"variables":{"constructor":"c","zz":{"__proto__":{"qq":"q"}}}}',
    });
    expect(sent.status, sent.text).to.equal(200);
    expect(missingPaths(sent.json.warnings)).to.deep.equal(['toString']);
  });

  it('Accept: text/html carries the count and the paths as headers', async () => {
    const raw = await api.server.request('POST', '/v1/templates/order-confirmation/render', {
      body: { variables: {} },
      headers: { Accept: 'text/html' },
    });
    expect(raw.status).to.equal(200);
    expect(raw.headers['x-missing-variables']).to.equal('3');
    expect(raw.headers['x-missing-variable-paths']).to.equal('customer.first_name, order.number, order.url');
    const complete = await api.server.request('POST', '/v1/templates/order-confirmation/render', {
      body: { variables: ALL_SENT },
      headers: { Accept: 'text/html' },
    });
    expect([complete.headers['x-missing-variables'], complete.headers['x-missing-variable-paths']]).to.deep.equal(['0', undefined]);
    // The HTML holds the preheader (hidden text at the top of the body); the subject is not rendered for this answer.
    const parts = await api.server.request('POST', '/v1/templates/parts-only/render', {
      body: { variables: { customer: { first_name: 'Ada' } } },
      headers: { Accept: 'text/html' },
    });
    expect([parts.headers['x-missing-variables'], parts.headers['x-missing-variable-paths']]).to.deep.equal(['1', 'customer.name']);
  });

  it('a dynamic template and a dry run of a saved one report them too', async () => {
    const source =
      '{{!-- generated --}}<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{customer.first_name}}</mj-text></mj-column></mj-section></mj-body></mjml>';
    expect(
      (await api.create({ id: 'dyn', render_mode: 'dynamic', mjml: source, metadata: { subject: 'For {{customer.last_name}}' } })).status,
    ).to.equal(201);
    const res = await api.render('dyn', { variables: { customer: {} } });
    expect(res.status, res.text).to.equal(200);
    expect(missingPaths(res.json.warnings)).to.deep.equal(['customer.first_name', 'customer.last_name']);

    const dry = await api.server.request('POST', '/v1/templates/order-confirmation/validate', {
      body: { variables: { customer: { first_name: 'Ada' } } },
    });
    expect([dry.status, dry.json.valid]).to.deep.equal([200, true]);
    expect(missingPaths(dry.json.warnings)).to.deep.equal(['order.number', 'order.url']);
  });

  it('strict: true refuses with 400 invalid_variables naming every missing leaf the template reads, not the parent', async () => {
    const res = await api.render('order-confirmation', { strict: true, variables: {} });
    expect(res.status).to.equal(400);
    expect(res.json.code).to.equal('invalid_variables');
    expect(res.json.errors.map((e: { pointer: string; rule: string }) => [e.pointer, e.rule])).to.deep.equal([
      ['/variables/customer/first_name', 'required'],
      ['/variables/order/number', 'required'],
      ['/variables/order/url', 'required'],
    ]);
    const partly = await api.render('order-confirmation', { strict: true, variables: { order: { number: '7' } } });
    expect(partly.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal([
      '/variables/customer/first_name',
      '/variables/order/url',
    ]);
    expect((await api.render('order-confirmation', { strict: true, variables: ALL_SENT })).status).to.equal(200);
  });

  it('a variable read only by the subject or preheader is listed by GET /templates/:id, GET …/variables and POST /validate, and strict requires it', async () => {
    const template = await api.server.request('GET', '/v1/templates/parts-only');
    expect(template.json.variables).to.deep.equal(['customer.first_name', 'customer.name', 'order.number']);
    const inferred = await api.server.request('GET', '/v1/projects/parts-only/variables');
    expect(Object.keys(inferred.json.inferred.properties.order.properties)).to.deep.equal(['number']);

    const dry = await api.server.request('POST', '/v1/validate', {
      body: { metadata: PARTS_ONLY, mjml: PARTS_BODY, variables: { customer: { first_name: 'Ada' } }, strict: true },
    });
    expect(dry.status).to.equal(200);
    expect(dry.json.variables.inferred).to.deep.equal(inferred.json.inferred);
    expect(dry.json.valid).to.equal(false);
    expect(dry.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal([
      '/variables/customer/name',
      '/variables/order/number',
    ]);

    const strict = await api.render('parts-only', { strict: true, variables: { customer: { first_name: 'Ada' } } });
    expect(strict.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal([
      '/variables/customer/name',
      '/variables/order/number',
    ]);
    const warned = await api.render('parts-only', { variables: { customer: { first_name: 'Ada' } } });
    expect(missingPaths(warned.json.warnings)).to.deep.equal(['customer.name', 'order.number']);
  });

  it('a declaration that leaves out what the subject reads gets the save warning, as for the body', async () => {
    const variables = {
      type: 'object',
      properties: { customer: { type: 'object', properties: { first_name: { type: 'string' }, name: { type: 'string' } } } },
    };
    const created = await api.create({ id: 'declared-parts', metadata: { ...PARTS_ONLY, variables }, mjml: PARTS_BODY });
    expect(created.status).to.equal(201);
    expect(created.json.warnings.map((w: { message: string }) => w.message)).to.include(
      "The template reads 'order.number', which metadata.variables does not declare.",
    );
  });
});
