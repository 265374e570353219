/**
 * The projections of one projector with their checkpoints: which `$all` position each has applied, the
 * resets a rebuild asks for, version changes (built beside the live read model, then switched to: see
 * projection-versions.ts), and the application of one page of events (its document changes committed with
 * the checkpoints it advances). The projector decides where pages come from.
 */
import { pageChanges } from './page-changes.js';
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type DocumentChange,
  type ProjectionCheckpoint,
  type ReadModelStore,
  type AnyProjection,
  type RecordedProjectEvent,
  isProjectEvent,
} from '../ports/index.js';
import { planProjections } from './projection-versions.js';

/** The subset of a pino logger the projector uses. */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** For `/health`: each projection's checkpoint and the lowest of them (`null` when any has applied nothing yet). */
export interface ProjectorStatus {
  projections: Array<{ name: string; version: number; position: Position | null }>;
  position: Position | null;
  /** When the last event this projector applied was recorded (RFC 3339); null before it applied one. */
  appliedRecordedAt: string | null;
}

/**
 * Told of the project events of each page the projector has committed, in `$all` order. Delivery is at
 * least once (a page re-read after a restart or a single projection's rebuild repeats events), so a
 * listener must be idempotent by stream revision. Must not throw (a throw is logged and ignored).
 */
export type AppliedListener = (events: readonly RecordedProjectEvent[]) => void;

/** Not safe for concurrent calls: the projector runs `prepare` and `applyPage` one at a time. */
export class CheckpointedProjections {
  /** In-memory copy of each projection's committed checkpoint position; filled by `prepare`. */
  readonly #positions = new Map<string, Position | null>();
  #appliedRecordedAt: string | null = null;
  #loaded = false;
  readonly #pendingResets = new Set<string>();
  /** The collection each projection writes: its name, or the side collection its new version is built in. */
  readonly #targets = new Map<string, string>();
  #generation = 0;
  /** The newest head a subscription of this generation caught up at: every event up to it is applied. */
  #scanned: Position | null = null;
  readonly #appliedListeners = new Set<{ listener: AppliedListener }>();

  constructor(
    private readonly readModels: ReadModelStore,
    readonly projections: readonly AnyProjection[],
    private readonly logger: ProjectorLogger,
    /** Called whenever more events count as applied (a page committed, a head caught up at). */
    private readonly onAdvanced: () => void,
  ) {}

  /** Bumped by every reset: a subscription opened before it must stop delivering and start over. */
  get generation(): number {
    return this.#generation;
  }

  /** Reset these projections at the next `prepare`. */
  requestReset(names: Iterable<string>): void {
    for (const name of names) this.#pendingResets.add(name);
  }

  /**
   * Load the checkpoints (once), plan each projection's version (see projection-versions.ts), and apply
   * the pending resets. @returns the generation to subscribe with.
   * @throws NewerProjectionVersionError, changing nothing, when the store serves a projection at a newer
   *   version than this code's; what the read-model store throws.
   */
  async prepare(): Promise<number> {
    await this.#load();
    await this.#applyPendingResets();
    return this.#generation;
  }

