/**
 * MongoDB for the read side of several instances: read models, their checkpoints and aliases, API keys and
 * the projector lease, in one database. Opening it creates the collections and indexes idempotently.
 * Nothing here uses multi-document transactions, so a standalone server will do; every write waits for a
 * majority to acknowledge it (at most `wtimeoutMS`, then it answers 503 unless a read-back finds it landed)
 * and every read sees only majority-committed data (on a standalone server both are the server itself).
 */
import {
  type Db,
  MongoBulkWriteError,
  MongoClient,
  MongoClientClosedError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { DependencyUnavailableError } from '../../application/ports/index.js';
import { ensureIndexes, type IndexDefinition } from './indexes.js';

/** The collections this service keeps (each adapter names the ones it uses from here). */
export const COLLECTIONS = {
  readModels: 'read_models',
  checkpoints: 'checkpoints',
  aliases: 'read_model_aliases',
  apiKeys: 'api_keys',
  leases: 'leases',
  idempotencyKeys: 'idempotency_keys',
} as const;

/** Used when the connection string names no database. */
export const DEFAULT_DATABASE = 'letterpress';

/** A connected client and the service's database on it. The caller owns the client and closes it. */
export interface MongoConnection {
  client: MongoClient;
  db: Db;
}

export interface MongoOptions {
  /**
   * How long the driver looks for a usable server before an operation fails, ms (driver default 30000).
   * It is also how long a request waits before a MongoDB outage answers 503: a service wants a few seconds.
   */
  serverSelectionTimeoutMs?: number;
  /**
   * How long a write waits for a majority to acknowledge it, ms (the write concern's `wtimeoutMS`; default
   * {@link DEFAULT_WRITE_CONCERN_TIMEOUT_MS}; a `wtimeoutMS` in the URL wins). Past it the server answers a
   * write concern error (64 WriteConcernTimeout) and the write is read back (see `confirmed-write.ts`). Without
   * it a write waits forever when no majority can acknowledge (review finding M1). The driver's `timeoutMS`
   * cannot do this: in driver 7 it is deprecated and has no effect.
   */
  writeConcernTimeoutMs?: number;
  /** How long opening a connection (TCP, TLS, handshake) may take, ms (driver `connectTimeoutMS`, default 30000). */
  connectTimeoutMs?: number;
  /**
   * How long an operation waits for the server's answer on an open connection, ms (driver `socketTimeoutMS`,
   * default 0: for ever). Past it the connection is closed and the operation fails with a network error
   * (503): a server that stopped answering (a stalled process) is found by nothing else. Keep it above the
   * slowest legitimate command and above `wtimeoutMS`, which the server answers itself.
   */
  socketTimeoutMs?: number;
}

/** Default of {@link MongoOptions.writeConcernTimeoutMs}: as long as a request waits for server selection in the service (wiring.ts). */
export const DEFAULT_WRITE_CONCERN_TIMEOUT_MS = 5000;

/**
 * A client for `url` with the service's read and write concerns and the database the URL names, not yet
 * connected (the driver connects on first use). `openMongo` is what a service calls; this one lets a test
 * reach a server that is not there.
 */
export function mongoConnection(url: string, options: MongoOptions = {}): MongoConnection {
  const client = new MongoClient(url, {
    // A write acknowledged by a majority survives a failover, and a majority read never sees one that is
    // rolled back; together they let one thread read its own writes on the primary (MongoDB manual,
    // "Read Concern majority", Read Your Own Writes).
    writeConcern: { w: 'majority', wtimeoutMS: writeConcernTimeout(url, options) },
    readConcern: { level: 'majority' },
    ...(options.serverSelectionTimeoutMs !== undefined ? { serverSelectionTimeoutMS: options.serverSelectionTimeoutMs } : {}),
    ...(options.connectTimeoutMs !== undefined ? { connectTimeoutMS: options.connectTimeoutMs } : {}),
    ...(options.socketTimeoutMs !== undefined ? { socketTimeoutMS: options.socketTimeoutMs } : {}),
  });
  return { client, db: client.db(databaseName(url)) };
}

/**
 * Connect to `url` (`mongodb://` or `mongodb+srv://`; the database is the URL's path, `letterpress` when
 * it names none), check that the server answers, and create the collections and indexes:
 * - `read_models` `{ collection, partition, key, revision, doc, removedAt? }`, unique on `{ collection, partition, key }`
 *   (also the list endpoint's index: equality on the first two, sorted by `key`), sparse on `removedAt` (tombstones);
 * - `checkpoints` `{ _id: projection, version, position }`; `read_model_aliases` `{ _id: name, physical }`;
 *   `leases` `{ _id: name, holder, expiresAt }` — each found by `_id`, which is always uniquely indexed;
 * - `api_keys` `{ _id: id, hash, … }`, unique on `hash`, indexed on `{ workspace, createdAt, _id }` (listing);
 * - `idempotency_keys` `{ _id: [scope, key] as JSON, …, expiresAt }`, a TTL index on `expiresAt`.
 * Idempotent: `createIndexes` with an existing identical index does nothing (MongoDB manual, createIndexes);
 * an index whose definition changed is replaced under a versioned name (indexes.ts).
 * @throws DependencyUnavailableError when no server answers within the server selection timeout (the
 *   message names the URL without its credentials); other driver errors (bad URL, authentication) as they are.
 */
export async function openMongo(url: string, options: MongoOptions = {}): Promise<MongoConnection> {
  const connection = mongoConnection(url, options);
  try {
    await connection.client.connect();
    await connection.db.command({ ping: 1 });
    await createSchema(connection.db);
    return connection;
  } catch (error) {
    await connection.client.close().catch(() => undefined);
    const unavailable = asUnavailable(error);
    if (!unavailable) throw error;
    throw new DependencyUnavailableError('mongodb', `MongoDB is unavailable at ${withoutCredentials(url)}: ${unavailable.message}`, {
      cause: error,
    });
  }
}

/**
 * The indexes of each collection, versioned (indexes.ts: bump `version` with any change of key or options).
 * `tombstones`: sparse, so only removed documents (which alone have `removedAt`) are in it; the purge reads it.
 * `expiry` is a TTL index: the server deletes a record once its `expiresAt` has passed (its monitor runs every
 * 60 s, so reads still check the time; MongoDB manual, "TTL Indexes", expireAfterSeconds 0).
 */
const INDEXES: Record<string, IndexDefinition[]> = {
  [COLLECTIONS.readModels]: [
    { base: 'location', version: 1, key: { collection: 1, partition: 1, key: 1 }, options: { unique: true } },
    { base: 'tombstones', version: 1, key: { removedAt: 1 }, options: { sparse: true } },
  ],
  [COLLECTIONS.apiKeys]: [
    { base: 'hash', version: 1, key: { hash: 1 }, options: { unique: true } },
    { base: 'workspace', version: 1, key: { workspace: 1, createdAt: 1, _id: 1 } },
  ],
  [COLLECTIONS.idempotencyKeys]: [{ base: 'expiry', version: 1, key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } }],
};

