import { expect } from 'chai';
import { composeMjml, layoutProblem, sharedCalls } from '../../src/domain/composition.js';
import {
  decideSharedPublish,
  evolveShared,
  initialSharedState,
  sharedStream,
  type SharedState,
} from '../../src/domain/shared-documents.js';

const LAYOUT =
  '<mjml><mj-head><mj-title>T</mj-title></mj-head><mj-body width="500px"><mj-raw>top</mj-raw><lp-slot /><mj-raw>end</mj-raw></mj-body></mjml>';

describe('layout composition (docs/layouts.md)', () => {
  it('puts the template body children in the slot and its head children at the end of the layout head', () => {
    const template =
      '<mjml><mj-head><mj-style>.a{}</mj-style></mj-head><mj-body background-color="red"><mj-raw>mine</mj-raw></mj-body></mjml>';
    expect(composeMjml(template, LAYOUT, {})).to.equal(
      '<mjml><mj-head><mj-title>T</mj-title><mj-style>.a{}</mj-style></mj-head><mj-body width="500px"><mj-raw>top</mj-raw><mj-raw>mine</mj-raw><mj-raw>end</mj-raw></mj-body></mjml>',
    );
  });

  it('makes a head when the layout has none, and keeps `$&` and other replacement patterns literally', () => {
    const layout = '<mjml><mj-body><lp-slot /></mj-body></mjml>';
    const template = '<mjml><mj-head><mj-title>$& $1</mj-title></mj-head><mj-body><mj-raw>$&</mj-raw></mj-body></mjml>';
    expect(composeMjml(template, layout, {})).to.equal(
      '<mjml><mj-head><mj-title>$& $1</mj-title></mj-head><mj-body><mj-raw>$&</mj-raw></mj-body></mjml>',
    );
  });

  it('inlines {{> shared/<id>}} (whitespace control too) in the template and the layout; leaves unknown and argument calls', () => {
    const template = '<mjml><mj-body>{{> shared/head}}{{~> shared/head ~}}{{> shared/other}}{{> shared/head a=1}}</mj-body></mjml>';
    expect(sharedCalls(template)).to.deep.equal(['head', 'other']);
    expect(composeMjml(template, null, { head: 'H' })).to.equal(
      '<mjml><mj-body>HH{{> shared/other}}{{> shared/head a=1}}</mj-body></mjml>',
    );
  });

  it('accepts a layout with exactly one slot in mj-body only', () => {
    expect(layoutProblem(LAYOUT)).to.equal(null);
    expect(layoutProblem('<mjml><mj-body></mj-body></mjml>')).to.contain('found 0');
    expect(layoutProblem('<mjml><mj-body><lp-slot /><lp-slot/></mj-body></mjml>')).to.contain('found 2');
    expect(layoutProblem('<mj-section><lp-slot /></mj-section>')).to.contain('<mjml> document');
  });
});

describe('layout and partial streams (pure fold and publish decision)', () => {
  const ref = { kind: 'layout' as const, workspace: 'w', id: 'brand' };
  const fold = (events: Array<[string, Record<string, unknown>]>): SharedState =>
    events.reduce(
      (state, [type, data], revision) =>
        evolveShared(state, type, { workspace: 'w', id: 'brand', occurredAt: `t${revision}`, ...data }, revision),
      initialSharedState,
    );

  it('names streams like project streams, by kind', () => {
    expect(sharedStream(ref)).to.equal('layout-w:brand');
    expect(sharedStream({ ...ref, kind: 'partial' })).to.equal('partial-w:brand');
  });

  it('publishes every save under on_save; a review save is a draft until a publish names it', () => {
    const state = fold([
      ['LayoutCreated', { source: 'a' }],
      ['LayoutSaved', { source: 'b', publishing: 'review' }],
    ]);
    expect(state).to.include({ status: 'active', revision: 1, sourceRevision: 1, publishedRevision: 0, publishing: 'review' });
    expect(decideSharedPublish(ref, state, undefined)).to.equal(1);
    expect(decideSharedPublish(ref, state, 0)).to.equal(null); // already published
    const published = evolveShared(state, 'LayoutPublished', { workspace: 'w', id: 'brand', occurredAt: 't2', publishedRevision: 1 }, 2);
    expect(published).to.include({ revision: 2, publishedRevision: 1, publishedAt: 't2' });
    expect(() => decideSharedPublish(ref, published, 2))
      .to.throw()
      .with.property('code', 'revision_not_found');
  });

  it('forgets the sources of a deleted life; on_save publishes only the latest', () => {
    const state = fold([
      ['LayoutCreated', { source: 'a' }],
      ['LayoutDeleted', {}],
      ['LayoutCreated', { source: 'c' }],
      ['LayoutSaved', { source: 'd' }],
    ]);
    expect([...state.sources.keys()]).to.deep.equal([2, 3]);
    expect(() => decideSharedPublish(ref, state, 0))
      .to.throw()
      .with.property('code', 'revision_not_found');
    expect(() => decideSharedPublish(ref, state, 2))
      .to.throw()
      .with.property('code', 'publishing_on_save');
  });
});
