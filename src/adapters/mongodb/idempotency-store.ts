/**
 * Idempotency keys on MongoDB: one document per (API key id, Idempotency-Key) in `idempotency_keys`, taken
 * by one guarded upsert (a single-document write is atomic, so no transaction), as the projector lease is.
 * A TTL index (`openMongo`) deletes expired documents in the background; reads still compare the time.
 */
import type { Collection, Db } from 'mongodb';
import type {
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  NewIdempotencyClaim,
  StoredResponse,
} from '../../application/ports/index.js';
import { confirmedWrite } from './confirmed-write.js';
import { COLLECTIONS, guardMongo } from './database.js';
import { isDuplicateKeyError } from './updates.js';

/** A record as stored: `_id` the JSON of `[scope, key]` (unambiguous whatever either holds). */
export interface StoredIdempotencyRecord {
  _id: string;
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  response: StoredResponse | null;
  /** A BSON date: what a TTL index reads. */
  expiresAt: Date;
  /** ms since the epoch; absent on documents from before it (their lease was `expiresAt`). */
  leaseUntil?: number;
  /** Absent or null until the in-flight request notes it. */
  target?: string | null;
}

/** The `_id` of (`scope`, `key`). */
export function idempotencyId(scope: string, key: string): string {
  return JSON.stringify([scope, key]);
}

/** How often a claim retries when the holder it lost to vanished before it could be read. */
const CLAIM_ATTEMPTS = 3;

/** {@link IdempotencyStore} on the `idempotency_keys` collection of a database from `openMongo`. */
export class MongoIdempotencyStore implements IdempotencyStore {
  readonly #records: Collection<StoredIdempotencyRecord>;

  /** @param db the database `openMongo` returned (TTL index created); its client's owner closes it. */
  constructor(db: Db) {
    this.#records = db.collection<StoredIdempotencyRecord>(COLLECTIONS.idempotencyKeys);
  }

  /**
   * Replace an expired document, or insert one: when a live document holds the key the filter does not
   * match it, the upsert's insert hits its `_id`, and the live one is read and returned.
   */
  async claim(record: NewIdempotencyClaim, now: number): Promise<IdempotencyClaim> {
    const _id = idempotencyId(record.scope, record.key);
    for (let attempt = 1; ; attempt++) {
      try {
        // After a write concern error: claimed if a majority has our claim; otherwise it is taken back, so the
        // client's retry after the outage does not meet an in-flight claim nobody owns (M6).
        await confirmedWrite(
          () =>
            this.#records
              .updateOne(
                { _id, expiresAt: { $lte: new Date(now) } },
                {
                  $set: {
                    scope: record.scope,
                    key: record.key,
                    fingerprint: record.fingerprint,
                    owner: record.owner,
                    response: null,
                    expiresAt: new Date(record.expiresAt),
                    leaseUntil: record.leaseUntil ?? record.expiresAt,
                    target: null,
                  },
                },
                { upsert: true },
              )
              .then(() => true),
          async () => ((await this.#records.findOne({ _id, owner: record.owner })) ? true : null),
          () => this.#records.deleteOne({ _id, owner: record.owner, response: null }),
        );
        return { claimed: true };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const existing = await this.get(record.scope, record.key, now);
      if (existing) return { claimed: false, existing };
      if (attempt === CLAIM_ATTEMPTS) throw new Error(`Idempotency key '${record.key}' could be neither claimed nor read.`);
    }
  }

  async renew(scope: string, key: string, owner: string, leaseUntil: number, target?: string): Promise<boolean> {
    const mine = { _id: idempotencyId(scope, key), owner, response: null };
    const change = target === undefined ? { leaseUntil } : { leaseUntil, target };
    return confirmedWrite(
      async () => (await this.#records.updateOne(mine, { $set: change })).matchedCount > 0,
      async () => ((await this.#records.findOne({ ...mine, ...change })) ? true : null),
    );
  }

  async takeOver(scope: string, key: string, from: string, to: string, leaseUntil: number): Promise<boolean> {
    const _id = idempotencyId(scope, key);
    return confirmedWrite(
      async () =>
        (await this.#records.updateOne({ _id, owner: from, response: null }, { $set: { owner: to, leaseUntil, target: null } }))
          .modifiedCount > 0,
      async () => ((await this.#records.findOne({ _id, owner: to })) ? true : null),
    );
  }

  async complete(scope: string, key: string, owner: string, response: StoredResponse, expiresAt: number): Promise<boolean> {
    const _id = idempotencyId(scope, key);
    return confirmedWrite(
      async () =>
        (await this.#records.updateOne({ _id, owner, response: null }, { $set: { response, expiresAt: new Date(expiresAt) } }))
          .modifiedCount > 0,
      async () => ((await this.#records.findOne({ _id, owner, response: { $ne: null } })) ? true : null),
    );
  }

  async release(scope: string, key: string, owner: string): Promise<void> {
    const mine = { _id: idempotencyId(scope, key), owner, response: null };
    await confirmedWrite(
      async () => (await this.#records.deleteOne(mine), true),
      async () => ((await this.#records.findOne(mine)) ? null : true),
    );
  }

  async get(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const stored = await guardMongo(() => this.#records.findOne({ _id: idempotencyId(scope, key), expiresAt: { $gt: new Date(now) } }));
    return stored ? toRecord(stored) : null;
  }

  /** Most expired documents are gone already (the TTL index); this deletes what the monitor has not reached yet. */
  async purgeExpired(now: number, limit: number): Promise<number> {
    const expired = await guardMongo(() =>
      this.#records
        .find({ expiresAt: { $lte: new Date(now) } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray(),
    );
    if (expired.length === 0) return 0;
    const result = await guardMongo(() =>
      this.#records.deleteMany({ _id: { $in: expired.map((doc) => doc._id) }, expiresAt: { $lte: new Date(now) } }),
    );
    return result.deletedCount;
  }
}

function toRecord(stored: StoredIdempotencyRecord): IdempotencyRecord {
  return {
    scope: stored.scope,
    key: stored.key,
    fingerprint: stored.fingerprint,
    owner: stored.owner,
    response: stored.response,
    expiresAt: stored.expiresAt.getTime(),
    leaseUntil: stored.leaseUntil ?? stored.expiresAt.getTime(),
    target: stored.target ?? null,
  };
}
