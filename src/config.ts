/**
 * Environment → one frozen, validated configuration object (ARCHITECTURE §5; docs/operations.md "Configuration").
 */
import { z } from 'zod';
import { type RenderLimits, DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './rendering/index.js';
import { DEFAULT_HTTP_LIMITS, type HttpServerLimits } from './http/http-server.js';
import { DEFAULT_JSON_LIMITS, type JsonLimits } from './http/json-guard.js';
import { parseCorsOrigins } from './http/cors.js';
// The engines' defaults come from their driver-free settings files (not their front doors): loading the
// configuration loads no driver.
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './adapters/postgres/timeouts.js';
import { DEFAULT_KURRENTDB_DEADLINE_MS, DEFAULT_MONGODB_TIMEOUTS, type MongoTimeouts } from './adapters/kurrentdb-mongodb/timeouts.js';

/** Defaults of KURRENTDB_DEADLINE_MS and MONGODB_*_TIMEOUT_MS, ms (docs/dependency-timeouts.md). */
export { DEFAULT_KURRENTDB_DEADLINE_MS, DEFAULT_MONGODB_TIMEOUTS };

/** The engines `STORE` names (each opened by its front door in src/adapters; see src/wiring.ts). */
const STORES = ['sqlite', 'postgres', 'kurrentdb'] as const;

const integer = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  STORE: z.enum(STORES).default('sqlite'),
  DATABASE_URL: z.string().min(1).optional(),
  KURRENTDB_URL: z.string().min(1).optional(),
  MONGODB_URL: z.string().min(1).optional(),
  POSTGRES_CONNECT_TIMEOUT_MS: integer(DEFAULT_POSTGRES_TIMEOUTS.connectMs, 100, 600_000),
  POSTGRES_QUERY_TIMEOUT_MS: integer(DEFAULT_POSTGRES_TIMEOUTS.queryMs, 100, 3_600_000),
  POSTGRES_STATEMENT_TIMEOUT_MS: integer(DEFAULT_POSTGRES_TIMEOUTS.statementMs, 100, 3_600_000),
  POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionMs, 100, 3_600_000),
  KURRENTDB_DEADLINE_MS: integer(DEFAULT_KURRENTDB_DEADLINE_MS, 100, 600_000),
  MONGODB_SERVER_SELECTION_TIMEOUT_MS: integer(DEFAULT_MONGODB_TIMEOUTS.serverSelectionMs, 100, 600_000),
  MONGODB_CONNECT_TIMEOUT_MS: integer(DEFAULT_MONGODB_TIMEOUTS.connectMs, 100, 600_000),
  MONGODB_SOCKET_TIMEOUT_MS: integer(DEFAULT_MONGODB_TIMEOUTS.socketMs, 100, 3_600_000),
  HEALTH_TIMEOUT_MS: integer(700, 50, 60_000),
  PROJECTOR: z.enum(['embedded', 'off']).default('embedded'),
  PROJECTOR_LEASE_INTERVAL_MS: integer(2000, 50, 600_000),
  PROJECTOR_POLL_MS: integer(50, 5, 60_000),
  SQLITE_LOCK_WAIT_MS: integer(5000, 0, 600_000),
  PROJECTOR_LEASE_TTL_MS: integer(10_000, 100, 3_600_000),
  BOOTSTRAP_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_PER_MINUTE: integer(600, 1, 1_000_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(200).default('letterpress:rl:'),
  COMPILE_TIMEOUT_MS: integer(5000, 100, 600_000),
  COMPILE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  COMPILE_QUEUE_MAX: integer(32, 0, 100_000),
  /** Default (unset): a quarter of COMPILE_QUEUE_MAX, at least 1; above COMPILE_QUEUE_MAX it means COMPILE_QUEUE_MAX. */
  COMPILE_QUEUE_PER_KEY_MAX: z.coerce.number().int().min(1).max(100_000).optional(),
  COMPILE_WORKER_MEMORY_MB: integer(512, 64, 65536),
  COMPILE_NICE: integer(10, 0, 19),
  TEMPLATE_MAX_SOURCE_BYTES: integer(DEFAULT_TEMPLATE_LIMITS.maxSourceBytes, 1024, 64 * 1024 * 1024),
  TEMPLATE_MAX_INCLUDES_BYTES: integer(DEFAULT_TEMPLATE_LIMITS.maxIncludesBytes, 0, 64 * 1024 * 1024),
  TEMPLATE_MAX_NODES: integer(DEFAULT_TEMPLATE_LIMITS.maxNodes, 10, 10_000_000),
  TEMPLATE_MAX_DEPTH: integer(DEFAULT_TEMPLATE_LIMITS.maxDepth, 4, 1000),
  TEMPLATE_MAX_EXPRESSIONS: integer(DEFAULT_TEMPLATE_LIMITS.maxExpressions, 0, 10_000_000),
  TEMPLATE_MAX_HTML_BYTES: integer(DEFAULT_TEMPLATE_LIMITS.maxHtmlBytes, 1024, 64 * 1024 * 1024),
  RENDER_MAX_BYTES: integer(2 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  RENDER_MAX_ITERATIONS: integer(100_000, 1, 1_000_000_000),
  API_KEY_CACHE_TTL_MS: integer(5000, 0, 3_600_000),
  IDEMPOTENCY_IN_FLIGHT_MS: integer(60_000, 300, 3_600_000),
  LETTERPRESS_TEST_CRASH_AFTER_COMMIT: z.string().optional(),
  UNKNOWN_API_KEY_CACHE_TTL_MS: integer(5000, 0, 60_000),
  AUTH_FAILURES_PER_MINUTE: integer(60, 0, 1_000_000),
  RENDER_CACHE_MB: integer(128, 1, 65536),
  SHARED_DOCUMENTS_CACHE_MB: integer(16, 1, 65536),
  RENDER_MIN_REVISION_WAIT_MS: integer(2000, 0, 30_000),
  RENDER_REVISION_CHECK: z.enum(['store', 'index']).optional(),
  VARIABLE_SHAPES_WINDOW_HOURS: integer(168, 0, 8760),
  VARIABLE_SHAPES_FLUSH_MS: integer(5000, 10, 600_000),
  VARIABLE_SHAPES_PER_KEY: integer(20, 1, 1000),
  VARIABLE_SHAPES_KEYS_PER_TEMPLATE: integer(100, 1, 10_000),
  VARIABLE_SHAPES_MAX_PENDING: integer(10_000, 1, 1_000_000),
  BODY_LIMIT_KB: integer(2048, 16, 65536),
  REQUIRE_IF_MATCH: z.enum(['true', 'false']).default('false'),
  RENDER_FAST_PATH: z.enum(['0', '1']).default('1'),
  RECEIPTS: z.enum(['0', '1']).default('1'),
  JSON_MAX_DEPTH: integer(DEFAULT_JSON_LIMITS.maxDepth, 4, 1000),
  VARIABLES_MAX_DEPTH: integer(DEFAULT_JSON_LIMITS.variablesMaxDepth, 4, 1000),
  METADATA_MAX_BYTES: integer(DEFAULT_JSON_LIMITS.metadataMaxBytes, 1024, 64 * 1024 * 1024),
  HEADERS_TIMEOUT_MS: integer(DEFAULT_HTTP_LIMITS.headersTimeoutMs, 100, 600_000),
  REQUEST_TIMEOUT_MS: integer(DEFAULT_HTTP_LIMITS.requestTimeoutMs, 0, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: integer(DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs, 0, 600_000),
  MAX_HEADER_BYTES: integer(DEFAULT_HTTP_LIMITS.maxHeaderBytes, 1024, 1024 * 1024),
  STOP_GRACE_MS: integer(10_000, 0, 600_000),
  MAX_CONNECTIONS: integer(DEFAULT_HTTP_LIMITS.maxConnections, 1, 1_000_000),
  MAX_CONNECTIONS_PER_CLIENT: integer(DEFAULT_HTTP_LIMITS.maxConnectionsPerClient, 1, 1_000_000),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseCorsOrigins(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type Environment = z.infer<typeof schema>;

/**
 * What each engine asks of the environment beyond the schema: the settings it cannot start without (one
 * line each, as `loadConfig` reports them), and how a render checks the revision index by default
 * (RENDER_REVISION_CHECK: a local read on SQLite, a round trip elsewhere).
 */
interface EngineSettings {
  missing(env: Environment): (string | false)[];
  renderRevisionCheck: 'store' | 'index';
}

const ENGINE_SETTINGS: Record<(typeof STORES)[number], EngineSettings> = {
  sqlite: { missing: () => [], renderRevisionCheck: 'store' },
  postgres: {
    missing: (env) => [
      env.DATABASE_URL === undefined && '  DATABASE_URL: required with STORE=postgres (e.g. postgres://user@host:5432/letterpress)',
    ],
    renderRevisionCheck: 'index',
  },
  kurrentdb: {
    missing: (env) => [
      env.KURRENTDB_URL === undefined && '  KURRENTDB_URL: required with STORE=kurrentdb (e.g. kurrentdb://127.0.0.1:2113?tls=false)',
      env.MONGODB_URL === undefined && '  MONGODB_URL: required with STORE=kurrentdb (e.g. mongodb://127.0.0.1:27017/letterpress)',
    ],
    renderRevisionCheck: 'index',
  },
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite` (embedded), `postgres`, or `kurrentdb` (KurrentDB events, MongoDB read models and keys). */
  store: (typeof STORES)[number];
  /** PostgreSQL connection string (`STORE=postgres`). */
  databaseUrl: string | undefined;
  /** KurrentDB connection string, `kurrentdb://host:2113?tls=false` (`STORE=kurrentdb`). */
  kurrentdbUrl: string | undefined;
  /** MongoDB connection string, `mongodb://host:27017/letterpress` (`STORE=kurrentdb`). */
  mongodbUrl: string | undefined;
  /** `STORE=postgres`: how long a connection, a query and an idle transaction may wait, ms (docs/dependency-timeouts.md). */
  postgresTimeouts: PostgresTimeouts;
  /** `STORE=kurrentdb`: the bound of each KurrentDB append (gRPC deadline) and read, ms. */
  kurrentdbDeadlineMs: number;
  /** `STORE=kurrentdb`: the MongoDB driver's server selection, connect and socket (answer) timeouts, ms. */
  mongodbTimeouts: MongoTimeouts;
  /** `GET /health`: the bound of each dependency check and of the answer, ms (a check past it is `timeout`). */
  healthTimeoutMs: number;
  /** `CORS_ORIGINS`: browser origins allowed to call the API (`*`: any); empty: none (docs/access.md "Browsers"). */
  corsOrigins: readonly string[];
  /** `embedded`: this process projects the read models; `off`: another does (`npm run projector`). */
  projector: 'embedded' | 'off';
  /** `npm run projector`: how often the lease is renewed (or a standby retries), and how long it lasts unrenewed, ms. */
  projectorLease: { intervalMs: number; ttlMs: number };
  /**
   * SQLite: how long a call waits for another process's write lock (a second instance, `rebuild-projections`,
   * the `keys` script) before answering 503 with `Retry-After`, ms. The wait is retries with pauses between
   * them, never a sleep on the event loop (docs/sqlite-locks.md).
   */
  sqliteLockWaitMs: number;
  /**
   * SQLite: how often a caught-up subscription (projector, revision follower) reads `$all` for appends
   * made by other processes on the same file, ms (writes through `PROJECTOR=off` instances wait for it).
   * PostgreSQL hears them by NOTIFY and polls only as a backstop, every second.
   */
  projectorPollMs: number;
  /**
   * Longest wait of a render for its `min_revision` / `X-Min-Revision` to be visible on this instance, ms;
   * then 409 `revision_not_yet_visible` (docs/read-your-writes.md).
   */
  renderMinRevisionWaitMs: number;
  /**
   * `store`: every render asks the event store whether the project's stream moved past the in-memory index
   * (one indexed read); `index`: a render trusts the index, which follows `$all` (another instance's write
   * is seen within the follow bound). Default `store` on SQLite (a local read), `index` elsewhere (a round trip).
   */
  renderRevisionCheck: 'store' | 'index';
  bootstrapApiKey: string | undefined;
  rateLimitPerMinute: number;
  /** Redis for rate-limit counters shared by every instance; unset: counted in process. */
  redisUrl: string | undefined;
  /** Prefix of the Redis counter keys (`<prefix><API key id>`). */
  rateLimitRedisPrefix: string;
  compileTimeoutMs: number;
  compileThreads: number | undefined;
  /** Compile jobs that may wait for a worker; one more gets 503 `compile_queue_full`. */
  compileQueueMax: number;
  /** Compile jobs one API key may have waiting (at most `compileQueueMax`); one more of its own gets 503 `compile_queue_full`. */
  compileQueuePerKeyMax: number;
  /** Heap limit of a compile worker, MB. */
  compileWorkerMemoryMb: number;
  /** Niceness of the compile worker threads (0 = same priority as the event loop). */
  compileNice: number;
  /** What a template may be (docs/limits.md "Limits"). */
  templateLimits: TemplateLimits;
  /** What one render may produce and do. */
  renderLimits: RenderLimits;
  /** How long a verified API key is trusted without asking the store again, ms. */
  apiKeyCacheTtlMs: number;
  /**
   * How long an `Idempotency-Key` claim holds unrenewed, ms (renewed every third of it while its request
   * runs): how long after a crash a retry waits (409) before it finds the write or runs it (docs/idempotency.md).
   */
  idempotencyInFlightMs: number;
  /**
   * TEST ONLY (`LETTERPRESS_TEST_CRASH_AFTER_COMMIT`): the process `kill -9`s itself right after committing a
   * write made with this Idempotency-Key, before answering (the crash test's fault point). Never set it in use.
   */
  testCrashAfterCommit: string | undefined;
  /** How long a token the store did not know is refused without asking again, ms; 0: always ask (docs/hardening.md). */
  unknownApiKeyCacheTtlMs: number;
  /** Refused tokens one client address may send per minute before it is answered 429; 0: no limit (docs/hardening.md). */
  authFailuresPerMinute: number;
  /** Render cache bound, bytes. */
  renderCacheBytes: number;
  /** Bound of the folded layout and shared partial states kept in memory (bytes, approximate). */
  sharedDocumentsCacheBytes: number;
  /**
   * The publish gate's record of variable shapes (docs/publishing.md "Publish gate"): `windowMs` 0 turns it
   * off; shapes are flushed every `flushMs`; `perKey` shapes per template and key, `keysPerTemplate` keys read
   * by a check, `maxPending` template-key pairs pending in memory.
   */
  variableShapes: { windowMs: number; flushMs: number; perKey: number; keysPerTemplate: number; maxPending: number };
  /** Largest accepted request body, bytes. */
  bodyLimitBytes: number;
  /** `REQUIRE_IF_MATCH=true`: a PUT, PATCH, DELETE or restore without `If-Match` → 428 (RFC 6585 §3). */
  requireIfMatch: boolean;
  /** `RENDER_FAST_PATH=0`: renders go through the Koa chain like every route (docs/performance.md "The render fast path"); default 1. */
  renderFastPath: boolean;
  /** `RECEIPTS=0`: renders carry no signed receipt and /receipts is not served (docs/receipts.md); default 1. */
  receipts: boolean;
  /** Depth of JSON fields and size of `metadata` (docs/limits.md "Hostile input and limits"). */
  jsonLimits: JsonLimits;
  /** On SIGTERM/SIGINT, how long requests in flight may finish before their connections are closed, ms. */
  stopGraceMs: number;
  /** Timeouts, header cap and connection caps of the HTTP server (docs/limits.md "Hostile input and limits"; docs/hardening.md). */
  http: HttpServerLimits;
  logLevel: string;
}

/**
 * Read the configuration.
 * @throws Error naming every invalid variable (the server refuses to start on a bad configuration).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const missing = [
    ...ENGINE_SETTINGS[c.STORE].missing(c),
    c.POSTGRES_STATEMENT_TIMEOUT_MS > c.POSTGRES_QUERY_TIMEOUT_MS &&
      '  POSTGRES_STATEMENT_TIMEOUT_MS: must not exceed POSTGRES_QUERY_TIMEOUT_MS (the server should cancel a slow statement before the client gives up on it)',
    c.REQUEST_TIMEOUT_MS > 0 &&
      c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS &&
      '  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (Node refuses it)',
  ].filter((line): line is string => typeof line === 'string');
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    store: c.STORE,
    databaseUrl: c.DATABASE_URL,
    kurrentdbUrl: c.KURRENTDB_URL,
    mongodbUrl: c.MONGODB_URL,
    postgresTimeouts: Object.freeze({
      connectMs: c.POSTGRES_CONNECT_TIMEOUT_MS,
      queryMs: c.POSTGRES_QUERY_TIMEOUT_MS,
      statementMs: c.POSTGRES_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: c.POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
    kurrentdbDeadlineMs: c.KURRENTDB_DEADLINE_MS,
    mongodbTimeouts: Object.freeze({
      serverSelectionMs: c.MONGODB_SERVER_SELECTION_TIMEOUT_MS,
      connectMs: c.MONGODB_CONNECT_TIMEOUT_MS,
      socketMs: c.MONGODB_SOCKET_TIMEOUT_MS,
    }),
    healthTimeoutMs: c.HEALTH_TIMEOUT_MS,
    corsOrigins: Object.freeze(c.CORS_ORIGINS),
    projector: c.PROJECTOR,
    projectorLease: { intervalMs: c.PROJECTOR_LEASE_INTERVAL_MS, ttlMs: c.PROJECTOR_LEASE_TTL_MS },
    projectorPollMs: c.PROJECTOR_POLL_MS,
    sqliteLockWaitMs: c.SQLITE_LOCK_WAIT_MS,
    renderMinRevisionWaitMs: c.RENDER_MIN_REVISION_WAIT_MS,
    renderRevisionCheck: c.RENDER_REVISION_CHECK ?? ENGINE_SETTINGS[c.STORE].renderRevisionCheck,
    bootstrapApiKey: c.BOOTSTRAP_API_KEY,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    redisUrl: c.REDIS_URL,
    rateLimitRedisPrefix: c.RATE_LIMIT_REDIS_PREFIX,
    compileTimeoutMs: c.COMPILE_TIMEOUT_MS,
    compileThreads: c.COMPILE_THREADS,
    compileQueueMax: c.COMPILE_QUEUE_MAX,
    compileQueuePerKeyMax: Math.min(c.COMPILE_QUEUE_MAX, c.COMPILE_QUEUE_PER_KEY_MAX ?? Math.max(1, Math.floor(c.COMPILE_QUEUE_MAX / 4))),
    compileWorkerMemoryMb: c.COMPILE_WORKER_MEMORY_MB,
    compileNice: c.COMPILE_NICE,
    templateLimits: Object.freeze({
      maxSourceBytes: c.TEMPLATE_MAX_SOURCE_BYTES,
      maxIncludesBytes: c.TEMPLATE_MAX_INCLUDES_BYTES,
      maxNodes: c.TEMPLATE_MAX_NODES,
      maxDepth: c.TEMPLATE_MAX_DEPTH,
      maxExpressions: c.TEMPLATE_MAX_EXPRESSIONS,
      maxHtmlBytes: c.TEMPLATE_MAX_HTML_BYTES,
    }),
    renderLimits: Object.freeze({ maxBytes: c.RENDER_MAX_BYTES, maxIterations: c.RENDER_MAX_ITERATIONS }),
    apiKeyCacheTtlMs: c.API_KEY_CACHE_TTL_MS,
    idempotencyInFlightMs: c.IDEMPOTENCY_IN_FLIGHT_MS,
    testCrashAfterCommit: c.LETTERPRESS_TEST_CRASH_AFTER_COMMIT,
    unknownApiKeyCacheTtlMs: c.UNKNOWN_API_KEY_CACHE_TTL_MS,
    authFailuresPerMinute: c.AUTH_FAILURES_PER_MINUTE,
    renderCacheBytes: c.RENDER_CACHE_MB * 1024 * 1024,
    sharedDocumentsCacheBytes: c.SHARED_DOCUMENTS_CACHE_MB * 1024 * 1024,
    variableShapes: Object.freeze({
      windowMs: c.VARIABLE_SHAPES_WINDOW_HOURS * 60 * 60 * 1000,
      flushMs: c.VARIABLE_SHAPES_FLUSH_MS,
      perKey: c.VARIABLE_SHAPES_PER_KEY,
      keysPerTemplate: c.VARIABLE_SHAPES_KEYS_PER_TEMPLATE,
      maxPending: c.VARIABLE_SHAPES_MAX_PENDING,
    }),
    bodyLimitBytes: c.BODY_LIMIT_KB * 1024,
    requireIfMatch: c.REQUIRE_IF_MATCH === 'true',
    renderFastPath: c.RENDER_FAST_PATH === '1',
    receipts: c.RECEIPTS === '1',
    jsonLimits: Object.freeze({
      maxDepth: c.JSON_MAX_DEPTH,
      variablesMaxDepth: c.VARIABLES_MAX_DEPTH,
      metadataMaxBytes: c.METADATA_MAX_BYTES,
    }),
    stopGraceMs: c.STOP_GRACE_MS,
    http: Object.freeze({
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
      maxHeaderBytes: c.MAX_HEADER_BYTES,
      maxConnections: c.MAX_CONNECTIONS,
      maxConnectionsPerClient: c.MAX_CONNECTIONS_PER_CLIENT,
    }),
    logLevel: c.LOG_LEVEL,
  });
}
