/**
 * A projector that runs only while it holds the store's projector lease: at most one is active per
 * store; the others stand by, retrying, and one takes over when the active one dies or stops renewing.
 *
 * Renewals run on their own timer from the moment the lease is taken, also while the first catch-up runs
 * (which can take longer than the lease lasts), and the holder counts itself active only while its last
 * renewal is surely still valid: when renewals fail or come late it stops projecting before a standby can
 * take the lease (see `LeasedProjectorOptions.intervalMs`), so two are never active at once.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectorLease } from '../ports/index.js';
import { NewerProjectionVersionError } from './projection-versions.js';
import type { Projector, ProjectorLogger } from './projector.js';

export interface LeasedProjectorOptions {
  /** How long a lease lasts without renewal, ms (engines that tie it to a connection ignore it). Default 10,000. */
  ttlMs?: number;
  /**
   * How often the holder renews, and a standby retries, ms. Default 2,000. The holder stops projecting
   * once `ttlMs - min(intervalMs, ttlMs / 2)` has passed since it sent its last successful renewal, which
   * leaves that margin before a standby may take the lease.
   */
  intervalMs?: number;
  logger?: ProjectorLogger;
  /** ms, for the holder's own view of its lease (default `Date.now`; the lease's expiry is the store's). */
  now?: () => number;
}

export class LeasedProjector {
  readonly holder = `projector-${randomUUID()}`;
  #active = false;
  #timer: NodeJS.Timeout | null = null;
  #deadline: NodeJS.Timeout | null = null;
  #stopped = false;
  /** Lease calls, one at a time. */
  #tick: Promise<void> = Promise.resolve();
  /** The projector's start after the lease was last taken. */
  #starting: Promise<void> | null = null;
  #standingByFor: string | null = null;

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
   * Try for the lease now, and keep trying (or renewing) every `intervalMs`; when taken, resolve once the
   * first catch-up is done. A store that serves a newer projection version than this code's is not an
   * error: this one gives the lease back and stands by (logged once).
   * @throws what the first `Projector.start` throws when this one took the lease (the lease is given up).
   */
  async start(): Promise<void> {
    this.#stopped = false;
    this.#tick = this.#check();
    await this.#tick;
    // Renewals start now, before the first catch-up is awaited: a catch-up longer than the TTL keeps the lease.
    const first = this.#starting;
    this.#timer = setInterval(() => void (this.#tick = this.#tick.then(() => this.#check())), this.options.intervalMs ?? 2000);
    try {
      await first;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /**
   * Stop projecting and give the lease up, so a standby takes over at once. Does not wait for a lease call
   * in flight (one can hang on an unreachable store): should it take the lease after all, it gives it back.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#clearDeadline();
    await this.#demote(null);
    await this.lease.release(this.holder).catch(() => undefined);
  }

  /** One lease call: take or renew, and start or stop projecting to match. Never throws. */
  async #check(): Promise<void> {
    if (this.#stopped) return;
    const ttlMs = this.options.ttlMs ?? 10_000;
    const sentAt = this.#now();
    let held: boolean;
    try {
      held = await this.lease.tryAcquire(this.holder, ttlMs);
    } catch (error) {
      this.options.logger?.error({ err: error }, 'projector lease check failed');
      held = false;
    }
    if (this.#stopped) {
      if (held) await this.lease.release(this.holder).catch(() => undefined);
      return;
    }
    const validUntil = sentAt + ttlMs - Math.min(this.options.intervalMs ?? 2000, ttlMs / 2);
    // An answer that came back after the lease it granted may have run out proves nothing: wait for the next one.
    if (held && this.#now() >= validUntil) held = false;
    if (held) this.#armDeadline(validUntil);
    if (held && !this.#active) {
      this.#active = true;
      this.options.logger?.info({ holder: this.holder }, 'projector lease taken: projecting');
      const starting = this.#startProjector();
      const later = this.#timer !== null; // the first start's failure is start()'s to throw
      this.#starting = starting;
      // A later start that fails is logged and retried at the next tick: it must not end the process.
      starting.catch((error: unknown) => later && this.options.logger?.error({ err: error }, 'projector failed to start; retrying'));
    } else if (!held && this.#active) {
      await this.#demote('projector lease lost: standing by');
    }
  }

  async #startProjector(): Promise<void> {
    try {
      await this.projector.start();
      if (this.#standingByFor !== null) this.options.logger?.info({ holder: this.holder }, 'projection versions match again: projecting');
      this.#standingByFor = null;
    } catch (error) {
      // Let a standby (or our next tick) try: holding the lease without projecting would stall everyone.
      this.#active = false;
      this.#clearDeadline();
      await this.projector.stop();
      await this.lease.release(this.holder).catch(() => undefined);
      if (!(error instanceof NewerProjectionVersionError)) throw error;
      if (this.#standingByFor !== error.message)
        this.options.logger?.info(
          { holder: this.holder, projection: error.projection, stored: error.stored, code: error.code },
          error.message,
        );
      this.#standingByFor = error.message;
    }
  }

  /** Stop projecting (when active); `reason` is logged. */
  async #demote(reason: string | null): Promise<void> {
    if (!this.#active) return;
    this.#active = false;
    this.#clearDeadline();
    if (reason) this.options.logger?.info({ holder: this.holder }, reason);
    await this.projector.stop();
    await this.#starting?.catch(() => undefined);
  }

  /** Stop projecting at `at` (this process's clock) unless a renewal moves it on first. */
  #armDeadline(at: number): void {
    this.#clearDeadline();
    this.#deadline = setTimeout(
      () => void this.#demote('projector lease not renewed in time (renewals failing or late): standing by'),
      Math.max(0, at - this.#now()),
    );
  }

  #clearDeadline(): void {
    if (this.#deadline) clearTimeout(this.#deadline);
    this.#deadline = null;
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }
}
