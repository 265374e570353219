/**
 * The scaffolding of the "on every engine" API tests (test/api/*-engines.test.ts): two services on one store,
 * and one service on KurrentDB (its double) with MongoDB read models.
 */
import type { Context } from 'mocha';
import { startTestServer, type TestServer } from './server.js';
import { createMongoTestDatabase } from './mongodb.js';
import { startKurrentDouble } from './kurrentdb-double/server.js';

/**
 * Two services on one store — the SQLite file under `dataDir`, or the store `env` names (PostgreSQL) with a
 * data directory of their own — given to `work`, then both stopped (the directory removed when it was theirs).
 */
export async function withTwoInstances(
  env: Record<string, string>,
  dataDir: string | undefined,
  work: (a: TestServer, b: TestServer) => Promise<void>,
): Promise<void> {
  const a = await startTestServer({ ...(dataDir ? { dataDir } : {}), env });
  const b = await startTestServer({ dataDir: a.dataDir, env });
  try {
    await work(a, b);
  } finally {
    await b.stop();
    await a.stop();
    if (!dataDir) a.cleanup();
  }
}

/** Where the KurrentDB double and the MongoDB test database of `withKurrentMongo` listen. */
export interface KurrentMongoUrls {
  kurrentdbUrl: string;
  mongodbUrl: string;
}

/**
 * One service on KurrentDB (a double of our own) with MongoDB read models, given to `work` with the URLs, then
 * everything stopped and the database dropped. Skips the test (`context.skip()`, the line `createMongoTestDatabase`
 * prints) when no MongoDB is reachable. `env` is added to the service's.
 */
export async function withKurrentMongo(
  context: Context,
  work: (server: TestServer, urls: KurrentMongoUrls) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const mongo = await createMongoTestDatabase();
  if (!mongo) context.skip();
  const double = await startKurrentDouble({});
  try {
    const server = await startTestServer({ env: { ...env, STORE: 'kurrentdb', KURRENTDB_URL: double.url, MONGODB_URL: mongo.url } });
    try {
      await work(server, { kurrentdbUrl: double.url, mongodbUrl: mongo.url });
    } finally {
      await server.stop();
      server.cleanup();
    }
  } finally {
    await double.stop();
    await mongo.drop();
  }
}
