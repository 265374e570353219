import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import Handlebars from 'handlebars';
import { analyzeTemplate, parseHandlebars, type TemplateAnalysis } from '../../src/rendering/handlebars/analysis.js';
import { buildSampleContext } from '../../src/rendering/index.js';
import { AVAILABLE_HELPERS, BUILT_IN_HELPERS, INTERNAL_HELPERS, createHandlebars } from '../../src/rendering/handlebars/environment.js';
import { LIBRARY_HELPER_NAMES } from '../../src/rendering/handlebars/helpers/index.js';
import { findGoTemplateSyntax } from '../../src/rendering/handlebars/go-syntax.js';
import { CORPUS_DIR, describeCorpus } from '../support/corpus.js';

function parsed(source: string): hbs.AST.Program {
  const result = parseHandlebars(source);
  if (!result.ok) throw new Error(`test template does not parse: ${result.message}`);
  return result.program;
}

const analyze = (source: string): TemplateAnalysis => analyzeTemplate(parsed(source));
const sample = (source: string) => buildSampleContext(analyze(source));

describe('handlebars-env', () => {
  it('BUILT_IN_HELPERS are the helpers a fresh environment registers, minus the two internal ones, our internal ones and the library', () => {
    const registered = Object.keys(createHandlebars().helpers).sort();
    expect(registered).to.include.members(['helperMissing', 'blockHelperMissing']);
    expect(registered).to.include.members(['letterpress-safe-url', 'letterpress-safe-url-json']);
    expect([...INTERNAL_HELPERS].sort()).to.deep.equal(['letterpress-safe-url', 'letterpress-safe-url-json']);
    const usable = registered.filter(
      (name) => name !== 'helperMissing' && name !== 'blockHelperMissing' && !INTERNAL_HELPERS.includes(name),
    );
    // `t` (docs/locales.md) is registered beside the library: it reads the render's messages, not a definition.
    expect([...BUILT_IN_HELPERS]).to.deep.equal(usable.filter((name) => !LIBRARY_HELPER_NAMES.includes(name) && name !== 't'));
    expect([...BUILT_IN_HELPERS]).to.deep.equal(['each', 'if', 'log', 'lookup', 'unless', 'with']);
    // what a template may call: every registered helper but the internal ones and `log`
    expect([...AVAILABLE_HELPERS]).to.deep.equal(usable.filter((name) => name !== 'log'));
  });

  it('the internal helpers cannot be called by name', () => {
    expect(() => Handlebars.compile('{{helperMissing}}')({})).to.throw(TypeError);
  });

  it('createHandlebars gives isolated environments', () => {
    const first = createHandlebars();
    const second = createHandlebars();
    first.registerHelper('shout', (text: string) => text.toUpperCase());
    expect(first.helpers).to.have.property('shout');
    expect(second.helpers).not.to.have.property('shout');
    expect(Handlebars.helpers).not.to.have.property('shout');
  });
});

describe('parseHandlebars', () => {
  it('returns the program of a valid template', () => {
    const result = parseHandlebars('<p>{{name}}</p>');
    expect(result.ok).to.equal(true);
    if (result.ok) expect(result.program.type).to.equal('Program');
  });

  it('reports a parse error with its line and the first lines of the message', () => {
    const result = parseHandlebars('<p>\nok {{name}}\n{{price a b=}}</p>');
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.line).to.equal(3);
    const lines = result.message.split('\n');
    expect(lines[0]).to.equal('Parse error on line 3:');
    expect(lines).to.have.length.at.most(4);
    expect(lines[3]).to.match(/^Expecting .*, got 'CLOSE'$/);
    expect(result.message.length).to.be.below(250);
  });

  it('reports a mismatched block with the line Handlebars gives it', () => {
    const result = parseHandlebars('<ul>\n{{#each items}}\n<li>{{name}}</li>\n{{/if}}</ul>');
    expect(result).to.deep.equal({ ok: false, message: "each doesn't match if - 2:3", line: 2 });
  });

  it('reports an unclosed comment (a lexical error)', () => {
    const result = parseHandlebars('a\nb {{!-- never closed');
    expect(result.ok).to.equal(false);
    if (!result.ok) {
      expect(result.message).to.match(/^Lexical error on line \d+/);
      expect(result.line).to.be.a('number');
    }
  });

  it('rejects Go template syntax that Handlebars cannot read', () => {
    const result = parseHandlebars('<p>{{.Props.Title}}</p>');
    expect(result).to.include({ ok: false, line: 1 });
  });
});

