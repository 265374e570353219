/**
 * Handlebars size and nesting measured from tokens (complexity.ts), and the refusal that comes before
 * Handlebars parses anything. Expected counts come from Handlebars' own parse (statements other than
 * content, walked here with a recursive walk of our own), and are also written out by hand.
 */
import { expect } from 'chai';
import Handlebars from 'handlebars';
import { MAX_BLOCK_DEPTH, measureHandlebars, refuseComplexHandlebars } from '../../src/rendering/handlebars/complexity.js';
import { checkHandlebars } from '../../src/rendering/handlebars/guards.js';
import { DEFAULT_TEMPLATE_LIMITS, TemplateError } from '../../src/rendering/index.js';
import { PROBLEM_RULES } from '../../src/http/problem-statuses.js';

/** Statements and block depth of Handlebars' parsed program (each nested program one level deeper). */
function parsedShape(source: string): { statements: number; depth: number } {
  let statements = 0;
  let deepest = 0;
  const walk = (program: hbs.AST.Program, depth: number): void => {
    for (const statement of program.body) {
      if (statement.type === 'ContentStatement') continue;
      statements += 1;
      const block = statement as Partial<hbs.AST.BlockStatement>;
      if (block.program || block.inverse) deepest = Math.max(deepest, depth + 1);
      // A chained `{{else x}}` block sits in the inverse of the block before it: one level deeper.
      if (block.program) walk(block.program, depth + 1);
      if (block.inverse) walk(block.inverse, depth + 1);
    }
  };
  walk(Handlebars.parseWithoutProcessing(source), 0);
  return { statements, depth: deepest };
}

const caught = (fn: () => unknown): TemplateError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
};

describe('Handlebars complexity from tokens', () => {
  const cases: Array<[string, number, number]> = [
    // [source, statements, depth] written out by hand
    ['<p>no handlebars</p>', 0, 0],
    ['{{a}} {{{b}}} {{&c}} {{> p}}', 4, 0],
    ['{{#if a}}x{{/if}}', 1, 1],
    ['{{#if a}}{{#each b}}{{c}}{{/each}}{{/if}}', 3, 2],
    ['{{#if a}}x{{else}}y{{/if}}{{^b}}z{{/b}}', 2, 1],
    ['{{#if a}}x{{else if b}}y{{else if c}}z{{else}}w{{/if}}', 3, 3],
    ['{{#if a}}x{{^}}y{{/if}}', 1, 1],
    ['{{#if a}}x{{else if b}}y{{else if c}}z{{/if}}{{#if d}}{{#if e}}w{{/if}}{{/if}}', 5, 3],
    ['\\{{a}} {{b}} \\\\{{c}}', 2, 0],
    ['{{!-- a }} {{#if}} --}} {{! b }}{{c}}', 3, 0],
    ['{{{{raw}}}} {{#if a}} {{x}} {{{{/raw}}}}{{y}}', 2, 1],
    ['{{x "a}}b" (lookup y "c}}")}}', 1, 0],
    ['{{#*inline "row"}}<b>{{x}}</b>{{/inline}}{{#> row}}fallback{{/row}}', 3, 1],
    ['{{~#if a~}} {{~b~}} {{~/if~}}', 2, 1],
    ['{{#each xs as |x i|}}{{x}}{{i}}{{/each}}', 3, 1],
  ];

  for (const [source, statements, depth] of cases) {
    it(`counts ${JSON.stringify(source)} as Handlebars parses it`, () => {
      expect(measureHandlebars(source)).to.deep.equal({ statements, depth });
      expect(parsedShape(source)).to.deep.equal({ statements, depth });
    });
  }

  it('reads pathological nesting without recursion', () => {
    const n = 5000;
    expect(measureHandlebars(`{{#if a}}`.repeat(n) + 'x' + `{{/if}}`.repeat(n))).to.deep.equal({ statements: n, depth: n });
  });

  it('refuses blocks nested deeper than MAX_BLOCK_DEPTH, and allows that depth', () => {
    const nested = (n: number) => `{{#if a}}`.repeat(n) + 'x' + `{{/if}}`.repeat(n);
    expect(() => refuseComplexHandlebars([nested(MAX_BLOCK_DEPTH)], DEFAULT_TEMPLATE_LIMITS)).not.to.throw();
    const error = caught(() => refuseComplexHandlebars(['<p>ok</p>', nested(MAX_BLOCK_DEPTH + 1)], DEFAULT_TEMPLATE_LIMITS));
    expect([error.code, PROBLEM_RULES[error.code].status, error.extra]).to.deep.equal([
      'template_too_complex',
      400,
      { limit: 'MAX_BLOCK_DEPTH', max: 100, found: 101 },
    ]);
    const chain = '{{#if a}}x' + Array.from({ length: MAX_BLOCK_DEPTH }, () => '{{else if b}}y').join('') + '{{/if}}';
    expect(caught(() => refuseComplexHandlebars([chain])).extra).to.deep.equal({ limit: 'MAX_BLOCK_DEPTH', max: 100, found: 101 });
  });

  it('adds up the statements of all sources against TEMPLATE_MAX_EXPRESSIONS', () => {
    const limits = { maxExpressions: 10 };
    expect(() => refuseComplexHandlebars(['{{a}}'.repeat(5), '{{b}}'.repeat(5)], limits)).not.to.throw();
    const error = caught(() => refuseComplexHandlebars(['{{a}}'.repeat(5), '{{#if b}}{{c}}{{/if}}'.repeat(3)], limits));
    expect(error.extra).to.deep.equal({ limit: 'TEMPLATE_MAX_EXPRESSIONS', max: 10, found: 11 });
  });

  it('checkHandlebars refuses an over-limit template before Handlebars parses it', () => {
    const blocks = `{{#if a}}`.repeat(3000) + 'x' + `{{/if}}`.repeat(3000);
    const markup = `<mjml><mj-body><mj-text>${blocks}</mj-text></mj-body></mjml>`;
    const original = Handlebars.parse;
    const originalRaw = Handlebars.parseWithoutProcessing;
    let parses = 0;
    Handlebars.parse = (...args: Parameters<typeof original>) => (parses++, original(...args));
    Handlebars.parseWithoutProcessing = (...args: Parameters<typeof originalRaw>) => (parses++, originalRaw(...args));
    try {
      const error = caught(() => checkHandlebars(markup, [{ file: '', text: markup }], DEFAULT_TEMPLATE_LIMITS));
      expect(error.extra).to.deep.equal({ limit: 'TEMPLATE_MAX_EXPRESSIONS', max: 2000, found: 3000 });
      const deep = `{{#if a}}`.repeat(150) + 'x' + `{{/if}}`.repeat(150);
      expect(caught(() => checkHandlebars(deep, [], DEFAULT_TEMPLATE_LIMITS)).extra).to.deep.equal({
        limit: 'MAX_BLOCK_DEPTH',
        max: 100,
        found: 150,
      });
      const partial = caught(() => checkHandlebars('{{> p}}', [], DEFAULT_TEMPLATE_LIMITS, { p: deep }));
      expect(partial.extra).to.deep.include({ limit: 'MAX_BLOCK_DEPTH' });
      expect(parses, 'Handlebars parses nothing').to.equal(0);
    } finally {
      Handlebars.parse = original;
      Handlebars.parseWithoutProcessing = originalRaw;
    }
  });
});
