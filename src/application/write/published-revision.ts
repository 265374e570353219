/**
 * One revision's published template and metadata, read back from its stream: what a restore republishes,
 * what a metadata patch keeps, and what an unchanged save answers with.
 */
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import type { ProjectEvent, PublishedTemplate } from '../../domain/project.js';
import type { EventStore, RecordedEvent } from '../ports/index.js';

/** What a revision published, and the event that recorded it. */
export interface PublishedRevision {
  template: PublishedTemplate;
  metadata: ProjectMetadata;
  recorded: RecordedEvent;
}

/**
 * Revision `revision` of `stream` as published (one event read); undefined when the stream has no such
 * revision or it is a deletion. @throws what the event store throws.
 */
export async function readPublishedRevision(eventStore: EventStore, stream: string, revision: number): Promise<PublishedRevision | undefined> {
  const [recorded] = await eventStore.readStream(stream, { fromRevision: revision, maxCount: 1 });
  if (!recorded || recorded.revision !== revision) return undefined;
  const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
  if (event.type === 'ProjectDeleted') return undefined;
  const { ast, publishedHtml, mjmlVersion, metadata, partials, helpers, renderMode } = event.data;
  const template: PublishedTemplate = { ast, publishedHtml, mjmlVersion, ...(partials ? { partials } : {}), ...(helpers ? { helpers } : {}), ...(renderMode ? { renderMode } : {}) };
  return { template, metadata, recorded };
}
