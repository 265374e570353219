/**
 * What one page of `$all` changes in one projection's read model: the pure part of the projector.
 */
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type DocumentChange,
  type DocumentLocation,
  type ReadModelStore,
  type AnyProjection,
  type RecordedProjectEvent,
  isProjectEvent,
} from '../ports/index.js';

/** Told when a projection's `locate` or `evolve` throws on an event (the event is then skipped for it). */
export type ProjectionFault = (error: unknown, projection: AnyProjection, event: RecordedEvent) => void;

/**
 * One projection's changes for a page: the final document of each location whose document changed, with
 * the stream revision of the event that changed it last (the store's write guard). Events at or before
 * `from` (the projection's checkpoint) are skipped. The documents the page touches are read in one `getMany`.
 * @throws what `readModels.getMany` throws (a store failure stops the page; it must not skip events).
 */
export async function pageChanges(
  projection: AnyProjection,
  page: readonly RecordedEvent[],
  from: Position | null,
  readModels: Pick<ReadModelStore, 'getMany'>,
  onFault: ProjectionFault,
): Promise<DocumentChange[]> {
  const guard = <T>(event: RecordedEvent, call: () => T): T | null => {
    try {
      return call();
    } catch (error) {
      // Specified never to throw; if one does, one bad event must not stall every read model.
      onFault(error, projection, event);
      return null;
    }
  };
  const located: Array<{ event: RecordedProjectEvent; key: string }> = [];
  const locations = new Map<string, DocumentLocation>();
  for (const event of page) {
    if ((from !== null && comparePositions(event.position, from) <= 0) || !isProjectEvent(event)) continue;
    const location = guard(event, () => projection.locate(event));
    if (!location) continue;
    const key = JSON.stringify([location.partition, location.key]);
    locations.set(key, location);
    located.push({ event, key });
  }
  if (located.length === 0) return [];
  const stored = await readModels.getMany<unknown>(projection.name, [...locations.values()]);
  const docs = new Map<string, { change: DocumentChange; dirty: boolean }>();
  [...locations].forEach(([key, location], i) =>
    docs.set(key, { change: { collection: projection.name, ...location, doc: stored[i] ?? null, revision: -1 }, dirty: false }),
  );
  for (const { event, key } of located) {
    const entry = docs.get(key)!;
    const next = guard(event, () => ({ doc: projection.evolve(entry.change.doc, event) ?? null }));
    // Projections return the same object for an event they have already applied: nothing to write.
    if (next && next.doc !== entry.change.doc) {
      entry.change.doc = next.doc;
      entry.change.revision = event.revision;
      entry.dirty = true;
    }
  }
  return [...docs.values()].filter((entry) => entry.dirty).map((entry) => entry.change);
}
