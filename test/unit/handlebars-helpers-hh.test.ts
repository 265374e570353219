/**
 * The helpers named after the `handlebars-helpers` package (issue 17, item 4): arithmetic (math.ts),
 * comparison (comparison.ts: is isnt contains ifEven ifOdd) and strings (strings.ts), through the real
 * environment path (createHandlebars → precompileTemplate → loadTemplate → renderWithin), their errors,
 * the save-time refusal of calls that fail whatever the data, their budget, and their proof samples.
 */
import { expect } from 'chai';
import { RenderLimitError, TemplateError } from '../../src/rendering/index.js';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';
import { checkHandlebars } from '../../src/rendering/handlebars/guards.js';
import { HelperArgumentError, LIBRARY_HELPERS } from '../../src/rendering/handlebars/helpers/index.js';

const env = createHandlebars();
const roomy = { maxBytes: 10_000_000, maxIterations: 1_000_000 };

function render(source: string, context: Record<string, unknown> = {}, limits = roomy, locale?: string): string {
  return renderWithin(loadTemplate(env, precompileTemplate(env, source)), context, limits, locale === undefined ? undefined : { locale });
}

function argumentError(source: string, context: Record<string, unknown> = {}): HelperArgumentError {
  try {
    render(source, context);
  } catch (error) {
    expect(error, source).to.be.instanceOf(HelperArgumentError);
    return error as HelperArgumentError;
  }
  throw new Error(`expected ${source} to throw`);
}

/** Renders each `[source, expected]` with `context`. */
function expectRenders(cases: Array<[string, string]>, context: Record<string, unknown> = {}): void {
  for (const [source, expected] of cases) expect(render(source, context), source).to.equal(expected);
}

describe('handlebars-helpers arithmetic: add plus subtract minus multiply times divide modulo', () => {
  it('compute on numbers and decimal strings, as handlebars-helpers does', () => {
    expectRenders(
      [
        ['{{add 2 3}}', '5'],
        ['{{plus a "3"}}', '5'],
        ['{{subtract 10 4}}', '6'],
        ['{{minus a 5}}', '-3'],
        ['{{multiply "2.5" 4}}', '10'],
        ['{{times a a}}', '4'],
        ['{{divide 10 4}}', '2.5'],
        ['{{modulo 10 3}}', '1'],
        ['{{modulo -7 3}}', '-1'], // JavaScript's %: the sign of the dividend
        ['{{add " 1e3 " 1}}', '1001'],
      ],
      { a: 2 },
    );
  });

  it('round a result that is not whole to 15 significant digits: no binary noise', () => {
    expectRenders([
      ['{{add 0.1 0.2}}', '0.3'],
      ['{{subtract 19.99 5}}', '14.99'],
      ['{{multiply 1.1 1.1}}', '1.21'],
      ['{{divide 1 3}}', '0.333333333333333'],
      ['{{subtract 0.3 0.1}}', '0.2'],
    ]);
    expect(render('{{multiply a 1}}', { a: 2 ** 53 + 2 })).to.equal(String(2 ** 53 + 2)); // whole numbers keep every digit
  });

  it('refuse division and modulo by zero, at render and, for a literal 0, at save with the line', () => {
    expect(argumentError('{{divide 1 d}}', { d: 0 }).message).to.equal(
      'divide: the divisor (2nd argument) must not be 0 (a division by zero has no result)',
    );
    expect(argumentError('{{modulo 1 d}}', { d: '0' }).message).to.match(/^modulo: the divisor \(2nd argument\) must not be 0/);
    try {
      checkHandlebars('a\n{{divide total 0}}', [{ file: '', text: 'a\n{{divide total 0}}' }]);
      expect.fail('a literal divisor 0 is refused at save');
    } catch (error) {
      expect(error).to.be.instanceOf(TemplateError);
      expect((error as TemplateError).problems[0]).to.include({ line: 2 });
      expect((error as TemplateError).message).to.match(/divide: the divisor \(2nd argument\) must not be 0/);
    }
  });

  it('refuse what is not a number, naming the helper, the argument and what was found', () => {
    expect(argumentError('{{add a 1}}', { a: 'abc' }).message).to.equal(
      'add: the 1st value must be a number, got a string of 3 characters',
    );
    expect(argumentError('{{add "a" "b"}}').message).to.match(/^add: the 1st value must be a number/); // handlebars-helpers would concatenate
    expect(argumentError('{{subtract total discount}}', { total: 5 }).message).to.equal(
      'subtract: the 2nd value must be a number, got undefined (a missing value? write (default value 0) for one that may be missing)',
    );
    expect(argumentError('{{multiply a 2}}', { a: true }).message).to.equal('multiply: the 1st value must be a number, got a boolean');
    expect(argumentError('{{times a 2}}', { a: [1] }).message).to.equal('times: the 1st value must be a number, got a list of 1');
    expect(argumentError('{{plus a 2}}', { a: '0x1F' }).message).to.match(/^plus: the 1st value must be a number/); // no hexadecimal
    expect(argumentError('{{add a 2}}', { a: '' }).message).to.match(/^add: the 1st value must be a number, got a string of 0 characters/);
    expect(argumentError('{{multiply a 10}}', { a: 1e308 }).message).to.equal('multiply: the result is too large to be a number');
    expect(argumentError('{{add 1}}').message).to.equal('add: takes 2 arguments (add a b), got 1');
  });

  it('results are numbers that compose with formatting and comparison helpers', () => {
    const context = { order: { total: 120, discount: 20.5 }, line: { quantity: 3, unit_price: '4.99' } };
    expectRenders(
      [
        ['{{currency (subtract order.total order.discount) code="EUR"}}', '€99.50'],
        ['{{number (multiply line.quantity line.unit_price) decimals=2}}', '14.97'],
        ['{{#if (gt (subtract order.total order.discount) 99)}}free{{else}}paid{{/if}}', 'free'],
      ],
      context,
    );
  });
});

