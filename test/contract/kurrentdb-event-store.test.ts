/**
 * The KurrentDB event store against the EventStore contract (subscriptions included), on the server
 * `KURRENTDB_URL` names, else on the wire-level double `npm test` starts; what KurrentDB itself adds
 * (idempotent retries by event id); and, with no server at all, that an unreachable one is a
 * `DependencyUnavailableError`. Faults only a double can inject: kurrentdb-wire-faults.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { connectKurrent, KurrentEventStore } from '../../src/adapters/kurrentdb/event-store.js';
import { DependencyUnavailableError } from '../../src/application/ports/index.js';
import { describeOnKurrent, namespacedKurrentStore } from '../support/kurrentdb.js';
import { describeEventStoreContract } from './event-store.contract.js';

describeOnKurrent('KurrentDB adapter', (url) => {
  describeEventStoreContract('kurrentdb (a namespace per test)', async () => {
    const store = namespacedKurrentStore(url());
    return { store, cleanup: () => store.close() };
  });

  it("writes a retried append once when it carries the same ids, and answers that write's own revision and position, even after another writer", async () => {
    const store = namespacedKurrentStore(url());
    try {
      await store.appendToStream('project-a', [{ type: 'Created', data: { n: 0 } }], { expectedRevision: 'no_stream' });
      const save = [{ id: randomUUID(), type: 'Saved', data: { n: 1 } }];
      const first = await store.appendToStream('project-a', save, { expectedRevision: 0 });
      const other = await store.appendToStream('project-a', [{ type: 'Saved', data: { n: 2 } }], { expectedRevision: 1 }); // someone else, meanwhile
      const retried = await store.appendToStream('project-a', save, { expectedRevision: 0 }); // the first answer was lost: send again
      expect(retried).to.deep.equal(first);
      expect(other.nextExpectedRevision).to.equal(2);
      expect((await store.readStream('project-a')).map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }]);
    } finally {
      await store.close();
    }
  });
});

describe('KurrentDB adapter without a server', () => {
  it('reports an unreachable server as DependencyUnavailableError, on reads and on appends', async () => {
    const store = new KurrentEventStore(connectKurrent('kurrentdb://127.0.0.1:1?tls=false'));
    try {
      const failures = await Promise.all([
        store.head().catch((error: unknown) => error),
        store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: 'any' }).catch((error: unknown) => error),
      ]);
      for (const failure of failures)
        expect(failure).to.be.instanceOf(DependencyUnavailableError).and.to.include({ dependency: 'kurrentdb' });
    } finally {
      await store.close();
    }
  });
});
