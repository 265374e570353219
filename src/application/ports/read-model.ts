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
   * checkpoints forward: a checkpoint never goes back to an earlier position of the same version. No
   * transaction across collections is needed for that; the SQLite adapter still writes a commit at once.
   */
  commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void>;
  getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null>;
  /** Drop a projection's documents (tombstones included) and checkpoint (for rebuilds and version changes). */
  reset(projection: string): Promise<void>;
  /**
   * Serve collection `name` and its checkpoint from `physical` (another collection, built beside it) from
   * now on — atomically, and only if `physical`'s checkpoint has reached the live one — then drop the old.
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
 * The right to be the one active projector of a store: a standby keeps trying and takes over when the
 * holder stops renewing (or, where the engine ties the lease to a connection, when that connection dies).
 */
export interface ProjectorLease {
  /** Take the lease if it is free or expired; renews it when `holder` holds it. @returns whether `holder` holds it now. */
  tryAcquire(holder: string, ttlMs: number): Promise<boolean>;
  /** Give it up, if `holder` holds it. */
  release(holder: string): Promise<void>;
}
