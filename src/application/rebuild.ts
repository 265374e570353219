/**
 * Rebuilding read models while the service serves from them: each projection is built into a new
 * physical collection beside the live one, caught up, then switched to atomically (`activate`, only once
 * it has reached the live checkpoint) and the old one dropped — so no reader ever sees a missing or older
 * document. Then every read model is checked against a fold of the streams.
 */
import { createHash } from 'node:crypto';
import { PROJECT_STREAM_PREFIX } from '../domain/project.js';
import type { EventStore } from './ports/event-store.js';
import type { DocumentLocation, ReadModelStore } from './ports/read-model.js';
import type { AnyProjection, RecordedProjectEvent } from './projection.js';
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
  const projector = new Projector({ ...stores, projections: building, batchSize: 500, ...(options.logger ? { logger: options.logger } : {}) });
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
  /** SHA-256 over every stored document, in stream order, and over every folded one. */
  storedHash: string;
  foldedHash: string;
  /** `collection/partition/key` of each document that differs from its fold. */
  mismatches: string[];
}

/**
 * Fold every project stream with each projection and compare with what the read models hold: the count and
 * a content hash over all documents, and each document.
 */
export async function verifyAgainstStreams(stores: { eventStore: EventStore; readModels: ReadModelStore }, projections: readonly AnyProjection[]): Promise<Verification> {
  const streams = new Map<string, RecordedProjectEvent[]>();
  for (let after: string | null = null; ; ) {
    const page = await stores.eventStore.readAll({ after, maxCount: 1000, streamPrefix: PROJECT_STREAM_PREFIX });
    if (page.length === 0) break;
    for (const event of page as RecordedProjectEvent[]) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
    after = page[page.length - 1]!.position;
  }
  const stored = createHash('sha256');
  const folded = createHash('sha256');
  const mismatches: string[] = [];
  let documents = 0;
  for (const stream of streams.values()) {
    for (const projection of projections) {
      for (const { location, doc: expected } of foldStream(projection, stream)) {
        const actual = await stores.readModels.get(projection.name, location);
        const [a, b] = [canonical(actual), canonical(expected)];
        stored.update(a);
        folded.update(b);
        documents += 1;
        if (a !== b) mismatches.push(`${projection.name}/${location.partition}/${location.key}`);
      }
    }
  }
  return { documents, storedHash: stored.digest('hex'), foldedHash: folded.digest('hex'), mismatches };
}

/**
 * A stream folded through one projection: each document it locates (one per project for most projections,
 * one per revision for `revision-history`), in the order first located, with what `evolve` makes of it.
 */
export function foldStream(projection: AnyProjection, stream: readonly RecordedProjectEvent[]): Array<{ location: DocumentLocation; doc: unknown }> {
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
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v,
  );
}
