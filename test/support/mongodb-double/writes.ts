/**
 * The write commands our adapters send — insert, update (operator, pipeline and replacement updates, with
 * upsert), delete — answered as a server answers them: per-statement `writeErrors` (index, code, errmsg),
 * stopping at the first error when `ordered` (the default) and going on otherwise (MongoDB manual,
 * "insert", "update", "delete" commands: Output, writeErrors; "Ordered and Unordered Operations").
 */
import { type Document, ObjectId, serialize } from 'bson';
import { update as applyOperators, updateOne as applyPipeline } from 'mingo';
import { serverQuery } from './query.js';
import { CommandError, type Storage } from './storage.js';
import { cloneDocument, setAt } from './values.js';

/** What a test can make the next upsert meet: another writer's insert of the same unique key just before ours. */
export interface UpsertRace {
  collection: string;
  /** Fields of the other writer's document, laid over the upsert's equality fields. */
  racer: Document;
}

export interface WriteContext {
  storage: Storage;
  db: string;
  command: Document;
  /** Taken (set to null) by the first upsert into its collection that would insert. */
  race: { pending: UpsertRace | null };
}

type Statement = (index: number) => { n: number; nModified?: number; upserted?: unknown };

/** Run `statements` in order, collecting writeErrors; `ordered` stops at the first. */
function runStatements(count: number, ordered: boolean, run: Statement): Document {
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors: Document[] = [];
  for (let index = 0; index < count; index++) {
    try {
      const result = run(index);
      n += result.n;
      nModified += result.nModified ?? 0;
      if (result.upserted !== undefined) upserted.push({ index, _id: result.upserted });
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      writeErrors.push({ index, code: error.code, errmsg: error.message, ...error.extra });
      if (ordered) break;
    }
  }
  return { n, nModified, ...(upserted.length ? { upserted } : {}), ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
}

export function insertCommand({ storage, db, command }: WriteContext): Document {
  const docs = command['documents'] as Document[];
  const reply = runStatements(docs.length, command['ordered'] !== false, (i) => {
    storage.insert(db, command['insert'], docs[i]!);
    return { n: 1 };
  });
  delete reply['nModified'];
  return reply;
}

export function deleteCommand({ storage, db, command }: WriteContext): Document {
  const name = command['delete'] as string;
  const statements = command['deletes'] as Array<{ q: Document; limit: number }>;
  return runStatements(statements.length, command['ordered'] !== false, (i) => {
    const { q, limit } = statements[i]!;
    const query = serverQuery(q);
    const matched = (storage.find(db, name)?.docs ?? []).filter((doc) => query.test(doc));
    const targets = limit === 1 ? matched.slice(0, 1) : matched;
    for (const doc of targets) storage.remove(db, name, doc);
    return { n: targets.length };
  });
}

/**
 * `update`, one statement at a time. An upsert that matches nothing inserts the filter's equality fields
 * with the update applied (manual, `db.collection.updateOne`, "Upsert Behavior": "the update creates a base
 * document from the equality clauses in the <query> parameter, and then applies the expressions from the
 * <update> parameter"; `$setOnInsert` only then). The insert goes through the unique indexes, so a
 * guarded upsert over an existing key fails with E11000 ("Upsert with Duplicate Values").
 */
export function updateCommand(context: WriteContext): Document {
  const { storage, db, command } = context;
  const name = command['update'] as string;
  const statements = command['updates'] as Array<{ q: Document; u: Document | Document[]; upsert?: boolean; multi?: boolean }>;
  return runStatements(statements.length, command['ordered'] !== false, (i) => {
    const { q, u, upsert, multi } = statements[i]!;
    const query = serverQuery(q);
    const matched = (storage.find(db, name)?.docs ?? []).filter((doc) => query.test(doc));
    const targets = multi ? matched : matched.slice(0, 1);
    if (targets.length === 0 && upsert) {
      const inserted = applyUpdate(seedFrom(q), u, true);
      const race = context.race.pending;
      if (race?.collection === name) {
        context.race.pending = null;
        storage.insert(db, name, { ...cloneDocument(seedFrom(q)), ...race.racer });
      }
      return { n: 1, upserted: storage.insert(db, name, inserted)._id };
    }
    let nModified = 0;
    for (const doc of targets) {
      const next = applyUpdate(cloneDocument(doc), u, false);
      if (!Buffer.from(serialize({ v: next._id })).equals(Buffer.from(serialize({ v: doc._id })))) {
        throw new CommandError(66, 'ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      if (Buffer.from(serialize(next)).equals(Buffer.from(serialize(doc)))) continue; // nothing changed: not counted as modified
      storage.replace(db, name, doc, next);
      nModified += 1;
    }
    return { n: targets.length, nModified };
  });
}

/** `doc` after `update`: a pipeline (an array), operators (`$set`…), or a replacement document. */
function applyUpdate(doc: Document, update: Document | Document[], inserting: boolean): Document {
  if (Array.isArray(update)) {
    const holder = [doc];
    applyPipeline(holder, {}, update as never);
    return holder[0]!;
  }
  const keys = Object.keys(update);
  if (keys.length > 0 && keys.every((key) => key.startsWith('$'))) {
    const { $setOnInsert, ...operators } = update;
    if (Object.keys(operators).length > 0) applyOperators(doc, operators as never);
    if (inserting && $setOnInsert) for (const [path, value] of Object.entries($setOnInsert as Document)) setAt(doc, path, value);
    if (inserting && doc._id === undefined) doc._id = new ObjectId();
    return doc;
  }
  return { _id: doc._id ?? new ObjectId(), ...update };
}

/** The equality clauses of a filter: `field: value`, `field: { $eq: value }`, and those inside `$and`. */
export function seedFrom(filter: Document): Document {
  const seed: Document = {};
  for (const [field, value] of Object.entries(filter)) {
    if (field === '$and') for (const clause of value as Document[]) Object.assign(seed, seedFrom(clause));
    else if (field.startsWith('$')) continue;
    else if (isOperatorObject(value)) {
      if ('$eq' in value) setAt(seed, field, value.$eq);
    } else setAt(seed, field, value);
  }
  return seed;
}

function isOperatorObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date || value instanceof ObjectId)
    return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys[0]!.startsWith('$');
}
