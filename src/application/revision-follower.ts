/**
 * Keeps the current-revision index up to date in a process that runs no projector (`PROJECTOR=off`):
 * follows `$all` (project streams only) from the head it finds at start — what came before, the index
 * reads through on demand — on every append made here at once, and every `pollIntervalMs` for the
 * appends of other processes.
 */
import { PROJECT_STREAM_PREFIX } from '../domain/project.js';
import type { CurrentRevisions } from './current-revisions.js';
import { comparePositions, type EventStore, type Position } from './ports.js';
import type { RecordedProjectEvent } from './projection.js';

export interface RevisionFollowerOptions {
  /** How often (ms) to look for other processes' appends. Default 250. */
  pollIntervalMs?: number;
  /** Told when a read fails (the next poll tries again). */
  onError?: (error: unknown) => void;
}

export class RevisionFollower {
  #position: Position | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  readonly #waiters = new Set<{ position: Position; resolve: (reached: boolean) => void }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly index: CurrentRevisions,
    private readonly options: RevisionFollowerOptions = {},
  ) {}

  /** Start at the current head, then follow. @throws what the event store throws reading the head. */
  async start(): Promise<void> {
    this.#position = (await this.eventStore.head())?.position ?? null;
    this.#unsubscribe = this.eventStore.onAppended(() => this.#follow());
    this.#timer = setInterval(() => this.#follow(), this.options.pollIntervalMs ?? 250);
    this.#timer.unref();
  }

  /** Resolve true once the index has seen `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.#reached(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve: (reached: boolean) => (clearTimeout(timer), this.#waiters.delete(waiter), resolve(reached)) };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.#waiters.add(waiter);
      this.#follow();
    });
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#unsubscribe?.();
    for (const waiter of [...this.#waiters]) waiter.resolve(false);
  }

  #follow(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.#follow();
        }
      });
  }

  async #drain(): Promise<void> {
    for (;;) {
      const page = await this.eventStore.readAll({ after: this.#position, maxCount: 500, streamPrefix: PROJECT_STREAM_PREFIX });
      if (page.length === 0) return;
      this.index.apply(page as RecordedProjectEvent[]);
      this.#position = page[page.length - 1]!.position;
      for (const waiter of [...this.#waiters]) if (this.#reached(waiter.position)) waiter.resolve(true);
    }
  }

  #reached(position: Position): boolean {
    return this.#position !== null && comparePositions(this.#position, position) >= 0;
  }
}
