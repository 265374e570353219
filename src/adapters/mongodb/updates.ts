/**
 * The MongoDB adapters' decisions as plain data: which filter and update each write sends, how a name is
 * resolved to the physical collection it is served from, and which write errors mean "nothing to do".
 * No I/O here, so all of it is unit-tested without a server (test/unit/mongodb-updates.test.ts).
 *
 * One rule of MongoDB's runs through it (MongoDB manual, `db.collection.updateOne`, upsert behaviour and
 * "Upsert with Duplicate Values"): an upsert whose filter matches nothing inserts a new document made of the
 * filter's equality fields plus the update; when a document with the same unique key exists but the
 * filter's other conditions rejected it, that insert fails with a duplicate key error (E11000). So
 * "guarded upsert failed with E11000" means "a document is there and the guard said no" — or that another
 * writer inserted it between our filter and our insert; the manual's answer to that race is to retry, which
 * then runs as an update, so the adapters retry once without upsert (see `duplicateKeyIndexes`). The server
 * retries such an upsert by itself only when the filter is nothing but equality on the unique key, which a
 * guarded one never is.
 */
import type { Filter, UpdateFilter } from 'mongodb';
import type { DocumentLocation, ProjectionCheckpoint } from '../../application/ports/index.js';

/** MongoDB's DuplicateKey error code. */
export const DUPLICATE_KEY = 11000;

/**
 * A read-model document as stored: the port's location, the stream revision, the document as JSON text
 * (`null`: a tombstone). `removedAt`: when it became a tombstone, by the server's clock (only tombstones have it).
 */
export interface StoredReadModel {
  collection: string;
  partition: string;
  key: string;
  revision: number;
  doc: string | null;
  removedAt?: Date;
}

/**
 * A checkpoint as stored, `_id` = the physical projection name. `switchOver`: an `activate` is switching
 * this collection's name to `to` and commits may not move the checkpoint until `until` (see
 * `switchOverFence`). `retired`: the collection was switched away from; its checkpoint is gone for good.
 */
export interface StoredCheckpoint {
  _id: string;
  version?: number;
  position?: string | null;
  switchOver?: { to: string; until: Date };
  retired?: true;
  supersededBy?: string;
}

/**
 * Name `_id` is served from `physical`. `previous`: the collection served before, while the switch-over
 * that replaced it has not finished retiring and dropping it (the next `activate` of the name finishes it).
 */
export interface StoredAlias {
  _id: string;
  physical: string;
  previous?: string;
}

export interface StoredLease {
  _id: string;
  holder: string;
  expiresAt: Date;
}

/** A filter and the update to send with it. */
export interface GuardedWrite<T> {
  filter: Filter<T>;
  update: UpdateFilter<T>;
}

/** `names` mapped to the collections they are served from: the alias's `physical`, or the name itself when it has no alias. */
export function physicalNames(names: Iterable<string>, aliases: readonly StoredAlias[]): Map<string, string> {
  const byName = new Map(aliases.map((alias) => [alias._id, alias.physical]));
  return new Map([...names].map((name) => [name, byName.get(name) ?? name]));
}

/**
 * The revision-guarded upsert of one change into `physical`: it matches only an older revision, so an
 * equal or newer stored document (tombstones included) is never replaced. `json`: the document as JSON
 * text, `null` for a removal, which stamps `removedAt` with the server's time (`$currentDate`, so no
 * process clock is trusted) for the tombstone purge; a live document has none.
 */
export function documentUpsert(
  physical: string,
  change: DocumentLocation & { revision: number },
  json: string | null,
): GuardedWrite<StoredReadModel> {
  return {
    filter: { collection: physical, partition: change.partition, key: change.key, revision: { $lt: change.revision } },
    update:
      json === null
        ? { $set: { revision: change.revision, doc: null }, $currentDate: { removedAt: true } }
        : { $set: { revision: change.revision, doc: json }, $unset: { removedAt: '' } },
  };
}

/**
 * Tombstones that became one before `horizon`, which the purge deletes. A tombstone only matters while an
 * older change to its document could still be applied (a page applied again after a crash, which only
 * replays events after the checkpoint), so past a horizon far longer than any such replay it guards nothing.
 */
export function expiredTombstones(horizon: Date): Filter<StoredReadModel> {
  return { removedAt: { $lt: horizon }, doc: null };
}

/** The documents at `locations` of `physical`: one `$in` on keys per partition. */
export function locationsFilter(physical: string, locations: readonly DocumentLocation[]): Filter<StoredReadModel> {
  const keysByPartition = new Map<string, Set<string>>();
  for (const { partition, key } of locations) keysByPartition.set(partition, (keysByPartition.get(partition) ?? new Set()).add(key));
  return { collection: physical, $or: [...keysByPartition].map(([partition, keys]) => ({ partition, key: { $in: [...keys] } })) };
}

/** Live (not removed) documents of one partition of `physical`, keys strictly after `after` when given. */
export function listFilter(physical: string, partition: string, after?: string): Filter<StoredReadModel> {
  return { collection: physical, partition, doc: { $ne: null }, ...(after !== undefined ? { key: { $gt: after } } : {}) };
}

