/**
 * The helper library and "safe Handlebars", through the real environment path: createHandlebars →
 * precompileTemplate → loadTemplate → renderWithin (with a locale), and the save-time refusals of
 * checkHandlebars. Expected Intl output is written out by hand (CLDR data as of Node 20's ICU): de-DE
 * puts a no-break space U+00A0 before `€` and `%`.
 */
import { expect } from 'chai';
import Handlebars from 'handlebars';
import { RenderLimitError, DEFAULT_TEMPLATE_LIMITS, TemplateError } from '../../src/rendering/index.js';
import { prepareTemplate } from '../../src/rendering/compile/prepare.js';
import {
  AVAILABLE_HELPERS,
  BUILT_IN_HELPERS,
  createHandlebars,
  loadTemplate,
  precompileTemplate,
  renderWithin,
} from '../../src/rendering/handlebars/environment.js';
import { checkHandlebars, type SourceFile } from '../../src/rendering/handlebars/guards.js';
import { HelperArgumentError, LIBRARY_HELPER_NAMES } from '../../src/rendering/handlebars/helpers/index.js';
import { PROBLEM_RULES } from '../../src/http/problem-statuses.js';

const env = createHandlebars();
const roomy = { maxBytes: 10_000_000, maxIterations: 1_000_000 };
const NBSP = '\u00A0';

function render(source: string, context: Record<string, unknown> = {}, locale?: string): string {
  const template = loadTemplate(env, precompileTemplate(env, source));
  return renderWithin(template, context, roomy, locale === undefined ? undefined : { locale });
}

/** The output in en-US and in de-DE. */
function inBoth(source: string, context: Record<string, unknown> = {}): [string, string] {
  return [render(source, context, 'en-US'), render(source, context, 'de-DE')];
}

/** What rendering throws (fails the test when it renders). */
function renderError(source: string, context: Record<string, unknown> = {}, locale?: string): Error {
  try {
    render(source, context, locale);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`expected ${source} to throw`);
}

