/**
 * The double's data: databases of collections, each an array of documents and its indexes, kept as two
 * views — what the primary has applied and what a majority has acknowledged. They are the same object
 * until a test holds majority acknowledgements back; from then on writes reach the primary's view only,
 * and reads at read concern "majority" see the snapshot taken when the hold began (MongoDB manual, "Read
 * Concern "majority"": it returns data acknowledged by a majority, which a write waiting for that majority
 * is not yet).
 */
import { type Document, ObjectId, calculateObjectSize } from 'bson';
import { cloneDocument, indexKey } from './values.js';

/** An index as `listIndexes` returns it (`v: 2` is the server's current index version). */
export interface IndexSpec {
  v: 2;
  key: Document;
  name: string;
  unique?: boolean;
  expireAfterSeconds?: number;
  /** Any other option (`sparse`, `partialFilterExpression`…), kept and compared, not acted on. */
  [option: string]: unknown;
}

export interface StoredCollection {
  docs: Document[];
  indexes: IndexSpec[];
}

type Databases = Map<string, Map<string, StoredCollection>>;

/** A server error reply body: MongoDB's `{ ok: 0, code, codeName, errmsg }`. */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Document = {},
  ) {
    super(message);
  }
  reply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

/** The largest document the server stores, bytes (manual, "MongoDB Limits and Thresholds", BSON Document Size: 16 MiB). */
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;

/** The `_id_` index every collection has (manual, "The _id Index"). */
const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Storage {
  #primary: Databases = new Map();
  #majority: Databases | null = null;

  /** Whether writes reach only the primary's view (see the module comment). */
  get holding(): boolean {
    return this.#majority !== null;
  }

  /** Freeze what a majority has (a copy of the primary's view now), or let the majority catch up (`false`). */
  setHolding(on: boolean): void {
    if (on && !this.#majority) this.#majority = copyOf(this.#primary);
    if (!on) this.#majority = null;
  }

  /** The view a command reads: the majority's for read concern "majority", else the primary's. */
  view(readConcernLevel: unknown): Databases {
    return readConcernLevel === 'majority' && this.#majority ? this.#majority : this.#primary;
  }

  /** A collection of the primary's view, or undefined. */
  find(db: string, name: string, view: Databases = this.#primary): StoredCollection | undefined {
    return view.get(db)?.get(name);
  }

  /** A collection of the primary's view, created when missing (a write creates its collection implicitly, manual "Databases and Collections"). */
  ensure(db: string, name: string): StoredCollection {
    let database = this.#primary.get(db);
    if (!database) this.#primary.set(db, (database = new Map()));
    let collection = database.get(name);
    if (!collection) database.set(name, (collection = { docs: [], indexes: [{ ...ID_INDEX }] }));
    return collection;
  }

  /** The collection names of `db` in the given view. */
  names(db: string, view: Databases = this.#primary): string[] {
    return [...(view.get(db)?.keys() ?? [])];
  }

  drop(db: string, name?: string): boolean {
    if (name === undefined) return this.#primary.delete(db);
    return this.#primary.get(db)?.delete(name) ?? false;
  }

  /**
   * Insert `doc` (an `_id` added when it has none, as the server does) after checking every unique index.
   * @throws CommandError 11000 DuplicateKey, worded as the server words it.
   */
  insert(db: string, name: string, doc: Document): Document {
    const collection = this.ensure(db, name);
    const stored = cloneDocument(doc._id === undefined ? { _id: new ObjectId(), ...doc } : doc);
    const size = calculateObjectSize(stored);
    if (size > MAX_BSON_OBJECT_SIZE)
      throw new CommandError(
        10334,
        'BSONObjectTooLarge',
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_OBJECT_SIZE}`,
      );
    checkUnique(db, name, collection, stored, null);
    collection.docs.push(stored);
    return stored;
  }

  /** Put `next` in place of `current` after checking unique indexes against the other documents. @throws CommandError 11000. */
  replace(db: string, name: string, current: Document, next: Document): void {
    const collection = this.ensure(db, name);
    // Server source `src/mongo/db/update/update_driver.cpp`-era message, code 17419.
    if (calculateObjectSize(next) > MAX_BSON_OBJECT_SIZE)
      throw new CommandError(17419, 'Location17419', `Resulting document after update is larger than ${MAX_BSON_OBJECT_SIZE}`);
    checkUnique(db, name, collection, next, current);
    collection.docs[collection.docs.indexOf(current)] = next;
  }

  remove(db: string, name: string, doc: Document): void {
    const collection = this.ensure(db, name);
    collection.docs.splice(collection.docs.indexOf(doc), 1);
  }
}

/**
 * E11000 as the server reports it (server source `src/mongo/db/storage/duplicate_key_error_info.cpp`;
 * message "E11000 duplicate key error collection: <ns> index: <name> dup key: { … }", with keyPattern and keyValue).
 */
function checkUnique(db: string, name: string, collection: StoredCollection, doc: Document, except: Document | null): void {
  for (const index of collection.indexes) {
    if (!index.unique && index.name !== '_id_') continue;
    const key = indexKey(doc, index.key);
    const clash = collection.docs.find((other) => other !== except && indexKey(other, index.key) === key);
    if (!clash) continue;
    const keyValue = Object.fromEntries(Object.keys(index.key).map((field) => [field, doc[field] ?? null]));
    throw new CommandError(
      11000,
      'DuplicateKey',
      `E11000 duplicate key error collection: ${db}.${name} index: ${index.name} dup key: ${JSON.stringify(keyValue)}`,
      {
        keyPattern: index.key,
        keyValue,
      },
    );
  }
}

function copyOf(databases: Databases): Databases {
  return new Map(
    [...databases].map(([db, collections]) => [
      db,
      new Map(
        [...collections].map(([name, c]) => [
          name,
          { docs: c.docs.map((d) => cloneDocument(d)), indexes: c.indexes.map((i) => ({ ...i })) },
        ]),
      ),
    ]),
  );
}