describe('analyzeTemplate: helper calls', () => {
  it("Saleor's {{price …}} with params and a hash is an unknown helper; its arguments are reads", () => {
    const analysis = analyze(
      '<td>\n{{price order.total_net_amount order.total_gross_amount order.currency display_gross=order.display_gross_prices}}</td>',
    );
    expect(analysis.helpers).to.deep.equal(['price']);
    expect(analysis.unknownHelpers).to.deep.equal([{ name: 'price', line: 2 }]);
    expect(analysis.variables).to.deep.equal([
      'order.currency',
      'order.display_gross_prices',
      'order.total_gross_amount',
      'order.total_net_amount',
    ]);
  });

  it("Saleor's {{format_address order.billing_address}} inside #if is an unknown helper", () => {
    const analysis = analyze('{{#if order.billing_address}}\n  {{format_address order.billing_address}}\n{{else}}none{{/if}}');
    expect(analysis.helpers).to.deep.equal(['format_address', 'if']);
    expect(analysis.unknownHelpers).to.deep.equal([{ name: 'format_address', line: 2 }]);
    expect(analysis.variables).to.deep.equal(['order.billing_address']);
  });

  it('a bare {{name}} or {{#name}} section is a variable, not a helper', () => {
    const analysis = analyze('{{name}} {{{html}}} {{#promo}}P{{/promo}} {{^empty}}E{{/empty}}');
    expect(analysis.helpers).to.deep.equal([]);
    expect(analysis.unknownHelpers).to.deep.equal([]);
    expect(analysis.variables).to.deep.equal(['empty', 'html', 'name', 'promo']);
  });

  it('a hash alone makes a helper call', () => {
    expect(analyze('{{link text="Open"}}').unknownHelpers).to.deep.equal([{ name: 'link', line: 1 }]);
  });

  it('a sub-expression is always a helper call, even without arguments', () => {
    const analysis = analyze('{{#if (gt total 100)}}big{{/if}}{{upper (now)}}');
    expect(analysis.helpers).to.deep.equal(['gt', 'if', 'now', 'upper']);
    expect(analysis.unknownHelpers.map((h) => h.name)).to.deep.equal(['now']); // gt and upper are the library's
    expect(analysis.variables).to.deep.equal(['total']);
  });

  it('a bare built-in name is a helper call (the compiler knows it)', () => {
    const analysis = analyze('{{log}}{{#if}}x{{/if}}');
    expect(analysis.helpers).to.deep.equal(['if', 'log']);
    expect(analysis.unknownHelpers).to.deep.equal([{ name: 'log', line: 1 }]); // registered, but refused in templates
    expect(analysis.variables).to.deep.equal([]);
  });

  it('built-in helpers are known; helperMissing is not a usable name', () => {
    const analysis = analyze('{{log "x" level="warn"}}{{lookup labels key}}{{#unless a}}{{/unless}}{{helperMissing}}');
    expect(analysis.helpers).to.deep.equal(['helperMissing', 'log', 'lookup', 'unless']);
    expect(analysis.unknownHelpers).to.deep.equal([
      { name: 'log', line: 1 },
      { name: 'helperMissing', line: 1 },
    ]);
  });

  it('reports a helper with a multi-part path by its original text', () => {
    const analysis = analyze('{{utils.money amount}}');
    expect(analysis.unknownHelpers).to.deep.equal([{ name: 'utils.money', line: 1 }]);
    expect(analysis.variables).to.deep.equal(['amount']);
  });

  it('a block param called with arguments is a value, not a helper (classifySexpr)', () => {
    const analysis = analyze('{{#each items as |item|}}{{item 1}}{{/each}}');
    expect(analysis.helpers).to.deep.equal(['each']);
    expect(analysis.variables).to.deep.equal(['items', 'items[]']);
  });

  it("a raw block follows the same rule: Saleor's {{{{raw}}}} is a section, its content is text", () => {
    const analysis = analyze('<script>{{{{raw}}}}{{schema_markup}}{{{{/raw}}}}</script>');
    expect(analysis.helpers).to.deep.equal([]);
    expect(analysis.variables).to.deep.equal(['raw']);
    const withArgument = analyze('{{{{raw-helper "x"}}}}{{kept}}{{{{/raw-helper}}}}');
    expect(withArgument.unknownHelpers).to.deep.equal([{ name: 'raw-helper', line: 1 }]);
    expect(withArgument.variables).to.deep.equal([]);
  });

  it('gives the line of each call in a multi-line template', () => {
    const analysis = analyze('a\n{{one x}}\nb\n\n{{#two y}}\n{{three}}{{/two}}');
    expect(analysis.unknownHelpers).to.deep.equal([
      { name: 'one', line: 2 },
      { name: 'two', line: 5 },
    ]);
  });
});

