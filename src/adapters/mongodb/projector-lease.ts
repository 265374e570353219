/**
 * The projector lease on MongoDB: one document `{ _id: 'projector', holder, expiresAt }` in `leases`, taken
 * and renewed by one guarded upsert (a single-document write is atomic in MongoDB, so no transaction).
 *
 * Expiry is judged by the clock of the process that asks: a standby takes the lease once its own clock is
 * past `expiresAt`, which the holder computed with its clock. Clock skew between machines therefore
 * shortens (standby ahead) or lengthens (standby behind) a lease by the skew; the TTL must exceed the
 * largest skew, and the holder must renew well within the TTL. (Unlike PostgreSQL's session lock, nothing
 * ties the lease to a connection: a holder that dies keeps it until it expires.)
 */
import type { Collection, Db } from 'mongodb';
import type { ProjectorLease } from '../../application/ports/index.js';
import { confirmedWrite } from './confirmed-write.js';
import { COLLECTIONS, guardMongo } from './database.js';
import { isDuplicateKeyError, leaseAcquisition, type StoredLease } from './updates.js';

const LEASE = 'projector';

/** {@link ProjectorLease} on the `leases` collection of a database from `openMongo`. */
export class MongoProjectorLease implements ProjectorLease {
  readonly #leases: Collection<StoredLease>;
  readonly #now: () => number;

  /**
   * @param db the database `openMongo` returned; its client's owner closes it.
   * @param options `now`: ms since the epoch (default `Date.now`; tests move it by hand).
   */
  constructor(db: Db, options: { now?: () => number } = {}) {
    this.#leases = db.collection<StoredLease>(COLLECTIONS.leases);
    this.#now = options.now ?? Date.now;
  }

  /**
   * Take the lease if it is free or expired, or renew it if `holder` has it, for `ttlMs` from now.
   * @returns whether `holder` holds it now. @throws DependencyUnavailableError when the server cannot be reached.
   */
  async tryAcquire(holder: string, ttlMs: number): Promise<boolean> {
    const { filter, update } = leaseAcquisition(LEASE, holder, ttlMs, this.#now());
    try {
      // After a write concern error: held if a majority has this very lease (M6).
      const taken = { _id: LEASE, holder, expiresAt: update.$set!.expiresAt as Date };
      return await confirmedWrite(
        async () => (await this.#leases.updateOne(filter, update, { upsert: true }), true),
        async () => ((await this.#leases.findOne(taken)) ? true : null),
      );
    } catch (error) {
      // The lease exists and is another's, unexpired: the upsert's insert hit its `_id`.
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Give the lease up if `holder` has it (someone else's is left alone). */
  async release(holder: string): Promise<void> {
    await guardMongo(() => this.#leases.deleteOne({ _id: LEASE, holder }));
  }
}
