/**
 * Rebuilding read models while the service serves from them: each projection is built into a new
 * physical collection beside the live one, caught up, then switched to atomically (`activate`, only once
 * it has reached the live checkpoint) and the old one dropped — so no reader ever sees a missing or older
 * document. Then every read model is checked against a fold of the streams.
 */
import { createHash } from 'node:crypto';
import { PROJECT_STREAM_PREFIX } from '../../domain/project.js';
import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type DocumentLocation,
  type ReadModelStore,
  type AnyProjection,
  type RecordedProjectEvent,
  decodeProjectEvent,
} from '../ports/index.js';
import { NewerProjectionVersionError } from './projection-versions.js';
import { Projector, type ProjectorLogger } from './projector.js';

export interface RebuildOptions {
  /** Told after each page of events applied: events so far, ms since the start. */
  onProgress?: (events: number, elapsedMs: number) => void;
  logger?: ProjectorLogger;
}

/**
 * Rebuild `projections` beside the live read models and switch to them.
 * @returns how many events were applied and how long it took, ms.
 * @throws NewerProjectionVersionError, before anything is built, when the store serves a projection at a
 *   newer version than `projections` (a switch would never be allowed); what the stores throw; Error when a
 *   switch-over keeps finding the live model ahead (a store written faster than it can be rebuilt).
 */
export async function rebuildWhileServing(
  stores: { eventStore: EventStore; readModels: ReadModelStore },
  projections: readonly AnyProjection[],
  options: RebuildOptions = {},
): Promise<{ events: number; ms: number }> {
  for (const p of projections) {
    const live = await stores.readModels.getCheckpoint(p.name);
    if (live && live.version > p.version) throw new NewerProjectionVersionError(p.name, live.version, p.version);
  }
  const started = Date.now();
  const suffix = `@rebuild-${started}`;
  const building = projections.map((p) => ({ ...p, name: `${p.name}${suffix}` }));
  const projector = new Projector({
    ...stores,
    projections: building,
    batchSize: 500,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let events = 0;
  projector.onApplied((page) => {
    events += page.length;
    options.onProgress?.(events, Date.now() - started);
  });
  try {
    await projector.catchUp();
    for (const p of projections) {
      let switched = false;
      // The live projector keeps going meanwhile: catch up again until the switch finds us at or past it.
      for (let attempt = 0; attempt < 100 && !switched; attempt++) {
        switched = await stores.readModels.activate(p.name, `${p.name}${suffix}`);
        if (!switched) await projector.catchUp();
      }
      if (!switched) throw new Error(`Could not switch ${p.name} over: the live read model kept moving ahead.`);
    }
  } finally {
    await projector.stop();
  }
  return { events, ms: Date.now() - started };
}

/** What `verifyAgainstStreams` found. */
export interface Verification {
  /** Documents compared (live ones: a fold to null is compared too). */
  documents: number;
  /** SHA-256 over every compared document, in stream order, as stored and as folded. */
  storedHash: string;
  foldedHash: string;
  /** `collection/partition/key` of each compared document that differs from its fold. */
  mismatches: string[];
  /**
   * Documents not compared: their stream was written past the position the read models had reached when the
   * check began (or while it ran), so what is stored may hold writes the fold does not, or the reverse.
   */
  skipped: number;
}

/**
 * Fold every project stream with each projection and compare with what the read models hold: the count and
 * a content hash over all documents, and each document. Only up to where the read models were when the check
 * began (the lowest checkpoint of `projections`): a stream written after it, before or during the check, is
 * skipped (`skipped`), not reported as a difference, so writes that go on while the service serves are no
 * false alarm. Read models whose checkpoints are written with their documents (`commit`) hold exactly the fold
 * of every other stream.
 * @throws UnknownProjectEventError when a project stream holds an event that is not a project event (the fold
 *   cannot apply it); what the stores throw.
 */
export async function verifyAgainstStreams(
  stores: { eventStore: EventStore; readModels: ReadModelStore },
  projections: readonly AnyProjection[],
): Promise<Verification> {
  const floor = await lowestCheckpoint(stores.readModels, projections);
  const streams = new Map<string, RecordedProjectEvent[]>();
  for (const recorded of await readProjectEvents(stores.eventStore, null)) {
    streams.set(recorded.streamId, [...(streams.get(recorded.streamId) ?? []), decodeProjectEvent(recorded)]);
  }
  const compared: Array<{ streamId: string; name: string; stored: string; folded: string }> = [];
  for (const [streamId, stream] of streams) {
    for (const projection of projections) {
      for (const { location, doc: expected } of foldStream(projection, stream)) {
        const actual = await stores.readModels.get(projection.name, location);
        compared.push({
          streamId,
          name: `${projection.name}/${location.partition}/${location.key}`,
          stored: canonical(actual),
          folded: canonical(expected),
        });
      }
    }
  }
  // Read after the documents: every stream written past the floor, up to now, including during the reads above.
  const moving = new Set((await readProjectEvents(stores.eventStore, floor)).map((event) => event.streamId));
  const stored = createHash('sha256');
  const folded = createHash('sha256');
  const mismatches: string[] = [];
  let documents = 0;
  for (const entry of compared) {
    if (moving.has(entry.streamId)) continue;
    stored.update(entry.stored);
    folded.update(entry.folded);
    documents += 1;
    if (entry.stored !== entry.folded) mismatches.push(entry.name);
  }
  return {
    documents,
    storedHash: stored.digest('hex'),
    foldedHash: folded.digest('hex'),
    mismatches,
    skipped: compared.length - documents,
  };
}

/** The lowest checkpoint position of `projections` (null: one has applied nothing, so every stream is newer). */
async function lowestCheckpoint(readModels: ReadModelStore, projections: readonly AnyProjection[]): Promise<Position | null> {
  let lowest: Position | undefined;
  for (const projection of projections) {
    const position = (await readModels.getCheckpoint(projection.name))?.position ?? null;
    if (position === null) return null;
    if (lowest === undefined || comparePositions(position, lowest) < 0) lowest = position;
  }
  return lowest ?? null;
}

/** Every project-stream event after `after` (null: from the start), in `$all` order. */
async function readProjectEvents(eventStore: EventStore, after: Position | null): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let from = after; ;) {
    const page = await eventStore.readAll({ after: from, maxCount: 1000, streamPrefix: PROJECT_STREAM_PREFIX });
    if (page.length === 0) return events;
    events.push(...page);
    from = page[page.length - 1]!.position;
  }
}

/**
 * A stream folded through one projection: each document it locates (one per project for most projections,
 * one per revision for `revision-history`), in the order first located, with what `evolve` makes of it.
 */
export function foldStream(
  projection: AnyProjection,
  stream: readonly RecordedProjectEvent[],
): Array<{ location: DocumentLocation; doc: unknown }> {
  const docs = new Map<string, { location: DocumentLocation; doc: unknown }>();
  for (const event of stream) {
    const location = projection.locate(event);
    if (!location) continue;
    const id = JSON.stringify([location.partition, location.key]);
    const entry = docs.get(id) ?? { location, doc: null };
    entry.doc = projection.evolve(entry.doc, event);
    docs.set(id, entry);
  }
  return [...docs.values()];
}

/** JSON with object keys sorted at every level: stores may keep keys in another order (PostgreSQL's JSONB). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