async function createSchema(db: Db): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const name of Object.values(COLLECTIONS)) {
    if (existing.has(name)) continue;
    // Another instance starting at the same moment may create it first (NamespaceExists, code 48).
    await db.createCollection(name).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 48) throw error;
    });
  }
  for (const [name, definitions] of Object.entries(INDEXES)) {
    const created = await ensureIndexes(db.collection(name), definitions);
    // Tombstones written before `removedAt` existed start their horizon now (once: when its index is new).
    if (created.includes('tombstones'))
      await db
        .collection(COLLECTIONS.readModels)
        .updateMany({ doc: null, removedAt: { $exists: false } }, { $currentDate: { removedAt: true } });
  }
  // Keys written before per-key limits have no `rateLimitPerMinute` (read as null). The bootstrap key
  // ("all scopes", ARCHITECTURE §5) gains keys:admin, added with issue 10; idempotent ($addToSet).
  await db
    .collection(COLLECTIONS.apiKeys)
    .updateMany({ name: 'bootstrap', workspace: 'default', scopes: { $ne: 'keys:admin' } }, { $addToSet: { scopes: 'keys:admin' } });
}

/** `wtimeoutMS` from the URL's options when it has one, else the option, else the default. */
function writeConcernTimeout(url: string, options: MongoOptions): number {
  const fromUrl = /[?&]wtimeoutMS=(\d+)/i.exec(url)?.[1];
  return fromUrl !== undefined ? Number(fromUrl) : (options.writeConcernTimeoutMs ?? DEFAULT_WRITE_CONCERN_TIMEOUT_MS);
}