  /**
   * Apply a page: events at or before a projection's checkpoint are skipped for it, so a page delivered
   * twice is applied once. @throws what the read-model store throws (nothing is advanced then).
   */
  async applyPage(page: readonly RecordedEvent[]): Promise<void> {
    const lowest = this.lowestPosition();
    const fresh = lowest === null ? page : page.filter((event) => comparePositions(event.position, lowest) > 0);
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1]!.position;
    const changes: DocumentChange[] = [];
    const checkpoints: Array<{ projection: string } & ProjectionCheckpoint> = [];
    for (const projection of this.projections) {
      const from = this.#positions.get(projection.name) ?? null;
      if (from !== null && comparePositions(last, from) <= 0) continue;
      const target = { ...projection, name: this.#target(projection.name) };
      changes.push(...(await pageChanges(target, fresh, from, this.readModels, (error, p, event) => this.#fault(error, p, event))));
      checkpoints.push({ projection: target.name, version: projection.version, position: last });
    }
    await this.readModels.commit(changes, checkpoints);
    for (const { projection, position } of checkpoints) this.#positions.set(projection, position);
    this.#appliedRecordedAt = fresh[fresh.length - 1]!.recordedAt;
    this.#notifyApplied(fresh);
    this.onAdvanced();
  }

  /** A subscription of `generation`, started at the lowest checkpoint, has applied everything up to `head`. */
  caughtUpAt(head: Position | null, generation: number): void {
    if (head === null || generation !== this.#generation) return;
    if (this.#scanned === null || comparePositions(head, this.#scanned) > 0) this.#scanned = head;
    this.onAdvanced();
  }

  /** Whether a projection's new version is being built beside its live read model. */
  get building(): boolean {
    return [...this.#targets].some(([name, target]) => name !== target);
  }

  /**
   * Switch each projection whose new version was built beside its live read model over to it: call once
   * everything up to the head is applied. The store refuses (and we try again at the next catch-up) while
   * the live checkpoint is ahead, which only a projector of the older image can make it.
   * @throws what the read-model store throws.
   */
  async activateBuilt(): Promise<void> {
    for (const [name, side] of this.#targets) {
      if (name === side) continue;
      if (await this.readModels.activate(name, side)) {
        this.#targets.set(name, name); // the name is served from the side collection now: write through it
        this.logger.info({ projection: name, from: side }, 'projection version switched: the new read model serves reads');
      } else {
        this.logger.info({ projection: name, building: side }, 'new projection version not switched yet: the live read model is ahead');
      }
    }
  }

  /** Every projection has applied `position`: its checkpoint is there, or a subscription caught up past it. */
  reached(position: Position): boolean {
    if (this.#scanned !== null && comparePositions(this.#scanned, position) >= 0) return true;
    const lowest = this.lowestPosition();
    return this.projections.length > 0 && lowest !== null && comparePositions(lowest, position) >= 0;
  }

  /** The checkpoint of the projection furthest behind; `null` when any has applied nothing (or there is none). */
  lowestPosition(): Position | null {
    let lowest: Position | null = null;
    for (const p of this.projections) {
      const position = this.#positions.get(p.name) ?? null;
      if (position === null) return null;
      if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }

  /** See `Projector.onApplied`. */
  onApplied(listener: AppliedListener): () => void {
    const subscription = { listener }; // a wrapper, so one function subscribed twice is called twice
    this.#appliedListeners.add(subscription);
    return () => void this.#appliedListeners.delete(subscription);
  }

  status(): ProjectorStatus {
    const projections = this.projections.map((p) => ({ name: p.name, version: p.version, position: this.#positions.get(p.name) ?? null }));
    return { projections, position: this.lowestPosition(), appliedRecordedAt: this.#appliedRecordedAt };
  }

  async #load(): Promise<void> {
    if (this.#loaded) return;
    for (const start of await planProjections(this.readModels, this.projections, this.logger)) {
      this.#targets.set(start.name, start.target);
      this.#positions.set(start.name, start.position);
      if (start.reset) this.#pendingResets.add(start.name);
    }
    this.#loaded = true;
  }

  async #applyPendingResets(): Promise<void> {
    const targets = this.projections.filter((p) => this.#pendingResets.has(p.name));
    if (targets.length === 0) return;
    // A projection built beside its live read model resets its side collection only: readers keep the live one.
    for (const p of targets) await this.readModels.reset(this.#target(p.name));
    // Record the versions now, so an empty store does not reset again on every start.
    await this.readModels.commit(
      [],
      targets.map((p) => ({ projection: this.#target(p.name), version: p.version, position: null })),
    );
    for (const p of targets) {
      this.#positions.set(p.name, null);
      this.#pendingResets.delete(p.name);
    }
    this.#generation += 1;
    this.#scanned = null;
  }

  #target(name: string): string {
    return this.#targets.get(name) ?? name;
  }

  #fault(error: unknown, projection: AnyProjection, event: RecordedEvent): void {
    this.logger.error(
      {
        err: error,
        projection: projection.name,
        position: event.position,
        streamId: event.streamId,
        revision: event.revision,
        type: event.type,
      },
      'projection threw; event skipped for this projection',
    );
  }

  #notifyApplied(page: readonly RecordedEvent[]): void {
    if (this.#appliedListeners.size === 0) return;
    const events = page.filter(isProjectEvent);
    if (events.length === 0) return;
    for (const { listener } of [...this.#appliedListeners]) {
      try {
        listener(events);
      } catch (error) {
        // The page is committed whatever a listener does; failing here would re-read and re-apply it.
        this.logger.error(
          { err: error, from: events[0]!.position, to: events[events.length - 1]!.position },
          'onApplied listener threw; ignored',
        );
      }
    }
  }
}
