/**
 * The SQLite engine's front door: the embedded store in one file under DATA_DIR. Code outside this folder
 * imports this file only.
 */
import { join } from 'node:path';
import type { Stores } from '../../application/ports/index.js';
import { SqliteApiKeyStore } from './api-key-store.js';
import { openDatabase } from './database.js';
import { SqliteEventStore } from './event-store.js';
import { SqliteIdempotencyStore } from './idempotency-store.js';
import { SqliteProjectorLease } from './projector-lease.js';
import { SqliteReadModelStore } from './read-model-store.js';
import { ThreadWriter } from './thread-writer.js';

/** File of the embedded store inside DATA_DIR. */
export const SQLITE_FILE = 'letterpress.db';

/** What opening the SQLite stores takes (the `Config` fields of the same names). */
export interface SqliteSettings {
  /** Directory of the store file, created when missing. */
  dataDir: string;
  /** How long a call waits for another process's write lock, ms (SQLITE_LOCK_WAIT_MS; the adapter's default when absent). */
  sqliteLockWaitMs?: number;
  /** How often a caught-up subscription reads `$all` for other processes' appends, ms (PROJECTOR_POLL_MS). Default 50. */
  projectorPollMs?: number;
  /**
   * Where the writes of a save commit: `thread` (default), the writer thread; `inline`, this thread's
   * connection, as before issue 24 (scripts/sqlite-write-stall.ts compares the two).
   */
  writes?: 'thread' | 'inline';
}

/**
 * Open `letterpress.db` under `dataDir` (schema created or migrated on the way) and every store on it.
 * The writes a save makes (appends, projection commits, Idempotency-Key records) run on the writer
 * thread's own connection (thread-writer.ts), so their synchronous commits never stop the event loop
 * (issue 24, item 4); reads, and the rare writes of keys, leases and rebuilds, stay on this thread's.
 * @throws when the file cannot be opened or is newer than this code.
 */
export async function openSqliteStores(settings: SqliteSettings): Promise<Stores> {
  const file = join(settings.dataDir, SQLITE_FILE);
  const db = openDatabase(file, { lockWaitMs: settings.sqliteLockWaitMs });
  const writer = settings.writes === 'inline' ? undefined : new ThreadWriter(file, { lockWaitMs: settings.sqliteLockWaitMs });
  return Promise.resolve({
    // Only polling hears appends made by other processes on the same file.
    eventStore: new SqliteEventStore(db, { pollIntervalMs: settings.projectorPollMs ?? 50, ...(writer && { writer }) }),
    readModels: new SqliteReadModelStore(db, writer && { writer }),
    apiKeys: new SqliteApiKeyStore(db),
    idempotency: new SqliteIdempotencyStore(db, writer && { writer }),
    projectorLease: new SqliteProjectorLease(db),
    close: async () => {
      await writer?.close();
      if (db.open) db.close();
    },
  });
}
