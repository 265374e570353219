/**
 * Purging old tombstones (review finding M7). A removed read-model document stays as a tombstone carrying
 * its revision, so that an older change applied again cannot bring it back; without a purge they pile up
 * for ever, and `list` filters them out at every call. A tombstone only guards against a replay of events
 * after the projection's checkpoint (a page applied again after a crash), which is minutes old at worst:
 * past a horizon of days it guards nothing and is deleted. A rebuild writes a new collection, so it never
 * needs the tombstones of the old one.
 */
import type { Collection } from 'mongodb';
import { guardMongo } from './database.js';
import { expiredTombstones, type StoredReadModel } from './updates.js';

/** Tombstones older than this are purged, ms (7 days: far past any replay, short enough to bound growth). */
export const TOMBSTONE_HORIZON_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one purge per this many ms per process, ms (1 hour). */
export const TOMBSTONE_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Tombstones deleted per purge at most (a bounded `deleteMany`; the next purge takes the rest). */
export const TOMBSTONE_PURGE_LIMIT = 10_000;

export interface TombstonePurgeOptions {
  /** Default {@link TOMBSTONE_HORIZON_MS}. */
  horizonMs?: number;
  /** Default {@link TOMBSTONE_PURGE_INTERVAL_MS}. */
  intervalMs?: number;
  /** ms since the epoch (default `Date.now`). */
  now?: () => number;
}

/**
 * Delete up to `limit` tombstones removed before `now - horizonMs` (found through the sparse `tombstones`
 * index, then deleted by `_id` with the same condition, so a document revived meanwhile stays).
 * @returns how many were deleted. @throws DependencyUnavailableError.
 */
export async function purgeTombstones(
  readModels: Collection<StoredReadModel>,
  now: number,
  horizonMs: number,
  limit: number,
): Promise<number> {
  const filter = expiredTombstones(new Date(now - horizonMs));
  const expired = await guardMongo(() =>
    readModels
      .find(filter, { projection: { _id: 1 } })
      .limit(limit)
      .toArray(),
  );
  if (expired.length === 0) return 0;
  const result = await guardMongo(() => readModels.deleteMany({ _id: { $in: expired.map((doc) => doc._id) }, ...filter }));
  return result.deletedCount;
}

/** Runs {@link purgeTombstones} in the background at most once per interval; a failure waits for the next one. */
export class TombstonePurger {
  #last = -Infinity;
  #running: Promise<unknown> | null = null;
  readonly #horizonMs: number;
  readonly #intervalMs: number;
  readonly #now: () => number;

  constructor(
    private readonly readModels: Collection<StoredReadModel>,
    options: TombstonePurgeOptions = {},
  ) {
    this.#horizonMs = options.horizonMs ?? TOMBSTONE_HORIZON_MS;
    this.#intervalMs = options.intervalMs ?? TOMBSTONE_PURGE_INTERVAL_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Start a purge unless one ran within the interval or is running. Never throws; not awaited by the caller. */
  maybePurge(): void {
    const now = this.#now();
    if (this.#running || now - this.#last < this.#intervalMs) return;
    this.#last = now;
    this.#running = purgeTombstones(this.readModels, now, this.#horizonMs, TOMBSTONE_PURGE_LIMIT)
      .catch(() => 0)
      .finally(() => (this.#running = null));
  }

  /** Wait for a purge in progress (close, tests). */
  async idle(): Promise<void> {
    await this.#running;
  }
}
