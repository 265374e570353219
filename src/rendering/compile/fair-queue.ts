/**
 * The compile pool's waiting room, counted here rather than by Piscina: Piscina 5.3.2 keeps every task
 * that carries an abort signal (all of ours: the deadline) on a queue its `maxQueue` does not count, so
 * its bound never refused anything (issue 19: 35 jobs queued behind a limit of 32, a valid one waited
 * 192.9 s). Two bounds, both answered at once when passed:
 * - `maxWaiting`: jobs waiting in all (COMPILE_QUEUE_MAX);
 * - `perTenantMax`: jobs one tenant (the API key a request came with) may have waiting
 *   (COMPILE_QUEUE_PER_KEY_MAX), so one key cannot fill the room.
 * Jobs leave round-robin between tenants (oldest first within one), so a tenant's job waits behind at most
 * one job of each other tenant, never behind a whole flood of one. Pure; no timers, no threads.
 */

/** Why `FairQueue.add` refused: the room is full, or this tenant already has its share waiting. */
export type QueueRefusal = 'queue_full' | 'tenant_full';

/** Bounds of a `FairQueue`. */
export interface FairQueueBounds {
  /** Most jobs waiting in all; 0 = none may wait (COMPILE_QUEUE_MAX). */
  maxWaiting: number;
  /** Most jobs one tenant may have waiting; at most `maxWaiting` (COMPILE_QUEUE_PER_KEY_MAX). */
  perTenantMax: number;
}

/** A bounded FIFO per tenant, served round-robin between tenants. */
export class FairQueue<T> {
  /** Waiting items by tenant, tenants in the order they are served next (a Map keeps insertion order). */
  readonly #waiting = new Map<string, T[]>();
  #size = 0;

  constructor(readonly bounds: Readonly<FairQueueBounds>) {}

  /** Items waiting in all. */
  get size(): number {
    return this.#size;
  }

  /** Items `tenant` has waiting. */
  waitingOf(tenant: string): number {
    return this.#waiting.get(tenant)?.length ?? 0;
  }

  /** Queue `item` for `tenant`; null when queued, else why not (nothing is queued then). Never throws. */
  add(tenant: string, item: T): QueueRefusal | null {
    if (this.#size >= this.bounds.maxWaiting) return 'queue_full';
    const own = this.#waiting.get(tenant);
    if ((own?.length ?? 0) >= Math.min(this.bounds.perTenantMax, this.bounds.maxWaiting)) return 'tenant_full';
    if (own) own.push(item);
    else this.#waiting.set(tenant, [item]);
    this.#size += 1;
    return null;
  }

  /** The next item: the oldest of the tenant whose turn it is (that tenant then goes last); undefined when empty. */
  take(): T | undefined {
    for (const [tenant, items] of this.#waiting) {
      const item = items.shift()!;
      this.#waiting.delete(tenant);
      if (items.length > 0) this.#waiting.set(tenant, items); // to the back of the round
      this.#size -= 1;
      return item;
    }
    return undefined;
  }

  /** Remove `item` if it still waits (its caller gave up); true when it was there. */
  remove(tenant: string, item: T): boolean {
    const items = this.#waiting.get(tenant);
    const index = items?.indexOf(item) ?? -1;
    if (!items || index < 0) return false;
    items.splice(index, 1);
    if (items.length === 0) this.#waiting.delete(tenant);
    this.#size -= 1;
    return true;
  }
}
