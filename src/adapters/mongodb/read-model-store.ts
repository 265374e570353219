/**
 * Read models, checkpoints and their aliases on MongoDB, without multi-document transactions (a standalone
 * server will do). Each write is a single-document write, which MongoDB applies atomically, guarded by a
 * filter: a document lands only over an older stream revision (a removal stays as a tombstone), a checkpoint
 * only moves forward. A commit's documents are written before its checkpoints, so a crash between them
 * leaves documents ahead of their checkpoint, never behind: the projector applies those events again, and
 * projections are idempotent by stream revision.
 *
 * Documents are stored as JSON text, not as BSON fields: projections carry user-written keys (project
 * metadata) that BSON field names cannot all hold — '$'-prefixed and dotted names are refused or
 * reinterpreted by update operators (MongoDB manual, "Field Names with Periods and Dollar Signs"), and a NUL
 * cannot be in one at all — and text returns exactly what was stored, like the SQLite adapter.
 */
import { type Collection, type Db, type Document, MongoBulkWriteError, type WriteError } from 'mongodb';
import type { DocumentChange, DocumentLocation, ProjectionCheckpoint, ReadModelStore } from '../../application/ports/index.js';
import { Hints } from '../shared/hints.js';
import { caughtUp, newestPerDocument } from '../shared/read-models.js';
import { COLLECTIONS, guardMongo } from './database.js';
import { type TombstonePurgeOptions, TombstonePurger } from './tombstones.js';
import {
  checkpointWrite,
  documentUpsert,
  duplicateKeyIndexes,
  type GuardedWrite,
  isDuplicateKeyError,
  listFilter,
  locationsFilter,
  physicalNames,
  refusedBySwitchOver,
  type StoredAlias,
  type StoredCheckpoint,
  type StoredReadModel,
  switchOverFence,
  toCheckpoint,
} from './updates.js';

type CheckpointWrite = { projection: string } & ProjectionCheckpoint;

/** How long a switch-over's fence holds commits off the live checkpoint, ms (long enough to outlast clock skew; short, should `activate` die holding it). */
const FENCE_TTL_MS = 30_000;
/** `activate` gives up, lifting its fence, when setting it took longer than this, ms: the fence must surely still hold while the alias is written. */
const FENCE_BUDGET_MS = 10_000;

/**
 * A commit met a switch-over (`activate`) of a collection it writes: its checkpoint was refused, and its
 * documents may have gone to the collection being dropped. Nothing is lost by failing: the projector applies
 * the page again (delivery is at least once), then to the collection the name is served from.
 */
export class SwitchOverInProgressError extends Error {
  override readonly name = 'SwitchOverInProgressError';
  constructor(readonly projection: string) {
    super(`The checkpoint of '${projection}' is held by a switch-over to a rebuilt collection; apply the page again.`);
  }
}

/**
 * {@link ReadModelStore} on the `read_models`, `checkpoints` and `read_model_aliases` collections of a
 * database from `openMongo`. Outages surface as `DependencyUnavailableError`.
 *
 * Every call resolves the collection name it is given to the physical collection it is served from, through
 * `read_model_aliases`, at the time of the call: nothing caches the answer as truth, or another process's
 * switch-over would go unseen. A read starts from the collection the name was last served from (the name
 * itself at first) and fetches the alias document in the same command, after the read (`$unionWith`, MongoDB
 * 4.4+): one round trip while the alias stays put; when it moved, the read runs again on the new collection.
 * A physical collection is served over one stretch of time only (a retired one is never activated again, so
 * its name is the alias's version stamp), so "served from it before and after the read" means "during the
 * read": no read answers from a dropped or an older collection.
 */
export class MongoReadModelStore implements ReadModelStore {
  readonly kind = 'mongodb';
  readonly #readModels: Collection<StoredReadModel>;
  readonly #checkpoints: Collection<StoredCheckpoint>;
  readonly #aliases: Collection<StoredAlias>;
  readonly #checkpointListeners = new Hints<void>();
  /** Where each name was last seen served from: a guess, checked after every read (see the class comment). */
  readonly #lastServedFrom = new Map<string, string>();
  readonly #now: () => number;
  readonly #tombstones: TombstonePurger;

