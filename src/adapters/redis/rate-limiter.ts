/**
 * Rate-limit counters in Redis (rate-limiter-flexible's RateLimiterRedis over ioredis): every instance
 * pointed at the same Redis and key prefix shares one budget per API key, and restarts keep it. A fixed
 * one-minute window per key: one INCRBY + PEXPIRE Lua script per request, the key expiring with its window.
 *
 * Fail-open: when Redis cannot be reached (down at start, gone later, or too slow), requests are counted
 * by an in-process RateLimiterMemory instead, with the same limits but per process, and nothing waits on
 * Redis longer than `commandTimeoutMs`. The outage is logged once (a warning) and its end once (info), and
 * `status()` reports it for /health. Availability of the API is put before exactness of the budget: a rate
 * limit protects capacity, and refusing every request while its counter store is away would be the outage
 * it is meant to prevent. rate-limiter-flexible's own `insuranceLimiter` does the same switch but hides the
 * error, which the log and /health need, so the switch is made here.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter, RateLimiterStatus } from '../../application/ports/index.js';
import { decide, UNCAPPED_POINTS, WINDOW_SECONDS } from '../shared/fixed-window.js';

/** Prefix of the counter keys: `letterpress:rl:<API key id>`. */
export const DEFAULT_KEY_PREFIX = 'letterpress:rl:';

/** Where the adapter reports outages (pino's signature). */
export interface RateLimitLog {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export interface RedisRateLimiterOptions {
  /** `redis://[user:password@]host:port[/db]` (`rediss://` for TLS). */
  url: string;
  /** Default requests per key per minute. */
  limit: number;
  log: RateLimitLog;
  /** The URL as the log may show it (without its password). Default: host and port only. */
  label?: string;
  /** Default `letterpress:rl:`; tests give each run its own. */
  keyPrefix?: string;
  /** Longest a request waits for Redis before it is counted locally, ms. Default 500. */
  commandTimeoutMs?: number;
  /** Longest a connection attempt lasts, ms. Default 2000. */
  connectTimeoutMs?: number;
  /** During an outage, how often one request tries Redis again (the others go local at once), ms. Default 1000. */
  probeIntervalMs?: number;
  /** Clock, ms. */
  now?: () => number;
}

/** The name the connection gives itself (CLIENT SETNAME), so `CLIENT LIST` shows whose it is. */
export function connectionName(keyPrefix: string): string {
  return `letterpress-rate-limits@${keyPrefix}`.replace(/\s/g, '_');
}

export class RedisRateLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowSeconds = WINDOW_SECONDS;
  private readonly client: Redis;
  private readonly shared: RateLimiterRedis;
  private readonly local = new RateLimiterMemory({ points: UNCAPPED_POINTS, duration: WINDOW_SECONDS });
  private readonly keyPrefix: string;
  private readonly log: RateLimitLog;
  private readonly label: string;
  private readonly connectTimeoutMs: number;
  private readonly probeIntervalMs: number;
  private readonly now: () => number;
  private outage: { since: number; reason: string } | null = null;
  private nextProbeAt = 0;
  private closing: Promise<void> | undefined;

  /** Connects in the background and never throws for an unreachable server (see `ready`). */
  constructor(options: RedisRateLimiterOptions) {
    this.limit = options.limit;
    this.log = options.log;
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 2000;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.client = new Redis(options.url, {
      // Nothing queues while disconnected and nothing is retried: a command fails at once or within
      // commandTimeout, and the request is counted locally instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: this.connectTimeoutMs,
      // Keep reconnecting for ever, backing off to once every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      connectionName: connectionName(this.keyPrefix),
    });
    this.label = options.label ?? `${this.client.options.host}:${this.client.options.port}`;
    this.client.on('error', (error: Error) => this.down(error.message));
    this.client.on('close', () => {
      if (!this.closing) this.down('connection closed');
    });
    this.client.on('ready', () => this.up());
    this.shared = new RateLimiterRedis({
      storeClient: this.client,
      points: UNCAPPED_POINTS,
      duration: WINDOW_SECONDS,
      keyPrefix: '', // our prefix is part of the key we pass
      rejectIfRedisNotReady: true,
    });
  }

  /**
   * Resolves once the first connection attempt is over — connected, failed, or `connectTimeoutMs` passed —
   * so a start against a healthy Redis does not count its first requests locally. Never rejects.
   */
  ready(): Promise<void> {
    if (this.client.status === 'ready' || this.outage) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, this.connectTimeoutMs + 100);
      this.client.once('ready', done);
      this.client.once('error', done);
    });
  }

  async consume(key: string, limit: number = this.limit): Promise<RateLimitDecision> {
    if (this.mayTryRedis()) {
      try {
        const res = await this.shared.consume(this.keyPrefix + key);
        this.up();
        return decide(res, limit);
      } catch (error) {
        // Uncapped counters never reject with a RateLimiterRes; kept for safety.
        if (error instanceof RateLimiterRes) return decide(error, limit);
        this.down((error as Error).message);
      }
    }
    return decide(await this.local.consume(key), limit);
  }

  status(): RateLimiterStatus {
    if (!this.outage) return { store: 'redis', degraded: false };
    return { store: 'redis', degraded: true, since: new Date(this.outage.since).toISOString(), reason: this.outage.reason };
  }

  /** Quit the connection (QUIT when connected, else drop it); idempotent. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      if (this.client.status === 'ready') {
        try {
          await this.client.quit();
          return;
        } catch {
          // fall through: drop it
        }
      }
      this.client.disconnect();
    })());
  }

  /** Connected, and during an outage only one request per probe interval (a hung Redis costs one wait). */
  private mayTryRedis(): boolean {
    if (this.closing) return false;
    if (this.client.status !== 'ready') {
      this.down(`connection ${this.client.status}`);
      return false;
    }
    if (!this.outage) return true;
    const now = this.now();
    if (now < this.nextProbeAt) return false;
    this.nextProbeAt = now + this.probeIntervalMs;
    return true;
  }

  private down(reason: string): void {
    if (this.closing) return;
    this.nextProbeAt = this.now() + this.probeIntervalMs;
    if (this.outage) return;
    this.outage = { since: this.now(), reason };
    this.log.warn(
      { redis: this.label, reason },
      'rate limits: Redis unreachable; counting per process until it is back (fail-open, limits no longer shared)',
    );
  }

  private up(): void {
    if (!this.outage) return;
    const outageMs = this.now() - this.outage.since;
    this.outage = null;
    this.log.info({ redis: this.label, outage_ms: outageMs }, 'rate limits: Redis reachable again; counters shared again');
  }
}