describe('analyzeTemplate: partials and decorators', () => {
  it("Vendure's {{> header title=…}} and {{> footer}} are missing partials", () => {
    const analysis = analyze('{{> header title="Verify Your Email Address" }}\n<mj-section/>\n\n{{> footer }}');
    expect(analysis.partials).to.deep.equal([
      { name: 'header', line: 1, dynamic: false },
      { name: 'footer', line: 4, dynamic: false },
    ]);
    expect(analysis.missingPartials).to.deep.equal([
      { name: 'header', line: 1 },
      { name: 'footer', line: 4 },
    ]);
  });

  it('a partial block {{#> layout}}…{{/layout}} is listed but not missing (it has fail-over content)', () => {
    const analysis = analyze('{{#with order}}\n  {{#>layout registryEmail=registryEmail}}<i>{{orderDate}}</i>{{/layout}}\n{{/with}}');
    expect(analysis.partials).to.deep.equal([{ name: 'layout', line: 2, dynamic: false }]);
    expect(analysis.missingPartials).to.deep.equal([]);
    expect(analysis.variables).to.deep.equal(['order', 'order.orderDate', 'order.registryEmail']);
  });

  it('an inline partial defines its name for {{> name}}', () => {
    const analysis = analyze('{{#*inline "row"}}<tr>{{name}}</tr>{{/inline}}{{#each people}}{{> row}}{{/each}}');
    expect(analysis.inlinePartials).to.deep.equal(['row']);
    expect(analysis.decorators).to.deep.equal(['inline']);
    expect(analysis.missingPartials).to.deep.equal([]);
    expect(analysis.partials).to.deep.equal([{ name: 'row', line: 1, dynamic: false }]);
  });

  it('a dynamic partial is missing (none is registered) and its expression is a helper call', () => {
    const analysis = analyze('{{> (whichPartial kind) }}');
    expect(analysis.partials).to.deep.equal([{ name: '(whichPartial kind)', line: 1, dynamic: true }]);
    expect(analysis.missingPartials).to.deep.equal([{ name: '(whichPartial kind)', line: 1 }]);
    expect(analysis.unknownHelpers).to.deep.equal([{ name: 'whichPartial', line: 1 }]);
    expect(analysis.variables).to.deep.equal(['kind']);
  });

  it('{{> @partial-block}} is only available inside an inline partial used as a block', () => {
    expect(analyze('<body>{{> @partial-block}}</body>').missingPartials).to.deep.equal([{ name: '@partial-block', line: 1 }]);
    const layout = analyze('{{#*inline "layout"}}<body>{{> @partial-block}}</body>{{/inline}}{{#> layout}}Hi{{/layout}}');
    expect(layout.missingPartials).to.deep.equal([]);
  });

  it("a partial's context param and hash values are reads", () => {
    const analysis = analyze('{{#*inline "card"}}{{/inline}}{{> card person title=heading}}');
    expect(analysis.variables).to.deep.equal(['heading', 'person']);
  });

  it('lists other decorators and reads their arguments', () => {
    const analysis = analyze('{{* track campaign}}<p>x</p>');
    expect(analysis.decorators).to.deep.equal(['track']);
    expect(analysis.variables).to.deep.equal(['campaign']);
  });

  it('the Handlebars runtime agrees: {{> x}} throws, a partial block renders its fail-over', () => {
    expect(() => Handlebars.compile('{{> footer}}')({})).to.throw('The partial footer could not be found');
    expect(Handlebars.compile('{{#> layout}}fail-over{{/layout}}')({})).to.equal('fail-over');
    expect(() => Handlebars.compile('{{> @partial-block}}')({})).to.throw('could not be found');
  });
});

