/**
 * Waiting for SQLite's write lock without stopping the event loop (issue 19, item 1).
 *
 * better-sqlite3 is synchronous: with `busy_timeout` set, a statement that meets another connection's
 * write lock (a second instance, `rebuild-projections`, the `keys` script) sleeps *on the main thread*
 * until the lock is free or the timeout passes, and every request of the process waits with it. So the
 * service's connection runs with `busy_timeout = 0`: a call that meets the lock fails at once with
 * `SQLITE_BUSY`, and {@link sqliteCall} runs the whole call again after a short `setTimeout` pause (the
 * event loop serves other requests meanwhile), until the connection's lock-wait bound has passed; then it
 * answers `DependencyUnavailableError` (503 with `Retry-After`). Readers in WAL mode never wait for a writer,
 * so reads (`/health`, lists, GETs) go on at full speed while another process holds the lock.
 */
import type Database from 'better-sqlite3';
import { DependencyUnavailableError } from '../../application/ports/index.js';
import { retryWhileLocked } from './lock-retry.js';

export { DEFAULT_LOCK_WAIT_MS, setLockWait } from './lock-retry.js';

/**
 * Run `operation` (synchronous calls on `db`) and return its result, retrying it whole while it fails with
 * `SQLITE_BUSY`/`SQLITE_LOCKED` (another connection holds a lock), pausing 1, 2, 4 … 25 ms (with jitter)
 * between attempts without blocking the event loop, for at most the connection's lock-wait bound
 * (`setLockWait`; `DEFAULT_LOCK_WAIT_MS` for a connection not opened by `openDatabase`). The loop is
 * lock-retry.ts's.
 *
 * `operation` must be all-or-nothing, so running it again is safe: one statement, or one better-sqlite3
 * `db.transaction(...)` function (it rolls back when a statement inside fails, so a retried append checks
 * its expected revision afresh and never leaves part of its events).
 * @throws DependencyUnavailableError (`dependency` `'sqlite'`, 503) when the lock is still held after the
 *   bound, or the database is unusable (I/O error, disk full, corrupt file, connection closed).
 * @throws whatever else `operation` throws (constraint violations, a wrong expected revision), unchanged.
 */
export function sqliteCall<T>(db: Database.Database, operation: () => T): Promise<T> {
  return retryWhileLocked(db, operation, (message, cause) => new DependencyUnavailableError('sqlite', message, { cause }));
}
