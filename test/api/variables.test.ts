/**
 * The variables contract over real HTTP: a declared schema enforced at render with every problem listed,
 * an invalid declaration refused at save, inferred types enforced without a declaration, `strict`, and
 * the locale checked.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { mjmlPage, useTestServer } from '../support/server.js';
import { leaves, rootShape, schemaOf, setAt, valueOf } from '../support/variable-shapes.js';

const page = mjmlPage;
const ORDER = page(
  'Thanks for your order, {{customer.first_name}}! {{#each order.lines}}<p>{{qty}} × {{name}}</p>{{/each}}{{#if vip}}VIP{{/if}}',
);

describe('The variables contract', function () {
  this.timeout(30_000);
  const api = useTestServer();

  const { render } = api;

  it('a declared schema: valid variables render (defaults filled in), invalid ones get 400 with every problem', async () => {
    const variables = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { first_name: { type: 'string', minLength: 1, default: 'friend' } } },
        order: {
          type: 'object',
          properties: {
            lines: {
              type: 'array',
              items: {
                type: 'object',
                properties: { qty: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
                required: ['qty', 'name'],
              },
            },
          },
          required: ['lines'],
        },
        vip: { type: 'boolean' },
      },
      required: ['order'],
    };
    expect(
      (await api.server.request('POST', '/v1/projects', { body: { id: 'declared', mjml: ORDER, metadata: { variables } } })).status,
    ).to.equal(201);

    const ok = await render('declared', { variables: { customer: {}, order: { lines: [{ qty: 2, name: 'Tea' }] } } });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.json.html).to.include('Thanks for your order, friend!').and.to.include('2 × Tea');

    const bad = await render('declared', { variables: { order: { lines: [{ qty: 0, name: 'Tea' }, { qty: '3' }] }, vip: 'yes' } });
    expect(bad.status).to.equal(400);
    expect(bad.json.code).to.equal('invalid_variables');
    expect(bad.json.errors.map((e: { pointer: string; rule: string }) => [e.pointer, e.rule])).to.deep.equal([
      ['/variables/order/lines/0/qty', 'minimum'],
      ['/variables/order/lines/1/name', 'required'],
      ['/variables/order/lines/1/qty', 'type'],
      ['/variables/vip', 'type'],
    ]);
    expect(bad.json.errors[2]).to.deep.include({ expected: 'integer', found: 'a string (1 character)' });

    // Values are recipients' data: the problem names where and what type, never the value itself.
    const secret = await render('declared', {
      variables: { order: { lines: [{ qty: 'SECRET-QTY-4242', name: 'Tea' }] }, vip: 'SECRET-VIP-4242' },
    });
    expect([secret.status, secret.json.errors.length]).to.deep.equal([400, 2]);
    expect(secret.text).not.to.include('4242');
  });

  it('refuses a declaration that is not a schema it runs, at save, pointing into metadata', async () => {
    const res = await api.server.request('POST', '/v1/projects', {
      body: {
        id: 'bad-decl',
        mjml: ORDER,
        metadata: { variables: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } } },
      },
    });
    expect(res.status).to.equal(400);
    expect(res.json.code).to.equal('invalid_variables_schema');
    expect(res.json.errors[0].pointer).to.equal('/metadata/variables/properties/code/pattern');
    expect((await api.server.request('GET', '/v1/projects/bad-decl')).status).to.equal(404);
  });

  it('without a declaration, enforces the inferred types: a string where the template iterates, an object where it prints', async () => {
    expect((await api.server.request('POST', '/v1/projects', { body: { id: 'inferred', mjml: ORDER } })).status).to.equal(201);
    expect((await render('inferred', { variables: {} })).status, 'missing is not a type error').to.equal(200);
    const bad = await render('inferred', { variables: { order: { lines: 'two teas' }, customer: { first_name: { given: 'Ada' } } } });
    expect(bad.status).to.equal(400);
    expect(bad.json.errors.map((e: { pointer: string }) => e.pointer).sort()).to.deep.equal([
      '/variables/customer/first_name',
      '/variables/order/lines',
    ]);
  });

  it('strict: every path read other than only as a test must be supplied, all listed at once', async () => {
    const res = await render('inferred', { strict: true, variables: { order: { lines: [{ qty: 1 }] } } });
    expect(res.status).to.equal(400);
    // A missing object is named by the leaf paths the template reads in it (issue 17), not as `/variables/customer`.
    expect(res.json.errors.map((e: { pointer: string; rule: string }) => [e.pointer, e.rule])).to.deep.equal([
      ['/variables/customer/first_name', 'required'],
      ['/variables/order/lines/0/name', 'required'],
    ]);
    const ok = await render('inferred', {
      strict: true,
      variables: { customer: { first_name: 'Ada' }, order: { lines: [{ qty: 1, name: 'Tea' }] } },
    });
    expect(ok.status, ok.text).to.equal(200);
  });

  it('strict with a declaration: the declaration decides types, strict adds what is missing', async () => {
    const res = await render('declared', { strict: true, variables: { order: { lines: [] } } });
    expect(res.status).to.equal(400);
    expect(res.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/variables/customer/first_name']);
  });

  it('refuses a locale that is not a BCP 47 tag', async () => {
    const res = await render('inferred', { locale: 'en_US!' });
    expect([res.status, res.json.errors?.[0]?.pointer]).to.deep.equal([400, '/locale']);
    expect((await render('inferred', { locale: 'de-de' })).status).to.equal(200);
  });

  it('GET …/variables: the inferred schema, the declared one and how they differ', async () => {
    const declared = {
      type: 'object',
      properties: { customer: { type: 'object', properties: { firstName: { type: 'string' } } }, order: { type: 'string' } },
    };
    const created = await api.server.request('POST', '/v1/projects', {
      body: { id: 'differs', mjml: ORDER, metadata: { variables: declared } },
    });
    expect(created.status).to.equal(201);
    // The save already warned of what the template reads and the declaration does not know.
    expect(created.json.warnings.map((w: { message: string }) => w.message)).to.include(
      "The template reads 'customer.first_name', which metadata.variables does not declare.",
    );
    const res = await api.server.request('GET', '/api/v1/projects/differs/variables');
    expect(res.status).to.equal(200);
    expect(res.json.declared).to.deep.equal(declared);
    expect(Object.keys(res.json.inferred.properties)).to.deep.equal(['customer', 'order', 'vip']);
    expect(res.json.differences.map((d: { path: string; kind: string }) => [d.path, d.kind])).to.deep.equal([
      ['customer.firstName', 'not_read'],
      ['customer.first_name', 'not_declared'],
      ['order', 'type_conflict'],
      ['order.lines', 'not_declared'],
      ['order.lines[].name', 'not_declared'],
      ['order.lines[].qty', 'not_declared'],
      ['vip', 'not_declared'],
    ]);
  });

  it('POST /v1/templates/:id/validate: a dry run of the saved template with the variables a client will send', async () => {
    const good = await api.server.request('POST', '/v1/templates/declared/validate', {
      body: { variables: { order: { lines: [{ qty: 1, name: 'Tea' }] } } },
    });
    expect(good.status).to.equal(200);
    expect(good.json).to.deep.include({ valid: true, errors: [] });
    expect(good.json.variables.declared.required).to.deep.equal(['order']);
    const bad = await api.server.request('POST', '/v1/templates/declared/validate', { body: { variables: { order: {} } } });
    expect(bad.status).to.equal(200);
    expect(bad.json.valid).to.equal(false);
    expect(bad.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/variables/order/lines']);
  });

  it('POST /v1/validate: an unsaved template checked as create would, with its variables; nothing stored', async () => {
    const res = await api.server.request('POST', '/v1/validate', {
      body: { id: 'never-stored', mjml: ORDER, variables: { order: { lines: 'x' } } },
    });
    expect(res.status).to.equal(200);
    expect(res.json.valid).to.equal(false);
    expect(res.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/variables/order/lines']);
    expect(res.json.variables.inferred.properties.order.properties.lines.type).to.deep.equal(['array', 'object']);
    const refused = await api.server.request('POST', '/v1/validate', {
      body: { mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>{{#each items}}</mj-text></mj-column></mj-section></mj-body></mjml>' },
    });
    expect(refused.status).to.equal(200);
    expect(refused.json).to.deep.include({ valid: false, variables: null });
    expect(refused.json.errors[0].code).to.equal('invalid_handlebars');
    expect((await api.server.request('GET', '/v1/projects/never-stored')).status).to.equal(404);
  });

  it('renders the subject (not HTML-escaped) and preheader from metadata, the plain-text part, and warnings', async () => {
    const mjml =
      '<mjml><mj-head><mj-preview>{{preview}}</mj-preview></mj-head><mj-body><mj-section><mj-column>' +
      '<mj-text><h1>Order {{order.number}}</h1><p>Hello {{customer.first_name}},</p>{{#each order.lines}}<p>{{qty}} × {{name}}</p>{{/each}}</mj-text>' +
      '<mj-button href="{{order.url}}">View your order</mj-button><mj-text><img src="https://e.test/logo.png"><a href="http://e.test/help">Help</a></mj-text>' +
      '</mj-column></mj-section></mj-body></mjml>';
    const metadata = { subject: 'Order {{order.number}} for {{customer.first_name}} & co', preheader: 'Your {{order.lines.length}} items' };
    expect(
      (await api.server.request('POST', '/v1/projects', { body: { id: 'parts', mjml, metadata, validation: 'soft' } })).status,
    ).to.equal(201);
    const variables = {
      preview: 'Thanks!',
      customer: { first_name: 'Ada <3' },
      order: { number: 'A-1', url: 'https://e.test/o/A-1', lines: [{ qty: 2, name: 'Tea' }] },
    };
    const res = await render('parts', { variables });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.subject).to.equal('Order A-1 for Ada <3 & co');
    expect(res.json.preheader).to.equal('Your 1 items');
    expect(res.json.html).to.include('Hello Ada &lt;3,');
    const text: string = res.json.text;
    expect(text).to.include('Order A-1').and.to.include('Hello Ada <3,').and.to.include('2 × Tea');
    expect(text).to.include('View your order [https://e.test/o/A-1]');
    expect(text).not.to.include('Thanks!'); // the hidden preheader text of the HTML
    expect(text).not.to.match(/\n{3,}/);
    expect(res.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['image_without_alt', 'insecure_link']);
    const none = await render('inferred', { variables: {} });
    expect([none.json.subject, none.json.preheader]).to.deep.equal([null, null]);
  });

  it('refuses a subject or preheader that is not a Handlebars template, at save', async () => {
    const res = await api.server.request('POST', '/v1/projects', {
      body: { id: 'bad-subject', mjml: ORDER, metadata: { subject: 'Hi {{#if vip}}VIP', preheader: 42 } },
    });
    expect(res.status).to.equal(400);
    expect(res.json.code).to.equal('invalid_metadata');
    expect(res.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/metadata/subject', '/metadata/preheader']);
  });

  it('warns at save of a Liquid tag, which Handlebars would send as plain text', async () => {
    const mjml =
      '<mjml>\n<mj-body><mj-section><mj-column>\n<mj-text>{% for item in cart.items %}{{name}}{% endfor %}</mj-text>\n</mj-column></mj-section></mj-body></mjml>';
    const res = await api.server.request('POST', '/v1/projects', { body: { id: 'liquid', mjml } });
    expect(res.status).to.equal(201);
    const warning = res.json.warnings.find((w: { message: string }) => w.message.includes('Liquid'));
    expect(warning, JSON.stringify(res.json.warnings)).to.deep.include({ line: 3 });
    expect(warning.message).to.include('{{#each cart.items as |item|}}');
  });

  it('property (fast-check): for generated declarations, fitting variables render and one wrong leaf is a 400 at its pointer', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        rootShape.chain((shape) => fc.record({ shape: fc.constant(shape), at: fc.constantFrom(...leaves(shape)) })),
        async ({ shape, at }) => {
          const id = `generated-${n++}`;
          const created = await api.server.request('POST', '/v1/projects', {
            body: { id, mjml: page('Hello'), metadata: { variables: schemaOf(shape) } },
          });
          expect(created.status, created.text).to.equal(201);
          const fitting = valueOf(shape) as Record<string, unknown>;
          expect((await render(id, { variables: fitting })).status).to.equal(200);
          setAt(fitting, at.pointer, at.wrong);
          const refused = await render(id, { variables: fitting });
          expect(refused.status).to.equal(400);
          // Every problem is at that leaf (a value can break two rules there: its type and an enum).
          const pointers = new Set(refused.json.errors.map((e: { pointer: string }) => e.pointer));
          expect([...pointers]).to.deep.equal([`/variables${at.pointer}`]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
