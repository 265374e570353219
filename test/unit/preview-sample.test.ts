/**
 * The preview page's sample variables (public/preview/sample.js, a browser module with no DOM use, so it
 * runs here as is): what the editor starts with for a declared or an inferred schema.
 */
import { expect } from 'chai';

type SampleVariables = (schema: unknown) => Record<string, unknown>;
let sampleVariables: SampleVariables;

describe('Preview sample variables', () => {
  before(async () => {
    // Imported by URL: a browser module, outside the TypeScript program.
    ({ sampleVariables } = (await import(new URL('../../public/preview/sample.js', import.meta.url).href)) as { sampleVariables: SampleVariables });
  });

  it('fills an inferred schema with named placeholders: strings first in a printed union, one item per list', () => {
    const inferred = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { first_name: { type: ['string', 'number', 'boolean', 'null'] } } },
        order: {
          type: 'object',
          properties: {
            lines: { type: ['array', 'object'], items: { type: 'object', properties: { qty: { type: ['string', 'number', 'boolean', 'null'] } } } },
            totalAmount: { type: ['string', 'number', 'boolean', 'null'] },
          },
        },
        vip: {},
      },
    };
    expect(sampleVariables(inferred)).to.deep.equal({
      customer: { first_name: 'First name' },
      order: { lines: [{ qty: 'Qty' }], totalAmount: 'Total amount' },
      vip: true,
    });
  });

  it('takes what a declared schema gives: const, default, enum, examples, formats, bounds', () => {
    const declared = {
      type: 'object',
      properties: {
        plan: { type: 'string', enum: ['pro', 'free'] },
        locale: { type: 'string', default: 'de-DE' },
        kind: { const: 'receipt' },
        city: { type: 'string', examples: ['Lyon'] },
        email: { type: 'string', format: 'email' },
        link: { type: 'string', format: 'uri' },
        sent_at: { type: 'string', format: 'date-time' },
        code: { type: 'string', minLength: 6, maxLength: 8 },
        seats: { type: 'integer', minimum: 3 },
        ratio: { type: 'number', exclusiveMinimum: 0, maximum: 0.5 },
        dozen: { type: 'integer', multipleOf: 12 },
        small: { type: 'integer', exclusiveMinimum: -5, exclusiveMaximum: 0 },
        paid: { type: 'boolean' },
        note: { type: 'null' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
      },
    };
    expect(sampleVariables(declared)).to.deep.equal({
      plan: 'pro',
      locale: 'de-DE',
      kind: 'receipt',
      city: 'Lyon',
      email: 'ada@example.com',
      link: 'https://example.com/',
      sent_at: '2026-01-15T09:30:00Z',
      code: 'Code..',
      seats: 3,
      ratio: 0.5,
      dozen: 12,
      small: -4,
      paid: true,
      note: null,
      tags: ['Tag', 'Tag'],
    });
  });

  it('always returns an object, as render takes: {} for no schema or a non-object one', () => {
    expect(sampleVariables(undefined)).to.deep.equal({});
    expect(sampleVariables({ type: 'string' })).to.deep.equal({});
    expect(sampleVariables({ type: 'object' })).to.deep.equal({});
  });
});
