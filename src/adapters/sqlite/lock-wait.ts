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
import Database from 'better-sqlite3';
import { DependencyUnavailableError } from '../../application/ports/index.js';

/** Default longest wait for another connection's lock, ms (what `busy_timeout = 5000` used to give). */
export const DEFAULT_LOCK_WAIT_MS = 5000;

/** Pauses between attempts grow from this, ms… */
const FIRST_PAUSE_MS = 1;
/** …doubling up to this, ms: a released lock is taken within about this long. */
const LONGEST_PAUSE_MS = 25;

/** The lock-wait bound of each connection opened by `openDatabase`, ms. */
const lockWaits = new WeakMap<Database.Database, number>();

/** Record how long calls on `db` wait for another connection's lock before answering unavailable, ms. */
export function setLockWait(db: Database.Database, maxWaitMs: number): void {
  lockWaits.set(db, maxWaitMs);
}

/**
 * Run `operation` (synchronous calls on `db`) and return its result, retrying it whole while it fails with
 * `SQLITE_BUSY`/`SQLITE_LOCKED` (another connection holds a lock), pausing 1, 2, 4 … 25 ms (with jitter)
 * between attempts without blocking the event loop, for at most the connection's lock-wait bound
 * ({@link setLockWait}; {@link DEFAULT_LOCK_WAIT_MS} for a connection not opened by `openDatabase`).
 *
 * `operation` must be all-or-nothing, so running it again is safe: one statement, or one better-sqlite3
 * `db.transaction(...)` function (it rolls back when a statement inside fails, so a retried append checks
 * its expected revision afresh and never leaves part of its events).
 * @throws DependencyUnavailableError (`dependency` `'sqlite'`, 503) when the lock is still held after the
 *   bound, or the database is unusable (I/O error, disk full, corrupt file, connection closed).
 * @throws whatever else `operation` throws (constraint violations, a wrong expected revision), unchanged.
 */
export async function sqliteCall<T>(db: Database.Database, operation: () => T): Promise<T> {
  const maxWaitMs = lockWaits.get(db) ?? DEFAULT_LOCK_WAIT_MS;
  const started = Date.now();
  for (let pauseMs = FIRST_PAUSE_MS; ; pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS)) {
    try {
      return operation();
    } catch (error) {
      const waited = Date.now() - started;
      if (!isLockConflict(error) || waited >= maxWaitMs) {
        if (isLockConflict(error)) {
          throw new DependencyUnavailableError(
            'sqlite',
            `SQLite is busy: another connection has held its write lock for ${waited} ms (SQLITE_LOCK_WAIT_MS is ${maxWaitMs}); retry later.`,
            { cause: error },
          );
        }
        throw asUnavailable(error) ?? error;
      }
      // Jitter: two processes retrying in step would keep meeting each other's attempts.
      const pause = Math.min(pauseMs * (0.5 + Math.random() / 2), maxWaitMs - waited);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Another connection holds a lock we need: worth another attempt (SQLite result codes, sqlite.org/rescode.html). */
function isLockConflict(error: unknown): boolean {
  return error instanceof Database.SqliteError && (error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED'));
}

/** SQLite result codes that mean the storage itself is unusable, not that our statement is wrong. */
const UNAVAILABLE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_READONLY',
];

/** The error to answer for an unusable database (I/O error, disk full, corrupt file, closed connection); null for ours (a constraint, a bug). */
function asUnavailable(error: unknown): DependencyUnavailableError | null {
  if (error instanceof Database.SqliteError && UNAVAILABLE_CODES.some((code) => error.code.startsWith(code))) {
    return new DependencyUnavailableError('sqlite', `SQLite is unavailable: ${error.message}`, { cause: error });
  }
  // better-sqlite3 throws a TypeError with this message on a closed connection.
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) {
    return new DependencyUnavailableError('sqlite', 'The SQLite connection is closed.', { cause: error });
  }
  return null;
}