describe('handlebars-helpers arithmetic: abs ceil floor round, and min max toFixed', () => {
  it('abs ceil floor round on numbers and decimal strings; round is Math.round (halves up)', () => {
    expectRenders([
      ['{{abs -3.5}}', '3.5'],
      ['{{abs "-2"}}', '2'],
      ['{{ceil 1.2}}', '2'],
      ['{{floor -1.2}}', '-2'],
      ['{{round 2.5}}', '3'],
      ['{{round -2.5}}', '-2'],
      ['{{round "1.4"}}', '1'],
      ['{{ceil -0.5}}', '0'], // not "-0"
    ]);
    for (const name of ['abs', 'ceil', 'floor', 'round']) {
      expect(argumentError(`{{${name} x}}`, { x: 'abc' }).message).to.equal(
        `${name}: the value must be a number, got a string of 3 characters`,
      );
      expect(argumentError(`{{${name} x}}`).message).to.match(new RegExp(`^${name}: the value must be a number, got undefined`));
    }
  });

  it('min and max: the smallest and largest of their numbers; a list is refused', () => {
    expectRenders([
      ['{{min 3 1 2}}', '1'],
      ['{{max 3 "10" 2}}', '10'],
      ['{{max 0 (subtract 5 9)}}', '0'],
      ['{{min 7}}', '7'],
    ]);
    expect(argumentError('{{max 1 x}}', { x: 'abc' }).message).to.equal(
      'max: the 2nd value must be a number, got a string of 3 characters',
    );
    expect(argumentError('{{min x 1}}', { x: [1, 2] }).message).to.equal(
      'min: the 1st value must be a number, got a list of 2 (min takes numbers, not a list)',
    );
    expect(argumentError('{{max 1 2 3 x}}').message).to.match(/^max: the 4th value must be a number, got undefined/);
  });

  it('toFixed: Number.prototype.toFixed with 0–20 digits (default 0); a non-number is refused', () => {
    expectRenders([
      ['{{toFixed 5 2}}', '5.00'],
      ['{{toFixed "1.005" 1}}', '1.0'],
      ['{{toFixed 2.5}}', '3'],
      ['{{toFixed (divide 10 3) 2}}', '3.33'],
    ]);
    expect(argumentError('{{toFixed x 2}}', { x: 'abc' }).message).to.equal(
      'toFixed: the value must be a number, got a string of 3 characters',
    );
    expect(argumentError('{{toFixed 1 d}}', { d: 21 }).message).to.equal(
      'toFixed: the digits (2nd argument) must be a whole number from 0 to 20, got a number',
    );
  });
});

