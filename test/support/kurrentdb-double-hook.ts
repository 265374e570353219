/**
 * Mocha `require` file (registered in `.mocharc.json`): when `KURRENTDB_URL` is not set, start the KurrentDB
 * wire-level double (`kurrentdb-double/`) on a loopback port before any spec file is loaded, and point
 * `KURRENTDB_URL` at it, so every KurrentDB suite runs — in this process and in the service processes API
 * tests spawn, which inherit the variable. `KURRENTDB_DOUBLE=1` tells the suites it is the double. With
 * `KURRENTDB_URL` set, nothing starts: the suites run unchanged against that server. The double stops after
 * the run (`mochaGlobalTeardown`), leaving nothing to hold the process open.
 */
import { startKurrentDouble, type KurrentDouble } from './kurrentdb-double/server.js';

let double: KurrentDouble | null = null;

if (!process.env['KURRENTDB_URL']) {
  double = await startKurrentDouble();
  process.env['KURRENTDB_URL'] = double.url;
  process.env['KURRENTDB_DOUBLE'] = '1';
}

/** Mocha global fixture: stop the double once every test has run. */
export async function mochaGlobalTeardown(): Promise<void> {
  await double?.stop();
  double = null;
}
