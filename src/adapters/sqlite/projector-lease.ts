/**
 * The projector lease in the SQLite file: a row that names its holder until it expires. Every process
 * using one file runs on one machine, so one clock decides expiry — and a holder's process id tells
 * whether it is still alive: a successor takes the lease of a process that has died (a crash, `kill -9`)
 * at once instead of waiting out its expiry.
 */
import { hostname } from 'node:os';
import type { Statement } from 'better-sqlite3';
import type { ProjectorLease } from '../../application/ports/index.js';
import type { SqliteDatabase } from './database.js';
import { sqliteCall } from './lock-wait.js';

const LEASE = 'projector';

/** Construction options (tests replace the clock and the process facts). */
export interface SqliteProjectorLeaseOptions {
  /** ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /** This process: its host name and id. Default `os.hostname()` and `process.pid`. */
  self?: { host: string; pid: number };
  /** Whether process `pid` on this host is running. Default: `process.kill(pid, 0)` succeeds (or is refused with EPERM). */
  isAlive?: (pid: number) => boolean;
}

/** Signal 0 checks that a process exists without touching it (POSIX kill(2); Node's `process.kill`). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, it is just not ours to signal
  }
}

/** {@link ProjectorLease} on the `leases` table of a database from `openDatabase`. */
export class SqliteProjectorLease implements ProjectorLease {
  readonly #db: SqliteDatabase;
  readonly #take: Statement<[string, string, number, string, number, number], { holder: string }>;
  readonly #current: Statement<[string], { holder: string; host: string | null; pid: number | null }>;
  readonly #release: Statement<[string, string]>;
  readonly #acquire: (holder: string, ttlMs: number) => boolean;
  readonly #now: () => number;
  readonly #self: { host: string; pid: number };
  readonly #isAlive: (pid: number) => boolean;

  constructor(db: SqliteDatabase, options: SqliteProjectorLeaseOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#self = options.self ?? { host: hostname(), pid: process.pid };
    this.#isAlive = options.isAlive ?? processIsAlive;
    // Taken when absent, expired, or already ours (a renewal); RETURNING tells whether the write happened.
    this.#take = db.prepare(
      `INSERT INTO leases (name, holder, expires_at, host, pid) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at, host = excluded.host, pid = excluded.pid
       WHERE leases.holder = excluded.holder OR leases.expires_at < ?
       RETURNING holder`,
    );
    this.#current = db.prepare('SELECT holder, host, pid FROM leases WHERE name = ?');
    this.#release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
    const acquire = db.transaction((holder: string, ttlMs: number) => {
      const current = this.#current.get(LEASE);
      // Containers sharing a file see other pid namespaces: judge only a holder on this very host.
      if (
        current &&
        current.holder !== holder &&
        current.host === this.#self.host &&
        current.pid !== null &&
        current.pid !== this.#self.pid &&
        !this.#isAlive(current.pid)
      ) {
        this.#release.run(LEASE, current.holder);
      }
      const now = this.#now();
      return this.#take.get(LEASE, holder, now + ttlMs, this.#self.host, this.#self.pid, now) !== undefined;
    });
    this.#acquire = (holder, ttlMs) => acquire.immediate(holder, ttlMs);
  }

  /** Take the lease if it is free, expired or held by a process of this host that has died; renew it if `holder` holds it. */
  async tryAcquire(holder: string, ttlMs: number): Promise<boolean> {
    return sqliteCall(this.#db, () => this.#acquire(holder, ttlMs));
  }

  async release(holder: string): Promise<void> {
    await sqliteCall(this.#db, () => this.#release.run(LEASE, holder));
  }
}
