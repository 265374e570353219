/**
 * Version 1 of `revision-history`, as it was before finding M4 (one document per project listing every
 * revision, rewritten whole on every save), kept as a test fixture: it builds the read model a store still
 * serves when version 2 is deployed (test/api/revision-history-upgrade.test.ts), and measures what a save
 * cost (test/unit/revision-history-size.test.ts). Never run by the service.
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from '../../projections/projection.js';
import { assertNever } from '../../src/domain/project.js';
import type { ProjectMetadata } from '../../src/domain/mjml-ast.js';
import type { RevisionHistoryDoc, RevisionHistoryItem } from '../../projections/revision-history.js';

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const revisionHistoryV1: Projection<RevisionHistoryDoc> = {
  name: 'revision-history',
  version: 1,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): RevisionHistoryDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const item = publishedItem('created', event.revision, event.data);
        if (doc !== null) return appendItem(doc, item); // created again after a delete: the history goes on
        return { workspace: event.data.workspace, id: event.data.projectId, revision: event.revision, items: [item] };
      }
      case 'ProjectSaved':
        // No document means creation was never seen (the decider prevents it): nothing sound to add to.
        if (doc === null) return null;
        return appendItem(doc, publishedItem('saved', event.revision, event.data));
      case 'ProjectPublished':
        return doc; // version 1 never knew publishing
      case 'ProjectDeleted':
        if (doc === null) return null;
        return appendItem(doc, {
          revision: event.revision,
          event: 'deleted',
          occurredAt: event.data.occurredAt,
          mjmlVersion: null,
          publishedHtmlBytes: null,
          name: null,
        });
      default:
        return assertNever(event);
    }
  },
};

function publishedItem(
  kind: 'created' | 'saved',
  revision: number,
  data: { occurredAt: string; mjmlVersion: string; publishedHtml: string; metadata: ProjectMetadata },
): RevisionHistoryItem {
  return {
    revision,
    event: kind,
    occurredAt: data.occurredAt,
    mjmlVersion: data.mjmlVersion,
    publishedHtmlBytes: Buffer.byteLength(data.publishedHtml, 'utf8'),
    name: typeof data.metadata.name === 'string' ? data.metadata.name : null,
  };
}

function appendItem(doc: RevisionHistoryDoc, item: RevisionHistoryItem): RevisionHistoryDoc {
  return { ...doc, revision: item.revision, items: [...doc.items, item] };
}
