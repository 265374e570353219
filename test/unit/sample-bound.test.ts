/**
 * The save-time sample is bounded (issue 19, item 1): two items per list made 19 nested `{{#each}}` a
 * 2^19-leaf sample that took the whole compile deadline; past SAMPLE_MAX_NODES the deepest lists get one
 * item, and the template is still proven.
 */
import { expect } from 'chai';
import { parseHandlebars, DEFAULT_TEMPLATE_LIMITS, TemplateError } from '../../src/rendering/index.js';
import { buildSampleContext, SAMPLE_MAX_NODES } from '../../src/rendering/handlebars/sample-context.js';
import { prepareTemplate } from '../../src/rendering/compile/prepare.js';

const program = (source: string) => {
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.program;
};

/** Values in a sample: objects, lists and leaves, as SAMPLE_MAX_NODES counts them. */
function countValues(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + countValues(item), 0);
  if (typeof value === 'object' && value !== null)
    return 1 + Object.values(value).reduce((sum: number, item) => sum + countValues(item), 0);
  return 1;
}

/** The list lengths met going down `key` from the sample's root. */
function lengthsDown(sample: unknown, key: string): number[] {
  const lengths: number[] = [];
  let value = (sample as Record<string, unknown>)[key];
  while (Array.isArray(value)) {
    lengths.push(value.length);
    value = (value[0] as Record<string, unknown> | undefined)?.[key];
  }
  return lengths;
}

const nestedEach = (depth: number) => `${'{{#each a}}'.repeat(depth)}{{x}}${'{{/each}}'.repeat(depth)}`;

describe('The save-time sample is bounded', () => {
  it('keeps two items per list while the sample is small', () => {
    expect(lengthsDown(buildSampleContext(program(nestedEach(3))), 'a')).to.deep.equal([2, 2, 2]);
  });

  it('19 nested {{#each}}: at most SAMPLE_MAX_NODES values, the outer lists two items, the deeper ones one, none empty', () => {
    const sample = buildSampleContext(program(nestedEach(19)));
    expect(countValues(sample)).to.be.at.most(SAMPLE_MAX_NODES);
    const lengths = lengthsDown(sample, 'a');
    expect(lengths).to.have.length(19);
    expect(lengths[0]).to.equal(2);
    expect(lengths[18]).to.equal(1);
    expect(lengths).to.deep.equal([...lengths].sort((x, y) => y - x)); // two items outside, one inside
  });

  it('pairs as many outer levels as the bound allows', () => {
    // All six levels paired make 254 values; three paired, 78 (the most under 100).
    expect(countValues(buildSampleContext(program(nestedEach(6)), 1000))).to.equal(254);
    const sample = buildSampleContext(program(nestedEach(6)), 100);
    expect(countValues(sample)).to.equal(78);
    expect(lengthsDown(sample, 'a')).to.deep.equal([2, 2, 2, 1, 1, 1]);
  });

  it('refuses with template_too_complex only when one item per list still passes the bound', () => {
    const reads = Array.from({ length: 30 }, (_, i) => `{{v${i}}}`).join('');
    expect(() => buildSampleContext(program(reads), 20))
      .to.throw(TemplateError)
      .with.property('code', 'template_too_complex');
    try {
      buildSampleContext(program(reads), 20);
    } catch (error) {
      expect((error as TemplateError).extra).to.deep.include({ limit: 'SAMPLE_MAX_NODES', max: 20, found: 31 });
      expect((error as TemplateError).message).to.match(/one item per list.*SAMPLE_MAX_NODES/);
    }
  });

  it('a template with 19 nested {{#each}} is prepared and proven, with no warning', async function () {
    this.timeout(20_000);
    const mjml = `<mjml><mj-body><mj-section><mj-column><mj-text>${nestedEach(19)}</mj-text></mj-column></mj-section></mj-body></mjml>`;
    const prepared = await prepareTemplate({
      source: { mjml },
      validation: 'strict',
      limits: DEFAULT_TEMPLATE_LIMITS,
      renderLimits: { maxBytes: 2 * 1024 * 1024, maxIterations: 100_000 },
    });
    expect(prepared.warnings).to.deep.equal([]);
  });
});
