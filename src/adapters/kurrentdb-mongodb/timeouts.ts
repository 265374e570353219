/**
 * The bounds of the KurrentDB + MongoDB engine's waits, ms (docs/dependency-timeouts.md). Plain values, no
 * driver import, so the configuration can name the defaults without loading either client.
 */

/** KURRENTDB_DEADLINE_MS: the bound of each KurrentDB append (gRPC deadline) and read. */
export const DEFAULT_KURRENTDB_DEADLINE_MS = 3000;

/** The MongoDB driver's server selection, connect and socket (answer) timeouts, ms (MONGODB_*_TIMEOUT_MS). */
export interface MongoTimeouts {
  serverSelectionMs: number;
  connectMs: number;
  socketMs: number;
}

/**
 * A few seconds, not the driver's 30 s and "for ever": it is how long a request waits during an outage
 * before its 503.
 */
export const DEFAULT_MONGODB_TIMEOUTS: Readonly<MongoTimeouts> = Object.freeze({
  serverSelectionMs: 3000,
  connectMs: 2000,
  socketMs: 6000,
});
