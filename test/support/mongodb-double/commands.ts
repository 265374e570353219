/**
 * The read and schema commands our adapters send through the driver, answered as the server answers them
 * (MongoDB manual, Database Commands: find, getMore, killCursors, aggregate, listCollections, create,
 * createIndexes, listIndexes, dropIndexes, drop, dropDatabase, hello, ping, buildInfo, endSessions).
 * Filters, projections and pipelines run in `mingo`; sorting is the double's own (`values.ts`: UTF-8 byte order).
 */
import { type Document, Long } from 'bson';
import { find } from 'mingo';
import { runPipeline } from './pipeline.js';
import { serverQuery } from './query.js';
import { CommandError, type IndexSpec, type Storage } from './storage.js';
import { indexKey, sortComparator } from './values.js';

export interface ReadContext {
  storage: Storage;
  db: string;
  command: Document;
  cursors: Cursors;
}

/** Open cursors: the documents a `find`/`aggregate` has not returned yet, handed out by `getMore`. */
export class Cursors {
  #next = 1;
  readonly #open = new Map<number, { ns: string; rest: Document[] }>();

  /**
   * A cursor reply: `firstBatch` of up to `batchSize` (the server's default first batch is 101 documents;
   * manual, "Cursor Batches"), the rest kept under a new id unless `singleBatch`.
   */
  first(ns: string, docs: Document[], batchSize: number | undefined, singleBatch: boolean): Document {
    const size = batchSize && batchSize > 0 ? batchSize : 101;
    const rest = singleBatch ? [] : docs.slice(size);
    const id = rest.length > 0 ? this.#next++ : 0;
    if (id) this.#open.set(id, { ns, rest });
    return { cursor: { firstBatch: docs.slice(0, size), id: Long.fromNumber(id), ns }, ok: 1 };
  }

  /** `getMore`: the next batch; the id becomes 0 once the cursor is exhausted. @throws 43 CursorNotFound. */
  more(id: number, batchSize: number | undefined): Document {
    const cursor = this.#open.get(id);
    if (!cursor) throw new CommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
    const batch = cursor.rest.splice(0, batchSize && batchSize > 0 ? batchSize : cursor.rest.length);
    if (cursor.rest.length === 0) this.#open.delete(id);
    return { cursor: { nextBatch: batch, id: Long.fromNumber(cursor.rest.length ? id : 0), ns: cursor.ns }, ok: 1 };
  }

