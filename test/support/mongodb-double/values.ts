/**
 * How the double orders and keys values the way a MongoDB server does, for sort and unique indexes.
 *
 * - Sort order across types: MinKey, null (and missing), numbers, strings, objects, arrays, binary, ObjectId,
 *   booleans, dates, timestamps, regular expressions, MaxKey (MongoDB manual, "Comparison/Sort Order").
 * - Strings compare by "simple binary comparison" of their UTF-8 bytes unless a collation is given (same page,
 *   "Collation"); JavaScript's `<` compares UTF-16 code units instead, which differs past U+FFFF.
 * - A unique index keys a document by the values of its fields, a missing field as null (manual, "Unique
 *   Indexes", "Missing Document Field in a Unique Single-Field Index").
 */
import { type Document, ObjectId, serialize, deserialize } from 'bson';

export function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'number' || typeof value === 'bigint') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 5;
  if (value instanceof ObjectId) return 7;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (value instanceof Uint8Array) return 6;
  return 4; // an embedded document
}

/** -1, 0 or 1, as the server sorts `a` and `b`. */
export function compareValues(a: unknown, b: unknown): number {
  const [ra, rb] = [typeRank(a), typeRank(b)];
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (typeof a === 'string') return Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b as string, 'utf8')));
  if (typeof a === 'number' || typeof a === 'bigint') return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (a instanceof Date) return Math.sign(a.getTime() - (b as Date).getTime());
  if (a instanceof ObjectId) return Math.sign(Buffer.compare(Buffer.from(a.id), Buffer.from((b as ObjectId).id)));
  if (typeof a === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (ra === 1) return 0;
  return Math.sign(Buffer.compare(Buffer.from(serialize({ v: a })), Buffer.from(serialize({ v: b }))));
}

/** The value at a dotted `path` of `doc` (undefined when missing). */
export function valueAt(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Document)[part];
  }
  return value;
}

/** Set `path` (dotted) of `doc` to `value`, making the documents on the way. */
export function setAt(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Document;
  target[parts.at(-1)!] = value;
}

/** A comparator for a sort specification `{ field: 1 | -1, … }`. */
export function sortComparator(spec: Document): (a: Document, b: Document) => number {
  const fields = Object.entries(spec);
  return (a, b) => {
    for (const [field, direction] of fields) {
      const order = compareValues(valueAt(a, field), valueAt(b, field));
      if (order !== 0) return order * (Number(direction) < 0 ? -1 : 1);
    }
    return 0;
  };
}

/** A unique index's key for `doc`: the values of the index's fields, missing ones as null, as comparable text. */
export function indexKey(doc: Document, key: Document): string {
  return Buffer.from(serialize({ k: Object.keys(key).map((field) => valueAt(doc, field) ?? null) })).toString('hex');
}

/** A deep copy that keeps BSON types (Date, ObjectId, Long) as they are. */
export function cloneDocument<T extends Document>(doc: T): T {
  return deserialize(serialize(doc), { promoteValues: true }) as T;
}
