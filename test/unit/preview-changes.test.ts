/**
 * The preview page's lines for the changes of POST /projects/:id/diff (public/preview/changes.js, a browser
 * module with no DOM use, run here as it is): each kind's label and its before → after.
 */
import { expect } from 'chai';

type Line = { label: string; before: string; after: string };
type Change = { kind: string; change?: string; before?: unknown; after?: unknown; delta?: number; budget?: number; clipped?: boolean };

describe('Preview: the changes since published as lines', () => {
  let describeChange: (change: Change) => Line;
  let visibleVerdict: (visible: boolean) => string;
  let MAX_SIDE_CHARS: number;
  before(async () => {
    ({ describeChange, visibleVerdict, MAX_SIDE_CHARS } = (await import(
      new URL('../../public/preview/changes.js', import.meta.url).href
    )) as {
      describeChange: (change: Change) => Line;
      visibleVerdict: (visible: boolean) => string;
      MAX_SIDE_CHARS: number;
    });
  });

  it('links and images: the change in the label, href or src with the text or alt on each side', () => {
    expect(
      describeChange({
        kind: 'link',
        change: 'changed',
        before: { href: 'https://a.example/1', text: 'Track it' },
        after: { href: 'https://a.example/2', text: ' Track it ' },
      }),
    ).to.deep.equal({ label: 'Link changed', before: '"Track it" <https://a.example/1>', after: '"Track it" <https://a.example/2>' });
    expect(describeChange({ kind: 'link', change: 'added', after: { href: 'https://a.example/new', text: '' } })).to.deep.equal({
      label: 'Link added',
      before: '(none)',
      after: '<https://a.example/new>',
    });
    expect(describeChange({ kind: 'image', change: 'removed', before: { src: 'https://a.example/logo.png', alt: null } })).to.deep.equal({
      label: 'Image removed',
      before: 'https://a.example/logo.png (alt missing)',
      after: '(none)',
    });
  });

  it('texts quoted, a side absent or null shown as (none), a long side cut at MAX_SIDE_CHARS', () => {
    expect(describeChange({ kind: 'subject', before: 'Hello Ada', after: null })).to.deep.equal({
      label: 'Subject',
      before: '"Hello Ada"',
      after: '(none)',
    });
    expect(describeChange({ kind: 'text', after: 'A new paragraph' })).to.deep.equal({
      label: 'Text',
      before: '(none)',
      after: '"A new paragraph"',
    });
    const long = describeChange({ kind: 'text_part', before: 'x'.repeat(1000), after: 'y' });
    expect(long.label).to.equal('Text part');
    expect(long.before).to.have.length(MAX_SIDE_CHARS);
    expect(long.before.endsWith('…')).to.equal(true);
  });

  it('size: bytes, the signed delta and the clipping budget', () => {
    expect(describeChange({ kind: 'size', before: 18210, after: 38690, delta: 20480, budget: 104448, clipped: false })).to.deep.equal({
      label: 'HTML size',
      before: '18210 bytes',
      after: '38690 bytes (+20480 bytes); Gmail clips above 104448 bytes',
    });
    expect(describeChange({ kind: 'size', before: 104000, after: 105000, delta: 1000, budget: 104448, clipped: true }).after).to.equal(
      '105000 bytes (+1000 bytes); Gmail clips above 104448 bytes: clipped',
    );
  });

  it('the verdict names visible_change and what it means', () => {
    expect(visibleVerdict(true)).to.equal('visible_change: true: a recipient would see these changes');
    expect(visibleVerdict(false)).to.match(/^visible_change: false: nothing a recipient sees changes/);
  });
});

describe('Preview: a refused publish as a list of findings', () => {
  type Refusal = { findings: Array<{ where: string; message: string; facts: string; feature: string }>; more: number } | null;
  let refusalFindings: (problem: unknown) => Refusal;
  let MAX_FINDINGS: number;
  before(async () => {
    ({ refusalFindings, MAX_FINDINGS } = (await import(new URL('../../public/preview/changes.js', import.meta.url).href)) as {
      refusalFindings: (problem: unknown) => Refusal;
      MAX_FINDINGS: number;
    });
  });

  it('409 breaking_variable_change: each path, its change, the types and the keys', () => {
    const problem = {
      code: 'breaking_variable_change',
      errors: [
        { path: 'order.total', change: 'newly_required', key_ids: ['K1', 'K2'], message: 'Revision 2 requires order.total' },
        { path: 'qty', change: 'type_narrowed', expected: ['integer'], found: 'string', key_ids: ['K1'], message: 'narrowed' },
      ],
    };
    expect(refusalFindings(problem)).to.deep.equal({
      findings: [
        { where: 'order.total', message: 'Revision 2 requires order.total', facts: 'newly required · keys: K1, K2', feature: '' },
        { where: 'qty', message: 'narrowed', facts: 'type narrowed · sent: string, takes: integer · keys: K1', feature: '' },
      ],
      more: 0,
    });
  });

  it('422 policy_violation: each pointer, message and caniemail feature; at most MAX_FINDINGS; other problems are not refusals', () => {
    const flex = { pointer: '/ast/children/0/children/1', message: '`display:flex` is not supported', feature: 'css-display-flex' };
    const many = {
      code: 'policy_violation',
      errors: [flex, ...Array.from({ length: MAX_FINDINGS + 2 }, () => ({ pointer: '/ast', message: 'm' }))],
    };
    const refusal = refusalFindings(many)!;
    expect(refusal.findings[0]).to.deep.equal({ where: flex.pointer, message: flex.message, facts: '', feature: 'css-display-flex' });
    expect(refusal.findings).to.have.length(MAX_FINDINGS);
    expect(refusal.more).to.equal(3);
    expect(refusalFindings({ code: 'revision_mismatch', errors: [] })).to.equal(null);
    expect(refusalFindings(undefined)).to.equal(null);
  });
});
