/**
 * The PostgreSQL engine's front door. Code outside this folder imports this file only — except the
 * configuration, which reads the timeout defaults from the driver-free `timeouts.ts` so that loading it
 * never loads the driver.
 */
import type { Stores } from '../../application/ports/index.js';
import { PostgresApiKeyStore } from './api-key-store.js';
import { openPostgres } from './database.js';
import { PostgresEventStore } from './event-store.js';
import { PostgresIdempotencyStore } from './idempotency-store.js';
import { PostgresProjectorLease } from './projector-lease.js';
import { PostgresReadModelStore } from './read-model-store.js';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './timeouts.js';

export { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './timeouts.js';

/** What opening the PostgreSQL stores takes (the `Config` fields of the same names). */
export interface PostgresSettings {
  /** Connection string (DATABASE_URL). */
  databaseUrl: string;
  /** Bounds of every wait, ms (POSTGRES_*_TIMEOUT_MS). Default {@link DEFAULT_POSTGRES_TIMEOUTS}. */
  postgresTimeouts?: PostgresTimeouts;
}

/**
 * Connect to `databaseUrl` (schema created or migrated on the way) and open every store on one pool;
 * the event and read-model stores also LISTEN, so they hear other processes' appends and checkpoints.
 * @throws DependencyUnavailableError when the server does not answer (nothing is left open then).
 */
export async function openPostgresStores(settings: PostgresSettings): Promise<Stores> {
  const url = settings.databaseUrl;
  const timeouts = settings.postgresTimeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  const pool = await openPostgres(url, { timeouts });
  const eventStore = new PostgresEventStore(pool, { listenUrl: url, listenTimeouts: timeouts });
  const readModels = new PostgresReadModelStore(pool, { listenUrl: url, listenTimeouts: timeouts });
  return {
    eventStore,
    readModels,
    apiKeys: new PostgresApiKeyStore(pool),
    idempotency: new PostgresIdempotencyStore(pool),
    projectorLease: new PostgresProjectorLease(url, timeouts),
    // The listening connections are the stores'; the lease's is closed by whoever released it.
    close: async () => {
      await eventStore.close();
      await readModels.close();
      await pool.end();
    },
  };
}
