/**
 * A PostgreSQL database of the test run's own, created on the server `TEST_DATABASE_URL` names (default:
 * the local server, user postgres) and dropped afterwards; null, with one line saying why, when no
 * server answers there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase | null> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`      (PostgreSQL suites skipped: no server at TEST_DATABASE_URL=${TEST_DATABASE_URL}: ${(error as Error).message})`);
    return null;
  }
  const name = `letterpress_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A `describe` block on a database of its own: created before its tests, dropped after them; every test
 * in it is skipped (the reason printed once) when no server answers. `database()` gives it to the tests.
 */
export function describeOnPostgres(title: string, body: (database: () => TestDatabase) => void): void {
  describe(title, () => {
    let database: TestDatabase | null = null;
    before(async function () {
      database = await createTestDatabase();
      if (!database) this.skip();
    });
    after(async () => {
      await database?.drop();
    });
    body(() => database!);
  });
}

/** Run `work` with a fresh temporary directory, removed afterwards whatever happens. */
export async function withTempDir(prefix: string, work: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