/** No switch-over holds the checkpoint: none was started, or the one started has expired (its `activate` died). */
function noSwitchOverHolds(now: Date): Filter<StoredCheckpoint> {
  return { $or: [{ switchOver: { $exists: false } }, { 'switchOver.until': { $lt: now } }] };
}

/**
 * The forward-only write of a checkpoint to `physical`: it matches only a stored checkpoint that is older —
 * of an older version (never a newer one: an older image's projector must not undo a version change), of
 * the same version with no position yet, or (the new one having a position) at an earlier one; positions
 * are fixed-width digits, and MongoDB compares strings bytewise, so `$lt` is `$all` order. It also never
 * matches a retired checkpoint or one a switch-over holds (`nowMs`: this process's clock). Sent as an upsert:
 * E11000 then means "not moved" — or refused, which `refusedBySwitchOver` tells apart.
 */
export function checkpointWrite(physical: string, checkpoint: ProjectionCheckpoint, nowMs: number): GuardedWrite<StoredCheckpoint> {
  const older: Array<Filter<StoredCheckpoint>> = [
    { version: { $lt: checkpoint.version } },
    { version: checkpoint.version, position: null },
  ];
  if (checkpoint.position !== null) older.push({ version: checkpoint.version, position: { $lt: checkpoint.position } });
  return {
    filter: { _id: physical, retired: { $exists: false }, $and: [noSwitchOverHolds(new Date(nowMs)), { $or: older }] },
    update: { $set: { version: checkpoint.version, position: checkpoint.position }, $unset: { switchOver: '' } },
  };
}

/**
 * The fence `activate` sets on the live checkpoint (`current`) before switching the name to `to`: it holds
 * only if `rebuilt` has still caught up with it (the rule of `caughtUp`: the live one is of the same or an
 * older version, and has no position or one at or before the rebuilt one's), checked and set in one single-document write, so no
 * commit can move the live checkpoint between the check and the switch. From then until `nowMs + ttlMs`
 * commits may not move it (`checkpointWrite` does not match). Sent as an upsert (no live checkpoint counts as
 * caught up); E11000 means "not caught up, or another switch-over holds it".
 */
export function switchOverFence(
  current: string,
  rebuilt: ProjectionCheckpoint,
  to: string,
  nowMs: number,
  ttlMs: number,
): GuardedWrite<StoredCheckpoint> {
  const caughtUp: Array<Filter<StoredCheckpoint>> = [
    { version: { $exists: false } },
    { version: { $lte: rebuilt.version }, position: null },
  ];
  if (rebuilt.position !== null) caughtUp.push({ version: { $lte: rebuilt.version }, position: { $lte: rebuilt.position } });
  return {
    filter: { _id: current, retired: { $exists: false }, $and: [noSwitchOverHolds(new Date(nowMs)), { $or: caughtUp }] },
    update: { $set: { switchOver: { to, until: new Date(nowMs + ttlMs) } } },
  };
}

/** Whether a stored checkpoint refuses commits now: retired, or held by a switch-over that has not expired. */
export function refusedBySwitchOver(stored: StoredCheckpoint | null, nowMs: number): boolean {
  if (!stored) return false;
  return stored.retired === true || (stored.switchOver !== undefined && stored.switchOver.until.getTime() >= nowMs);
}

/** The port's checkpoint from a stored one; `null` for none, a retired one, or a bare fence (a switch-over of a projection that had none). */
export function toCheckpoint(stored: StoredCheckpoint | null): ProjectionCheckpoint | null {
  if (!stored || stored.retired || typeof stored.version !== 'number') return null;
  return { version: stored.version, position: stored.position ?? null };
}

/**
 * Taking the projector lease: matches the lease when `holder` has it (a renewal) or it expired before
 * `nowMs`; upserted, so an absent lease is created. E11000 means another holder's lease is still running.
 */
export function leaseAcquisition(name: string, holder: string, ttlMs: number, nowMs: number): GuardedWrite<StoredLease> {
  return {
    filter: { _id: name, $or: [{ holder }, { expiresAt: { $lt: new Date(nowMs) } }] },
    update: { $set: { holder, expiresAt: new Date(nowMs + ttlMs) } },
  };
}

/**
 * Whether a failed single-document write failed only on a duplicate key: E11000, and no write concern
 * error besides (that one would say the write may not be durable, which is never "nothing to do").
 */
export function isDuplicateKeyError(error: unknown): boolean {
  const failure = error as { code?: unknown; writeConcernError?: unknown } | null;
  return typeof failure === 'object' && failure !== null && failure.code === DUPLICATE_KEY && failure.writeConcernError === undefined;
}

/**
 * The operations of an unordered bulk write that failed only on duplicate keys: their indexes, ascending;
 * `null` when anything else failed too (another write error, a write concern error, or no write error at
 * all — the driver's own failure), so the caller rethrows.
 */
export function duplicateKeyIndexes(
  writeErrors: ReadonlyArray<{ code: number; index: number }>,
  writeConcernFailed: boolean,
): number[] | null {
  if (writeConcernFailed || writeErrors.length === 0 || writeErrors.some((e) => e.code !== DUPLICATE_KEY)) return null;
  return writeErrors.map((e) => e.index).sort((a, b) => a - b);
}
