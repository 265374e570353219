/**
 * The writes of the SQLite stores that a save makes (issue 24, item 4): an append, a projection commit,
 * the Idempotency-Key records. Each is one statement or one transaction on a connection, taking and
 * returning plain data only, so the same code runs on the main thread's connection (`inlineWriter`) or on
 * the writer thread's own (`writer-thread.ts`), whose synchronous commits (fsync) then never stop the
 * event loop. What can fail before the write (serialising events and documents, the expected revision's
 * shape) is done by the stores on the calling side. No runtime import reaches the application (its ports
 * pull in the renderer): the writer thread starts with better-sqlite3 and these few files only.
 */
import type { AppendResult, ExpectedRevision, IdempotencyClaim, NewIdempotencyClaim } from '../../application/ports/index.js';
import { encodePosition, expectedRevisionHolds } from '../shared/expected-revision.js';
import type { SqliteDatabase } from './database.js';
import { toIdempotencyRecord, type IdempotencyRow } from './idempotency-row.js';

/** An event ready for the `events` table: id chosen, data and metadata as JSON text. */
export interface EventRowInput {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** An append's outcome: committed, or refused because the stream is at `refused` (nothing written). */
export type AppendOutcome = AppendResult | { refused: number | 'no_stream' };

/** A read-model change ready for the `read_models` table: `json` null leaves a tombstone. */
export interface DocumentWrite {
  collection: string;
  partition: string;
  key: string;
  revision: number;
  json: string | null;
}

/** A checkpoint to move forward (`position`: the event store's opaque position text). */
export interface CheckpointWrite {
  projection: string;
  version: number;
  position: string | null;
}

/** Reads `@collection` as a collection name and gives the physical collection it is served from. */
export const PHYSICAL = 'COALESCE((SELECT physical FROM read_model_aliases WHERE name = @collection), @collection)';

/**
 * The write operations, by name (the messages to the writer thread name them). All synchronous and
 * all-or-nothing, so `sqliteCall` may run one again after a lock conflict.
 */
export interface WriteOps {
  /**
   * Append `rows` to `streamId` in one IMMEDIATE transaction after checking `expected`; with no rows,
   * only the check (and the stream's current revision, -1 when none, and last position). A wrong expected
   * revision is an outcome, `{ refused }`, which the event store throws as WrongExpectedRevisionError.
   * @throws SqliteError (constraint) on a duplicate event id.
   */
  append(streamId: string, rows: EventRowInput[], expected: ExpectedRevision): AppendOutcome;
  /** Apply `changes` (each over an older revision only) and move `checkpoints` forward, in one transaction. */
  commitDocuments(changes: DocumentWrite[], checkpoints: CheckpointWrite[]): void;
  /** Claim an Idempotency-Key (IMMEDIATE: the upsert and the read that follows see one state). */
  claimIdempotency(record: NewIdempotencyClaim, now: number): IdempotencyClaim;
  /** Renew an in-flight key's lease (ms since the epoch), noting `target` when given; true when it was ours. */
  renewIdempotency(scope: string, key: string, owner: string, leaseUntil: number, target: string | null): boolean;
  /** Take an in-flight key over from `from`; true when it still was `from`'s. */
  takeOverIdempotency(scope: string, key: string, from: string, to: string, leaseUntil: number): boolean;
  /** Record the response of an in-flight key (`headers` as JSON text); true when it was ours. */
  completeIdempotency(
    scope: string,
    key: string,
    owner: string,
    status: number,
    headers: string,
    body: string | null,
    expiresAt: number,
  ): boolean;
  /** Drop an in-flight key of ours. */
  releaseIdempotency(scope: string, key: string, owner: string): void;
  /** Delete up to `limit` keys expired at `now`; how many went. */
  purgeIdempotency(now: number, limit: number): number;
}

/** The name of a write operation. */
export type WriteOp = keyof WriteOps;

/** Prepare every write operation's statements on `db` (an open database with the schema applied). */
export function prepareWrites(db: SqliteDatabase): WriteOps {
  const lastOfStream = db.prepare<[string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const append = db.transaction((streamId: string, rows: EventRowInput[], expected: ExpectedRevision): AppendOutcome => {
    const last = lastOfStream.get(streamId);
    if (!expectedRevisionHolds(expected, last?.revision)) return { refused: last?.revision ?? 'no_stream' };
    if (rows.length === 0) return { nextExpectedRevision: last?.revision ?? -1, position: last ? encodePosition(last.position) : null };
    // Taken inside the transaction, so recording times follow the $all order of the commits.
    const recordedAt = new Date().toISOString();
    let revision = last?.revision ?? -1;
    let position = 0;
    for (const row of rows) {
      revision += 1;
      position = Number(insert.run(row.id, streamId, revision, row.type, row.data, row.metadata, recordedAt).lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position: encodePosition(position) };
  });

  // The revision guard: a change lands only over an older revision (a NULL doc is a tombstone).
  const upsert = db.prepare<[{ collection: string; partition: string; key: string; revision: number; doc: string | null }]>(
    `INSERT INTO read_models (collection, partition, key, revision, doc) VALUES (${PHYSICAL}, @partition, @key, @revision, @doc)
     ON CONFLICT (collection, partition, key) DO UPDATE SET revision = excluded.revision, doc = excluded.doc
     WHERE excluded.revision > read_models.revision`,
  );
  // Forward only (positions are fixed-width text, so text order is $all order): the same version never
  // goes back to an earlier position (or to none); a newer version replaces it, an older one never does
  // (an older image's projector must not undo a version change).
  const upsertCheckpoint = db.prepare<[{ collection: string; version: number; position: string | null }]>(
    `INSERT INTO checkpoints (projection, version, position) VALUES (${PHYSICAL}, @version, @position)
     ON CONFLICT (projection) DO UPDATE SET version = excluded.version, position = excluded.position
     WHERE excluded.version > checkpoints.version
        OR (excluded.version = checkpoints.version AND checkpoints.position IS NULL)
        OR (excluded.version = checkpoints.version AND excluded.position IS NOT NULL AND excluded.position > checkpoints.position)`,
  );
  const commitDocuments = db.transaction((changes: DocumentWrite[], checkpoints: CheckpointWrite[]) => {
    for (const { collection, partition, key, revision, json } of changes) upsert.run({ collection, partition, key, revision, doc: json });
    for (const { projection, version, position } of checkpoints) upsertCheckpoint.run({ collection: projection, version, position });
  });

  // Inserted when absent; an expired row (in flight or completed) is taken over, its response dropped.
  const take = db.prepare<[string, string, string, string, number, number, number], { owner: string }>(
    `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, status, headers, body, expires_at, lease_until, target)
     VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?, ?, NULL)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, owner = excluded.owner,
       status = NULL, headers = NULL, body = NULL, expires_at = excluded.expires_at,
       lease_until = excluded.lease_until, target = NULL
     WHERE idempotency_keys.expires_at <= ?
     RETURNING owner`,
  );
  const getKey = db.prepare<[string, string, number], IdempotencyRow>(
    'SELECT * FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?',
  );
  const claim = db.transaction((record: NewIdempotencyClaim, now: number): IdempotencyClaim => {
    if (take.get(record.scope, record.key, record.fingerprint, record.owner, record.expiresAt, record.leaseUntil ?? record.expiresAt, now))
      return { claimed: true };
    return { claimed: false, existing: toIdempotencyRecord(getKey.get(record.scope, record.key, now)!) };
  });
  // COALESCE: a renewal without a target keeps the one noted.
  const renew = db.prepare<[number, string | null, string, string, string]>(
    'UPDATE idempotency_keys SET lease_until = ?, target = COALESCE(?, target) WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL',
  );
  const takeOver = db.prepare<[string, number, string, string, string]>(
    'UPDATE idempotency_keys SET owner = ?, lease_until = ?, target = NULL WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL',
  );
  const complete = db.prepare<[number, string, string | null, number, string, string, string]>(
    `UPDATE idempotency_keys SET status = ?, headers = ?, body = ?, expires_at = ?
     WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL`,
  );
  const release = db.prepare<[string, string, string]>(
    'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL',
  );
  const purge = db.prepare<[number, number]>(
    'DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at <= ? LIMIT ?)',
  );

  return {
    append: (streamId, rows, expected) => append.immediate(streamId, rows, expected),
    commitDocuments: (changes, checkpoints) => commitDocuments(changes, checkpoints),
    claimIdempotency: (record, now) => claim.immediate(record, now),
    renewIdempotency: (scope, key, owner, leaseUntil, target) => renew.run(leaseUntil, target, scope, key, owner).changes > 0,
    takeOverIdempotency: (scope, key, from, to, leaseUntil) => takeOver.run(to, leaseUntil, scope, key, from).changes > 0,
    completeIdempotency: (scope, key, owner, status, headers, body, expiresAt) =>
      complete.run(status, headers, body, expiresAt, scope, key, owner).changes > 0,
    releaseIdempotency: (scope, key, owner) => void release.run(scope, key, owner),
    purgeIdempotency: (now, limit) => purge.run(now, limit).changes,
  };
}
