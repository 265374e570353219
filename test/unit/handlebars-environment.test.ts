import { expect } from 'chai';
import Handlebars from 'handlebars';
import { RenderLimitError } from '../../src/rendering/index.js';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';

const env = createHandlebars();
const roomy = { maxBytes: 10_000_000, maxIterations: 1_000_000 };
const load = (source: string) => loadTemplate(env, precompileTemplate(env, source));

/** Templates covering every way Handlebars appends output, with the context each runs on. */
const CASES: Array<[string, Record<string, unknown>]> = [
  [
    '<a href="{{url}}">{{{label}}}</a>{{#each items}}<i>{{@index}}:{{this}}</i>{{/each}}',
    { url: 'https://e.test/p?a=1&b=2', label: '<b>Go</b>', items: ['x', 'y'] },
  ],
  [
    '{{#each items}}<li>{{@index}} {{this.n}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}}</li>{{else}}none{{/each}}',
    { items: [{ n: 1 }, { n: 2 }] },
  ],
  ['{{#each items}}x{{else}}none{{/each}}', { items: [] }],
  ['{{#each m}}{{@key}}={{this}};{{/each}}', { m: { a: 1, b: 2 } }],
  ['{{#each items as |it i|}}{{i}}={{it}};{{/each}}', { items: ['a', 'b'] }],
  ['{{#with a}}{{b}}{{../top}}{{/with}}{{#unless c}}U{{else}}C{{/unless}}{{lookup m "k"}}', { a: { b: 'B' }, top: 'T', m: { k: 'K' } }],
  ['{{#*inline "p"}}[{{x}}]{{/inline}}{{> p x=1}}{{> p x=2}}', {}],
  ['{{#*inline "lay"}}<{{> @partial-block}}>{{/inline}}{{#> lay}}inner {{v}}{{/lay}}', { v: 'V' }],
  ['{{#*inline "p"}}a\nb\n{{/inline}}<div>\n  {{> p}}\n</div>', {}],
  ['{{#items}}{{n}}{{/items}}{{#flag}}yes{{/flag}}{{^no}}inv{{/no}}', { items: [{ n: 1 }, { n: 2 }], flag: true }],
  ['{{{x}}} and {{x}}', { x: 5 }],
  ['{{{{raw}}}}{{notrendered}}{{{{/raw}}}}', { raw: true }],
  ['{{~#if a~}} A {{~/if~}} B {{!-- comment --}}{{! short }}', { a: true }],
  ['{{#if a}}{{#each a}}{{#with this}}{{n}}{{/with}}{{/each}}{{/if}}', { a: [{ n: 1 }, { n: 2 }] }],
  ['', {}],
];

describe('Handlebars environment (precompiled in workers, metered on render)', () => {
  it('renders byte for byte like plain Handlebars.compile on every kind of output', () => {
    for (const [source, context] of CASES) {
      const expected = Handlebars.create().compile(source)(context);
      expect(renderWithin(load(source), context, roomy), source).to.equal(expected);
    }
  });

  it('precompile reports a syntax error with its line', () => {
    expect(() => precompileTemplate(env, 'a\n{{#if a}}')).to.throw(/Parse error on line 2/);
  });

  it('log renders nothing and writes nothing', () => {
    const written: unknown[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void written.push(args);
    try {
      expect(renderWithin(load('{{log "hello\\n{\\"level\\":60}"}}ok'), {}, roomy)).to.equal('ok');
    } finally {
      console.log = original;
    }
    expect(written).to.deep.equal([]);
  });

  it('stops nested iterations at RENDER_MAX_ITERATIONS, long before they finish', () => {
    const hostile = load('{{#each a}}{{#each ../a}}x{{/each}}{{/each}}');
    const a = new Array(13_000).fill(0); // 169 million iterations if nothing stopped them
    expect(() => renderWithin(hostile, { a }, { maxBytes: 1e9, maxIterations: 100_000 }))
      .to.throw(RenderLimitError)
      .with.property('limit', 'RENDER_MAX_ITERATIONS');
  });

  it('stops output at RENDER_MAX_BYTES, also when it comes from plain expressions', () => {
    const repeated = load('{{a}}'.repeat(2000));
    expect(() => renderWithin(repeated, { a: '&'.repeat(100_000) }, { maxBytes: 1_000_000, maxIterations: 1e6 }))
      .to.throw(RenderLimitError)
      .with.property('limit', 'RENDER_MAX_BYTES');
  });

  it('counts nested output once: a render of exactly the limit passes, one byte less fails', () => {
    const nested = load(
      '{{#each a}}{{#each ../a}}{{#if true}}xx{{/if}}{{/each}}{{/each}}{{#*inline "p"}}{{#with this}}y{{/with}}{{/inline}}{{> p}}',
    );
    const context = { a: new Array(50).fill(0) };
    const size = 50 * 50 * 2 + 1;
    expect(renderWithin(nested, context, { maxBytes: size, maxIterations: 1e6 })).to.have.length(size);
    expect(() => renderWithin(nested, context, { maxBytes: size - 1, maxIterations: 1e6 })).to.throw(RenderLimitError);
  });

  it('measures the final output in UTF-8 bytes', () => {
    const template = load('{{a}}');
    expect(renderWithin(template, { a: 'é'.repeat(10) }, { maxBytes: 20, maxIterations: 10 })).to.equal('é'.repeat(10));
    expect(() => renderWithin(template, { a: 'é'.repeat(11) }, { maxBytes: 20, maxIterations: 10 })).to.throw(RenderLimitError);
  });

  it('counts partial calls as work, so fanning-out partials stop', () => {
    const fanOut = load('{{#*inline "r"}}{{> r}}{{> r}}{{/inline}}{{> r}}'); // 2^depth calls
    expect(() => renderWithin(fanOut, {}, { maxBytes: 1e9, maxIterations: 100 }))
      .to.throw(RenderLimitError)
      .with.property('limit', 'RENDER_MAX_ITERATIONS');
  });

  it('stops a partial that recurses without end as a limit, not a crash', () => {
    const endless = load('{{#*inline "r"}}{{> r}}{{/inline}}{{> r}}');
    expect(() => renderWithin(endless, {}, roomy))
      .to.throw(RenderLimitError)
      .with.property('limit', 'recursion_depth');
  });

  it('renders without a meter outside renderWithin (no limit, same output)', () => {
    expect(load('{{#each a}}{{this}}{{/each}}')({ a: [1, 2] })).to.equal('12');
  });
});
