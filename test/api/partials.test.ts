/**
 * Project partials over HTTP (issue 9, item 2): `"partials": { "<name>": "<source>" }` stored with each
 * revision, returned with the project, called from the template's Handlebars at render time, checked at save.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

const page = mjmlPage;

describe('project partials over HTTP', function () {
  const api = useTestServer();

  const { create } = api;
  const { render } = api;

  it('creates with partials, returns them with the project, and renders {{> name}} with them', async () => {
    const partials = { footer: '<p class="footer">Sent to {{email}}</p>' };
    const created = await create({ id: 'p-footer', mjml: page('Hi {{name}}{{> footer}}'), partials });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.partials).to.deep.equal(partials);
    expect((await api.server.request('GET', '/v1/projects/p-footer')).json.partials).to.deep.equal(partials);
    const res = await render('p-footer', { variables: { name: 'Ada', email: 'ada@example.com' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('Hi Ada<p class="footer">Sent to ada@example.com</p>');
    // The plain-text part is converted from the rendered HTML, so the partial's text is in it.
    expect(res.json.text).to.include('Sent to ada@example.com');
    // What the partial reads (with the caller's context) is what the template takes.
    expect((await api.server.request('GET', '/v1/templates/p-footer')).json.variables).to.deep.equal(['email', 'name']);
    const strict = await render('p-footer', { variables: { name: 'Ada' }, strict: true });
    expect([strict.status, strict.json.code], strict.text).to.deep.equal([400, 'invalid_variables']);
    expect(strict.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/variables/email']);
  });

  it('a project without partials has "partials": {}', async () => {
    const created = await create({ id: 'p-none', mjml: page('Hi {{name}}') });
    expect(created.json.partials).to.deep.equal({});
    expect((await api.server.request('GET', '/v1/projects/p-none')).json.partials).to.deep.equal({});
  });

  it('passes hash arguments and a context argument to a partial', async () => {
    const partials = { card: '<b>{{title}}</b> for {{who}}', line: '<i>{{sku}} × {{qty}}</i>' };
    const mjml = page('{{> card title=order.name who="you"}}{{#each order.lines}}{{> line this}}{{/each}}{{> line order.gift}}');
    const created = await create({ id: 'p-args', mjml, partials });
    expect(created.status, created.text).to.equal(201);
    const res = await render('p-args', {
      variables: {
        order: {
          name: 'Order 7',
          lines: [
            { sku: 'A', qty: 2 },
            { sku: 'B', qty: 1 },
          ],
          gift: { sku: 'G', qty: 1 },
        },
      },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('<b>Order 7</b> for you<i>A × 2</i><i>B × 1</i><i>G × 1</i>');
    const variables = (await api.server.request('GET', '/v1/templates/p-args')).json.variables;
    expect(variables).to.include.members(['order.name', 'order.lines[].sku', 'order.lines[].qty', 'order.gift.sku']);
    expect(variables).not.to.include('title');
  });

  it('renders a partial block, the partial inserting it with {{> @partial-block}}', async () => {
    const partials = { frame: '<div class="frame">{{> @partial-block}}</div>' };
    const created = await create({ id: 'p-block', mjml: page('{{#> frame}}Hello {{name}}{{/frame}}'), partials });
    expect(created.status, created.text).to.equal(201);
    const res = await render('p-block', { variables: { name: 'Ada' } });
    expect(res.json.html).to.include('<div class="frame">Hello Ada</div>');
  });

  it('a save that changes a partial is a new revision; the old revision renders with its old partial, and a restore brings it back', async () => {
    const mjml = page('{{> greeting}}');
    expect((await create({ id: 'p-rev', mjml, partials: { greeting: 'Hello {{name}}' } })).status).to.equal(201);
    const saved = await api.server.request('PUT', '/v1/projects/p-rev', { body: { mjml, partials: { greeting: 'Bonjour {{name}}' } } });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.json.revision).to.equal(1);
    expect(saved.json.partials).to.deep.equal({ greeting: 'Bonjour {{name}}' });
    expect((await render('p-rev', { variables: { name: 'Ada' } })).json.html).to.include('Bonjour Ada');
    expect((await render('p-rev', { variables: { name: 'Ada' }, revision: 0 })).json.html).to.include('Hello Ada');
    expect((await api.server.request('GET', '/v1/projects/p-rev?revision=0')).json.partials).to.deep.equal({ greeting: 'Hello {{name}}' });
    const restored = await api.server.request('POST', '/v1/projects/p-rev/revisions/0/restore');
    expect(restored.status, restored.text).to.equal(200);
    expect(restored.json).to.include({ revision: 2 });
    expect(restored.json.partials).to.deep.equal({ greeting: 'Hello {{name}}' });
    expect((await render('p-rev', { variables: { name: 'Ada' } })).json.html).to.include('Hello Ada');
    // A save without partials has none.
    const plain = await api.server.request('PUT', '/v1/projects/p-rev', { body: { mjml: page('Plain {{name}}') } });
    expect(plain.json.partials).to.deep.equal({});
    expect((await api.server.request('GET', '/v1/projects/p-rev')).json.partials).to.deep.equal({});
  });

  it('400 unknown_partial names the unknown partial and lists the ones that exist', async () => {
    const res = await create({ mjml: page('{{> footer}}{{#*inline "row"}}r{{/inline}}{{> row}}'), partials: { header: 'H', layout: 'L' } });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'unknown_partial']);
    expect(res.json.unknown_partials).to.deep.equal(['footer']);
    expect(res.json.available_partials).to.deep.equal(['header', 'layout', 'row']);
    expect(res.json.detail).to.include('footer').and.to.include('header, layout');
    const inPartial = await create({ mjml: page('{{> a}}'), partials: { a: 'x {{> nope}}' } });
    expect([inPartial.status, inPartial.json.code], inPartial.text).to.deep.equal([400, 'unknown_partial']);
    expect(inPartial.json.detail).to.include('nope').and.to.include('partials/a');
  });

  it('400 recursive_partial for a partial that calls itself, and for two that call each other', async () => {
    const self = await create({ mjml: page('{{> a}}'), partials: { a: '{{#if more}}{{> a}}{{/if}}' } });
    expect([self.status, self.json.code], self.text).to.deep.equal([400, 'recursive_partial']);
    expect(self.json.cycle).to.deep.equal(['a', 'a']);
    expect(self.json.detail).to.include("'a' calls itself");
    const pair = await create({
      mjml: page('{{> first}}'),
      partials: { first: 'one {{> second}}', second: 'two {{#> first}}x{{/first}}' },
    });
    expect([pair.status, pair.json.code], pair.text).to.deep.equal([400, 'recursive_partial']);
    expect(pair.json.cycle).to.deep.equal(['first', 'second', 'first']);
  });

  it('partials pass the template checks: helpers, decorators, syntax, names, count', async () => {
    const helper = await create({ mjml: page('{{> a}}'), partials: { a: '{{shout x}}' } });
    expect([helper.status, helper.json.code], helper.text).to.deep.equal([400, 'unknown_helper']);
    expect(helper.json.errors[0].file).to.equal('partials/a');
    const dynamic = await create({ mjml: page('{{> a}}'), partials: { a: '{{> (lookup . "k")}}' } });
    expect([dynamic.status, dynamic.json.code], dynamic.text).to.deep.equal([400, 'invalid_handlebars']);
    const syntax = await create({ mjml: page('{{> a}}'), partials: { a: '{{#if x}}open' } });
    expect([syntax.status, syntax.json.code], syntax.text).to.deep.equal([400, 'invalid_handlebars']);
    expect(syntax.json.errors[0].pointer).to.equal('/partials/a');
    const name = await create({ mjml: page('x'), partials: { 'bad name': 'x' } });
    expect([name.status, name.json.code], name.text).to.deep.equal([400, 'invalid_request']);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, 'x']));
    const tooMany = await create({ mjml: page('x'), partials: many });
    expect([tooMany.status, tooMany.json.code, tooMany.json.limit], tooMany.text).to.deep.equal([
      400,
      'template_too_complex',
      'MAX_PARTIALS',
    ]);
  });

  it('partial bytes count into TEMPLATE_MAX_SOURCE_BYTES', async () => {
    const big = await create({ mjml: page('{{> a}}'), partials: { a: 'x'.repeat(256 * 1024) } });
    expect([big.status, big.json.code, big.json.limit], big.text).to.deep.equal([413, 'template_too_large', 'TEMPLATE_MAX_SOURCE_BYTES']);
  });

  it('a partial recursing through the data stops at the partial depth budget, not the call stack', async () => {
    const partials = { tree: '{{#*inline "node"}}<li>{{name}}{{#each children}}{{> node}}{{/each}}</li>{{/inline}}{{> node}}' };
    const created = await create({ id: 'p-tree', mjml: page('<ul>{{> tree}}</ul>'), partials });
    expect(created.status, created.text).to.equal(201);
    const nest = (depth: number): Record<string, unknown> =>
      depth === 0 ? { name: 'leaf', children: [] } : { name: `n${depth}`, children: [nest(depth - 1)] };
    const ok = await render('p-tree', { variables: nest(20) });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.json.html).to.include('<li>n20<li>n19');
    const deep = await render('p-tree', { variables: nest(300) });
    expect([deep.status, deep.json.code, deep.json.limit], deep.text).to.deep.equal([400, 'render_limit_exceeded', 'recursion_depth']);
    expect(deep.json.max).to.equal(100);
  });
});
