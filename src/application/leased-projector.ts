/**
 * A projector that runs only while it holds the store's projector lease: at most one is active per
 * store; the others stand by, retrying, and one takes over when the active one dies or stops renewing.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectorLease } from './ports/read-model.js';
import type { Projector, ProjectorLogger } from './projector.js';

export interface LeasedProjectorOptions {
  /** How long a lease lasts without renewal, ms (engines that tie it to a connection ignore it). Default 10,000. */
  ttlMs?: number;
  /** How often the holder renews, and a standby retries, ms. Default 2,000. */
  intervalMs?: number;
  logger?: ProjectorLogger;
}

export class LeasedProjector {
  readonly holder = `projector-${randomUUID()}`;
  #active = false;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  #tick: Promise<void> = Promise.resolve();

  constructor(
    private readonly projector: Projector,
    private readonly lease: ProjectorLease,
    private readonly options: LeasedProjectorOptions = {},
  ) {}

  /** Whether this one is the active projector now. */
  get active(): boolean {
    return this.#active;
  }

  /**
   * Try for the lease now, and keep trying (or renewing) every `intervalMs`.
   * @throws what the first `Projector.start` throws when this one took the lease (the lease is given up).
   */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.#check();
    this.#timer = setInterval(() => {
      // A later start that fails is logged and retried at the next tick: it must not end the process.
      this.#tick = this.#tick.then(() => this.#check()).catch((error: unknown) => this.options.logger?.error({ err: error }, 'projector failed to start; retrying'));
    }, this.options.intervalMs ?? 2000);
  }

  /** Stop projecting and give the lease up, so a standby takes over at once. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#tick;
    if (this.#active) await this.projector.stop();
    this.#active = false;
    await this.lease.release(this.holder).catch(() => undefined);
  }

  async #check(): Promise<void> {
    if (this.#stopped) return;
    let held: boolean;
    try {
      held = await this.lease.tryAcquire(this.holder, this.options.ttlMs ?? 10_000);
    } catch (error) {
      this.options.logger?.error({ err: error }, 'projector lease check failed');
      held = false;
    }
    if (held && !this.#active) {
      this.#active = true;
      this.options.logger?.info({ holder: this.holder }, 'projector lease taken: projecting');
      try {
        await this.projector.start();
      } catch (error) {
        // Let a standby (or our next tick) try: holding the lease without projecting would stall everyone.
        this.#active = false;
        await this.lease.release(this.holder).catch(() => undefined);
        throw error;
      }
    } else if (!held && this.#active) {
      this.#active = false;
      this.options.logger?.info({ holder: this.holder }, 'projector lease lost: standing by');
      await this.projector.stop();
    }
  }
}
