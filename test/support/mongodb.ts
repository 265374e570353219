/**
 * A MongoDB database of the test run's own, on the server `MONGODB_URL` names (for example the compose
 * stack's: `mongodb://127.0.0.1:27017`), dropped afterwards. Under `npm test` (`.mocharc.json`) the URL is
 * always set: the wire double (test/support/mongodb-double-hook.ts) when the environment names no server.
 * Run some other way without `MONGODB_URL`, the suites skip with one line saying how to run them; with it
 * set, a server that does not answer fails them (it was asked for).
 */
import { randomBytes } from 'node:crypto';
import { type MongoConnection, openMongo } from '../../src/adapters/mongodb/database.js';

export const MONGODB_URL = process.env['MONGODB_URL'];

const SKIPPED = '      (MongoDB suites skipped: set MONGODB_URL, e.g. mongodb://127.0.0.1:27017, to run them)';

/** A database made for this run, open (collections and indexes created). */
export interface MongoTestDatabase extends MongoConnection {
  /** `MONGODB_URL` with this database as its path. */
  url: string;
  /** Drop the database and close the client. */
  drop(): Promise<void>;
}

/** A fresh database `letterpress_test_<pid>_<random>` on `MONGODB_URL`; null, after printing why, when it is not set. */
export async function createMongoTestDatabase(): Promise<MongoTestDatabase | null> {
  if (!MONGODB_URL) {
    console.log(SKIPPED);
    return null;
  }
  const url = withDatabase(MONGODB_URL, `letterpress_test_${process.pid}_${randomBytes(4).toString('hex')}`);
  const connection = await openMongo(url, { serverSelectionTimeoutMs: 5000 });
  return {
    ...connection,
    url,
    async drop() {
      await connection.db.dropDatabase();
      await connection.client.close();
    },
  };
}

/**
 * A `describe` block on a database of its own: created before its tests, dropped after them; every test in
 * it is skipped (the reason printed once) when `MONGODB_URL` is not set. `database()` gives it to the tests.
 */
export function describeOnMongo(title: string, body: (database: () => MongoTestDatabase) => void): void {
  describe(title, function () {
    let database: MongoTestDatabase | null = null;
    before(async function () {
      database = await createMongoTestDatabase();
      if (!database) this.skip();
    });
    after(async () => {
      await database?.drop();
    });
    body(() => database!);
  });
}

/** `url` naming database `name` instead of whatever it named (options kept). */
function withDatabase(url: string, name: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]*)(?:\/[^?]*)?(\?.*)?$/.exec(url);
  if (!match) throw new Error(`MONGODB_URL is not a mongodb:// connection string: ${url}`);
  return `${match[1]}/${name}${match[2] ?? ''}`;
}
