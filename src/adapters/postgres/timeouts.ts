/**
 * How long PostgreSQL may keep us waiting (issue 19: "every wait has a bound, and the bound answers").
 * Plain values, no driver import, so the configuration can name the defaults.
 */

/** Bounds of every PostgreSQL wait, ms. */
export interface PostgresTimeouts {
  /**
   * A new connection's TCP connect and start-up, and a wait for a free pooled connection
   * (node-postgres `connectionTimeoutMillis`). Past it: 503.
   */
  connectMs: number;
  /**
   * Client side: how long one query waits for its answer (node-postgres `query_timeout`). Past it the query
   * is abandoned, its connection discarded, and the request answers 503. Catches a server that stopped
   * answering at all (a stalled process, a lost network), which no server-side setting can.
   */
  queryMs: number;
  /** Server side: PostgreSQL cancels a statement running longer (`statement_timeout`; SQLSTATE 57014). */
  statementMs: number;
  /**
   * Server side: PostgreSQL ends a session idle inside a transaction this long
   * (`idle_in_transaction_session_timeout`), so a stalled client never holds locks for ever.
   */
  idleInTransactionMs: number;
}

/** A few seconds each: a stalled database answers 503 well within 5 s, a healthy one is never near them. */
export const DEFAULT_POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = Object.freeze({
  connectMs: 2000,
  queryMs: 2500,
  statementMs: 2000,
  idleInTransactionMs: 5000,
});

/** TCP keep-alive on every connection, first probe after this long idle, ms (finds peers that vanished). */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/**
 * The node-postgres client options for `timeouts` (documented in node-postgres "Client" and "Pool";
 * `statement_timeout` and `idle_in_transaction_session_timeout` are sent as start-up parameters).
 */
export function pgTimeoutOptions(timeouts: PostgresTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
  };
}
