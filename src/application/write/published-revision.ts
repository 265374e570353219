/**
 * One revision's published template and metadata, read back from its stream: what a restore republishes,
 * what a metadata patch keeps, and what an unchanged save answers with.
 */
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import type { PublishedTemplate } from '../../domain/project.js';
import { publishedTemplateOf } from '../../domain/published-template.js';
import { type EventStore, type RecordedEvent, decodeProjectEvent } from '../ports/index.js';

/** What a revision published, and the event that recorded it. */
export interface PublishedRevision {
  template: PublishedTemplate;
  metadata: ProjectMetadata;
  recorded: RecordedEvent;
}

/**
 * Revision `revision` of `stream` as published (one event read); undefined when the stream has no such
 * revision or it is a deletion or a publish (not a template revision). @throws what the event store throws; UnknownProjectEventError.
 */
export async function readPublishedRevision(
  eventStore: EventStore,
  stream: string,
  revision: number,
): Promise<PublishedRevision | undefined> {
  const [recorded] = await eventStore.readStream(stream, { fromRevision: revision, maxCount: 1 });
  if (!recorded || recorded.revision !== revision) return undefined;
  const event = decodeProjectEvent(recorded);
  if (event.type === 'ProjectDeleted' || event.type === 'ProjectPublished') return undefined;
  return { template: publishedTemplateOf(event.data), metadata: event.data.metadata, recorded };
}
