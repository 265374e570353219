/**
 * `template-list`: one small summary per live project, listed per workspace in id order
 * (GET /projects, GET /templates). A deleted project's summary is removed.
 *
 * Removal leaves no revision to compare, so idempotency after a delete rests on the projector's
 * in-order delivery: a replay from any checkpoint re-applies the delete after the older events.
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever, type Publishing } from '../src/domain/project.js';
import { publishingAfter } from '../src/domain/publishing.js';
import { publishingOf, storedPublishing, withoutPublishing } from './project-details.js';
import type { ProjectMetadata } from '../src/domain/mjml-ast.js';
import type { SharedUse, TemplateComposition } from '../src/domain/composition.js';

/**
 * Summary of a live project. `name`/`subject` are `metadata.name`/`metadata.subject` when strings, else `null`.
 * Timestamps are RFC 3339 UTC with milliseconds; `revision` is the stream revision of the last event applied.
 */
export interface TemplateSummaryDoc {
  workspace: string;
  id: string;
  name: string | null;
  subject: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  /** Absent in documents written before publishing modes: `on_save`. */
  publishing?: Publishing;
  /** Stream revision of the latest create or save; absent (older documents): `revision`. */
  templateRevision?: number;
  /** The revision renders use: null under review before a first publish; absent (older documents): `revision`. */
  publishedRevision?: number | null;
  /** When it was published (RFC 3339); absent (older documents): `updatedAt`. */
  publishedAt?: string | null;
  /** The layout the latest create or save names (docs/layouts.md): what GET /layouts/:id/dependents lists. */
  layout?: SharedUse;
  /** The shared partials the latest create or save names. */
  sharedPartials?: SharedUse[];
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const templateList: Projection<TemplateSummaryDoc> = {
  name: 'template-list',
  version: 1,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): TemplateSummaryDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const { workspace, projectId, occurredAt, metadata } = event.data;
        const revision = event.revision;
        const publishing = {
          templateRevision: revision,
          ...publishingAfter(event.data, revision, { publishedRevision: null, publishedAt: null }),
        };
        const created = {
          workspace,
          id: projectId,
          ...titles(metadata),
          revision,
          createdAt: occurredAt,
          updatedAt: occurredAt,
          ...usesOf(event.data.composition),
        };
        return { ...created, ...storedPublishing(publishing, created) };
      }
      case 'ProjectSaved': {
        if (doc === null) return null; // creation never seen, or already deleted: nothing to summarise
        const revision = event.revision;
        const publishing = { templateRevision: revision, ...publishingAfter(event.data, revision, publishingOf(doc)) };
        const { layout: _layout, sharedPartials: _shared, ...before } = withoutPublishing(doc);
        const saved = {
          ...before,
          ...titles(event.data.metadata),
          revision,
          updatedAt: event.data.occurredAt,
          ...usesOf(event.data.composition),
        };
        return { ...saved, ...storedPublishing(publishing, saved) };
      }
      case 'ProjectPublished': {
        // `updatedAt` stays the latest save's: a publish changes which revision renders, not the content.
        if (doc === null) return null;
        const { occurredAt, publishedRevision } = event.data;
        const publishing = { ...publishingOf(doc), publishedRevision, publishedAt: occurredAt };
        const published = { ...withoutPublishing(doc), revision: event.revision };
        return { ...published, ...storedPublishing(publishing, published) };
      }
      case 'ProjectDeleted':
        return null;
      default:
        return assertNever(event);
    }
  },
};

/** The layout and shared partials a create or save names, as the summary keeps them (absent: none). */
function usesOf(composition: TemplateComposition | undefined): Pick<TemplateSummaryDoc, 'layout' | 'sharedPartials'> {
  return {
    ...(composition?.layout ? { layout: composition.layout } : {}),
    ...(composition?.sharedPartials?.length ? { sharedPartials: composition.sharedPartials } : {}),
  };
}

function titles(metadata: ProjectMetadata): { name: string | null; subject: string | null } {
  return {
    name: typeof metadata.name === 'string' ? metadata.name : null,
    subject: typeof metadata.subject === 'string' ? metadata.subject : null,
  };
}
