/**
 * A PostgreSQL `LISTEN` on a connection of its own that survives drops: when the connection fails it is
 * re-opened after `retryMs`, and `onResumed` says so, because notifications sent while nobody listened
 * are lost (PostgreSQL does not queue them for a session that is gone; see the `NOTIFY` reference page).
 * Used for hints only: whoever relies on it must still be able to catch up by reading.
 */
import pg from 'pg';
import { DEFAULT_POSTGRES_TIMEOUTS, pgTimeoutOptions, type PostgresTimeouts } from './timeouts.js';

/** Construction options. */
export interface ChannelListenerOptions {
  /** Connection string of the database to listen on. */
  url: string;
  /** Channel name; must be a plain SQL identifier (it is written into the `LISTEN` statement). */
  channel: string;
  /** Called with each notification's payload (PostgreSQL caps payloads at 8000 bytes). */
  onNotification(payload: string): void;
  /** Called after every (re)connection, the first included: anything sent meanwhile was missed. */
  onResumed(): void;
  /** Wait (ms) before reconnecting after a failure. Default 1000. */
  retryMs?: number;
  /** Bounds of the connect and of the `LISTEN` statement. Default {@link DEFAULT_POSTGRES_TIMEOUTS}. */
  timeouts?: PostgresTimeouts;
}

/** Listens from `start()` until `stop()`; never throws to its caller (failures are retried). */
export class ChannelListener {
  #client: pg.Client | null = null;
  #retry: NodeJS.Timeout | null = null;
  #running = false;
  /** Clients already handled: a failing client may report 'error' and then 'end'. */
  readonly #gone = new WeakSet<pg.Client>();

  /** @throws RangeError when `channel` is not a plain identifier. */
  constructor(private readonly options: ChannelListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new RangeError(`Not a plain channel name: '${options.channel}'.`);
  }

  /** True while a connection is listening. */
  get listening(): boolean {
    return this.#client !== null;
  }

  /** Begin listening in the background (idempotent). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#connect();
  }

  /** Stop listening and close the connection. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    if (client) this.#gone.add(client);
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      ...pgTimeoutOptions(this.options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS),
    });
    client.on('error', () => this.#dropped(client));
    client.on('end', () => this.#dropped(client));
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch {
      this.#dropped(client);
      return;
    }
    if (!this.#running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.options.onResumed();
  }

  #dropped(client: pg.Client): void {
    if (this.#gone.has(client)) return;
    this.#gone.add(client);
    if (this.#client === client) this.#client = null;
    void client.end().catch(() => undefined);
    if (!this.#running || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (this.#running) void this.#connect();
    }, this.options.retryMs ?? 1000);
    this.#retry.unref();
  }
}
