/**
 * The projector lease on PostgreSQL: a session-level advisory lock held on a connection of its own. It
 * dies with the process (the server releases it when the connection closes), so a standby takes over
 * without any clock being involved.
 */
import pg from 'pg';
import type { ProjectorLease } from '../../application/ports/index.js';
import { guardPg } from './database.js';
import { DEFAULT_POSTGRES_TIMEOUTS, pgTimeoutOptions, type PostgresTimeouts } from './timeouts.js';

/** Advisory lock key of the projector lease. */
const PROJECTOR_LOCK = 7_000_003;

/** {@link ProjectorLease} as a session advisory lock (`ttlMs` does not apply: the connection is the lease). */
export class PostgresProjectorLease implements ProjectorLease {
  #client: pg.Client | null = null;
  #holder: string | null = null;

  /**
   * @param url the database; `timeouts` bound the lease connection's connect and queries (a renewal that
   *   gets no answer in time counts as the lease lost).
   */
  constructor(
    private readonly url: string,
    private readonly timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
  ) {}

  async tryAcquire(holder: string): Promise<boolean> {
    if (this.#holder === holder && this.#client) {
      // Still connected means still held; a failed query means the connection, and with it the lock, is gone.
      try {
        await this.#client.query('SELECT 1');
        return true;
      } catch {
        await this.#drop();
        return false;
      }
    }
    const client = new pg.Client({ connectionString: this.url, ...pgTimeoutOptions(this.timeouts) });
    client.on('error', () => undefined); // a dropped connection shows on the next renewal
    await guardPg(() => client.connect());
    const { rows } = await guardPg(() => client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [PROJECTOR_LOCK]));
    if (!rows[0]?.taken) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.#client = client;
    this.#holder = holder;
    return true;
  }

  /**
   * Frees the lock before answering: unlocked on the server (bounded by the query timeout), then the
   * connection ends. Ending alone frees it only once the server has seen the close, so a contender asking
   * right after `release` could still be refused (seen on CI).
   */
  async release(holder: string): Promise<void> {
    if (this.#holder !== holder) return;
    await this.#client?.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_LOCK]).catch(() => undefined);
    await this.#drop();
  }

  async #drop(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#holder = null;
    // Not awaited: ending a connection whose server stopped answering would wait for that server.
    void client?.end().catch(() => undefined);
  }
}
