/**
 * Registered in .mocharc.json (`require`): when `MONGODB_URL` is not set, start the MongoDB wire double
 * (test/support/mongodb-double) on a loopback port and point `MONGODB_URL` at it before any test file is
 * loaded, so every MongoDB suite runs on every machine; with `MONGODB_URL` set, do nothing and the suites
 * run against that server unchanged. Child processes the tests spawn inherit the URL and connect over TCP.
 *
 * The double never keeps the process alive (its server and sockets are unref'd), and the global teardown
 * stops it at the end of the run.
 */
import { type MongoDouble, startMongoDouble } from './mongodb-double/server.js';

/** Set in the environment while the suites run on the double, so tests that need its fault switches can tell. */
export const MONGODB_DOUBLE_ENV = 'LETTERPRESS_MONGODB_DOUBLE';

let double: MongoDouble | null = null;
if (!process.env['MONGODB_URL']) {
  double = await startMongoDouble();
  process.env['MONGODB_URL'] = double.url;
  process.env[MONGODB_DOUBLE_ENV] = '1';
}

/** Mocha global fixture: stop the double once every test has run. */
export async function mochaGlobalTeardown(): Promise<void> {
  await double?.stop();
  double = null;
}
