/**
 * The list entry of a project (`summaryOf`): the `template-list` document with its publishing filled in. An
 * `on_save` project's document stores no publishing field (as before publishing modes), and still lists as
 * published at its latest save.
 */
import { expect } from 'chai';
import { templateList, type TemplateSummaryDoc } from '../../projections/index.js';
import { summaryOf } from '../../src/application/read/index.js';
import type { ProjectEvent, PublishedTemplate } from '../../src/domain/project.js';

const ref = { workspace: 'acme', projectId: 'news' };
const template: PublishedTemplate = { ast: { tagName: 'mjml', attributes: {} }, publishedHtml: '<p>{{x}}</p>', mjmlVersion: '5.4.1' };
const at = (s: number) => `2026-01-01T10:00:${String(s).padStart(2, '0')}.000Z`;
const fold = (events: ProjectEvent[]) =>
  events.reduce<TemplateSummaryDoc | null>((doc, e, revision) => templateList.evolve(doc, { ...e, revision }), null)!;

describe('summaryOf: a list entry with its publishing', () => {
  it('an on_save project: no publishing field stored, listed as published at its latest save', () => {
    const doc = fold([
      { type: 'ProjectCreated', data: { ...ref, occurredAt: at(0), metadata: { name: 'News' }, ...template } },
      { type: 'ProjectSaved', data: { ...ref, occurredAt: at(1), metadata: { name: 'News' }, ...template } },
    ]);
    expect(doc).to.not.have.any.keys('publishing', 'templateRevision', 'publishedRevision', 'publishedAt');
    expect(summaryOf(doc)).to.deep.equal({
      workspace: 'acme',
      id: 'news',
      name: 'News',
      subject: null,
      revision: 1,
      createdAt: at(0),
      updatedAt: at(1),
      publishing: { mode: 'on_save', publishedRevision: 1, publishedAt: at(1), unpublishedChanges: false },
    });
  });

  it('a review project: the published revision and time, and a draft after it as unpublished changes', () => {
    const review = { ...ref, metadata: {}, ...template, publishing: 'review' as const };
    const doc = fold([
      { type: 'ProjectCreated', data: { ...review, occurredAt: at(0) } },
      { type: 'ProjectPublished', data: { ...ref, occurredAt: at(1), publishedRevision: 0 } },
      { type: 'ProjectSaved', data: { ...review, occurredAt: at(2) } },
    ]);
    expect(summaryOf(doc)).to.deep.include({
      revision: 2,
      updatedAt: at(2),
      publishing: { mode: 'review', publishedRevision: 0, publishedAt: at(1), unpublishedChanges: true },
    });
    expect(summaryOf(fold([{ type: 'ProjectCreated', data: { ...review, occurredAt: at(0) } }])).publishing).to.deep.equal({
      mode: 'review',
      publishedRevision: null,
      publishedAt: null,
      unpublishedChanges: true,
    });
  });
});
