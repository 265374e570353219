/**
 * Who runs next in the compile pool, and who waits — counted here rather than by Piscina: Piscina 5.3.2
 * keeps every task that carries an abort signal (all of ours: the deadline) on a queue its `maxQueue`
 * does not count, so its bound never refused anything (issue 19: 35 jobs queued behind a limit of 32, a
 * valid one waited 192.9 s). Bounds, each answered at once when passed:
 * - `slots` jobs run at a time (one per worker thread);
 * - `maxWaiting` jobs wait in all (COMPILE_QUEUE_MAX);
 * - `perTenantMax` jobs of one tenant (the API key a request came with) wait (COMPILE_QUEUE_PER_KEY_MAX),
 *   so one key cannot fill the queue.
 * A free slot goes to the waiting tenant served least recently (one never served, or idle since, first;
 * oldest job first within a tenant): a key's job waits behind the jobs already running and at most one
 * job of each other waiting key, never behind a whole flood of one. Pure: no timers, no threads.
 */

/** Why `FairQueue.admit` refused: the queue is full, or this tenant already has its share waiting. */
export type QueueRefusal = 'queue_full' | 'tenant_full';

/** Bounds of a `FairQueue`. */
export interface FairQueueBounds {
  /** Jobs that run at once (worker threads), at least 1. */
  slots: number;
  /** Most jobs waiting in all; 0 = none may wait (COMPILE_QUEUE_MAX). */
  maxWaiting: number;
  /** Most jobs one tenant may have waiting; `maxWaiting` when larger (COMPILE_QUEUE_PER_KEY_MAX). */
  perTenantMax: number;
}

/** Admission and order of jobs (`T`: what the caller needs to start one) across tenants. */
export class FairQueue<T> {
  /** Waiting jobs by tenant, tenants in the order they began waiting (a Map keeps insertion order). */
  readonly #waiting = new Map<string, T[]>();
  /** Jobs running by tenant (entries only while above 0). */
  readonly #running = new Map<string, number>();
  /** When each tenant with jobs running or waiting was last given a slot (a count of grants). */
  readonly #lastServed = new Map<string, number>();
  #grants = 0;
  #size = 0;
  #busy = 0;

  constructor(readonly bounds: Readonly<FairQueueBounds>) {}

  /** Jobs waiting in all. */
  get size(): number {
    return this.#size;
  }

  /** Jobs `tenant` has waiting. */
  waitingOf(tenant: string): number {
    return this.#waiting.get(tenant)?.length ?? 0;
  }

  /**
   * A new job of `tenant`: 'run' (a slot is free and nobody waits: it holds the slot now), 'queued' (`job`
   * is handed back by `finish` when its turn comes), or why it is refused (nothing is kept). Never throws.
   */
  admit(tenant: string, job: T): 'run' | 'queued' | QueueRefusal {
    if (this.#busy < this.bounds.slots && this.#size === 0) {
      this.#grant(tenant);
      return 'run';
    }
    if (this.#size >= this.bounds.maxWaiting) return 'queue_full';
    const own = this.#waiting.get(tenant);
    if ((own?.length ?? 0) >= Math.min(this.bounds.perTenantMax, this.bounds.maxWaiting)) return 'tenant_full';
    if (own) own.push(job);
    else this.#waiting.set(tenant, [job]);
    this.#size += 1;
    return 'queued';
  }

  /**
   * A job of `tenant` ended and its slot is free: the job that takes it (now running; the caller starts
   * it), or undefined when nobody waits. Never throws.
   */
  finish(tenant: string): T | undefined {
    this.#busy -= 1;
    const left = (this.#running.get(tenant) ?? 1) - 1;
    if (left > 0) this.#running.set(tenant, left);
    else this.#running.delete(tenant);
    this.#forgetIfIdle(tenant);
    const next = this.#nextTenant();
    if (next === undefined) return undefined;
    const jobs = this.#waiting.get(next)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) this.#waiting.delete(next);
    this.#size -= 1;
    this.#grant(next);
    return job;
  }

  /** The waiting tenant served least recently (never: first); ties to the one waiting longest. */
  #nextTenant(): string | undefined {
    let best: string | undefined;
    let bestServed = Number.POSITIVE_INFINITY;
    for (const tenant of this.#waiting.keys()) {
      const served = this.#lastServed.get(tenant) ?? -1;
      if (served < bestServed) [best, bestServed] = [tenant, served];
    }
    return best;
  }

  #grant(tenant: string): void {
    this.#busy += 1;
    this.#running.set(tenant, (this.#running.get(tenant) ?? 0) + 1);
    this.#lastServed.set(tenant, (this.#grants += 1));
  }

  /** A tenant with nothing running or waiting needs no history: the maps stay as small as the activity. */
  #forgetIfIdle(tenant: string): void {
    if (!this.#running.has(tenant) && !this.#waiting.has(tenant)) this.#lastServed.delete(tenant);
  }
}
