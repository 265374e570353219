/**
 * The variables contract's pieces without a server: the schema inferred from what a template reads, the
 * checks of a declared schema at save, and the problems a render's variables get (pointers, rules, found).
 * Expected schemas are written by hand from reading each template.
 */
import { expect } from 'chai';
import { analyzeTemplate, parseHandlebars, InvalidSchemaError, VariablesValidator } from '../../src/rendering/index.js';
import { inferSchema, schemaPaths } from '../../src/rendering/variables/inferred-schema.js';

function readsOf(source: string) {
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return analyzeTemplate(parsed.program).dataReads;
}

const PRINTABLE = { type: ['string', 'number', 'boolean', 'null'] };

describe('inferSchema', () => {
  const template =
    'Hi {{customer.first_name}}! {{#each order.lines}}{{qty}} × {{product.name}}{{/each}} ' +
    '{{#if vip}}VIP{{/if}} {{join tags ", "}} {{#with address}}{{city}}{{/with}} {{#each @root.extras}}{{this}}{{/each}}';

  it('makes lists of what is iterated, objects of what has fields read, printable values of what is printed', () => {
    expect(inferSchema(readsOf(template))).to.deep.equal({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: PRINTABLE } },
        customer: { type: 'object', properties: { first_name: PRINTABLE } },
        extras: { type: ['array', 'object'], items: PRINTABLE },
        order: {
          type: 'object',
          properties: {
            lines: {
              type: ['array', 'object'],
              items: { type: 'object', properties: { product: { type: 'object', properties: { name: PRINTABLE } }, qty: PRINTABLE } },
            },
          },
        },
        tags: {}, // passed to a helper: any type
        vip: {}, // only tested
      },
    });
  });

  it('strict, requires every path read other than only as a test, at every level', () => {
    const strict = inferSchema(readsOf(template), { strict: true });
    expect(strict.required).to.deep.equal(['address', 'customer', 'extras', 'order', 'tags']);
    const lines = strict.properties!['order']!.properties!['lines']!.items!;
    expect(lines.required).to.deep.equal(['product', 'qty']);
  });

  it('names every path it describes', () => {
    expect(schemaPaths(inferSchema(readsOf(template)))).to.deep.equal([
      'address',
      'address.city',
      'customer',
      'customer.first_name',
      'extras',
      'order',
      'order.lines',
      'order.lines[].product',
      'order.lines[].product.name',
      'order.lines[].qty',
      'tags',
      'vip',
    ]);
  });
});

describe('VariablesValidator', () => {
  const validator = new VariablesValidator();
  const declared = {
    type: 'object',
    properties: {
      order: {
        type: 'object',
        properties: {
          lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer', minimum: 1 } }, required: ['qty'] } },
        },
        required: ['lines'],
      },
      plan: { enum: ['free', 'pro'] },
      email: { type: 'string', format: 'email' },
      name: { type: 'string', default: 'friend' },
    },
    required: ['order'],
  };

  it('lists every problem with its pointer into the request, the rule, what it expects and what was found', () => {
    const variables: Record<string, unknown> = { order: { lines: [{ qty: 0 }, { qty: 'two' }, {}] }, plan: 'gold', email: 'nope' };
    expect(validator.validate(declared, variables).map((p) => [p.pointer, p.rule, p.expected, p.found])).to.deep.equal([
      ['/variables/email', 'format', 'email', 'a string (4 characters)'],
      ['/variables/order/lines/0/qty', 'minimum', '>= 1', 'an integer'],
      ['/variables/order/lines/1/qty', 'type', 'integer', 'a string (3 characters)'],
      ['/variables/order/lines/2/qty', 'required', undefined, undefined],
      ['/variables/plan', 'enum', ['free', 'pro'], 'a string (4 characters)'],
    ]);
  });

  it('fills in declared defaults, and finds nothing wrong with valid variables', () => {
    const variables: Record<string, unknown> = { order: { lines: [{ qty: 2 }] } };
    expect(validator.validate(declared, variables)).to.deep.equal([]);
    expect(variables['name']).to.equal('friend');
  });

  it('escapes pointer segments as RFC 6901 says', () => {
    const schema = { type: 'object', properties: { 'a/b': { type: 'object', properties: { 'c~d': { type: 'string' } } } } };
    expect(validator.validate(schema, { 'a/b': { 'c~d': 1 } }).map((p) => p.pointer)).to.deep.equal(['/variables/a~1b/c~0d']);
  });

  it('refuses declarations it will not run, naming the place: regular expressions, references, unknown keywords, non-schemas', () => {
    const refusals: Array<[unknown, string]> = [
      [{ type: 'object', properties: { code: { type: 'string', pattern: '(a+)+$' } } }, '/properties/code/pattern'],
      [{ $ref: 'https://example.com/schema.json' }, '/$ref'],
      [{ type: 'object', properties: { a: { typo: 1 } } }, '/properties/a/typo'],
      [{ type: 'object', properties: { a: 'string' } }, '/properties/a'],
      [{ type: 'strng' }, ''],
    ];
    for (const [schema, pointer] of refusals) {
      let error: unknown;
      try {
        validator.checkDeclared(schema);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(schema)).to.be.instanceOf(InvalidSchemaError);
      expect((error as InvalidSchemaError).pointer, JSON.stringify(schema)).to.equal(pointer);
    }
    expect(() => validator.checkDeclared(declared)).not.to.throw();
  });
});