function expectArgumentError(source: string, context: Record<string, unknown>, helper: string, message: RegExp): void {
  const error = renderError(source, context);
  expect(error, source).to.be.instanceOf(HelperArgumentError);
  expect(error).to.have.property('helper', helper);
  expect(error.message, source)
    .to.match(new RegExp(`^${helper}: `))
    .and.to.match(message);
}

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** checkHandlebars on one file (the markup is the file), or on markup with files to locate problems in. */
function refusal(markup: string, files: SourceFile[] = [{ file: '', text: markup }]): TemplateError {
  try {
    checkHandlebars(markup, files);
  } catch (error) {
    expect(error).to.be.instanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error(`expected ${markup} to be refused`);
}

describe('helper library: the list of helpers', () => {
  it('AVAILABLE_HELPERS is sorted: the built-ins but log, and the library', () => {
    expect([...AVAILABLE_HELPERS]).to.deep.equal([...AVAILABLE_HELPERS].sort());
    expect([...AVAILABLE_HELPERS]).to.deep.equal([
      'abs',
      'add',
      'and',
      'append',
      'capitalize',
      'capitalizeAll',
      'ceil',
      'compare',
      'contains',
      'currency',
      'date',
      'default',
      'divide',
      'each',
      'eq',
      'floor',
      'gt',
      'gte',
      'if',
      'ifEven',
      'ifOdd',
      'is',
      'isnt',
      'join',
      'json',
      'length',
      'lookup',
      'lower',
      'lowercase',
      'lt',
      'lte',
      'max',
      'min',
      'minus',
      'modulo',
      'multiply',
      'ne',
      'not',
      'number',
      'or',
      'percent',
      'plus',
      'prepend',
      'replace',
      'round',
      'startsWith',
      'subtract',
      't',
      'times',
      'toFixed',
      'trim',
      'truncate',
      'unless',
      'upper',
      'uppercase',
      'url_encode',
      'with',
    ]);
    expect(AVAILABLE_HELPERS).not.to.include('log');
    expect(BUILT_IN_HELPERS).to.include('log'); // still registered (stored revisions), never callable in a new save
    for (const name of LIBRARY_HELPER_NAMES) expect(createHandlebars().helpers, name).to.have.property(name);
    expect(Handlebars.helpers).not.to.have.property('currency'); // nothing leaks into the global environment
  });
});

describe('helper library: comparison and logic', () => {
  it('eq and ne are strict; usable inline, as sub-expressions and as blocks', () => {
    expect(render('{{eq a 1}} {{eq a "1"}} {{ne a "1"}} {{eq n u}}', { a: 1, n: null })).to.equal('true false true false');
    expect(render('{{#if (eq status "paid")}}Paid{{else}}Due{{/if}}', { status: 'paid' })).to.equal('Paid');
    expect(render('{{#eq status "paid"}}Paid{{else}}Due{{/eq}}', { status: 'open' })).to.equal('Due');
    expect(render('{{#ne status "paid"}}Due{{/ne}}', { status: 'paid' })).to.equal('');
    expect(render('{{^eq a 1}}not one{{/eq}}', { a: 2 })).to.equal('not one');
  });

  it('lt lte gt gte order numbers, decimal strings against numbers, and strings', () => {
    const ctx = { n: 10, s: '10', big: '12.50', word: 'apple' };
    expect(render('{{lt n 11}} {{lte n 10}} {{gt n 10}} {{gte n 10}}', ctx)).to.equal('true true false true');
    expect(render('{{gt s 9}} {{gt big 12.4}} {{lt "-1" 0}}', ctx)).to.equal('true true true');
    expect(render('{{lt word "banana"}} {{lt "B" "a"}} {{gt "2024-03-07" "2024-02-29"}}', ctx)).to.equal('true true true');
    expect(render('{{lt s "9"}}', ctx)).to.equal('true'); // two strings: by code units, "10" < "9"
    expect(render('{{#gt total 100}}free shipping{{else}}shipping{{/gt}}', { total: 120 })).to.equal('free shipping');
  });

  it('ordering with null or undefined is false; other mixes are errors naming the helper and the values', () => {
    expect(render('{{lt missing 1}} {{gt missing 1}} {{lte n null}} {{gte n missing}}', { n: 1 })).to.equal('false false false false');
    expectArgumentError('{{lt word 3}}', { word: 'abc' }, 'lt', /the 1st value must be a number, got a string of 3 characters/);
    expectArgumentError('{{gt flag 0}}', { flag: true }, 'gt', /cannot be ordered: a boolean and a number/);
    expectArgumentError('{{lte list 2}}', { list: [1] }, 'lte', /a list of 1/);
    expectArgumentError('{{gte obj "a"}}', { obj: {} }, 'gte', /an object/);
  });

  it('compare: every operator, block form with {{else}}, inline boolean', () => {
    const ctx = { a: 5, b: '5', c: 7 };
    expect(render('{{compare a "==" b}} {{compare a "===" b}} {{compare a "!=" b}} {{compare a "!==" b}}', ctx)).to.equal(
      'true false false true',
    );
    expect(render('{{compare a "<" c}} {{compare a "<=" 5}} {{compare c ">" a}} {{compare a ">=" 6}}', ctx)).to.equal(
      'true true true false',
    );
    expect(render('{{compare n "==" u}} {{compare n "===" u}}', { n: null })).to.equal('true false');
    expect(render('{{#compare a ">" 3}}big{{else}}small{{/compare}}|{{#compare a ">" 9}}big{{else}}small{{/compare}}', ctx)).to.equal(
      'big|small',
    );
    expect(render('{{#if (compare a "<" c)}}yes{{/if}}', ctx)).to.equal('yes');
  });

  it('compare refuses an operator it does not know (from data: at render time)', () => {
    expectArgumentError(
      '{{compare a op b}}',
      { a: 1, op: '=~', b: 2 },
      'compare',
      /the operator \(2nd argument\) must be one of == != === !== < <= > >=/,
    );
  });

  it('and / or / not use Handlebars truthiness (0, "", null, [] are false; {} is true) and return booleans', () => {
    const ctx = { yes: 'x', zero: 0, empty: '', none: null, list: [], full: [1], obj: {} };
    expect(render('{{and yes full obj}} {{and yes zero}} {{and yes list}} {{and yes missing}}', ctx)).to.equal('true false false false');
    expect(render('{{or zero empty none list}} {{or zero yes}} {{or missing obj}}', ctx)).to.equal('false true true');
    expect(render('{{not zero}} {{not list}} {{not obj}} {{not yes}}', ctx)).to.equal('true true false false');
    expect(render('{{#and yes (not zero)}}both{{else}}no{{/and}} {{#or zero none}}one{{else}}neither{{/or}}', ctx)).to.equal(
      'both neither',
    );
    expect(render('{{#if (and (eq a 1) (or b (not c)))}}ok{{/if}}', { a: 1, b: false, c: 0 })).to.equal('ok');
  });
});

describe('helper library: values and text', () => {
  it('default: the first argument unless null, undefined or ""', () => {
    expect(render('Hi {{default name "friend"}}!', {})).to.equal('Hi friend!');
    expect(render('Hi {{default name "friend"}}!', { name: '' })).to.equal('Hi friend!');
    expect(render('Hi {{default name "friend"}}!', { name: null })).to.equal('Hi friend!');
    expect(render('Hi {{default name "friend"}}!', { name: 'Ann' })).to.equal('Hi Ann!');
    expect(render('{{default n 5}} {{default f true}}', { n: 0, f: false })).to.equal('0 false'); // 0 and false are values
    expect(render('{{default nick first "friend"}}', { first: 'Bo' })).to.equal('Bo');
    expect(render('[{{default a b}}]', {})).to.equal('[]');
    expect(render('{{default name "<none>"}}', {})).to.equal('&lt;none&gt;');
  });

  it('upper, lower, capitalize follow the locale; numbers are text; null renders nothing', () => {
    expect(inBoth('{{upper "straße"}} {{lower "ÉCOLE"}} {{capitalize "élodie"}}')).to.deep.equal([
      'STRASSE école Élodie',
      'STRASSE école Élodie',
    ]);
    expect(render('{{upper "istanbul"}}', {}, 'tr-TR')).to.equal('İSTANBUL');
    expect(render('{{upper "istanbul"}}', {}, 'en-US')).to.equal('ISTANBUL');
    expect(render('{{capitalize s}}', { s: 'mcDonald' })).to.equal('McDonald'); // the rest is unchanged
    expect(render('{{capitalize s}}', { s: '𝒶bc' })).to.equal('𝒶bc'); // a surrogate pair stays whole
    expect(render('[{{upper missing}}{{lower none}}{{capitalize ""}}]', { none: null })).to.equal('[]');
    expect(render('{{upper 42}}', {})).to.equal('42');
    expect(render('{{upper s}}', { s: '<b>' })).to.equal('&lt;B&gt;');
    expectArgumentError('{{upper flag}}', { flag: true }, 'upper', /the text must be a string, got a boolean/);
    expectArgumentError('{{capitalize list}}', { list: ['a'] }, 'capitalize', /a list of 1/);
  });

  it('truncate: at most n characters, the last an ellipsis, never splitting a character', () => {
    expect(render('{{truncate s 10}}', { s: 'Hello wonderful world' })).to.equal('Hello won…');
    expect(render('{{truncate s 7}}', { s: 'Hello world' })).to.equal('Hello…'); // the space before … is dropped
    expect(render('{{truncate s 5}}|{{truncate s 6}}', { s: 'Hello' })).to.equal('Hello|Hello');
    expect(render('{{truncate s 1}}', { s: 'Hello' })).to.equal('…');
    expect(render('{{truncate s 2}}', { s: '👍🏽👍🏽👍🏽' })).to.equal('👍🏽…');
    expect(render('{{truncate s 3}}', { s: 'e\u0301e\u0301e\u0301e\u0301' })).to.equal('e\u0301e\u0301…');
    expect(render('[{{truncate missing 3}}]', {})).to.equal('[]');
    expectArgumentError('{{truncate s n}}', { s: 'abc', n: 0 }, 'truncate', /the length \(2nd argument\) must be a whole number from 1/);
    expectArgumentError('{{truncate s n}}', { s: 'abc', n: '3' }, 'truncate', /got a string of 1 character/);
    expectArgumentError('{{truncate s 3}}', { s: { a: 1 } }, 'truncate', /the text must be a string, got an object/);
  });

  it('join: a list with a separator (default ", "); null elements are empty', () => {
    expect(render('{{join tags ", "}}', { tags: ['a', 'b', 'c'] })).to.equal('a, b, c');
    expect(render('{{join tags}}', { tags: ['a', 'b'] })).to.equal('a, b');
    expect(render('{{join xs "/"}}', { xs: [1, null, true, 'x'] })).to.equal('1//true/x');
    expect(render('[{{join missing ", "}}]{{join empty "-"}}', { empty: [] })).to.equal('[]');
    expect(render('{{join xs " & "}}', { xs: ['<a>', 'b'] })).to.equal('&lt;a&gt; &amp; b');
    expectArgumentError('{{join s ", "}}', { s: 'abc' }, 'join', /the list \(1st argument\) must be a list, got a string of 3 characters/);
    expectArgumentError(
      '{{join xs ", "}}',
      { xs: ['a', { b: 1 }] },
      'join',
      /element 1 of the list must be a string, number or boolean, got an object/,
    );
    expectArgumentError('{{join xs sep}}', { xs: ['a'], sep: 1 }, 'join', /the separator \(2nd argument\) must be a string/);
  });

  it('length: list elements, string characters, object keys; null/undefined → 0', () => {
    const ctx = { list: [1, 2, 3], s: 'héllo', thumbs: '👍🏽', obj: { a: 1, b: 2 }, none: null };
    expect(
      render('{{length list}} {{length s}} {{length thumbs}} {{length obj}} {{length missing}} {{length none}} {{length ""}}', ctx),
    ).to.equal('3 5 1 2 0 0 0');
    expect(render('{{#if (gt (length list) 2)}}many{{/if}}', ctx)).to.equal('many');
    expectArgumentError('{{length n}}', { n: 5 }, 'length', /must be a list, a string or an object, got a number/);
  });

  it('json: JSON.stringify, HTML-escaped in {{ }}, raw in {{{ }}}; undefined → nothing', () => {
    const ctx = { o: { a: '<b>', n: [1, null], t: true } };
    expect(render('{{json o}}', ctx)).to.equal('{&quot;a&quot;:&quot;&lt;b&gt;&quot;,&quot;n&quot;:[1,null],&quot;t&quot;:true}');
    expect(render('{{{json o}}}', ctx)).to.equal('{"a":"<b>","n":[1,null],"t":true}');
    expect(render('[{{json missing}}] {{{json s}}} {{{json n}}} {{{json nothing}}}', { s: 'x', n: 1.5, nothing: null })).to.equal(
      '[] "x" 1.5 null',
    );
  });

  it('url_encode: encodeURIComponent (then Handlebars escapes what is left, e.g. an apostrophe)', () => {
    expect(render('<a href="https://e.test/s?q={{url_encode q}}">', { q: 'a b&c/é=?' })).to.equal(
      '<a href="https://e.test/s?q=a%20b%26c%2F%C3%A9%3D%3F">',
    );
    expect(render('{{url_encode q}}', { q: "it's" })).to.equal('it&#x27;s');
    expect(render('{{url_encode 42}}[{{url_encode missing}}]', {})).to.equal('42[]');
    expectArgumentError('{{url_encode q}}', { q: '\uD800' }, 'url_encode', /lone surrogate/);
    expectArgumentError('{{url_encode q}}', { q: ['a'] }, 'url_encode', /must be a string/);
  });
});

describe('helper library: formatting in en-US and de-DE (Intl, ECMA-402)', () => {
  it('number: grouping and decimal separators; decimals= fixes the digits', () => {
    expect(inBoth('{{number 1234567.891}}')).to.deep.equal(['1,234,567.891', '1.234.567,891']);
    expect(inBoth('{{number 1234.5 decimals=2}}')).to.deep.equal(['1,234.50', '1.234,50']);
    expect(inBoth('{{number 0.12345}}')).to.deep.equal(['0.123', '0,123']); // Intl's default: at most 3 decimals
    expect(inBoth('{{number 2.5 decimals=0}} {{number -1234}}')).to.deep.equal(['3 -1,234', '3 -1.234']);
    expect(inBoth('{{number n}}', { n: '42.5' })).to.deep.equal(['42.5', '42,5']);
    expect(render('[{{number missing}}{{number none}}{{number ""}}]', { none: null })).to.equal('[]');
  });

  it('currency: code=, the currency symbol and digits of the locale', () => {
    expect(inBoth('{{currency 1234.5 code="EUR"}}')).to.deep.equal(['€1,234.50', `1.234,50${NBSP}€`]);
    expect(inBoth('{{currency 1234.5 code="USD"}}')).to.deep.equal(['$1,234.50', `1.234,50${NBSP}$`]);
    expect(inBoth('{{currency -5 code="EUR"}}')).to.deep.equal(['-€5.00', `-5,00${NBSP}€`]);
    expect(inBoth('{{currency amount code=cur}}', { amount: '19.99', cur: 'eur' })).to.deep.equal(['€19.99', `19,99${NBSP}€`]);
  });

  it("currency minor_units=true: amounts in cents, divided by 10^(the currency's digits)", () => {
    expect(inBoth('{{currency 123450 code="EUR" minor_units=true}}')).to.deep.equal(['€1,234.50', `1.234,50${NBSP}€`]);
    expect(inBoth('{{currency 1234 code="JPY" minor_units=true}}')).to.deep.equal(['¥1,234', `1.234${NBSP}¥`]); // 0 digits
    expect(inBoth('{{currency 12345 code="KWD" minor_units=true}}')).to.deep.equal([`KWD${NBSP}12.345`, `12,345${NBSP}KWD`]); // 3 digits
    expect(render('{{currency 1999 code="EUR" minor_units=false}}')).to.equal('€1,999.00');
    expectArgumentError('{{currency x code="EUR" minor_units=true}}', { x: 12.5 }, 'currency', /whole number of minor units/);
  });

  it('currency: wrong amounts and codes are errors naming the helper and the argument', () => {
    expectArgumentError('{{currency x code="EUR"}}', { x: 'abc' }, 'currency', /the amount must be a number, got a string of 3 characters/);
    expectArgumentError('{{currency x code="EUR"}}', { x: true }, 'currency', /the amount must be a number, got a boolean/);
    expectArgumentError('{{currency 1 code=c}}', { c: 'EURO' }, 'currency', /code= must be an ISO 4217 currency code/);
    expectArgumentError('{{currency 1 code="EUR" minor_units=m}}', { m: 'yes' }, 'currency', /minor_units= must be true or false/);
    expect(render('[{{currency missing code="EUR"}}]')).to.equal('[]');
  });

  it('percent: a fraction; up to 2 decimals, or exactly decimals=', () => {
    expect(inBoth('{{percent 0.125}}')).to.deep.equal(['12.5%', `12,5${NBSP}%`]);
    expect(inBoth('{{percent 0.5 decimals=1}}')).to.deep.equal(['50.0%', `50,0${NBSP}%`]);
    expect(inBoth('{{percent 1.23456}}')).to.deep.equal(['123.46%', `123,46${NBSP}%`]);
    expect(inBoth('{{percent 12}}')).to.deep.equal(['1,200%', `1.200${NBSP}%`]);
    expectArgumentError('{{percent x}}', { x: '12%' }, 'percent', /the fraction must be a number, got a string of 3 characters/);
    expectArgumentError('{{percent 0.5 decimals=d}}', { d: 2.5 }, 'percent', /decimals= must be a whole number from 0 to 20/);
  });

  it('date: ISO 8601 dates in the four styles (default medium), UTC', () => {
    const d = { d: '2024-03-07' };
    expect(inBoth('{{date d}}', d)).to.deep.equal(['Mar 7, 2024', '07.03.2024']);
    expect(inBoth('{{date d style="full"}}', d)).to.deep.equal(['Thursday, March 7, 2024', 'Donnerstag, 7. März 2024']);
    expect(inBoth('{{date d style="long"}}', d)).to.deep.equal(['March 7, 2024', '7. März 2024']);
    expect(inBoth('{{date d style="medium"}}', d)).to.deep.equal(['Mar 7, 2024', '07.03.2024']);
    expect(inBoth('{{date d style="short"}}', d)).to.deep.equal(['3/7/24', '07.03.24']);
    expect(inBoth('{{date 0}}')).to.deep.equal(['Jan 1, 1970', '01.01.1970']); // epoch milliseconds
    expect(inBoth('{{date t}}', { t: 1709820300000 })).to.deep.equal(['Mar 7, 2024', '07.03.2024']);
  });

  it('date: time_style= adds the time; offsets are honoured; time_zone= picks the zone shown', () => {
    const t = { t: '2024-03-07T14:05:00Z' };
    // en-US has a space before PM: U+0020 in current CLDR, U+202F (narrow no-break) in CLDR 42–47.
    const [en, de] = inBoth('{{date t time_style="short"}}', t);
    expect(en).to.match(/^Mar 7, 2024, 2:05[\u0020\u202F]PM$/);
    expect(de).to.equal('07.03.2024, 14:05');
    expect(render('{{date t style="long" time_style="short"}}', t, 'de-DE')).to.equal('7. März 2024 um 14:05');
    expect(render('{{date t style="short" time_style="medium"}}', { t: '2024-03-07T23:30:00-02:00' }, 'de-DE')).to.equal(
      '08.03.24, 01:30:00',
    );
    expect(
      render('{{date t style="short" time_style="short" time_zone="Europe/Berlin"}}', { t: '2024-03-07T23:30:00Z' }, 'de-DE'),
    ).to.equal('08.03.24, 00:30');
    expect(render('{{date t style="short" time_style="short"}}', { t: '2024-03-07T23:30' }, 'de-DE')).to.equal('07.03.24, 23:30'); // no offset: UTC
    expect(render('{{date t style="short" time_style="medium"}}', { t: '2024-03-07T10:00:00.250+05:30' }, 'de-DE')).to.equal(
      '07.03.24, 04:30:00',
    );
  });

  it('date: anything but an ISO 8601 date or epoch ms is an error, never "Invalid Date"', () => {
    for (const value of [
      'tomorrow',
      '2024-02-30',
      '2024-13-01',
      '2024-03-07T25:00Z',
      'March 7, 2024',
      '1709820300000',
      true,
      { y: 2024 },
      [2024],
      1e20,
    ]) {
      expectArgumentError('{{date v}}', { v: value }, 'date', /the date must be an ISO 8601 date .* or milliseconds since 1970/);
    }
    expect(render('[{{date missing}}{{date none}}{{date ""}}]', { none: null })).to.equal('[]');
    expectArgumentError(
      '{{date d style=s}}',
      { d: '2024-03-07', s: 'huge' },
      'date',
      /style= must be one of "full", "long", "medium", "short"/,
    );
    expectArgumentError('{{date d time_zone=z}}', { d: '2024-03-07', z: 'Mars/Olympus' }, 'date', /time_zone= must be an IANA time zone/);
  });
});

describe('helper library: locale plumbing', () => {
  it('renderWithin defaults to en-US; the locale reaches helpers in blocks and inline partials', () => {
    const template = loadTemplate(
      env,
      precompileTemplate(env, '{{#each xs}}{{number this}};{{/each}}{{#*inline "p"}}{{currency x code="EUR"}}{{/inline}}{{> p}}'),
    );
    const context = { xs: [1000.5], x: 2 };
    expect(renderWithin(template, context, roomy)).to.equal('1,000.5;€2.00');
    expect(renderWithin(template, context, roomy, { locale: 'de-DE' })).to.equal(`1.000,5;2,00${NBSP}€`);
    expect(renderWithin(template, context, roomy, { locale: 'de-de' })).to.equal(`1.000,5;2,00${NBSP}€`); // canonicalised
    expect(template(context, { locale: 'de-DE' })).to.equal(`1.000,5;2,00${NBSP}€`); // CompiledTemplate's own option
    expect(template(context)).to.equal('1,000.5;€2.00');
  });

  it('a locale that is not a BCP 47 tag is an error before anything renders', () => {
    expect(() => renderWithin(loadTemplate(env, precompileTemplate(env, 'x')), {}, roomy, { locale: 'not a locale!' })).to.throw(
      RangeError,
      /is not a BCP 47 language tag/,
    );
  });
});

describe('helper library: bare names stay variables', () => {
  it('{{number}}, {{currency}}, {{#length}} with no argument read the context as before (real templates do)', () => {
    const source =
      'invoice {{number}}, {{amount}} {{currency}} {{#each xs}}{{length}}|{{/each}}{{#date}}[{{.}}]{{else}}none{{/date}}{{^json}}nojson{{/json}}';
    const context = { number: 'INV-1', amount: 5, currency: 'EUR', xs: ['ab', [1, 2, 3]], date: ['d1', 'd2'] };
    const plain = Handlebars.create().compile(source)(context);
    expect(render(source, context)).to.equal(plain);
    expect(plain).to.equal('invoice INV-1, 5 EUR 2|3|[d1][d2]nojson');
  });
});

describe('safe Handlebars: no prototype access', () => {
  it('{{constructor.name}}, {{__proto__}} and friends render nothing, also through helpers', () => {
    const source =
      '[{{constructor.name}}|{{__proto__}}|{{constructor}}|{{toString}}|{{lookup this "constructor"}}|{{items.constructor.name}}|' +
      '{{#with __proto__}}W{{/with}}|{{json constructor}}|{{length __proto__}}|{{default constructor.name "none"}}|{{join (lookup items "constructor") ","}}]';
    expect(render(source, { items: [1] })).to.equal('[||||||||0|none|]');
    expect(render('{{#each this}}{{@key}};{{/each}}', { a: 1 })).to.equal('a;');
  });
});

describe('helper library: render budget', () => {
  it('a {{#compare}} inside a big {{#each}} stops at RENDER_MAX_ITERATIONS', () => {
    const template = loadTemplate(env, precompileTemplate(env, '{{#each items}}{{#compare this ">" 0}}x{{/compare}}{{/each}}'));
    const items = Array.from({ length: 200_000 }, (_, i) => i + 1);
    expect(() => renderWithin(template, { items }, { maxBytes: 1e9, maxIterations: 10_000 }))
      .to.throw(RenderLimitError)
      .with.property('limit', 'RENDER_MAX_ITERATIONS');
  });

  it('each compare call and each run of its block count: 100 items cost 1 + 100 + 100 + 100 units', () => {
    const template = loadTemplate(env, precompileTemplate(env, '{{#each items}}{{#compare this ">" 0}}x{{/compare}}{{/each}}'));
    const items = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(renderWithin(template, { items }, { maxBytes: 1e6, maxIterations: 301 })).to.equal('x'.repeat(100));
    expect(() => renderWithin(template, { items }, { maxBytes: 1e6, maxIterations: 300 })).to.throw(RenderLimitError);
  });

  it("a block helper's output is counted once against RENDER_MAX_BYTES", () => {
    const template = loadTemplate(env, precompileTemplate(env, '{{#each items}}{{#eq this 1}}ab{{/eq}}{{/each}}'));
    expect(renderWithin(template, { items: [1, 1, 1] }, { maxBytes: 6, maxIterations: 100 })).to.equal('ababab');
    expect(() => renderWithin(template, { items: [1, 1, 1] }, { maxBytes: 5, maxIterations: 100 })).to.throw(RenderLimitError);
  });

  it('the JSON-output compilation renders helpers exactly like the HTML one', () => {
    const json = createHandlebars('json');
    const source = '{{#compare a ">" 1}}"q"\n{{else}}n{{/compare}}{{currency x code="EUR"}}{{json o}}{{#eq a 2}}<{{upper s}}>{{/eq}}';
    const context = { a: 2, x: 5, o: { k: 'v"\n' }, s: 'é"' };
    const html = renderWithin(loadTemplate(env, precompileTemplate(env, source)), context, roomy, { locale: 'de-DE' });
    const escaped = renderWithin(loadTemplate(json, precompileTemplate(json, source)), context, roomy, { locale: 'de-DE' });
    expect(`"${escaped}"`).to.equal(JSON.stringify(html));
  });
});

describe('safe Handlebars: refused at save', () => {
  it('{{log}} is an unknown helper now (no corpus template uses it)', () => {
    const error = refusal(page('A{{log line}}B'));
    expect(error.code).to.equal('unknown_helper');
    expect(error.extra['unknown_helpers']).to.deep.equal(['log']);
    expect(error.extra['available_helpers']).to.deep.equal([...AVAILABLE_HELPERS]);
  });

  it('unknown helpers are listed with their lines and files, followed by the helpers we have', () => {
    const markup = '<mjml><mj-body>{{price a}} {{#if (shout b)}}x{{/if}} <mj-include path="parts/lines.mjml" /></mj-body></mjml>';
    const files: SourceFile[] = [
      {
        file: '',
        text: '<mjml>\n<mj-body>\n{{price a}}\n{{#if (shout b)}}x{{/if}}\n<mj-include path="parts/lines.mjml" />\n</mj-body></mjml>',
      },
      { file: 'parts/lines.mjml', text: '<mj-raw>\n\n{{price b}}\n</mj-raw>' },
    ];
    const error = refusal(markup, files);
    expect(error.code).to.equal('unknown_helper');
    expect(error.message).to.equal(
      'Unknown Handlebars helpers: price (line 3 of the template; line 3 of parts/lines.mjml), shout (line 4 of the template). ' +
        `Available helpers: ${AVAILABLE_HELPERS.join(', ')}.`,
    );
    expect(error.problems).to.deep.equal([
      { file: '', line: 3, message: "helper 'price' is not registered" },
      { file: 'parts/lines.mjml', line: 3, message: "helper 'price' is not registered" },
      { file: '', line: 4, message: "helper 'shout' is not registered" },
    ]);
  });

  it('decorators other than {{#*inline "name"}} are refused, naming the construct and its line', () => {
    const error = refusal('<p>\n{{* track campaign}}\n</p>');
    expect([error.code, PROBLEM_RULES[error.code].status]).to.deep.equal(['invalid_handlebars', 400]);
    expect(error.message).to.match(
      /^Handlebars decorators are not supported: \{\{\* track campaign\}\} \(line 2 of the template\): the decorator 'track' is not supported\./,
    );
    expect(error.problems).to.deep.equal([{ file: '', line: 2, message: "{{* track campaign}}: the decorator 'track' is not supported" }]);
    expect(error.extra).to.deep.equal({ decorators: ['track'] });
    expect(refusal('{{#*track}}x{{/track}}').message).to.include("the decorator 'track' is not supported");
    expect(refusal('{{*inline "p"}}').message).to.include('{{*inline}} must be a block');
    expect(refusal('{{#*inline name}}x{{/inline}}').message).to.include('an inline partial needs one quoted name');
    expect(() => checkHandlebars('{{#*inline "row"}}<b>{{x}}</b>{{/inline}}{{> row}}', [])).not.to.throw();
  });

  it('dynamic partials are refused, naming the expression and its line', () => {
    const error = refusal('a\nb {{> (lookup . "kind") }}');
    expect(error.code).to.equal('invalid_handlebars');
    expect(error.message).to.match(/^Dynamic partials are not supported: \{\{> \(lookup \. "kind"\) \}\} \(line 2 of the template\)/);
    expect(error.problems).to.deep.equal([{ file: '', line: 2, message: 'dynamic partial {{> (lookup . "kind") }}' }]);
    expect(refusal('{{> (whichPartial)}}').code).to.equal('invalid_handlebars'); // before its unknown helper
  });

  it("library helper calls that cannot work whatever the data are refused, with the helper's message and line", () => {
    const cases: Array<[string, RegExp]> = [
      [
        '{{compare a "=~" b}}',
        /^The helper call \{\{compare a "=~" b\}\} \(line 1 of the template\) cannot work: compare: the operator \(2nd argument\) must be one of/,
      ],
      ['{{eq a}}', /eq: takes 2 arguments \(eq a b\), got 1/],
      ['{{#if (not)}}x{{/if}}', /not: takes 1 argument \(not a\), got 0/],
      ['{{and a}}', /and: takes at least 2 arguments/],
      ['{{currency x}}', /currency: code= is required/],
      ['{{currency x code="EUR" digits=2}}', /currency: the option digits= is unknown \(its options are code=, minor_units=\)/],
      ['{{upper s locale="tr"}}', /upper: the option locale= is unknown \(it takes no options\)/],
      ['{{#upper s}}x{{/upper}}', /^The helper call \{\{#upper s\}\} .*upper: cannot be a block/],
      ['{{truncate s}}', /truncate: takes 2 arguments/],
      ['{{truncate s 0}}', /truncate: the length \(2nd argument\) must be a whole number from 1/],
      ['{{date d style="huge"}}', /date: style= must be one of/],
      ['{{date d time_zone="Mars/Olympus"}}', /date: time_zone= must be an IANA time zone/],
      ['{{number n decimals=-1}}', /number: decimals= must be a whole number from 0 to 20/],
      ['{{currency "abc" code="EUR"}}', /currency: the amount must be a number, got a string of 3 characters/],
      ['{{date "2024-02-30"}}', /date: the date must be an ISO 8601 date/],
      ['{{join list 5}}', /join: the separator \(2nd argument\) must be a string/],
    ];
    for (const [source, message] of cases) {
      const error = refusal(`x\n${source}`);
      expect(error.code, source).to.equal('invalid_handlebars');
      expect(error.message.replace('line 2', 'line 1'), source).to.match(message);
      expect(error.problems[0], source).to.include({ line: 2 });
    }
  });

  it('locates a misuse in the include it comes from', () => {
    const markup = '<mjml><mj-body><mj-raw>{{#compare a "=~" b}}x{{/compare}}</mj-raw></mj-body></mjml>';
    const files: SourceFile[] = [
      { file: '', text: '<mjml>\n<mj-body>\n<mj-include path="p.mjml" />\n</mj-body>\n</mjml>' },
      { file: 'p.mjml', text: '<mj-raw>\n{{#compare a "=~" b}}x{{/compare}}\n</mj-raw>' },
    ];
    const error = refusal(markup, files);
    expect(error.message).to.match(/^The helper call \{\{#compare a "=~" b\}\} \(line 2 of p\.mjml\) cannot work/);
    expect(error.problems[0]).to.include({ file: 'p.mjml', line: 2 });
  });

  it('accepts library calls on variables, bare variable names, and block params that shadow a helper', () => {
    const ok = [
      '{{currency order.total code="EUR"}} {{currency order.total code=order.currency minor_units=true}}',
      '{{#compare a op b}}x{{/compare}} {{date d style=s}} {{truncate s n}} {{number}} {{#length}}x{{/length}}',
      '{{#each items as |eq|}}{{eq}}{{/each}} {{default a b c}} {{#if (and a (not b))}}y{{/if}}',
    ];
    for (const source of ok) expect(() => checkHandlebars(source, [{ file: '', text: source }]), source).not.to.throw();
  });

  it('a saved template with formatting helpers is proven renderable although its sample data are strings', async () => {
    const prepared = await prepareTemplate({
      source: {
        mjml: page(
          '{{currency order.total code="EUR"}} {{date order.placed_at style="long"}} {{#compare order.total ">" 100}}free{{/compare}}',
        ),
      },
      validation: 'soft',
      limits: DEFAULT_TEMPLATE_LIMITS,
      renderLimits: { maxBytes: 1_000_000, maxIterations: 1000 },
    });
    const template = loadTemplate(env, precompileTemplate(env, prepared.template.publishedHtml));
    const html = renderWithin(template, { order: { total: 120, placed_at: '2024-03-07' } }, roomy, { locale: 'de-DE' });
    expect(html).to.include(`120,00${NBSP}€ 7. März 2024 free`);
  });
});
