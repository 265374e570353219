/**
 * The lock-wait loop of lock-wait.ts without the application's error classes, so the writer thread
 * (writer-thread.ts) loads better-sqlite3 and this only; `sqliteCall` gives it `DependencyUnavailableError`.
 */
import Database from 'better-sqlite3';

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

/** Makes the error for an unusable store from what went wrong (`message`) and the driver's error (`cause`). */
export type Unavailable = (message: string, cause: unknown) => Error;

/**
 * Run `operation` (all-or-nothing synchronous calls on `db`), retrying it whole while it fails with
 * `SQLITE_BUSY`/`SQLITE_LOCKED`, pausing 1, 2, 4 … 25 ms (with jitter) between attempts without blocking the
 * event loop, for at most the connection's lock-wait bound ({@link setLockWait}; else {@link DEFAULT_LOCK_WAIT_MS}).
 * @throws `unavailable(…)` when the lock is still held after the bound, or the database is unusable (I/O
 *   error, disk full, corrupt file, connection closed).
 * @throws whatever else `operation` throws (constraint violations), unchanged.
 */
export async function retryWhileLocked<T>(db: Database.Database, operation: () => T, unavailable: Unavailable): Promise<T> {
  const maxWaitMs = lockWaits.get(db) ?? DEFAULT_LOCK_WAIT_MS;
  const started = Date.now();
  for (let pauseMs = FIRST_PAUSE_MS; ; pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS)) {
    try {
      return operation();
    } catch (error) {
      const waited = Date.now() - started;
      if (!isLockConflict(error) || waited >= maxWaitMs) {
        if (isLockConflict(error)) {
          throw unavailable(
            `SQLite is busy: another connection has held its write lock for ${waited} ms (SQLITE_LOCK_WAIT_MS is ${maxWaitMs}); retry later.`,
            error,
          );
        }
        const reason = unavailableReason(error);
        throw reason === null ? error : unavailable(reason, error);
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

/** What to answer for an unusable database (I/O error, disk full, corrupt file, closed connection); null for ours (a constraint, a bug). */
function unavailableReason(error: unknown): string | null {
  if (error instanceof Database.SqliteError && UNAVAILABLE_CODES.some((code) => error.code.startsWith(code))) {
    return `SQLite is unavailable: ${error.message}`;
  }
  // better-sqlite3 throws a TypeError with this message on a closed connection.
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) return 'The SQLite connection is closed.';
  return null;
}
