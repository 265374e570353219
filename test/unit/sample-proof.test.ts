/**
 * The save-time proof render (issue 17, item 3) through `prepareTemplate`, as the compile workers run it:
 * a typed helper refusing our placeholder data is retyped from its signature or the declared schema, never
 * a refusal; what still cannot be proven is a `sample_render_incomplete` warning naming the helper, the
 * line and the argument; real errors are still refused. Both render modes agree.
 */
import { expect } from 'chai';
import { prepareTemplate } from '../../src/rendering/compile/prepare.js';
import type { HelperDeclaration } from '../../src/domain/project.js';
import { placeholderPaths, retype, typedBySchema } from '../../src/rendering/handlebars/typed-sample.js';
import { DEFAULT_TEMPLATE_LIMITS, TemplateError, type PreparedTemplate, type ProofData } from '../../src/rendering/index.js';

const BODY_PREFIX = '<mjml><mj-body><mj-section><mj-column><mj-text>';
const page = (text: string) => `${BODY_PREFIX}${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
/** Handlebars before the root: detected as dynamic. */
const DYNAMIC_PREFIX = '{{#if show}}{{/if}}';
const MODES = {
  static: (text: string) => page(text),
  dynamic: (text: string) => `${DYNAMIC_PREFIX}${page(text)}`,
};

interface Options {
  helpers?: Record<string, HelperDeclaration>;
  partials?: Record<string, string>;
  proof?: ProofData;
  renderLimits?: { maxBytes: number; maxIterations: number };
}

function prepare(mjml: string, options: Options = {}): Promise<PreparedTemplate> {
  return prepareTemplate({
    source: { mjml, ...(options.helpers ? { helpers: options.helpers } : {}), ...(options.partials ? { partials: options.partials } : {}) },
    validation: 'strict',
    limits: DEFAULT_TEMPLATE_LIMITS,
    renderLimits: options.renderLimits ?? { maxBytes: 1_000_000, maxIterations: 10_000 },
    ...(options.proof ? { proof: options.proof } : {}),
  });
}

async function refusal(mjml: string, options: Options = {}): Promise<TemplateError> {
  try {
    await prepare(mjml, options);
  } catch (error) {
    expect(error).to.be.instanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error('expected the template to be refused');
}

const incomplete = (prepared: PreparedTemplate) => prepared.warnings.filter((w) => w.code === 'sample_render_incomplete');

for (const [mode, wrap] of Object.entries(MODES)) {
  describe(`save-time proof, ${mode} templates`, () => {
    it('a typed helper given a variable is proven with typed samples: currency, gt, date, compare, min, no warning', async () => {
      const snippets = [
        '{{currency total code="USD"}}',
        '{{currency total code=order.currency minor_units=true}}',
        '{{#if (gt qty 1)}}many{{/if}}',
        '{{date placed_at}} {{date order.placed_at style="long" time_zone=zone}}',
        '{{#each lines}}{{number (multiply quantity unit_price) decimals=2}}{{/each}}',
        '{{#compare total ">" 100}}free{{/compare}} {{max 0 (subtract total credit)}}',
        '{{#if (gt qty 1)}}{{currency (divide total qty) code="EUR"}}{{/if}}', // a branch opened by a typed value
      ];
      for (const snippet of snippets) {
        const prepared = await prepare(wrap(snippet));
        expect(incomplete(prepared), snippet).to.deep.equal([]);
      }
    });

    it('a declared alias and a template-form helper calling typed helpers are proven too', async () => {
      const helpers: Record<string, HelperDeclaration> = {
        usd: { use: 'currency', hash: { code: 'USD' } },
        after: { use: 'gt' },
        line_total: { template: '{{currency (multiply q u) code="EUR"}}', params: ['q', 'u'] },
      };
      const prepared = await prepare(wrap('{{usd total}} {{#if (after qty 1)}}x{{/if}} {{line_total line.qty line.unit}}'), { helpers });
      expect(incomplete(prepared)).to.deep.equal([]);
    });

    it('what no sample can satisfy is saved with sample_render_incomplete naming the helper, line, column and argument', async () => {
      const prepared = await prepare(wrap('Hello\n{{date (append placed_at "Z")}}'));
      expect(incomplete(prepared)).to.have.length(1);
      const [warning] = incomplete(prepared);
      expect(warning).to.include({ helper: 'date', argument: 'the date', line: 2, column: 1 });
      expect(warning!.message).to.match(
        /^The save-time check could not render line 2 of the template with sample data: date: the date must be an ISO 8601 date/,
      );
      expect(warning!.message).to.include('POST /v1/validate');
    });

    it('an unproven call through an alias names the alias and the helper it calls', async () => {
      const prepared = await prepare(wrap('{{usd (append total "x")}}'), { helpers: { usd: { use: 'currency', hash: { code: 'USD' } } } });
      const [warning] = incomplete(prepared);
      expect(warning).to.include({ helper: 'usd', argument: 'the amount', line: 1 });
      expect(warning!.message).to.include('currency: the amount must be a number');
    });

    it('an unproven call in a partial or a template-form helper names its file and line', async () => {
      const prepared = await prepare(wrap('{{> price}}'), { partials: { price: 'Price:\n{{currency (append total "x") code="EUR"}}' } });
      const [warning] = incomplete(prepared);
      expect(warning).to.include({ helper: 'currency', file: 'partials/price', line: 2 });
      const inHelper = await prepare(wrap('{{when placed_at}}'), {
        helpers: { when: { template: 'On\n{{date (append d "Z")}}', params: ['d'] } },
      });
      expect(incomplete(inHelper)[0]).to.include({ helper: 'date', file: 'helpers/when', line: 2 });
    });

    it('the declared schema types the sample where signatures cannot (a value passed through another helper)', async () => {
      const snippet = wrap('{{date (append d "T10:00:00Z")}} {{#if (gt (default n 0) 1)}}x{{/if}}');
      expect(incomplete(await prepare(snippet))).to.have.length(1);
      const declared = { type: 'object', properties: { d: { type: 'string', format: 'date' }, n: { type: 'integer' } } };
      expect(incomplete(await prepare(snippet, { proof: { declared } }))).to.deep.equal([]);
    });

    it('real variables are the proof: those a helper refuses come back as render_failed with the line', async () => {
      const snippet = wrap('\n{{#if (gt qty 1)}}many{{/if}}');
      const fine = await prepare(snippet, { proof: { variables: { qty: 3 } } });
      expect(fine.variablesRefused).to.equal(undefined);
      const refused = await prepare(snippet, { proof: { variables: { qty: 'three' } } });
      expect(refused.variablesRefused).to.include({ code: 'render_failed', helper: 'gt', argument: 'the 1st value', line: 2 });
      expect(refused.variablesRefused!.message).to.equal(
        'With these variables, line 2 of the template fails: gt: the 1st value must be a number, got a string of 5 characters.',
      );
      expect(incomplete(refused)).to.deep.equal([]); // the template itself is still proven on samples
    });

    it('real variables that pass a render limit are theirs: render_failed, and the template is still proven on samples', async () => {
      const rows = Array.from({ length: 100 }, (_, i) => i);
      const prepared = await prepare(wrap('{{#each rows}}{{#each ../rows}}x{{/each}}{{/each}}'), {
        proof: { variables: { rows } },
        renderLimits: { maxBytes: 1_000_000, maxIterations: 1000 },
      });
      expect(prepared.variablesRefused).to.include({ code: 'render_failed' });
      expect(prepared.variablesRefused!.message).to.match(
        /^With these variables, the render fails: The render passed 1000 block iterations/,
      );
      expect(incomplete(prepared)).to.deep.equal([]);
    });

    it('real template errors are still refused with their line: a call that fails whatever the data, a render limit', async () => {
      const literal = await refusal(wrap('\n{{currency "abc" code="USD"}}'));
      expect(literal.code).to.equal('invalid_handlebars');
      expect(literal.problems[0]).to.include({ line: 2 });
      const divide = await refusal(wrap('{{divide total 0}}'));
      expect(divide.problems[0]).to.include({ line: 1 });
      expect(divide.message).to.include('must not be 0');
      const unknown = await refusal(wrap('{{frobnicate qty}}'));
      expect(unknown.code).to.equal('unknown_helper');
      const limit = await refusal(wrap('{{#each rows}}{{#each ../rows}}{{add 1 2}}{{/each}}{{/each}}'), {
        renderLimits: { maxBytes: 1_000_000, maxIterations: 5 },
      });
      expect([limit.code, limit.extra['limit']]).to.deep.equal(['invalid_handlebars', 'RENDER_MAX_ITERATIONS']);
    });
  });
}

describe('typed samples', () => {
  it('typedBySchema types leaves by const, enum, default, examples, format and type, through properties and items', () => {
    const sample = { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e', f: true, g: 'g', list: [{ n: 'list[0].n' }, { n: 'list[1].n' }], s: 's' };
    const schema = {
      type: 'object',
      properties: {
        a: { const: 'x' },
        b: { enum: ['paid', 'open'] },
        c: { type: 'number', default: 5 },
        d: { examples: ['2024-01-01'] },
        e: { type: 'string', format: 'date-time' },
        f: { type: ['null', 'integer'] },
        g: { type: 'boolean' },
        list: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } } } },
        s: { type: 'string' },
      },
    };
    expect(typedBySchema(sample, schema)).to.deep.equal({
      a: 'x',
      b: 'paid',
      c: 5,
      d: '2024-01-01',
      e: '2024-03-07T14:05:00Z',
      f: 42,
      g: true,
      list: [{ n: 42 }, { n: 42 }],
      s: 's',
    });
  });

  it('prototype names are ordinary names; shapes the schema contradicts are kept', () => {
    const sample = JSON.parse('{"__proto__":"__proto__","constructor":"constructor","o":{"k":"o.k"},"l":["l[0]"]}') as Record<
      string,
      unknown
    >;
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"number"},"o":{"type":"string"},"l":{"type":"object"}}}') as unknown;
    const typed = typedBySchema(sample, schema);
    expect(Object.getPrototypeOf(typed)).to.equal(Object.prototype);
    expect(Object.hasOwn(typed, '__proto__') && typed['__proto__']).to.equal(42);
    expect(typed['constructor']).to.equal('constructor'); // not read from Object.prototype's schema
    expect(typed['o']).to.deep.equal({ k: 'o.k' });
    expect(typed['l']).to.deep.equal(['l[0]']);
    expect(typedBySchema(sample, 'not a schema')).to.deep.equal(sample);
  });

  it('placeholderPaths and retype: string leaves found and replaced, the sample left as it was', () => {
    const sample = { a: 'a', o: { b: 'o.b', t: true }, l: ['l[0]', 'l[1]'] };
    expect([...placeholderPaths(sample)].sort()).to.deep.equal(['a', 'l[0]', 'l[1]', 'o.b']);
    const typed = retype(
      sample,
      new Map<string, unknown>([
        ['o.b', 42],
        ['l[1]', '2024-03-07'],
      ]),
    );
    expect(typed).to.deep.equal({ a: 'a', o: { b: 42, t: true }, l: ['l[0]', '2024-03-07'] });
    expect(sample.o.b).to.equal('o.b');
  });
});
