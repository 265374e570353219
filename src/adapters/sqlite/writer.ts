/**
 * Who runs the SQLite stores' writes (writes.ts): the calling thread's own connection (`inlineWriter`: for
 * `:memory:` databases, tests and scripts, and inside the writer thread), or the writer thread
 * (`thread-writer.ts`, the service), where a commit's fsync does not stop the event loop. The stores only
 * see this interface. No runtime import of the application: the writer thread loads this file.
 */
import type Database from 'better-sqlite3';
import { prepareWrites, type WriteOp, type WriteOps } from './writes.js';

/**
 * Runs write operations by name and answers their results.
 * Errors: `DependencyUnavailableError` (503: lock held past the bound, unusable or closed database, a writer
 * thread that failed or did not answer in time), better-sqlite3's `SqliteError` (a constraint or a trigger).
 */
export interface SqliteWriter {
  run<K extends WriteOp>(op: K, ...args: Parameters<WriteOps[K]>): Promise<ReturnType<WriteOps[K]>>;
  /** Stop taking writes (and end the thread, if any) after those already started; idempotent. */
  close(): Promise<void>;
}

/** Runs an all-or-nothing operation on `db` with lock waits: `sqliteCall` (lock-wait.ts), or lock-retry.ts's loop. */
export type LockedCall = <T>(db: Database.Database, operation: () => T) => Promise<T>;

/** The writes run on `db` itself, on the calling thread, through `call`. Statements are prepared on first use. */
export function inlineWriter(db: Database.Database, call: LockedCall): SqliteWriter {
  let ops: WriteOps | undefined;
  return {
    run: (op, ...args) =>
      call(db, () => {
        ops ??= prepareWrites(db);
        return (ops[op] as (...a: unknown[]) => never)(...args);
      }),
    close: async () => {},
  };
}
