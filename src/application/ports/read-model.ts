/**
 * Read-model ports: where projections keep their documents and checkpoints, and who may run the projector.
 * The SQLite and PostgreSQL adapters implement them, and MongoDB's adapter the same contracts.
 */

import type { Position } from './event-store.js';

/** Where a projection keeps one document: `partition` is the workspace, `key` the project id. */
export interface DocumentLocation {
  partition: string;
  key: string;
}

export interface DocumentChange extends DocumentLocation {
  /** Read-model collection (the projection's name). */
  collection: string;
  /** New document, or `null` to remove it (the store keeps a tombstone with the revision). */
  doc: unknown;
  /**
   * The stream revision the change reflects. The store applies it only over an older document (or none):
   * an equal or older revision is ignored, so a re-delivered or out-of-order change, or a second
   * projector behind this one, can never roll a document back.
   */
  revision: number;
}

export interface ProjectionCheckpoint {
  /** Projection definition version the stored documents were built with. */
  version: number;
  /** Last `$all` position applied, `null` before the first event. */
  position: Position | null;
}

export interface ReadModelStore {
  readonly kind: string;
  /** The document at `location`; `null` when there is none or it was removed. */
  get<T>(collection: string, location: DocumentLocation): Promise<T | null>;
  /** The documents at `locations`, in their order (`null` where none): a page of events in one round trip. */
  getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>>;
  /** Documents of one partition in ascending key order, keys strictly after `after` (removed ones left out). */
  list<T>(collection: string, options: { partition: string; after?: string; limit: number }): Promise<Array<{ key: string; doc: T }>>;
  /**
   * Apply document changes, each only over an older revision (see `DocumentChange.revision`), and move
   * checkpoints forward: a checkpoint never goes back to an earlier position of the same version, nor to an
   * older version (a projector of an older image, still running during a deploy, cannot undo a newer one). No
   * transaction across collections is needed for that; the SQLite adapter still writes a commit at once.
   */
  commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void>;
  getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null>;
  /** Drop a projection's documents (tombstones included) and checkpoint (for rebuilds and version changes). */
  reset(projection: string): Promise<void>;
  /**
   * Serve collection `name` and its checkpoint from `physical` (another collection, built beside it) from
   * now on — atomically, and only if `physical`'s checkpoint has reached the live one (a position at or past
   * it, of the same or a newer projection version; never an older version) — then drop the old.
   * Every read and write naming `name` follows the switch at once. @returns false, changing nothing, when
   * `physical` is behind (catch it up and try again).
   */
  activate(name: string, physical: string): Promise<boolean>;
  /**
   * Called after a commit that moved checkpoints — made through this store, or, where the engine can tell
   * (PostgreSQL's LISTEN/NOTIFY), by another process. A hint only: a waiter still re-reads the checkpoints
   * (and polls for what it may not hear of). @returns a function that unregisters the listener.
   */
  onCheckpointsMoved(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * The right to be the one active projector of a store (test/contract/projector-lease.contract.ts states it
 * once for every engine). Holders are opaque strings (`LeasedProjector` uses `projector-<uuid>`); times are ms.
 *
 * What every engine promises:
 * - **One holder.** While a holder keeps renewing, `tryAcquire` by any other holder resolves false.
 * - **Renewal.** `tryAcquire(holder)` by the holder resolves true and keeps the lease (for `ttlMs` more,
 *   on engines whose expiry is a clock's).
 * - **Take-over after a crash.** Once the holder stops renewing (its process died), another holder's
 *   `tryAcquire` resolves true at the latest `ttlMs` after the last renewal.
 * - **No late renewal.** Once another holder has taken the lease, the former holder's `tryAcquire`
 *   resolves false: it never takes the lease back from under the new holder.
 * - **Races.** Of contenders calling `tryAcquire` at once for a free or expired lease, exactly one wins.
 * - **Release.** `release(holder)` frees it at once; releasing a lease one does not hold changes nothing.
 * - **Failure.** When the store cannot be reached `tryAcquire` rejects (`DependencyUnavailableError`) or
 *   resolves false, never true: the caller must count itself as not holding the lease (and stop projecting).
 *
 * Where engines differ (the contract tests each difference):
 * - **Expiry by the clock** (SQLite, MongoDB): a lease is held until `ttlMs` after its last renewal. MongoDB
 *   judges expiry by the asking process's clock against the `expiresAt` the holder wrote with its own, so
 *   clock skew between machines shortens (standby ahead) or lengthens (standby behind) a lease by the skew:
 *   `ttlMs` must exceed the largest skew plus the renewal interval. SQLite's processes share one machine's
 *   clock; a standby there also takes at once the lease of a holder whose process on the same host has died.
 * - **Expiry with the connection** (PostgreSQL, a session advisory lock): `ttlMs` is ignored. The lease is
 *   held as long as the holder's connection lives, however late its renewal, and is free as soon as the server
 *   sees that connection close (a crash, a terminated backend); the holder's next renewal then resolves false.
 */
export interface ProjectorLease {
  /**
   * Take the lease if it is free or expired, or renew it when `holder` holds it.
   * @param holder who asks; @param ttlMs how long the lease lasts without a renewal, ms (> 0; ignored where
   *   the connection is the lease). @returns whether `holder` holds it now.
   * @throws DependencyUnavailableError when the store cannot be reached (count the lease as lost).
   */
  tryAcquire(holder: string, ttlMs: number): Promise<boolean>;
  /** Give it up, if `holder` holds it (someone else's is left alone). */
  release(holder: string): Promise<void>;
}
