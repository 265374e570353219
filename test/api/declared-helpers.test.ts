/**
 * Declared helpers over HTTP (issue 9, item 3): `"helpers": { "<name>": <declaration> }` stored with each
 * revision, returned with the project, callable from the template (aliases of library helpers with a fixed
 * hash, and small Handlebars templates), checked at save, and metered by the render budget.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

const page = mjmlPage;

const priceLine = {
  params: ['net', 'gross', 'currency'],
  template: '{{#if display_gross}}{{currency gross code=currency}}{{else}}{{currency net code=currency}}{{/if}}',
};

describe('declared helpers over HTTP', function () {
  const api = useTestServer();

  const { create } = api;
  const { render } = api;

  it("an alias calls its library helper with the fixed hash, and the call's hash arguments override it", async () => {
    const helpers = { price: { use: 'currency', hash: { code: 'USD', minor_units: true } } };
    const mjml = page('A {{price amount}} B {{price amount code="EUR"}} C {{price 5 minor_units=false}}');
    const created = await create({ id: 'h-alias', mjml, helpers, metadata: { subject: 'Total {{price amount}}' } });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.helpers).to.deep.equal(helpers);
    expect((await api.server.request('GET', '/v1/projects/h-alias')).json.helpers).to.deep.equal(helpers);
    const res = await render('h-alias', { variables: { amount: 123450 } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('A $1,234.50 B €1,234.50 C $5.00');
    expect(res.json.subject).to.equal('Total $1,234.50');
    expect(res.json.text).to.include('A $1,234.50 B €1,234.50 C $5.00');
    // The declared helper's argument is what the template reads.
    expect((await api.server.request('GET', '/v1/templates/h-alias')).json.variables).to.deep.equal(['amount']);
  });

  it('a template-form helper renders with its params and hash arguments; its output is escaped unless "html": true', async () => {
    const helpers = {
      price_line: priceLine,
      bold: { params: ['text'], template: '<b>{{text}}</b>' },
      bold_html: { params: ['text'], template: '<b>{{text}}</b>', html: true },
    };
    const mjml = page('[{{price_line 1 2 "EUR"}}] [{{price_line 1 2 "EUR" display_gross=true}}] {{bold who}} {{bold_html who}}');
    const created = await create({ id: 'h-template', mjml, helpers });
    expect(created.status, created.text).to.equal(201);
    const res = await render('h-template', { variables: { who: 'A&B' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('[€1.00] [€2.00] &lt;b&gt;A&amp;amp;B&lt;/b&gt; <b>A&amp;B</b>');
    // The same through Accept: text/html, and in another locale.
    const de = await api.server.request('POST', '/v1/templates/h-template/render', { body: { variables: { who: 'x' }, locale: 'de-DE' } });
    expect(de.json.html).to.include('[1,00\u00a0€] [2,00\u00a0€]');
  });

  it('a project without helpers has "helpers": {}', async () => {
    const created = await create({ id: 'h-none', mjml: page('Hi {{name}}') });
    expect(created.json.helpers).to.deep.equal({});
  });

  it('the template check accepts the declared names, and unknown_helper lists them as available', async () => {
    const res = await create({
      id: 'h-unknown',
      mjml: page('{{price amount}} {{nope amount}}'),
      helpers: { price: { use: 'currency', hash: { code: 'USD' } } },
    });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'unknown_helper']);
    expect(res.json.unknown_helpers).to.deep.equal(['nope']);
    expect(res.json.available_helpers).to.include.members(['price', 'currency', 'if']);
  });

  it('refuses an alias of an unknown helper, of a block built-in, and a fixed hash its helper cannot take', async () => {
    const unknown = await create({ id: 'h-bad-use', mjml: page('x'), helpers: { price: { use: 'money' } } });
    expect([unknown.status, unknown.json.code], unknown.text).to.deep.equal([400, 'invalid_helper']);
    expect(unknown.json.errors[0].pointer).to.equal('/helpers/price/use');
    expect(unknown.json.detail).to.include("'money'");
    const builtIn = await create({ id: 'h-bad-use2', mjml: page('x'), helpers: { when: { use: 'if' } } });
    expect([builtIn.status, builtIn.json.code], builtIn.text).to.deep.equal([400, 'invalid_helper']);
    const badOption = await create({
      id: 'h-bad-hash',
      mjml: page('x'),
      helpers: { price: { use: 'currency', hash: { currency: 'USD' } } },
    });
    expect([badOption.status, badOption.json.code], badOption.text).to.deep.equal([400, 'invalid_helper']);
    expect(badOption.json.errors[0].pointer).to.equal('/helpers/price/hash');
    expect(badOption.json.detail).to.include('currency=');
    const badValue = await create({ id: 'h-bad-hash2', mjml: page('x'), helpers: { day: { use: 'date', hash: { style: 'huge' } } } });
    expect([badValue.status, badValue.json.code], badValue.text).to.deep.equal([400, 'invalid_helper']);
    // A call that cannot work with the fixed hash merged in is refused like a library call.
    const misuse = await create({
      id: 'h-misuse',
      mjml: page('{{price 1 2}}'),
      helpers: { price: { use: 'currency', hash: { code: 'USD' } } },
    });
    expect([misuse.status, misuse.json.code], misuse.text).to.deep.equal([400, 'invalid_handlebars']);
  });

  it('refuses a name that shadows a library helper or a built-in, and a name or shape that is not allowed', async () => {
    const shadow = await create({ id: 'h-shadow', mjml: page('x'), helpers: { currency: { use: 'number' } } });
    expect([shadow.status, shadow.json.code], shadow.text).to.deep.equal([400, 'invalid_helper']);
    expect(shadow.json.detail).to.include("'currency'");
    expect(shadow.json.errors[0].pointer).to.equal('/helpers/currency');
    const builtIn = await create({ id: 'h-shadow2', mjml: page('x'), helpers: { each: { template: 'x' } } });
    expect([builtIn.status, builtIn.json.code], builtIn.text).to.deep.equal([400, 'invalid_helper']);
    const name = await create({ id: 'h-name', mjml: page('x'), helpers: { 'bad-name': { use: 'number' } } });
    expect([name.status, name.json.code], name.text).to.deep.equal([400, 'invalid_request']);
    const both = await create({ id: 'h-both', mjml: page('x'), helpers: { p: { use: 'number', template: 'x' } } });
    expect([both.status, both.json.code], both.text).to.deep.equal([400, 'invalid_helper']);
    expect(both.json.errors[0].pointer).to.equal('/helpers/p');
    const field = await create({ id: 'h-field', mjml: page('x'), helpers: { p: { use: 'number', code: 'x' } } });
    expect([field.status, field.json.code], field.text).to.deep.equal([400, 'invalid_request']);
    const big = await create({ id: 'h-big', mjml: page('x'), helpers: { p: { template: 'x'.repeat(10 * 1024 + 1) } } });
    expect([big.status, big.json.code], big.text).to.deep.equal([413, 'template_too_large']);
  });

  it('refuses a template-form helper that calls a declared helper (directly or through a partial) or an unknown helper', async () => {
    const helpers = { price: { use: 'currency', hash: { code: 'USD' } }, line: { params: ['x'], template: 'Total {{price x}}' } };
    const calls = await create({ id: 'h-calls', mjml: page('{{line 1}}'), helpers });
    expect([calls.status, calls.json.code], calls.text).to.deep.equal([400, 'invalid_helper']);
    expect(calls.json.detail).to.include("'line'").and.to.include("'price'");
    expect(calls.json.errors[0].pointer).to.equal('/helpers/line/template');
    const self = await create({ id: 'h-self', mjml: page('{{loop 1}}'), helpers: { loop: { params: ['x'], template: '{{loop x}}' } } });
    expect([self.status, self.json.code], self.text).to.deep.equal([400, 'invalid_helper']);
    const through = await create({
      id: 'h-through',
      mjml: page('{{line 1}}'),
      partials: { total: 'Total {{price x}}' },
      helpers: { price: { use: 'currency', hash: { code: 'USD' } }, line: { params: ['x'], template: '{{> total}}' } },
    });
    expect([through.status, through.json.code], through.text).to.deep.equal([400, 'invalid_helper']);
    expect(through.json.detail).to.include("'total'");
    const unknown = await create({
      id: 'h-unknown2',
      mjml: page('{{line 1}}'),
      helpers: { line: { params: ['x'], template: '{{money x}}' } },
    });
    expect([unknown.status, unknown.json.code], unknown.text).to.deep.equal([400, 'unknown_helper']);
    expect(unknown.json.unknown_helpers).to.deep.equal(['money']);
    expect(unknown.json.errors[0].file).to.equal('helpers/line');
  });

  it('a template-form helper may use the project partials, and a partial may call a declared helper', async () => {
    const created = await create({
      id: 'h-partials',
      mjml: page('{{card "Ada"}} {{> footer}}'),
      partials: { sig: '<i>{{who}}</i>', footer: 'Total {{price amount}}' },
      helpers: { card: { params: ['who'], template: 'Hi {{> sig}}', html: true }, price: { use: 'currency', hash: { code: 'USD' } } },
    });
    expect(created.status, created.text).to.equal(201);
    const res = await render('h-partials', { variables: { amount: 3 } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('Hi <i>Ada</i> Total $3.00');
  });

  it('an old revision keeps its old declaration after a save changes it', async () => {
    const mjml = page('{{price amount}}');
    const created = await create({ id: 'h-rev', mjml, helpers: { price: { use: 'currency', hash: { code: 'USD' } } } });
    expect(created.status, created.text).to.equal(201);
    expect((await render('h-rev', { variables: { amount: 2 } })).json.html).to.include('$2.00');
    const saved = await api.server.request('PUT', '/v1/projects/h-rev', {
      body: { mjml, helpers: { price: { use: 'currency', hash: { code: 'EUR' } } } },
    });
    expect(saved.status, saved.text).to.equal(200);
    expect((await render('h-rev', { variables: { amount: 2 } })).json.html).to.include('€2.00');
    expect((await render('h-rev', { variables: { amount: 2 }, revision: 0 })).json.html).to.include('$2.00');
    expect((await api.server.request('GET', '/v1/projects/h-rev?revision=0')).json.helpers).to.deep.equal({
      price: { use: 'currency', hash: { code: 'USD' } },
    });
    const restored = await api.server.request('POST', '/v1/projects/h-rev/revisions/0/restore');
    expect(restored.status, restored.text).to.equal(200);
    expect(restored.json.helpers).to.deep.equal({ price: { use: 'currency', hash: { code: 'USD' } } });
    expect((await render('h-rev', { variables: { amount: 2 } })).json.html).to.include('$2.00');
  });

  it('a template-form helper inside a big {{#each}} is metered by the render budget', async () => {
    const helpers = { row: { params: ['x'], template: '{{#each list}}{{../x}}{{/each}}' } };
    const created = await create({ id: 'h-budget', mjml: page('{{#each list}}{{row this list=../list}}{{/each}}'), helpers });
    expect(created.status, created.text).to.equal(201);
    const small = await render('h-budget', { variables: { list: [1, 2] } });
    expect(small.json.html, small.text).to.include('1122');
    const list = Array.from({ length: 2000 }, (_, i) => i);
    const res = await render('h-budget', { variables: { list } });
    expect([res.status, res.json.code, res.json.limit], res.text).to.deep.equal([400, 'render_limit_exceeded', 'RENDER_MAX_ITERATIONS']);
  });
});
