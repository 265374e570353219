import { expect } from 'chai';
import Handlebars from 'handlebars';
import { prepareTemplate } from '../../src/rendering/compile/prepare.js';
import { parseHandlebars, buildSampleContext } from '../../src/rendering/index.js';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';
import { supportsJsonOutput } from '../../src/rendering/handlebars/json-output.js';
import { corpusTemplates, skipWithoutCorpus } from '../support/corpus.js';

const json = createHandlebars('json');
const roomy = { maxBytes: 100_000_000, maxIterations: 10_000_000 };
const unlimited = { maxSourceBytes: 1e9, maxIncludesBytes: 1e9, maxNodes: 1e9, maxDepth: 1e9, maxExpressions: 1e9, maxHtmlBytes: 1e9 };

/** The JSON-output render, wrapped in quotes: must equal JSON.stringify of plain Handlebars' output. */
function jsonRender(source: string, context: Record<string, unknown>): string {
  return `"${renderWithin(loadTemplate(json, precompileTemplate(json, source)), context, roomy)}"`;
}
const reference = (source: string, context: Record<string, unknown>) => JSON.stringify(Handlebars.create().compile(source)(context));

const CASES: Array<[string, Record<string, unknown>]> = [
  [
    '<a href="{{url}}">{{{label}}}</a>{{#each items}}<i>{{@index}}:{{this}}</i>{{/each}}',
    { url: 'https://e.test/p?a=1&b=2', label: '<b>"Go"\\\n</b>', items: ['x\n', 'y"'] },
  ],
  ['{{#each items}}<li>{{@index}} {{this.n}}{{#if @first}}F\n{{/if}}</li>{{else}}none{{/each}}', { items: [{ n: 1 }, { n: '"2"' }] }],
  ['{{#each items}}x{{else}}"none"{{/each}}', { items: [] }],
  [
    '{{#with a}}{{b}}{{../top}}{{/with}}{{#unless c}}U\t{{else}}C{{/unless}}{{lookup m "k"}}{{{lookup m "k"}}}',
    { a: { b: 'B\u2028' }, top: 'T\\', m: { k: 'K"\u0001' } },
  ],
  [
    '{{#items}}{{n}}{{/items}}{{#flag}}yes "q"{{/flag}}{{^no}}inv{{/no}}{{#str}}[{{this}}]{{/str}}',
    { items: [{ n: 1 }], flag: true, str: 'a"b' },
  ],
  ['{{{x}}} and {{x}} {{{arr}}} {{{obj}}} {{n}}', { x: 5, arr: [1, '"'], obj: { a: 1 }, n: null }],
  ['{{{{raw}}}}{{notrendered}} "q"\n{{{{/raw}}}}', { raw: true }],
  ['{{~#if a~}} A "\n" {{~/if~}} B {{!-- c --}}', { a: true }],
  ['{{{x}}}|{{x}}', { x: 'lone \ud800 surrogate, \ud83d\ude00 é \u0000' }],
  ['{{{x}}}', { x: 'only a value' }],
  ['plain "text"\n', {}],
  ['', {}],
];

describe('JSON output: templates compiled to write JSON-escaped HTML', () => {
  it('renders exactly JSON.stringify of plain Handlebars output, for every kind of piece', () => {
    for (const [source, context] of CASES) expect(jsonRender(source, context), source).to.equal(reference(source, context));
  });

  it('does the same on every renderable corpus template, with its sample context and with none', async function () {
    skipWithoutCorpus(this);
    this.timeout(60_000);
    let compared = 0;
    for (const t of corpusTemplates()) {
      let html: string;
      try {
        const prepared = await prepareTemplate({
          source: { mjml: t.source, includes: t.includes },
          validation: 'soft',
          limits: unlimited,
          renderLimits: roomy,
        });
        html = prepared.template.publishedHtml;
      } catch {
        continue; // refused templates (Go syntax, Handlebars-first, unknown helpers) have no published HTML
      }
      const parsed = parseHandlebars(html);
      expect(parsed.ok, t.name).to.equal(true);
      if (!parsed.ok || !supportsJsonOutput(parsed.program)) continue;
      for (const context of [buildSampleContext(parsed.program), {}]) {
        expect(jsonRender(html, context), t.name).to.equal(reference(html, context));
        compared += 1;
      }
    }
    expect(compared).to.be.at.least(40); // 21 renderable templates, two contexts each
  });

  it('is not used for templates with partials (Handlebars indents partial output by its newlines)', () => {
    const program = (source: string) => {
      const parsed = parseHandlebars(source);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.program;
    };
    expect(supportsJsonOutput(program('{{#if a}}{{#each b}}{{c}}{{/each}}{{/if}}'))).to.equal(true);
    expect(supportsJsonOutput(program('{{#*inline "p"}}x{{/inline}}{{#if a}}{{> p}}{{/if}}'))).to.equal(false);
    expect(supportsJsonOutput(program('{{#*inline "l"}}{{> @partial-block}}{{/inline}}{{#> l}}x{{/l}}'))).to.equal(false);
  });
});