  /**
   * @param db the database `openMongo` returned (collections and indexes created); its client's owner closes it.
   * @param options `now`: ms since the epoch, for switch-over fences (default `Date.now`); `tombstones`: when
   *   commits purge old tombstones (tombstones.ts; default: those older than 7 days, at most once an hour).
   */
  constructor(db: Db, options: { now?: () => number; tombstones?: TombstonePurgeOptions } = {}) {
    this.#readModels = db.collection<StoredReadModel>(COLLECTIONS.readModels);
    this.#checkpoints = db.collection<StoredCheckpoint>(COLLECTIONS.checkpoints);
    this.#aliases = db.collection<StoredAlias>(COLLECTIONS.aliases);
    this.#now = options.now ?? Date.now;
    this.#tombstones = new TombstonePurger(this.#readModels, options.tombstones);
  }

  /** The document at `location`; `null` when there is none or it was removed. */
  async get<T>(collection: string, location: DocumentLocation): Promise<T | null> {
    const [doc] = await this.getMany<T>(collection, [location]);
    return doc ?? null;
  }

  /** The documents at `locations`, in their order (`null` where none or removed), in one `find`. */
  async getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>> {
    if (locations.length === 0) return [];
    const stored = await this.#servedFrom<StoredReadModel>(this.#readModels, collection, locations.length, (physical) => [
      { $match: locationsFilter(physical, locations) },
      { $project: { _id: 0, partition: 1, key: 1, doc: 1 } },
    ]);
    const found = new Map(stored.map((s) => [JSON.stringify([s.partition, s.key]), s.doc]));
    return locations.map((l) => {
      const json = found.get(JSON.stringify([l.partition, l.key]));
      return json === undefined || json === null ? null : (JSON.parse(json) as T);
    });
  }

  /**
   * Up to `limit` live documents of one partition, keys ascending and strictly after `after`. MongoDB
   * compares strings bytewise (UTF-8) unless a collation says otherwise, the order SQLite's BINARY and
   * PostgreSQL's `COLLATE "C"` give; the `{ collection, partition, key }` index serves filter and sort.
   */
  async list<T>(
    collection: string,
    options: { partition: string; after?: string; limit: number },
  ): Promise<Array<{ key: string; doc: T }>> {
    if (options.limit <= 0) return []; // MongoDB reads limit(0) as "no limit"
    const stored = await this.#servedFrom<StoredReadModel>(this.#readModels, collection, options.limit, (physical) => [
      { $match: listFilter(physical, options.partition, options.after) },
      { $sort: { key: 1 } },
      { $limit: options.limit },
      { $project: { _id: 0, key: 1, doc: 1 } },
    ]);
    return stored.map((s) => ({ key: s.key, doc: JSON.parse(s.doc as string) as T }));
  }

  /**
   * Apply `changes`, each only over an older revision, then move `checkpoints` forward. The documents go in
   * one unordered `bulkWrite` of guarded upserts (the newest change per document only); a duplicate key there
   * means the stored document is as new or newer, except when another writer inserted it meanwhile, so those
   * are tried once more as plain updates. Not atomic: see the module comment for why that is safe.
   * @throws TypeError when a doc is not JSON-serialisable (nothing is written); SwitchOverInProgressError
   *   when a checkpoint is held by a switch-over (apply the page again); DependencyUnavailableError.
   */
  async commit(changes: DocumentChange[], checkpoints: CheckpointWrite[]): Promise<void> {
    if (changes.length === 0 && checkpoints.length === 0) return;
    // Serialised before anything is sent, so a bad document fails the commit with nothing written.
    const serialised = changes.map((change) => ({ ...change, doc: change.doc === null ? null : toJson(change) }));
    const physical = await this.#resolve([...changes.map((c) => c.collection), ...checkpoints.map((c) => c.projection)]);
    const latest = newestPerDocument(serialised.map((c) => ({ ...c, collection: physical.get(c.collection)! })));
    const writes = latest.map((c) => documentUpsert(c.collection, c, c.doc as string | null));
    if (writes.length > 0) await this.#upsertDocuments(writes);
    this.#tombstones.maybePurge(); // in the background, at most once per interval
    if (checkpoints.length === 0) return;
    // One projection's checkpoints in the order given; different projections at once.
    const byProjection = new Map<string, ProjectionCheckpoint[]>();
    for (const { projection, version, position } of checkpoints) {
      const name = physical.get(projection)!;
      byProjection.set(name, [...(byProjection.get(name) ?? []), { version, position }]);
    }
    const outcomes = await Promise.allSettled(
      [...byProjection].map(async ([name, list]) => {
        for (const checkpoint of list) await this.#moveCheckpoint(name, checkpoint);
      }),
    );
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    this.#checkpointListeners.notify();
  }

  /** The stored checkpoint of `projection`, `null` when it has none (never run, or reset). */
  async getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null> {
    const [stored] = await this.#servedFrom<StoredCheckpoint>(this.#checkpoints, projection, 1, (physical) => [
      { $match: { _id: physical } },
    ]);
    return toCheckpoint(stored ?? null);
  }

  /**
   * Delete the checkpoint of the collection named `projection`, then its documents (tombstones included).
   * In that order: a crash between leaves documents without a checkpoint, which the projector resets again,
   * never a checkpoint over missing documents.
   */
  async reset(projection: string): Promise<void> {
    const physical = await this.#physicalOf(projection);
    await guardMongo(() => this.#checkpoints.deleteOne({ _id: physical }));
    await guardMongo(() => this.#readModels.deleteMany({ collection: physical }));
  }

  /**
   * Serve `name` and its checkpoint from `physical` from now on, if `physical`'s checkpoint has caught up with
   * the live one (`caughtUp`), then retire and drop the collection served before. Without a transaction the
   * switch is made safe by its order:
   * 1. fence the live checkpoint — one single-document write that holds only if `physical` has still caught
   *    up, and from then on refuses every commit's checkpoint for that collection (`SwitchOverInProgressError`);
   * 2. write the alias (with `previous`, so a later `activate` finishes an interrupted switch);
   * 3. mark the old checkpoint retired (it refuses commits for good), delete the old documents.
   * A commit that resolved the old name just before step 2 may still write documents into the old collection;
   * its checkpoint write is refused, the projector does not advance and applies the page again — to `physical`,
   * since it resolves the name per call. Every event at or before the fenced position is in `physical` (that
   * is what caught up means), so `physical` misses nothing.
   * What remains: the fence expires after 30 s by the clocks of the processes that commit, so those clocks
   * must agree with this one within 20 s; and should this call die between steps 2 and 3, a commit stalled
   * for longer than the fence's life could still advance the old checkpoint (and the projector with it).
   * @returns false, changing nothing, when `physical` is behind, another switch-over of `name` holds the live
   *   checkpoint, or fencing took longer than 10 s.
   */
  async activate(name: string, physical: string): Promise<boolean> {
    const alias = await guardMongo(() => this.#aliases.findOne({ _id: name }));
    if (alias?.previous !== undefined) await this.#retire(name, alias.previous, alias.physical);
    const current = alias?.physical ?? name;
    if (current === physical) return true;
    const stored = await guardMongo(() => this.#checkpoints.find({ _id: { $in: [current, physical] } }).toArray());
    const rebuilt = toCheckpoint(stored.find((s) => s._id === physical) ?? null);
    if (!rebuilt || !caughtUp(rebuilt, toCheckpoint(stored.find((s) => s._id === current) ?? null))) return false;

    const started = performance.now();
    const fence = switchOverFence(current, rebuilt, physical, this.#now(), FENCE_TTL_MS);
    if (!(await this.#upsertGuarded(this.#checkpoints, fence))) return false; // not caught up any more, or fenced by another
    if (performance.now() - started > FENCE_BUDGET_MS) {
      await guardMongo(() => this.#checkpoints.updateOne({ _id: current, 'switchOver.to': physical }, { $unset: { switchOver: '' } }));
      return false;
    }
    await guardMongo(() => this.#aliases.updateOne({ _id: name }, { $set: { physical, previous: current } }, { upsert: true }));
    this.#lastServedFrom.set(name, physical);
    await this.#retire(name, current, physical);
    return true;
  }

  /** Tell `listener` after each commit through this store that wrote checkpoints. Other processes' commits are not heard (change streams would need a replica set): their waiters poll. */
  onCheckpointsMoved(listener: () => void): () => void {
    return this.#checkpointListeners.add(listener);
  }

  /** Forget the listeners and let a tombstone purge in progress finish. The client is shared with the other stores: its owner closes it. */
  async close(): Promise<void> {
    this.#checkpointListeners.clear();
    await this.#tombstones.idle();
  }

  /** Step 3 of a switch-over from `old` to `physical`: retire the old checkpoint, drop the old documents, then forget `previous`. */
  async #retire(name: string, old: string, physical: string): Promise<void> {
    await guardMongo(() => this.#checkpoints.replaceOne({ _id: old }, { retired: true, supersededBy: physical }));
    await guardMongo(() => this.#readModels.deleteMany({ collection: old }));
    await guardMongo(() => this.#aliases.updateOne({ _id: name, previous: old }, { $unset: { previous: '' } }));
  }

  /**
   * The documents `pipeline(physical)` reads from `source`, `physical` being the collection `name` is served
   * from: one `aggregate` that reads, then appends the alias document (`$unionWith`, so it is read after the
   * documents); run again on the new collection if a switch-over moved the alias meanwhile. `expected`: the
   * most documents the read returns, so that they and the alias come in the first batch (one round trip).
   */
  async #servedFrom<R extends Document>(
    source: Collection<R>,
    name: string,
    expected: number,
    pipeline: (physical: string) => Document[],
  ): Promise<R[]> {
    const alias = {
      $unionWith: {
        coll: COLLECTIONS.aliases,
        pipeline: [{ $match: { _id: name } }, { $project: { _id: 0, aliasOf: '$_id', servedFrom: '$physical' } }],
      },
    };
    let physical = this.#lastServedFrom.get(name) ?? name;
    for (;;) {
      const rows = await guardMongo(() => source.aggregate([...pipeline(physical), alias], { batchSize: expected + 1 }).toArray());
      const aliasRow = rows.find((row) => 'aliasOf' in row) as { servedFrom?: string } | undefined;
      const served = aliasRow?.servedFrom ?? name;
      this.#lastServedFrom.set(name, served);
      if (served === physical) return rows.filter((row) => row !== aliasRow) as R[];
      physical = served;
    }
  }

  async #physicalOf(name: string): Promise<string> {
    return (await guardMongo(() => this.#aliases.findOne({ _id: name })))?.physical ?? name;
  }

  async #resolve(names: string[]): Promise<Map<string, string>> {
    const aliases = await guardMongo(() => this.#aliases.find({ _id: { $in: [...new Set(names)] } }).toArray());
    return physicalNames(names, aliases);
  }

  async #upsertDocuments(writes: Array<GuardedWrite<StoredReadModel>>): Promise<void> {
    try {
      await guardMongo(() =>
        this.#readModels.bulkWrite(
          writes.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } })),
          { ordered: false },
        ),
      );
    } catch (error) {
      const duplicates = error instanceof MongoBulkWriteError ? duplicateKeyIndexes(writeErrorsOf(error), writeConcernFailed(error)) : null;
      if (!duplicates) throw error;
      // Matches nothing when the stored document is as new or newer; updates it when another writer had just inserted an older one.
      await guardMongo(() =>
        this.#readModels.bulkWrite(
          duplicates.map((i) => ({ updateOne: { filter: writes[i]!.filter, update: writes[i]!.update } })),
          { ordered: false },
        ),
      );
    }
  }

  /** Move one checkpoint forward. @throws SwitchOverInProgressError when a switch-over holds it. */
  async #moveCheckpoint(physical: string, checkpoint: ProjectionCheckpoint): Promise<void> {
    const now = this.#now();
    if (await this.#upsertGuarded(this.#checkpoints, checkpointWrite(physical, checkpoint, now))) return;
    if (refusedBySwitchOver(await guardMongo(() => this.#checkpoints.findOne({ _id: physical })), now))
      throw new SwitchOverInProgressError(physical);
    // Otherwise the stored one is at or past this one: not moved, as it should be.
  }

  /**
   * A guarded upsert; on a duplicate key, once more as a plain update (another writer may have inserted the
   * document between our filter and our insert). @returns whether the write matched or inserted a document.
   */
  async #upsertGuarded<T extends { _id: string }>(collection: Collection<T>, { filter, update }: GuardedWrite<T>): Promise<boolean> {
    try {
      await guardMongo(() => collection.updateOne(filter, update, { upsert: true }));
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    return (await guardMongo(() => collection.updateOne(filter, update))).matchedCount > 0;
  }
}

function writeErrorsOf(error: MongoBulkWriteError): Array<{ code: number; index: number }> {
  return ([] as WriteError[]).concat(error.writeErrors).map((e) => ({ code: e.code, index: e.index }));
}

function writeConcernFailed(error: MongoBulkWriteError): boolean {
  return error.err !== undefined || error.result?.getWriteConcernError() !== undefined;
}

function toJson(change: DocumentChange): string {
  const json = JSON.stringify(change.doc);
  if (json === undefined) {
    throw new TypeError(`Document ${change.collection}/${change.partition}/${change.key} is not JSON-serialisable (${typeof change.doc}).`);
  }
  return json;
}
