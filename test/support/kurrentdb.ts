/**
 * The KurrentDB server the suites run against when `KURRENTDB_URL` is set (for example the compose
 * stack's: `kurrentdb://127.0.0.1:2113?tls=false`); otherwise they skip with one line naming it. A shared
 * server's `$all` cannot be emptied, so each test works in a namespace of its own (random stream prefix).
 */
import { randomUUID } from 'node:crypto';
import { connectKurrent, KurrentEventStore } from '../../src/adapters/kurrentdb/event-store.js';
import { NamespacedEventStore } from './namespaced-event-store.js';

export const KURRENTDB_URL = process.env['KURRENTDB_URL'];

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
