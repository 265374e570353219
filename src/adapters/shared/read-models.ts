/**
 * What the read-model stores decide the same way.
 */
import type { DocumentChange, ProjectionCheckpoint } from '../../application/ports/index.js';

/**
 * Whether a rebuilt read model may replace the live one: the same or a newer definition version (a version
 * change is built beside the live model and switched to), never an older one, and a position at or past the
 * live checkpoint's (positions are fixed-width text: string order is `$all` order).
 */
export function caughtUp(rebuilt: ProjectionCheckpoint, live: ProjectionCheckpoint | undefined | null): boolean {
  if (!live) return true;
  if (rebuilt.version < live.version) return false;
  if (live.position === null) return true;
  return rebuilt.position !== null && rebuilt.position >= live.position;
}

/**
 * The change of the newest revision for each document (collection, partition, key), in first-seen order of
 * the documents: a store's revision guard would refuse the older ones anyway, and one statement may then
 * touch each row once (PostgreSQL's `ON CONFLICT` refuses a row twice; MongoDB's bulk write would race itself).
 */
export function newestPerDocument(changes: readonly DocumentChange[]): DocumentChange[] {
  const newest = new Map<string, DocumentChange>();
  for (const change of changes) {
    const id = JSON.stringify([change.collection, change.partition, change.key]);
    const seen = newest.get(id);
    if (!seen || seen.revision < change.revision) newest.set(id, change);
  }
  return [...newest.values()];
}
