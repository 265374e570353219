/**
 * Drafts and publishing, in the domain and the projections: what a publish decides, how a state and the read
 * models fold `publishing` and `ProjectPublished` (docs/publishing.md).
 */
import { expect } from 'chai';
import { DomainError } from '../../src/domain/errors.js';
import { decide, evolve, initialState, type ProjectEvent, type PublishedTemplate, type PublishTarget } from '../../src/domain/project.js';
import { projectDetails, revisionHistory, templateList, publishingOf, type ProjectDetailsDoc } from '../../projections/index.js';
import type { ProjectionEvent } from '../../projections/projection.js';

const ref = { workspace: 'acme', projectId: 'news' };
const template: PublishedTemplate = { ast: { tagName: 'mjml', attributes: {} }, publishedHtml: '<p>{{x}}</p>', mjmlVersion: '5.4.1' };
const at = (s: number) => `2026-01-01T10:00:${String(s).padStart(2, '0')}.000Z`;
const createdReview: ProjectEvent = {
  type: 'ProjectCreated',
  data: { ...ref, occurredAt: at(0), metadata: {}, ...template, publishing: 'review' },
};
const draft = (s: number, html: string): ProjectEvent => ({
  type: 'ProjectSaved',
  data: { ...ref, occurredAt: at(s), metadata: {}, ...template, publishedHtml: html, publishing: 'review' },
});
const published = (s: number, revision: number): ProjectEvent => ({
  type: 'ProjectPublished',
  data: { ...ref, occurredAt: at(s), publishedRevision: revision },
});
const fold = (events: ProjectEvent[]) => events.reduce(evolve, initialState);
const publish = (revision: number | undefined, target: PublishTarget = { kind: 'template' }) =>
  ({ type: 'PublishProject', ...ref, at: at(30), target, ...(revision !== undefined ? { revision } : {}) }) as const;

function refused(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).code;
  }
  return expect.fail('expected a refusal');
}

describe('publishing: the decider', () => {
  it('a review create publishes nothing; a draft keeps the published revision; a publish moves it', () => {
    const state = fold([createdReview, published(1, 0), draft(2, '<p>2</p>')]);
    expect(state).to.include({
      status: 'active',
      revision: 2,
      publishing: 'review',
      templateRevision: 2,
      publishedRevision: 0,
      publishedAt: at(1),
    });
    expect(decide(publish(undefined), state)).to.deep.equal([
      { type: 'ProjectPublished', data: { ...ref, occurredAt: at(30), publishedRevision: 2 } },
    ]);
    expect(decide({ ...publish(0), force: true }, state)).to.deep.equal([]); // already published
  });

  it('force is recorded; an older revision can be published (a rollback)', () => {
    const state = fold([createdReview, draft(1, '<p>1</p>'), published(2, 1)]);
    expect(decide({ ...publish(0), force: true }, state)[0]!.data).to.include({ publishedRevision: 0, force: true });
  });

  it('a forced publish records what it overrode; without force, overridden findings are not recorded', () => {
    const state = fold([createdReview, draft(1, '<p>1</p>'), published(2, 1)]);
    const overridden = [{ path: 'order.total', change: 'newly_required', key_ids: ['k1'] }];
    expect(decide({ ...publish(0), force: true, overridden }, state)[0]!.data).to.deep.include({ force: true, overridden });
    expect(decide({ ...publish(0), overridden }, state)[0]!.data).to.not.have.property('overridden');
    expect(decide({ ...publish(0), force: true, overridden: [] }, state)[0]!.data).to.not.have.property('overridden');
  });

  it('refuses a publish event, an unknown revision, a revision before a re-creation, and older revisions under on_save', () => {
    const state = fold([createdReview, published(1, 0)]);
    expect(refused(() => decide(publish(1, { kind: 'publish', publishedRevision: 0 }), state))).to.equal('revision_not_publishable');
    expect(refused(() => decide(publish(7, { kind: 'none' }), state))).to.equal('revision_not_found');
    const recreated = fold([
      createdReview,
      { type: 'ProjectDeleted', data: { ...ref, occurredAt: at(2) } },
      { ...createdReview, data: { ...createdReview.data, occurredAt: at(3) } },
    ]);
    expect(refused(() => decide(publish(0), recreated))).to.equal('revision_not_publishable');
    const onSave = fold([
      { type: 'ProjectCreated', data: { ...ref, occurredAt: at(0), metadata: {}, ...template } },
      { type: 'ProjectSaved', data: { ...ref, occurredAt: at(1), metadata: {}, ...template, publishedHtml: '<p>1</p>' } },
    ]);
    expect(onSave).to.include({ publishing: 'on_save', publishedRevision: 1 });
    expect(refused(() => decide(publish(0), onSave))).to.equal('publishing_on_save');
    expect(decide(publish(undefined), onSave)).to.deep.equal([]);
  });

  it('a save keeps the mode unless it names one; a save switching to on_save is published by itself; the same content in a new mode is a new revision', () => {
    const state = fold([createdReview]);
    const kept = decide({ type: 'SaveProject', ...ref, at: at(5), template: { ...template, publishedHtml: '<p>5</p>' } }, state);
    expect(kept[0]!.data).to.include({ publishing: 'review' });
    const switched = decide({ type: 'SaveProject', ...ref, at: at(5), template, publishing: 'on_save' }, state);
    expect(switched).to.have.length(1);
    expect(switched[0]!.data).to.not.have.property('publishing');
    expect(fold([createdReview, ...switched])).to.include({ publishing: 'on_save', publishedRevision: 1 });
  });
});

describe('publishing: the projections', () => {
  const recorded = (events: ProjectEvent[]): ProjectionEvent[] => events.map((e, revision) => ({ ...e, revision }));
  const run = <D>(projection: { evolve(doc: D | null, e: ProjectionEvent): D | null }, events: ProjectEvent[]) =>
    recorded(events).reduce<D | null>((doc, e) => projection.evolve(doc, e), null);

  it('project-details and template-list follow the published revision; on_save documents carry no publishing field', () => {
    const details = run<ProjectDetailsDoc>(projectDetails, [createdReview, published(1, 0), draft(2, '<p>2</p>')])!;
    expect(publishingOf(details)).to.deep.equal({ publishing: 'review', templateRevision: 2, publishedRevision: 0, publishedAt: at(1) });
    expect(details.publishedHtml).to.equal('<p>2</p>');
    const summary = run(templateList, [createdReview, published(1, 0), draft(2, '<p>2</p>'), published(3, 2)])!;
    expect(publishingOf(summary)).to.deep.equal({ publishing: 'review', templateRevision: 2, publishedRevision: 2, publishedAt: at(3) });
    expect(summary.updatedAt).to.equal(at(2)); // a publish is not a change of content
    const plain = run<ProjectDetailsDoc>(projectDetails, [
      { type: 'ProjectCreated', data: { ...ref, occurredAt: at(0), metadata: {}, ...template } },
    ])!;
    expect(plain).to.not.have.any.keys('publishing', 'templateRevision', 'publishedRevision', 'publishedAt');
  });

  it('revision-history: a publish entry names the revision it published; a save under review is a draft', () => {
    const events = recorded([createdReview, published(1, 0), draft(2, '<p>2</p>')]);
    expect(revisionHistory.evolve(null, events[1]!)).to.include({ event: 'published', publishedRevision: 0, mjmlVersion: null });
    expect(revisionHistory.evolve(null, events[2]!)).to.include({ event: 'saved', draft: true });
  });
});
