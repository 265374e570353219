/**
 * The shapes of the variables callers render with, per template and API key, kept in memory and flushed to
 * the `VariableShapeStore` every `flushMs` (docs/publishing.md "Publish gate"). A render only walks its
 * variables within bounds and updates a map (microseconds); memory holds at most `maxEntries` template-key
 * pairs of at most `maxShapes` shapes each, pending until the next flush. A publish check flushes this
 * instance's pending shapes of the template first; another instance's may be up to one flush interval late.
 */
import type { ProjectRef } from '../../domain/project.js';
import { type ShapeBounds, DEFAULT_SHAPE_BOUNDS, shapeSignature, variableShape } from '../../rendering/index.js';
import { shapeIdentity, type RecordedShape, type ShapesLocation, type VariableShapeStore } from './variable-shape-store.js';

/** Settings of the recorder (VARIABLE_SHAPES_* in docs/operations.md). */
export interface ShapeRecorderOptions {
  /** Pause between two flushes, ms. */
  flushMs: number;
  /** Distinct shapes kept per template and key, in memory and stored. */
  maxShapes: number;
  /** Template-key pairs pending in memory at most; a render of a new pair past it is not recorded until the next flush. */
  maxEntries: number;
  bounds?: ShapeBounds;
  /** ms since the epoch; default `Date.now`. */
  now?: () => number;
  logger?: { warn(obj: object, msg?: string): void };
}

/** What `record` keeps per shape until the flush: times in ms. */
interface Pending {
  shape: Omit<RecordedShape, 'count' | 'first_seen' | 'last_seen'>;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

interface Entry extends ShapesLocation {
  shapes: Map<string, Pending>;
}

/** A shape computed once per signature (`shapeSignature`), with its identity. */
interface Known {
  shape: Pending['shape'];
  identity: string;
}

/** Signatures whose shape is kept; past it the memo starts afresh (callers send few distinct shapes). */
export const SHAPE_MEMO_ENTRIES = 1_000;

export class VariableShapeRecorder {
  #pending = new Map<string, Entry>();
  #flushing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  readonly #now: () => number;
  /** Shape and identity by payload signature (and strictness): the walk, sort and identity text once per signature. */
  readonly #memo = new Map<string, Known>();

  constructor(
    private readonly store: VariableShapeStore,
    private readonly options: ShapeRecorderOptions,
  ) {
    this.#now = options.now ?? Date.now;
  }

  /**
   * Note the shape of `variables` (before any default is filled in) sent by `keyId` to render `ref`'s
   * published revision. Never throws; `variables` is not changed.
   */
  record(ref: ProjectRef, keyId: string, variables: Record<string, unknown>, strict: boolean): void {
    const id = `${ref.workspace}\u0000${ref.projectId}\u0000${keyId}`;
    let entry = this.#pending.get(id);
    if (!entry) {
      if (this.#pending.size >= this.options.maxEntries) return;
      entry = { workspace: ref.workspace, template: ref.projectId, keyId, shapes: new Map() };
      this.#pending.set(id, entry);
    }
    const { shape, identity } = this.#shapeOf(variables, strict);
    const now = this.#now();
    const known = entry.shapes.get(identity);
    if (known) {
      known.count += 1;
      known.lastSeen = now;
      return;
    }
    if (entry.shapes.size >= this.options.maxShapes) entry.shapes.delete(leastRecent(entry.shapes));
    entry.shapes.set(identity, { shape, count: 1, firstSeen: now, lastSeen: now });
  }

  /** The shape of `variables` and its identity, from the memo when its signature was seen (the same result as computing it). */
  #shapeOf(variables: Record<string, unknown>, strict: boolean): Known {
    const bounds = this.options.bounds ?? DEFAULT_SHAPE_BOUNDS;
    const signature = shapeSignature(variables, bounds);
    const memoKey = signature === undefined ? undefined : `${strict ? '!' : ''}${signature}`;
    const memo = memoKey === undefined ? undefined : this.#memo.get(memoKey);
    if (memo) return memo;
    const shape = { ...variableShape(variables, bounds), ...(strict ? { strict: true as const } : {}) };
    const known = { shape, identity: shapeIdentity(shape) };
    if (memoKey !== undefined) {
      if (this.#memo.size >= SHAPE_MEMO_ENTRIES) this.#memo.clear();
      this.#memo.set(memoKey, known);
    }
    return known;
  }

  /** Flush every `flushMs` until `close` (the timer never keeps the process alive). */
  start(): void {
    this.#timer ??= setInterval(() => {
      this.flush().catch((error: unknown) =>
        this.options.logger?.warn({ err: error }, 'variable shapes not flushed; kept for the next flush'),
      );
    }, this.options.flushMs);
    this.#timer.unref();
  }

  /**
   * Write the pending shapes (of template `only`, when given) to the store, one flush at a time. Shapes a
   * write could not place stay pending. @throws what the store throws (what was not written stays pending).
   */
  flush(only?: ProjectRef): Promise<void> {
    const run = this.#flushing.then(() => this.#flush(only));
    this.#flushing = run.catch(() => undefined);
    return run;
  }

  /** Every shape `ref`'s template was rendered with in the window, by key: this instance's pending ones flushed first. */
  async recorded(ref: ProjectRef): Promise<Array<{ keyId: string; shapes: RecordedShape[] }>> {
    await this.flush(ref);
    return this.store.forTemplate(ref.workspace, ref.projectId, this.#now());
  }

  /** Stop the timer and flush what is pending. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #flush(only?: ProjectRef): Promise<void> {
    const now = this.#now();
    for (const [id, entry] of [...this.#pending]) {
      if (only && (entry.workspace !== only.workspace || entry.template !== only.projectId)) continue;
      this.#pending.delete(id);
      const shapes = [...entry.shapes.values()].map(toRecorded);
      let written = false;
      try {
        written = await this.store.merge(entry, shapes, now);
      } finally {
        if (!written) this.#restore(id, entry);
      }
    }
  }

  /** Put back what a flush could not write, merged with what was recorded meanwhile (bounds kept). */
  #restore(id: string, entry: Entry): void {
    const current = this.#pending.get(id);
    if (!current) {
      if (this.#pending.size < this.options.maxEntries) this.#pending.set(id, entry);
      return;
    }
    for (const [identity, pending] of entry.shapes) {
      const known = current.shapes.get(identity);
      if (known) {
        known.count += pending.count;
        known.firstSeen = Math.min(known.firstSeen, pending.firstSeen);
      } else if (current.shapes.size < this.options.maxShapes) current.shapes.set(identity, pending);
    }
  }
}

function leastRecent(shapes: Map<string, Pending>): string {
  let oldest: [string, number] | undefined;
  for (const [identity, { lastSeen }] of shapes) if (!oldest || lastSeen < oldest[1]) oldest = [identity, lastSeen];
  return oldest![0];
}

function toRecorded(pending: Pending): RecordedShape {
  return {
    ...pending.shape,
    count: pending.count,
    first_seen: new Date(pending.firstSeen).toISOString(),
    last_seen: new Date(pending.lastSeen).toISOString(),
  };
}
