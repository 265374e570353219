/**
 * The missing-variable check compiled into templates (read-tracking.ts, missing-reads.ts): what a render
 * reports as read and not sent, in the branches it rendered, named as the API names paths; the bound of
 * the warnings; the header form of an `Accept: text/html` render.
 */
import { expect } from 'chai';
import {
  createHandlebars,
  loadPartial,
  loadTemplate,
  precompileTemplate,
  renderWithin,
  type TemplateOutput,
} from '../../src/rendering/handlebars/environment.js';
import { MissingReads, parseHandlebars, missingVariableWarnings } from '../../src/rendering/index.js';
import { missingVariablesHeaders } from '../../src/http/presenters.js';

const LIMITS = { maxBytes: 1_000_000, maxIterations: 100_000 };
const environments = { html: createHandlebars('html'), json: createHandlebars('json') };

function compile(source: string, output: TemplateOutput = 'html') {
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return loadTemplate(environments[output], precompileTemplate(environments[output], parsed.program));
}

/** What rendering `source` with `variables` outputs, and the paths it reports missing. */
function missing(
  source: string,
  variables: Record<string, unknown>,
  options: { output?: TemplateOutput; partials?: Record<string, string> } = {},
): { output: string; paths: readonly string[] } {
  const env = environments[options.output ?? 'html'];
  const partials = options.partials
    ? Object.fromEntries(
        Object.entries(options.partials).map(([name, text]) => {
          const parsed = parseHandlebars(text);
          if (!parsed.ok) throw new Error(parsed.message);
          return [name, loadPartial(env, precompileTemplate(env, parsed.program))];
        }),
      )
    : undefined;
  const reads = new MissingReads(variables);
  const output = reads.run(() => renderWithin(compile(source, options.output), variables, LIMITS, partials ? { partials } : {}));
  return { output, paths: reads.paths() };
}

describe('Missing variables: what a render read and was not sent', () => {
  it('names each leaf path read (the whole path, also when an object on the way is missing), once, sorted', () => {
    const result = missing('Hi {{customer.first_name}} {{customer.first_name}}, order {{order.number}} <a href="{{order.url}}">', {});
    expect(result.output).to.equal('Hi  , order  <a href="">');
    expect(result.paths).to.deep.equal(['customer.first_name', 'order.number', 'order.url']);
    expect(
      missing('Hi {{customer.first_name}} {{order.number}}', { customer: { first_name: 'Ada' }, order: { number: 0 } }).paths,
    ).to.deep.equal([]);
  });

  it('reports only the branches rendered: not an {{#if}} branch not taken, nor a test itself', () => {
    const template =
      '{{#if vip}}{{vip_code}}{{else}}{{regular_code}}{{/if}}{{#unless gift}}{{receipt}}{{/unless}}{{#promo}}{{promo_text}}{{/promo}}';
    expect(missing(template, {}).paths).to.deep.equal(['receipt', 'regular_code']);
    expect(missing(template, { vip: true, gift: true, promo: true }).paths).to.deep.equal(['promo_text', 'vip_code']);
  });

  it('inside {{#each}}: a list element is [] (order.lines[].product_name), reported once for any number of elements', () => {
    const template = '{{#each order.lines}}{{product_name}} {{qty}} {{../currency}} {{@root.shop.name}} {{@index}}{{/each}}';
    const lines = [{ qty: 1 }, { qty: 2, product_name: 'Tea' }, { qty: 3 }];
    // `../currency` climbs out of the element to the root context.
    expect(missing(template, { order: { lines } }).paths).to.deep.equal(['currency', 'order.lines[].product_name', 'shop.name']);
    expect(missing('{{#each lines as |line|}}{{line.name}}{{/each}}', { lines: [{}, {}] }).paths).to.deep.equal(['lines[].name']);
    expect(missing('{{#each a}}{{#each b}}{{c}}{{../d}}{{/each}}{{/each}}', { a: [{ b: [{}] }] }).paths).to.deep.equal([
      'a[].b[].c',
      'a[].d',
    ]);
    // The list itself missing: the loop renders nothing, and the list is what is reported.
    expect(missing(template, {}).paths).to.deep.equal(['order.lines']);
  });

  it('names reads on objects anywhere in the variables: several lists, a deep {{#with}}, a large list', () => {
    const variables = {
      a: [{ x: 1 }, {}],
      b: [{}],
      deep: { er: { est: {} } },
      big: Array.from({ length: 5000 }, (_, i) => (i === 4321 ? { id: i } : { id: i, note: 'n' })),
    };
    const template =
      '{{#each a}}{{x}}{{/each}}{{#each b}}{{x}}{{/each}}{{#with deep.er.est}}{{y.z}}{{/with}}{{#each big}}{{note}}{{/each}}';
    expect(missing(template, variables).paths).to.deep.equal(['a[].x', 'b[].x', 'big[].note', 'deep.er.est.y.z']);
  });

  it('a value a template says what to do without is not reported: {{#each}}/{{#with}} with {{else}}, default', () => {
    expect(
      missing('{{#each lines}}{{name}}{{else}}No lines{{/each}}{{#with customer}}{{name}}{{else}}Hello{{/with}}', {}).paths,
    ).to.deep.equal([]);
    expect(missing('{{default nickname first_name "friend"}} {{default nickname fallback}}', {}).paths).to.deep.equal(['fallback']);
    expect(missing('{{#if (or vip (and staff (not guest)))}}x{{/if}}{{#or a b}}{{c}}{{/or}}', { a: 1 }).paths).to.deep.equal(['c']);
    expect(missing('{{#with customer}}{{name}}{{/with}}', {}).paths).to.deep.equal(['customer']);
  });

  it('reads passed to helpers and partials count; a helper name or @data is not a variable', () => {
    expect(missing('{{upper customer.name}} {{eq a.b 1}} {{@index}} {{@first}}', {}).paths).to.deep.equal(['a.b', 'customer.name']);
    // A variable named like a library helper (`{{date}}` bare reads the variable): reported the same way.
    expect(missing('{{date}} {{#upper}}{{/upper}} {{#each xs}}{{upper}}{{/each}}', { xs: [{}] })).to.deep.equal({
      output: '  ',
      paths: ['date', 'xs[].upper'],
    });
    const partials = { card: '[{{title}} {{customer.email}}]' };
    // The partial reads on its context: the caller's, then `customer`.
    expect(missing('{{> card}} {{> card customer}}', { customer: {} }, { partials }).paths).to.deep.equal([
      'customer.customer.email',
      'customer.email',
      'customer.title',
      'title',
    ]);
  });

  it('prototype names count as missing unless sent as own properties; null counts as sent', () => {
    expect(
      missing('{{constructor}} {{__proto__}} {{toString}} {{x.constructor.name}} {{x.hasOwnProperty}}', { x: {} }).paths,
    ).to.deep.equal(['__proto__', 'constructor', 'toString', 'x.constructor.name', 'x.hasOwnProperty']);
    expect(
      missing('{{constructor}} {{__proto__}}', JSON.parse('{"constructor":"mine","__proto__":"own"}') as Record<string, unknown>),
    ).to.deep.equal({ output: 'mine own', paths: [] });
    expect(missing('{{customer.name}} {{n}}', { customer: null, n: null }).paths).to.deep.equal([]);
    // A value sent where an object is read: its fields were not sent.
    expect(missing('{{customer.name}}', { customer: 'Ada' }).paths).to.deep.equal(['customer.name']);
  });

  it('the JSON-escaped compilation reports the same paths, and the output is unchanged by the check', () => {
    const template = 'Hi {{customer.first_name}} {{#each lines}}{{name}}{{/each}} {{#if x}}{{y}}{{/if}} "q"';
    const variables = { lines: [{}, { name: 'Tea' }] };
    const html = missing(template, variables);
    const json = missing(template, variables, { output: 'json' });
    expect(json.paths).to.deep.equal(html.paths).and.to.deep.equal(['customer.first_name', 'lines[].name']);
    expect(JSON.stringify(html.output)).to.equal(`"${json.output}"`);
  });

  it('records nothing outside MissingReads.run, and a nested run restores the outer collector', () => {
    const template = compile('{{a}}');
    const variables = {};
    expect(renderWithin(template, variables, LIMITS)).to.equal('');
    const outer = new MissingReads(variables);
    const inner = new MissingReads(variables);
    outer.run(() => {
      inner.run(() => renderWithin(template, variables, LIMITS));
      renderWithin(compile('{{b}}'), variables, LIMITS);
    });
    expect([outer.paths(), inner.paths()]).to.deep.equal([['b'], ['a']]);
  });
});

