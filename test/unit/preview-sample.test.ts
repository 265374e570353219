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
    ({ sampleVariables } = (await import(new URL('../../public/preview/sample.js', import.meta.url).href)) as {
      sampleVariables: SampleVariables;
    });
  });

  it('fills an inferred schema with realistic values by name, placeholders for unknown names, one item per list', () => {
    const inferred = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { first_name: { type: ['string', 'number', 'boolean', 'null'] } } },
        order: {
          type: 'object',
          properties: {
            lines: {
              type: ['array', 'object'],
              items: { type: 'object', properties: { qty: { type: ['string', 'number', 'boolean', 'null'] } } },
            },
            totalAmount: { type: ['string', 'number', 'boolean', 'null'] },
            motto: { type: ['string', 'number', 'boolean', 'null'] },
          },
        },
        vip: {},
      },
    };
    // Before: { first_name: 'First name' }, { qty: 'Qty' }, 'Total amount' (issue 21: field names are not sample values).
    expect(sampleVariables(inferred)).to.deep.equal({
      customer: { first_name: 'Ada' },
      order: { lines: [{ qty: 2 }], totalAmount: 109.05, motto: 'Motto' },
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
      code: '482913', // a code of the name's (was the placeholder 'Code..'), within minLength 6 and maxLength 8
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

type SampleForName = (path: readonly string[]) => unknown;

describe('Preview sample values by name', () => {
  let sampleVariables: SampleVariables;
  let sampleForName: SampleForName;
  let image: string;
  before(async () => {
    ({ sampleVariables } = (await import(new URL('../../public/preview/sample.js', import.meta.url).href)) as {
      sampleVariables: SampleVariables;
    });
    const names = (await import(new URL('../../public/preview/sample-names.js', import.meta.url).href)) as {
      sampleForName: SampleForName;
      PLACEHOLDER_IMAGE: string;
    };
    ({ sampleForName } = names);
    image = names.PLACEHOLDER_IMAGE;
  });

  it('gives each kind of name a realistic value, by its words in any case style and by the object it sits in', () => {
    const table: Array<[string[], unknown]> = [
      [['customer', 'email'], 'ada@example.com'],
      [['supportEmail'], 'support@example.com'],
      [['unsubscribe_url'], 'https://example.com/unsubscribe'],
      [['resetPasswordLink'], 'https://example.com/reset-password'],
      [['order', 'url'], 'https://example.com/order'],
      [['logo_url'], image],
      [['order', 'placed_at'], '2026-01-15T09:30:00Z'],
      [['createdAt'], '2026-01-15T09:30:00Z'],
      [['expiry_date'], '2026-01-15'],
      [['order', 'total'], 109.05],
      [['amount_due'], 109.05],
      [['order', 'line', 'price'], 49.99],
      [['subtotal'], 99.98],
      [['shipping'], 4.95],
      [['total_cents'], 10905],
      [['order', 'line', 'qty'], 2],
      [['quantity'], 2],
      [['order', 'number'], '10427'],
      [['orderId'], '10427'],
      [['invoice', 'id'], '10427'],
      [['tracking_number'], '1Z999AA10123456784'],
      [['customer', 'first_name'], 'Ada'],
      [['lastName'], 'Lovelace'],
      [['customer', 'name'], 'Ada Lovelace'],
      [['name'], 'Ada Lovelace'],
      [['order', 'line', 'title'], 'Linen shirt'],
      [['product', 'name'], 'Linen shirt'],
      [['company'], 'Acme Inc.'],
      [['phone'], '+1 555 010 0123'],
      [['coupon_code'], 'WELCOME10'],
      [['verification_code'], '482913'],
      [['country_code'], 'US'],
      [['address', 'city'], 'San Francisco'],
      [['postal_code'], '94105'],
      [['currency'], 'USD'],
      [['is_vip'], true],
      [['hasDiscount'], true],
    ];
    for (const [path, value] of table) expect(sampleForName(path), path.join('.')).to.deep.equal(value);
  });

  it('has no value for a name it does not know, nor for a `name` or `number` of an unknown object', () => {
    for (const path of [['motto'], ['project', 'name'], ['page', 'number'], ['id'], ['headline']])
      expect(sampleForName(path), path.join('.')).to.equal(undefined);
  });

  it('fills a declared schema with email, URL, date and amount fields with values of their kind, as the schema types them', () => {
    const declared = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } } },
        dashboard_url: { type: 'string', format: 'uri' },
        renews_on: { type: 'string', format: 'date' },
        amount: { type: 'number' },
        amount_text: { type: 'string' },
        total: { type: 'string' }, // a preformatted amount: the number's digits
        seats: { type: 'integer' },
        seats_left: { type: 'string', pattern: '^[0-9]+ left$' }, // no name value matches: the placeholder
        order: { type: 'object', properties: { number: { type: 'integer' } } },
      },
    };
    expect(sampleVariables(declared)).to.deep.equal({
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      dashboard_url: 'https://example.com/dashboard',
      renews_on: '2026-01-15',
      amount: 109.05,
      amount_text: 'Amount text',
      total: '109.05',
      seats: 2,
      seats_left: 'Seats left',
      order: { number: 10427 },
    });
  });

  it('lets the schema win over the name: examples, default, a format the name value does not meet, bounds', () => {
    const declared = {
      type: 'object',
      properties: {
        email: { type: 'string', examples: ['grace@example.org'] },
        total: { type: 'number', default: 12 },
        order_number: { type: 'string', format: 'uuid' },
        created_at: { type: 'string', format: 'date' },
        qty: { type: 'integer', minimum: 5 },
        price: { type: 'number', maximum: 10 },
        phone: { type: 'string', maxLength: 5 },
      },
    };
    expect(sampleVariables(declared)).to.deep.equal({
      email: 'grace@example.org',
      total: 12,
      order_number: '00000000-0000-4000-8000-000000000000',
      created_at: '2026-01-15',
      qty: 5,
      price: 1,
      phone: 'Phone',
    });
  });

  it('gives a path passed only to a helper (any value) the value of its name: a number to format, a date to format', () => {
    const inferred = { type: 'object', properties: { total: {}, placed_at: {}, show_banner: {}, promo: {} } };
    expect(sampleVariables(inferred)).to.deep.equal({
      total: 109.05,
      placed_at: '2026-01-15T09:30:00Z',
      show_banner: true,
      promo: 'WELCOME10',
    });
  });
});
