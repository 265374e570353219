/**
 * API keys on MongoDB: one document per key in `api_keys`, `_id` = the key id, a unique index on the token
 * hash (`openMongo` creates it). Only hashes are stored, never tokens.
 */
import type { Collection, Db } from 'mongodb';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore } from '../../application/ports/index.js';
import { confirmedWrite } from './confirmed-write.js';
import { COLLECTIONS, guardMongo } from './database.js';
import { isDuplicateKeyError } from './updates.js';

/** A key as stored: the record with its id as `_id`; `rateLimitPerMinute` is missing in documents written before per-key limits (read as `null`). */
type StoredApiKey = Omit<ApiKeyRecord, 'id' | 'rateLimitPerMinute'> & { _id: string; rateLimitPerMinute?: number | null };

/** {@link ApiKeyStore} on the `api_keys` collection of a database from `openMongo`. Outages surface as `DependencyUnavailableError`. */
export class MongoApiKeyStore implements ApiKeyStore {
  readonly #keys: Collection<StoredApiKey>;

  /** @param db the database `openMongo` returned (collections and indexes created); its client's owner closes it. */
  constructor(db: Db) {
    this.#keys = db.collection<StoredApiKey>(COLLECTIONS.apiKeys);
  }

  /** The key whose SHA-256 hex `hash` this is, revoked and expired ones included (the caller checks); `null` when none. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const stored = await guardMongo(() => this.#keys.findOne({ hash }));
    return stored ? toRecord(stored) : null;
  }

  /**
   * Store a new key. A write concern error is settled by a majority read: a key that landed is created; one
   * that did not is taken back (so a 503 never leaves a key whose token nobody saw).
   * @throws ApiKeyExistsError when the id (`_id`) or the hash (unique index) is taken; nothing is written then.
   */
  async insert(record: ApiKeyRecord): Promise<void> {
    const { id, ...rest } = record;
    const mine = { _id: id, hash: record.hash };
    try {
      await confirmedWrite(
        () => this.#keys.insertOne({ _id: id, ...rest }).then(() => true),
        async () => ((await this.#keys.findOne(mine)) ? true : null),
        () => this.#keys.deleteOne(mine),
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ApiKeyExistsError(id);
      throw error;
    }
  }

  /** Every key, oldest first (by `createdAt`, then id; MongoDB compares strings bytewise by default, as `COLLATE "C"`). */
  async list(): Promise<ApiKeyRecord[]> {
    const stored = await guardMongo(() => this.#keys.find().sort({ createdAt: 1, _id: 1 }).toArray());
    return stored.map(toRecord);
  }

  /** The key with this id, revoked and expired ones included; `null` when none. */
  async findById(id: string): Promise<ApiKeyRecord | null> {
    const stored = await guardMongo(() => this.#keys.findOne({ _id: id }));
    return stored ? toRecord(stored) : null;
  }

  /** A page of `workspace`'s keys, oldest first, after the key `page.after` names (index `workspace`, see `openMongo`). */
  async listByWorkspace(workspace: string, page: { limit: number; after?: { createdAt: string; id: string } }): Promise<ApiKeyRecord[]> {
    const after = page.after
      ? { $or: [{ createdAt: { $gt: page.after.createdAt } }, { createdAt: page.after.createdAt, _id: { $gt: page.after.id } }] }
      : {};
    const stored = await guardMongo(() =>
      this.#keys
        .find({ workspace, ...after })
        .sort({ createdAt: 1, _id: 1 })
        .limit(page.limit)
        .toArray(),
    );
    return stored.map(toRecord);
  }

  /**
   * Bring key `id`'s expiry forward to `at` (never later than it is), in one pipeline update.
   * @returns false when no key has that id.
   */
  async expireBy(id: string, at: string): Promise<boolean> {
    const earlier = {
      $cond: [
        { $or: [{ $eq: [{ $ifNull: ['$expiresAt', null] }, null] }, { $gt: ['$expiresAt', { $literal: at }] }] },
        { $literal: at },
        '$expiresAt',
      ],
    };
    return confirmedWrite(
      async () => (await this.#keys.updateOne({ _id: id }, [{ $set: { expiresAt: earlier } }])).matchedCount > 0,
      async () => ((await this.#keys.findOne({ _id: id, expiresAt: { $lte: at } })) ? true : null),
    );
  }

  /**
   * Mark key `id` revoked at `at` (RFC 3339); revoking again keeps the first time. One pipeline update
   * (`$ifNull` keeps a stored time), so two revocations at once cannot both win.
   * @returns false when no key has that id.
   */
  async revoke(id: string, at: string): Promise<boolean> {
    // $literal: in a pipeline a string starting with '$' would be read as a field path.
    return confirmedWrite(
      async () =>
        (await this.#keys.updateOne({ _id: id }, [{ $set: { revokedAt: { $ifNull: ['$revokedAt', { $literal: at }] } } }])).matchedCount >
        0,
      async () => ((await this.#keys.findOne({ _id: id, revokedAt: { $type: 'string' } })) ? true : null),
    );
  }

  /** Number of stored keys, revoked ones included (counted, not estimated from metadata). */
  async count(): Promise<number> {
    return guardMongo(() => this.#keys.countDocuments({}));
  }
}

function toRecord(stored: StoredApiKey): ApiKeyRecord {
  return {
    id: stored._id,
    hash: stored.hash,
    name: stored.name,
    workspace: stored.workspace,
    scopes: stored.scopes,
    createdAt: stored.createdAt,
    expiresAt: stored.expiresAt,
    revokedAt: stored.revokedAt,
    rateLimitPerMinute: stored.rateLimitPerMinute ?? null,
  };
}