  kill(ids: number[]): Document {
    const killed = ids.filter((id) => this.#open.delete(id));
    const notFound = ids.filter((id) => !killed.includes(id));
    return {
      cursorsKilled: killed.map((id) => Long.fromNumber(id)),
      cursorsNotFound: notFound.map((id) => Long.fromNumber(id)),
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  }
}

/** `find`: filter, sort, skip, limit (negative: one batch), projection. */
export function findCommand({ storage, db, command, cursors }: ReadContext): Document {
  const name = command['find'] as string;
  const collection = storage.find(db, name, storage.view(command['readConcern']?.level));
  const query = serverQuery(command['filter'] ?? {});
  let docs = (collection?.docs ?? []).filter((doc) => query.test(doc));
  if (command['sort']) docs = [...docs].sort(sortComparator(command['sort']));
  const limit = Number(command['limit'] ?? 0);
  docs = docs.slice(Number(command['skip'] ?? 0), limit === 0 ? undefined : Number(command['skip'] ?? 0) + Math.abs(limit));
  if (command['projection'] && Object.keys(command['projection']).length > 0) docs = find(docs, {}, command['projection']).all();
  return cursors.first(`${db}.${name}`, docs, command['batchSize'], command['singleBatch'] === true || limit < 0);
}

/** `aggregate`: what `countDocuments` sends (`$match` then `$group` with `$sum`), and reads joined by `$unionWith` (`pipeline.ts`). */
export function aggregateCommand({ storage, db, command, cursors }: ReadContext): Document {
  const name = command['aggregate'] as string;
  const view = storage.view(command['readConcern']?.level);
  const docs = storage.find(db, name, view)?.docs ?? [];
  return cursors.first(`${db}.${name}`, runPipeline(storage, db, view, docs, command['pipeline']), command['cursor']?.batchSize, false);
}

export function listCollectionsCommand({ storage, db, command, cursors }: ReadContext): Document {
  const all = storage.names(db).map((name) => ({ name, type: 'collection', options: {}, info: { readOnly: false } }));
  const query = serverQuery(command['filter'] ?? {});
  return cursors.first(
    `${db}.$cmd.listCollections`,
    all.filter((c) => query.test(c)),
    undefined,
    false,
  );
}

/** `create`: 48 NamespaceExists when the collection is there (manual, "create": "an error if the collection exists"). */
export function createCommand({ storage, db, command }: ReadContext): Document {
  if (storage.find(db, command['create']))
    throw new CommandError(48, 'NamespaceExists', `Collection ${db}.${command['create']} already exists.`);
  storage.ensure(db, command['create']);
  return { ok: 1 };
}

/**
 * `createIndexes`. An identical index (same name, key and options) is a no-op (manual, "createIndexes":
 * "If you create an index with one set of options and then issue createIndexes with the same index fields and
 * different options… error"). Same name, other key: 86 IndexKeySpecsConflict; same key or name, other
 * options, or same key under another name: 85 IndexOptionsConflict (server source
 * `src/mongo/db/catalog/index_catalog_impl.cpp`, `_doesSpecConflictWithExisting`). A unique index over
 * duplicates fails with 11000.
 */
export function createIndexesCommand({ storage, db, command }: ReadContext): Document {
  const collection = storage.ensure(db, command['createIndexes']);
  const before = collection.indexes.length;
  for (const requested of command['indexes'] as IndexSpec[]) {
    const spec: IndexSpec = { ...requested, v: 2 };
    const sameKey = (index: IndexSpec) => JSON.stringify(index.key) === JSON.stringify(spec.key);
    const sameOptions = (index: IndexSpec) => optionsOf(index) === optionsOf(spec);
    const byName = collection.indexes.find((index) => index.name === spec.name);
    if (byName && !sameKey(byName)) {
      throw new CommandError(
        86,
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. When index names are not specified, they are auto computed and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName)}`,
      );
    }
    if (byName && sameOptions(byName)) continue;
    const byKey = collection.indexes.find(sameKey);
    if (byName || byKey) {
      throw new CommandError(
        85,
        'IndexOptionsConflict',
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName ?? byKey)}`,
      );
    }
    if (spec.unique && new Set(collection.docs.map((doc) => indexKey(doc, spec.key))).size < collection.docs.length) {
      throw new CommandError(
        11000,
        'DuplicateKey',
        `E11000 duplicate key error collection: ${db}.${command['createIndexes']} index: ${spec.name}`,
      );
    }
    collection.indexes.push(spec);
  }
  return { numIndexesBefore: before, numIndexesAfter: collection.indexes.length, createdCollectionAutomatically: false, ok: 1 };
}

/** An index's options (all but version, key and name) as comparable text. */
function optionsOf(index: IndexSpec): string {
  const { v: _v, key: _key, name: _name, ...options } = index;
  return JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/** `listIndexes`: 26 NamespaceNotFound for a collection that does not exist. */
export function listIndexesCommand({ storage, db, command, cursors }: ReadContext): Document {
  const collection = storage.find(db, command['listIndexes']);
  if (!collection) throw new CommandError(26, 'NamespaceNotFound', `ns does not exist: ${db}.${command['listIndexes']}`);
  return cursors.first(
    `${db}.${command['listIndexes']}`,
    collection.indexes.map((index) => ({ ...index })),
    undefined,
    false,
  );
}

/** `dropIndexes` by name: 27 IndexNotFound when there is none; the `_id_` index cannot be dropped (72 InvalidOptions). */
export function dropIndexesCommand({ storage, db, command }: ReadContext): Document {
  const collection = storage.find(db, command['dropIndexes']);
  if (!collection) throw new CommandError(26, 'NamespaceNotFound', `ns not found ${db}.${command['dropIndexes']}`);
  const names = ([] as string[]).concat(command['index']);
  for (const name of names) {
    if (name === '_id_') throw new CommandError(72, 'InvalidOptions', 'cannot drop _id index');
    const at = collection.indexes.findIndex((index) => index.name === name);
    if (at < 0) throw new CommandError(27, 'IndexNotFound', `index not found with name [${name}]`);
    collection.indexes.splice(at, 1);
  }
  return { nIndexesWas: collection.indexes.length + names.length, ok: 1 };
}
