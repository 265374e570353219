/**
 * A workspace's send-readiness policy as events (src/application/policy, docs/policy.md): set and read back
 * over the real SQLite event store, If-Match, an unchanged PUT appending nothing, and two instances on one
 * store each reading the latest policy (the one kept in memory is used only while it is the stream's last).
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { WorkspacePolicies } from '../../src/application/policy/index.js';
import { DomainError } from '../../src/domain/errors.js';
import { policyStream } from '../../src/domain/policy.js';

describe('WorkspacePolicies', () => {
  let db: SqliteDatabase;
  let store: SqliteEventStore;
  const now = () => '2026-11-26T18:00:00.000Z';

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db);
  });
  afterEach(() => db.close());

  it('answers an empty policy before any is set, then the one set, as PolicySet events of policy-<workspace>', async () => {
    const policies = new WorkspacePolicies(store, now);
    expect(await policies.current('acme')).to.deep.equal({ policy: {}, revision: null, updatedAt: null });
    const set = await policies.set(
      'acme',
      { require: ['title', 'lang', 'title'], clients: ['gmail.*'], marketingUnsubscribe: false },
      {
        actor: { keyId: 'k1', requestId: 'r1' },
      },
    );
    expect(set).to.deep.equal({
      policy: { require: ['lang', 'title'], clients: ['gmail.*'] },
      revision: 0,
      updatedAt: now(),
      unchanged: false,
    });
    const [event] = await store.readStream(policyStream('acme'));
    expect([event!.type, event!.metadata['key_id'], event!.streamId]).to.deep.equal(['PolicySet', 'k1', 'policy-acme']);
    expect((await policies.current('other')).revision).to.equal(null); // workspaces apart
  });

  it('appends nothing for the policy in force; a stale If-Match is revision_mismatch', async () => {
    const policies = new WorkspacePolicies(store, now);
    await policies.set('acme', { htmlMaxBytes: 1000 });
    expect((await policies.set('acme', { htmlMaxBytes: 1000 })).unchanged).to.equal(true);
    expect(await store.readStream(policyStream('acme'))).to.have.length(1);
    const stale = await policies.set('acme', {}, { expectedRevision: 3 }).catch((error: unknown) => error);
    expect(stale).to.be.instanceOf(DomainError).and.to.include({ code: 'revision_mismatch' });
    const fresh = await policies.set('acme', {}, { expectedRevision: 0 });
    expect([fresh.revision, fresh.policy]).to.deep.equal([1, {}]);
  });

  it('reads the policy another instance set on the same store at once', async () => {
    const a = new WorkspacePolicies(store, now);
    const b = new WorkspacePolicies(store, now);
    await a.set('acme', { require: ['alt'] });
    expect((await b.current('acme')).policy).to.deep.equal({ require: ['alt'] });
    await a.set('acme', { require: ['preheader'] });
    expect((await b.current('acme')).policy).to.deep.equal({ require: ['preheader'] });
  });
});