describe('handlebars-helpers comparison: is isnt contains ifEven ifOdd', () => {
  it('is / isnt: loose equality, inline, as sub-expressions and as blocks', () => {
    expectRenders(
      [
        ['{{is 1 "1"}} {{isnt 1 "1"}}', 'true false'],
        ['{{#is status "paid"}}P{{else}}N{{/is}}', 'P'],
        ['{{#isnt status "paid"}}N{{else}}P{{/isnt}}', 'P'],
        ['{{#if (is missing null)}}absent{{/if}}', 'absent'],
      ],
      { status: 'paid' },
    );
  });

  it('contains: an element of a list (strict), a text in a string, from an index; a missing list contains nothing', () => {
    const context = { tags: ['vip', 'new', 3], note: 'Leave at the door', nothing: null };
    expectRenders(
      [
        ['{{#contains tags "vip"}}V{{else}}-{{/contains}}', 'V'],
        ['{{contains tags "3"}} {{contains tags 3}}', 'false true'],
        ['{{contains note "door"}} {{contains note "Door"}}', 'true false'],
        ['{{contains tags "vip" 1}}', 'false'],
        ['{{contains nothing "x"}} {{contains missing "x"}}', 'false false'],
      ],
      context,
    );
    expect(argumentError('{{contains o "x"}}', { o: { x: 1 } }).message).to.equal(
      'contains: the 1st argument must be a list or a string, got an object',
    );
    expect(argumentError('{{contains tags "x" i}}', { tags: [], i: -1 }).message).to.match(
      /^contains: the start index \(3rd argument\) must be a whole number from 0/,
    );
  });

  it('ifEven / ifOdd: whole numbers (zebra rows with @index); anything else is refused', () => {
    expect(render('{{#each rows}}{{#ifEven @index}}e{{else}}o{{/ifEven}}{{/each}}', { rows: [1, 2, 3] })).to.equal('eoe');
    expectRenders([['{{ifOdd 3}} {{ifOdd "4"}} {{ifEven -2}}', 'true false true']]);
    expect(argumentError('{{ifEven x}}', { x: 2.5 }).message).to.equal('ifEven: the number must be a whole number, got a number');
    expect(argumentError('{{ifOdd x}}', { x: 'abc' }).message).to.equal('ifOdd: the number must be a number, got a string of 3 characters');
  });
});

