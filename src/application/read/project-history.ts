/**
 * A project's history read from its stream, for the audit: every revision with the event that made it,
 * the key that saved it and the SHA-256 of the exact HTML it published; and which revision was live at
 * a given instant (time travel).
 */
import { createHash } from 'node:crypto';
import type { OverriddenCheck, ProjectEvent } from '../../domain/project.js';
import { type RecordedEvent, decodeProjectEvent } from '../ports/index.js';

/** One revision of a project as its stream recorded it. */
export interface RevisionRecord {
  revision: number;
  type: ProjectEvent['type'];
  /** The event's id in the store. */
  eventId: string;
  /** RFC 3339: the revision's `updated_at`. */
  occurredAt: string;
  /** The API key that saved it (null for events written before keys were recorded). */
  keyId: string | null;
  requestId: string | null;
  /** For a restore, the revision it published again (event metadata `restored_from`); null otherwise and for older restores. */
  restoredFrom: number | null;
  /** Null for a deletion and a publish. */
  mjmlVersion: string | null;
  /** For a publish, the revision it made the published one; null otherwise. */
  publishedRevision: number | null;
  /** For a forced publish, what the publish gate found and it overrode (possibly empty); null otherwise. */
  overridden: OverriddenCheck[] | null;
  /** Hex SHA-256 of the published HTML's UTF-8 bytes, as render answers give it; null for a deletion. */
  publishedSha256: string | null;
  publishedBytes: number | null;
}

/** The revisions of a stream (its recorded events, in order). @throws UnknownProjectEventError. */
export function revisionRecords(stream: RecordedEvent[]): RevisionRecord[] {
  return stream.map((recorded) => {
    const event = decodeProjectEvent(recorded);
    const template = event.type === 'ProjectDeleted' || event.type === 'ProjectPublished' ? null : event.data;
    const published = template?.publishedHtml ?? null;
    const text = (key: string) => (typeof recorded.metadata[key] === 'string' ? recorded.metadata[key] : null);
    return {
      revision: recorded.revision,
      type: event.type,
      eventId: recorded.id,
      occurredAt: event.data.occurredAt,
      keyId: text('key_id'),
      requestId: text('request_id'),
      restoredFrom: Number.isInteger(recorded.metadata['restored_from']) ? (recorded.metadata['restored_from'] as number) : null,
      mjmlVersion: template?.mjmlVersion ?? null,
      publishedRevision: event.type === 'ProjectPublished' ? event.data.publishedRevision : null,
      overridden: event.type === 'ProjectPublished' && event.data.force ? (event.data.overridden ?? []) : null,
      publishedSha256: published === null ? null : createHash('sha256').update(published, 'utf8').digest('hex'),
      publishedBytes: published === null ? null : Buffer.byteLength(published, 'utf8'),
    };
  });
}

/**
 * The event that was current at `at` (RFC 3339): the last one that occurred at or before it; undefined
 * when the project did not exist yet. `updated_at` only moves forward along a stream, so the first
 * event after `at` ends the search.
 * @throws UnknownProjectEventError when an event up to `at` is not a project event.
 */
export function eventAt(stream: RecordedEvent[], at: string): RecordedEvent | undefined {
  const instant = Date.parse(at);
  let current: RecordedEvent | undefined;
  for (const recorded of stream) {
    if (Date.parse(decodeProjectEvent(recorded).data.occurredAt) > instant) break;
    current = recorded;
  }
  return current;
}
