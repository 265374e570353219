/**
 * The projector lease in the SQLite file: a row that names its holder until it expires. Every process
 * using one file runs on one machine, so one clock decides expiry.
 */
import type { Statement } from 'better-sqlite3';
import type { ProjectorLease } from '../../application/ports.js';
import { guardSqlite, type SqliteDatabase } from './database.js';

const LEASE = 'projector';

/** {@link ProjectorLease} on the `leases` table of a database from `openDatabase`. */
export class SqliteProjectorLease implements ProjectorLease {
  readonly #take: Statement<[string, string, number, number], { holder: string }>;
  readonly #release: Statement<[string, string]>;

  constructor(db: SqliteDatabase, private readonly now: () => number = Date.now) {
    // Taken when absent, expired, or already ours (a renewal); RETURNING tells whether the write happened.
    this.#take = db.prepare(
      `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE leases.holder = excluded.holder OR leases.expires_at < ?
       RETURNING holder`,
    );
    this.#release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  }

  async tryAcquire(holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    return guardSqlite(() => this.#take.get(LEASE, holder, now + ttlMs, now)) !== undefined;
  }

  async release(holder: string): Promise<void> {
    guardSqlite(() => this.#release.run(LEASE, holder));
  }
}
