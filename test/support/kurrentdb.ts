/**
 * The KurrentDB server the suites run against: the one `KURRENTDB_URL` names (for example the compose
 * stack's: `kurrentdb://127.0.0.1:2113?tls=false`), else the wire-level double `npm test` starts and points
 * `KURRENTDB_URL` at (`kurrentdb-double-hook.ts`, registered in .mocharc.json). Without either (mocha run
 * without that file) they skip with one line naming the variable. A shared server's `$all` cannot be
 * emptied, so each test works in a namespace of its own (random stream prefix).
 */
import { randomUUID } from 'node:crypto';
import { connectKurrent, KurrentEventStore } from '../../src/adapters/kurrentdb/event-store.js';
import { NamespacedEventStore } from './namespaced-event-store.js';

export const KURRENTDB_URL = process.env['KURRENTDB_URL'];

/** Whether `KURRENTDB_URL` is the double (so a suite can say which it ran against). */
export const ON_KURRENTDB_DOUBLE = process.env['KURRENTDB_DOUBLE'] === '1';

/** Register `body` under `name`, or one skip line when `KURRENTDB_URL` is not set. */
export function describeOnKurrent(name: string, body: (url: () => string) => void): void {
  describe(name, function () {
    before(function () {
      if (KURRENTDB_URL) return;
      console.log('      (KurrentDB suites skipped: set KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false, to run them)');
      this.skip();
    });
    body(() => KURRENTDB_URL!);
  });
}

/** A store on its own client, seen through a namespace no other test uses. */
export function namespacedKurrentStore(url: string): NamespacedEventStore {
  return new NamespacedEventStore(new KurrentEventStore(connectKurrent(url)), `t${randomUUID().slice(0, 8)}-`);
}