/** The database a connection string names: its path, URL-decoded; `letterpress` when it has none. */
export function databaseName(url: string): string {
  // Not `new URL`: a replica-set string lists several hosts (`mongodb://a:1,b:2/db`), which it refuses.
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

/** `url` with any `user:password@` taken out, fit for a log line or an error message. */
export function withoutCredentials(url: string): string {
  return url.replace(/^(mongodb(?:\+srv)?:\/\/)[^@/?]*@/, '$1');
}

/**
 * Run a driver call, turning "the server cannot be used" failures into {@link DependencyUnavailableError}
 * (503): network errors and timeouts, no server selectable, a closed client, a primary stepping down or a
 * node shutting down (once the driver's own retry has failed too). Other errors (a duplicate key, a bad
 * query) pass through unchanged.
 */
export async function guardMongo<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const unavailable = asUnavailable(error);
    if (!unavailable) throw error;
    throw unavailable instanceof DependencyUnavailableError
      ? unavailable
      : new DependencyUnavailableError('mongodb', `MongoDB is unavailable: ${unavailable.message}`, { cause: error });
  }
}

const UNAVAILABLE_ERRORS = [
  MongoNetworkError, // includes MongoNetworkTimeoutError
  MongoServerSelectionError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
  MongoClientClosedError,
  MongoServerClosedError,
  MongoOperationTimeoutError,
];

/**
 * Server error codes that say the node cannot serve now, not that the command is wrong (named as in the
 * driver's MONGODB_ERROR_CODES; its retryable and "not primary / node is recovering" sets): HostUnreachable 6,
 * HostNotFound 7, MaxTimeMSExpired 50, WriteConcernTimeout 64, NetworkTimeout 89, ShutdownInProgress 91,
 * ReadConcernMajorityNotAvailableYet 134, PrimarySteppedDown 189, ExceededTimeLimit 262,
 * SocketException 9001, NotWritablePrimary 10107, InterruptedAtShutdown 11600,
 * InterruptedDueToReplStateChange 11602, NotPrimaryNoSecondaryOk 13435, NotPrimaryOrSecondary 13436.
 */
const UNAVAILABLE_CODES = new Set([6, 7, 50, 64, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/** The error (or the one it wraps) that makes `error` an outage, or null when it is not one. */
function asUnavailable(error: unknown, depth = 0): Error | null {
  if (!(error instanceof Error) || depth > 3) return null;
  if (error instanceof DependencyUnavailableError) return error;
  if (UNAVAILABLE_ERRORS.some((type) => error instanceof type)) return error;
  if (error instanceof MongoServerError) {
    if (error.hasErrorLabel('RetryableWriteError') || error.hasErrorLabel('SystemOverloadedError')) return error;
    if (typeof error.code === 'number' && UNAVAILABLE_CODES.has(error.code)) return error;
    // A bulk write that failed on the way (not in a write) carries the driver's error as its errorResponse.
    if (error instanceof MongoBulkWriteError) return asUnavailable(error.errorResponse, depth + 1);
  }
  return asUnavailable(error.cause, depth + 1);
}