describe('analyzeTemplate: variables resolved to the root context', () => {
  it('plain and dotted paths', () => {
    expect(analyze('Order {{order.number}} for {{ user.first_name }}').variables).to.deep.equal(['order.number', 'user.first_name']);
  });

  it('fields read inside #each belong to the list elements', () => {
    const analysis = analyze('{{#each order.lines}}<td>{{product_name}} ({{variant_name}})</td>{{/each}}');
    expect(analysis.variables).to.deep.equal(['order.lines', 'order.lines[].product_name', 'order.lines[].variant_name']);
  });

  it("../ climbs out of #each (Saleor's ../order.currency), #if adds no scope", () => {
    const analysis = analyze(
      '{{#each order.lines}}{{#if quantity}}{{price unit_price_net_amount ../order.currency display_gross=../order.display_gross_prices}}{{/if}}{{/each}}',
    );
    expect(analysis.variables).to.deep.equal([
      'order.currency',
      'order.display_gross_prices',
      'order.lines',
      'order.lines[].quantity',
      'order.lines[].unit_price_net_amount',
    ]);
  });

  it('../ climbs exactly one scope per level', () => {
    const analysis = analyze('{{#each groups}}{{#each items}}{{label}}{{../title}}{{../../site}}{{/each}}{{/each}}');
    expect(analysis.variables).to.deep.equal(['groups', 'groups[].items', 'groups[].items[].label', 'groups[].title', 'site']);
  });

  it('#with changes the context; its {{else}} keeps the outer one', () => {
    expect(analyze('{{#with customer}}{{name}}{{else}}{{fallback}}{{/with}}').variables).to.deep.equal([
      'customer',
      'customer.name',
      'fallback',
    ]);
  });

  it('{{else}} of #each runs in the outer context', () => {
    expect(analyze('{{#each items}}{{name}}{{else}}{{empty_text}}{{/each}}').variables).to.deep.equal([
      'empty_text',
      'items',
      'items[].name',
    ]);
  });

  it('this and . are the current context', () => {
    const analysis = analyze(
      '<ul>{{#each commissionNames}}<li>{{this}}</li>{{/each}}</ul>{{#each people}}{{.}}{{this.first}}{{./last}}{{/each}}',
    );
    expect(analysis.variables).to.deep.equal([
      'commissionNames',
      'commissionNames[]',
      'people',
      'people[]',
      'people[].first',
      'people[].last',
    ]);
  });

  it('@index, @key, @first are not data paths; @root.x is x', () => {
    const analysis = analyze('{{#each rows}}{{@index}}{{@key}}{{#if @first}}F{{/if}}{{@root.currency}}{{/each}}');
    expect(analysis.variables).to.deep.equal(['currency', 'rows']);
  });

  it('block params stand for what #each and #with yield', () => {
    const analysis = analyze('{{#each items as |item i|}}{{item.name}}{{i}}{{#with item.vendor as |v|}}{{v.email}}{{/with}}{{/each}}');
    expect(analysis.variables).to.deep.equal(['items', 'items[].name', 'items[].vendor', 'items[].vendor.email']);
  });

  it('block params of another helper are local names, not root paths', () => {
    const analysis = analyze('{{#sorted people as |p|}}{{p.name}}{{/sorted}}');
    expect(analysis.variables).to.deep.equal(['people']);
  });

  it('leaves out reads whose context is unknowable', () => {
    expect(analyze('{{#each (filter items)}}{{name}}{{/each}}').variables).to.deep.equal(['items']);
    expect(analyze('{{../outside}}').variables).to.deep.equal([]);
  });

  it('walks chained {{else if}}, sub-expressions and hash values', () => {
    const analysis = analyze('{{#if a}}x{{else if b}}{{c}}{{/if}}{{fmt (pick d) style=e}}');
    expect(analysis.variables).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it('ignores comments', () => {
    expect(analyze('{{!-- {{secret}} --}}{{! {{x}} }}').variables).to.deep.equal([]);
  });
});

describe('analyzeTemplate: built-in helpers used with the wrong arguments', () => {
  const cases: Array<{ template: string; helper: string; message: RegExp | string }> = [
    { template: '{{#if a b}}x{{/if}}', helper: 'if', message: '#if requires exactly one argument' },
    { template: '{{#if}}x{{/if}}', helper: 'if', message: '#if requires exactly one argument' },
    { template: '{{#unless}}x{{/unless}}', helper: 'unless', message: '#unless requires exactly one argument' },
    { template: '{{#with a b}}x{{/with}}', helper: 'with', message: '#with requires exactly one argument' },
    { template: '{{#each}}x{{/each}}', helper: 'each', message: 'Must pass iterator to #each' },
    { template: '{{#each a b}}x{{/each}}', helper: 'each', message: /^#each takes exactly one argument, got 2/ },
    { template: '{{lookup a}}', helper: 'lookup', message: /^lookup requires exactly two arguments .*got 1/ },
    { template: '{{lookup a b c}}', helper: 'lookup', message: /^lookup requires exactly two arguments .*got 3/ },
    { template: '{{if a}}', helper: 'if', message: /^#if must be used as a block/ },
  ];

  for (const { template, helper, message } of cases) {
    it(`${template} → ${String(message)}, and Handlebars does throw`, () => {
      const [error, ...others] = analyze(template).builtInArityErrors;
      expect(others).to.deep.equal([]);
      expect(error).to.include({ helper, line: 1 });
      if (typeof message === 'string') expect(error?.message).to.equal(message);
      else expect(error?.message).to.match(message);
      const truthy = { a: { x: 1 }, b: 'x', c: 'y' };
      const thrown = typeof message === 'string' ? message : undefined;
      expect(() => Handlebars.compile(template)(truthy)).to.throw(thrown);
    });
  }

  it('accepts the correct forms', () => {
    const template =
      '{{#if a includeZero=true}}{{/if}}{{#unless b}}{{/unless}}{{#with c}}{{/with}}{{#each d}}{{/each}}{{lookup e f}}{{#if (lookup e f)}}{{/if}}';
    expect(analyze(template).builtInArityErrors).to.deep.equal([]);
  });
});

describe('buildSampleContext', () => {
  it('a leaf path gets a string that names it', () => {
    expect(sample('{{order.number}} {{site_name}}')).to.deep.equal({ order: { number: 'order.number' }, site_name: 'site_name' });
  });

  it('an #each path gets two objects when fields are read inside', () => {
    expect(sample('{{#each order.lines}}{{product_name}}{{/each}}')).to.deep.equal({
      order: {
        lines: [{ product_name: 'order.lines[0].product_name' }, { product_name: 'order.lines[1].product_name' }],
      },
    });
  });

  it("an #each path gets two strings when only {{this}} is read (City of Boston's commissionNames)", () => {
    const template = '<ul>{{#each commissionNames}}<li>{{this}}</li>{{/each}}</ul>';
    const context = sample(template);
    expect(context).to.deep.equal({ commissionNames: ['commissionNames[0]', 'commissionNames[1]'] });
    expect(Handlebars.compile(template)(context)).to.equal('<ul><li>commissionNames[0]</li><li>commissionNames[1]</li></ul>');
  });

  it('#with gets an object; #if, #unless and sections get true', () => {
    expect(sample('{{#with customer}}Hi{{/with}}{{#if vip}}V{{/if}}{{#unless muted}}M{{/unless}}{{#promo}}P{{/promo}}')).to.deep.equal({
      customer: {},
      vip: true,
      muted: true,
      promo: true,
    });
  });

  it('object and list win over true; a string wins over true', () => {
    const context = sample('{{#if user}}{{user.name}}{{/if}}{{#if items}}{{#each items}}{{/each}}{{/if}}{{#if url}}{{url}}{{/if}}');
    expect(context).to.deep.equal({ user: { name: 'user.name' }, items: ['items[0]', 'items[1]'], url: 'url' });
  });

  it('a leaf also read with a field becomes an object', () => {
    expect(sample('{{a}} {{a.b}}')).to.deep.equal({ a: { b: 'a.b' } });
  });

  it('helper params count as reads; the raw block section is true', () => {
    expect(sample('{{format_address order.billing_address}}{{{{raw}}}}{{schema_markup}}{{{{/raw}}}}')).to.deep.equal({
      order: { billing_address: 'order.billing_address' },
      raw: true,
    });
  });

  it('follows block params and ../', () => {
    expect(sample('{{#each items as |item|}}{{item.name}}{{../currency}}{{/each}}')).to.deep.equal({
      items: [{ name: 'items[0].name' }, { name: 'items[1].name' }],
      currency: 'currency',
    });
  });

  it('gives the same context from the program or its analysis, and it survives JSON', () => {
    const template = '{{#with order}}{{#each lines}}{{name}}{{/each}}{{/with}}{{#if a}}{{b.c}}{{/if}}';
    const fromAnalysis = buildSampleContext(analyze(template));
    expect(buildSampleContext(parsed(template))).to.deep.equal(fromAnalysis);
    expect(JSON.parse(JSON.stringify(fromAnalysis))).to.deep.equal(fromAnalysis);
  });

  it('is empty for a template without expressions', () => {
    expect(sample('<p>static</p>')).to.deep.equal({});
  });
});

describeCorpus('the shared corpus', () => {
  const files = listFiles(CORPUS_DIR)
    .map((file) => relative(CORPUS_DIR, file))
    .filter((file) => file.endsWith('.mjml'))
    .sort();
  const templates = files.filter((file) => !file.includes('/'));
  const text = (file: string) => readFileSync(join(CORPUS_DIR, file), 'utf8');
  const handlebarsFiles = files.filter((file) => findGoTemplateSyntax(text(file)).length === 0);

  it('excludes exactly the Mattermost files as Go templates', () => {
    expect(files.filter((file) => !handlebarsFiles.includes(file))).to.deep.equal([
      'mattermost-cloud_14_day_arrears.mjml',
      'mattermost-cloud_upgrade_confirmation.mjml',
      'mattermost-ip_filters_changed.mjml',
      'mattermost-payment_failed_body.mjml',
      'mattermost-reset_body.mjml',
      'partials/cloud_laptop_error.mjml',
      'partials/cloud_questions_hr_email_footer.mjml',
      'partials/cloud_title_2subtitles_button.mjml',
      'partials/email_footer.mjml',
      'partials/header.mjml',
      'partials/logo.mjml',
      'partials/questions_footer.mjml',
    ]);
  });

  it('every other corpus file parses as Handlebars', () => {
    for (const file of handlebarsFiles) expect(parseHandlebars(text(file)).ok, file).to.equal(true);
  });

  it('finds the unknown helpers and missing partials the corpus is known for', () => {
    const findings = Object.fromEntries(
      handlebarsFiles
        .map((file) => [file, analyze(text(file))] as const)
        .filter(([, a]) => a.unknownHelpers.length > 0 || a.missingPartials.length > 0)
        .map(([file, a]) => [file, { helpers: a.unknownHelpers.map((h) => h.name), partials: a.missingPartials.map((p) => p.name) }]),
    );
    expect(findings).to.deep.equal({
      'hbs-partials/cob-registry/layout.mjml': { helpers: [], partials: ['@partial-block'] },
      'partials/_order_lines.mjml': { helpers: Array(7).fill('price'), partials: [] },
      'saleor-confirmed_order.mjml': { helpers: ['format_address', 'format_address'], partials: [] },
      'saleor-staff_confirm_order.mjml': { helpers: ['format_address', 'format_address'], partials: [] },
      'vendure-email-address-change.mjml': { helpers: [], partials: ['header', 'footer'] },
      'vendure-email-verification.mjml': { helpers: [], partials: ['header', 'footer'] },
    });
  });

  it("resolves _order_lines' ../order.currency to the root", () => {
    const variables = analyze(text('partials/_order_lines.mjml')).variables;
    expect(variables).to.include.members(['order.currency', 'order.lines', 'order.lines[].unit_price_net_amount']);
    expect(variables.filter((v) => v.includes('..'))).to.deep.equal([]);
  });

  it('every template and partial without unknown helpers or missing partials renders with its own sample context', () => {
    const rendered: string[] = [];
    for (const file of handlebarsFiles) {
      const source = text(file);
      const analysis = analyze(source);
      if (analysis.unknownHelpers.length > 0 || analysis.missingPartials.length > 0) continue;
      expect(analysis.builtInArityErrors, file).to.deep.equal([]);
      const context = buildSampleContext(analysis);
      const html = Handlebars.compile(source)(context);
      // Some sample strings sit in {{else}} branches or partial hashes; at least one must show.
      const values = leafStrings(context);
      if (values.length > 0)
        expect(
          values.some((value) => html.includes(value)),
          file,
        ).to.equal(true);
      rendered.push(file);
    }
    expect(rendered.filter((file) => templates.includes(file))).to.have.length(22);
    expect(rendered).to.include.members(['cob-commissions-policyOffice.mjml', 'cob-registry-expired.mjml', 'shared/footer.mjml']);
  });
});

/** Every string in a sample context. */
function leafStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leafStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leafStrings);
  return [];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