describe('handlebars-helpers strings: uppercase lowercase capitalizeAll trim append prepend replace startsWith', () => {
  it('change case in the render locale, trim, and treat numbers as text; absent values render nothing', () => {
    expectRenders(
      [
        ['{{uppercase s}}|{{lowercase "ÀB"}}|{{uppercase 5}}|{{uppercase missing}}', 'ÉLODIE|àb|5|'],
        ['{{capitalizeAll "élodie de la tour"}}', 'Élodie De La Tour'],
        ['{{capitalizeAll "(hello) o\'neil 2nd"}}', '(Hello) O&#x27;neil 2nd'],
        ['[{{trim "  x y  "}}]', '[x y]'],
      ],
      { s: 'élodie' },
    );
    expect(render('{{uppercase "i"}}', {}, roomy, 'tr-TR')).to.equal('İ');
    expect(argumentError('{{trim x}}', { x: true }).message).to.equal('trim: the text must be a string, got a boolean');
    expect(argumentError('{{uppercase x}}', { x: {} }).message).to.equal('uppercase: the text must be a string, got an object');
  });

  it('append / prepend: text plus a suffix or prefix; an absent text renders nothing, an absent affix adds nothing', () => {
    expectRenders(
      [
        ['{{append name "!"}} {{prepend number "#"}}', 'Ada! #1042'],
        ['[{{append missing "!"}}] [{{prepend name missing}}]', '[] [Ada]'],
      ],
      { name: 'Ada', number: 1042 },
    );
    expect(argumentError('{{append name x}}', { name: 'a', x: [1] }).message).to.equal(
      'append: the suffix (2nd argument) must be a string, got a list of 1',
    );
  });

  it('replace: every occurrence; an empty search text is refused (at save when literal); the result is bounded by RENDER_MAX_BYTES', () => {
    expectRenders(
      [
        ['{{replace sku "-" " "}}', 'AB 12 X'],
        ['{{replace sku "-" ""}}', 'AB12X'],
        ['{{replace missing "-" ""}}', ''],
      ],
      { sku: 'AB-12-X' },
    );
    expect(argumentError('{{replace sku s ""}}', { sku: 'x', s: '' }).message).to.equal(
      'replace: the text to find (2nd argument) must not be empty',
    );
    expect(() => checkHandlebars('{{replace sku "" "x"}}', [{ file: '', text: '{{replace sku "" "x"}}' }])).to.throw(
      TemplateError,
      /must not be empty/,
    );
    expect(argumentError('{{replace sku "a" x}}', { sku: 'a' }).message).to.match(
      /^replace: the replacement \(3rd argument\) must be a string, got undefined \(write "" to remove\)/,
    );
    // 100,000 "a" each replaced by 1,000 characters would build 100 MB: refused before it is built.
    const error = (() => {
      try {
        render(
          '{{replace text "a" big}}',
          { text: 'a'.repeat(100_000), big: 'b'.repeat(1000) },
          { maxBytes: 1_000_000, maxIterations: 100 },
        );
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).to.be.instanceOf(RenderLimitError).and.to.have.property('limit', 'RENDER_MAX_BYTES');
  });

  it('startsWith prefix text: a block or a boolean; an absent text does not start with anything', () => {
    expectRenders(
      [
        ['{{#startsWith "https://" url}}secure{{else}}plain{{/startsWith}}', 'secure'],
        ['{{startsWith "x" url}} {{startsWith "x" missing}}', 'false false'],
      ],
      { url: 'https://example.com' },
    );
    expect(argumentError('{{startsWith p url}}', { url: 'x' }).message).to.equal(
      'startsWith: the prefix (1st argument) must be a string, got undefined',
    );
  });
});

describe('handlebars-helpers names: budget and proof samples', () => {
  it('every call is one unit of render work, like the rest of the library', () => {
    const rows = Array.from({ length: 50 }, (_, i) => i);
    // 1 for the each, 50 for its iterations, 50 for the add calls.
    expect(() => render('{{#each rows}}{{add this 1}}{{/each}}', { rows }, { maxBytes: 1_000_000, maxIterations: 101 })).not.to.throw();
    expect(() => render('{{#each rows}}{{add this 1}}{{/each}}', { rows }, { maxBytes: 1_000_000, maxIterations: 100 })).to.throw(
      RenderLimitError,
    );
  });

  it("every sample a definition gives for the save-time proof passes that helper's own checks", () => {
    for (const definition of LIBRARY_HELPERS.values()) {
      if (!definition.samples) continue;
      const [min] = definition.arity;
      const params = definition.samples.params ?? [];
      const args = Array.from({ length: Math.max(min, 1) }, (_, i) => params[Math.min(i, params.length - 1)]);
      const hash = Object.fromEntries(Object.entries(definition.samples.hash ?? {}).filter(([key]) => key in definition.hash));
      for (const [key, value] of Object.entries(hash)) definition.hash[key]!(value);
      definition.params?.forEach((check, index) => check && index < args.length && check(args[index]));
      expect(() => definition.run(args, hash, 'en-US'), definition.name).not.to.throw();
    }
  });
});