describe('Missing variable warnings and headers', () => {
  it('one missing_variable per path, at most 50, then missing_variables_omitted with the count', () => {
    expect(missingVariableWarnings([])).to.deep.equal([]);
    const [first] = missingVariableWarnings(['customer.first_name']);
    expect(first).to.deep.include({ code: 'missing_variable', path: 'customer.first_name' });
    expect(first!.message).to.include('customer.first_name');
    const paths = Array.from({ length: 53 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    const warnings = missingVariableWarnings(paths);
    expect(warnings).to.have.length(51);
    expect(warnings.slice(0, 50).map((w) => ('path' in w ? w.path : null))).to.deep.equal(paths.slice(0, 50));
    expect(warnings[50]).to.deep.include({ code: 'missing_variables_omitted', count: 3 });
  });

  it('text/html: the count always, the paths percent-encoded outside a safe set, bounded in length', () => {
    expect(missingVariablesHeaders([])).to.deep.equal({ 'X-Missing-Variables': '0' });
    expect(missingVariablesHeaders(['customer.first_name', 'order.lines[].qty', 'odd, näme\n', 'lone\ud800'])).to.deep.equal({
      'X-Missing-Variables': '4',
      'X-Missing-Variable-Paths': 'customer.first_name, order.lines[].qty, odd%2C%20n%C3%A4me%0A, lone%EF%BF%BD',
    });
    const long = Array.from({ length: 60 }, (_, i) => `${'x'.repeat(200)}${i}`);
    const headers = missingVariablesHeaders(long);
    expect(headers['X-Missing-Variables']).to.equal('60');
    expect(headers['X-Missing-Variable-Paths']!.length).to.be.within(4096 - 210, 4096);
    const listed = headers['X-Missing-Variable-Paths']!.split(', ');
    expect(listed).to.deep.equal(long.slice(0, listed.length));
  });
});
