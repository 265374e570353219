/**
 * Exactly once after the first attempt is lost (issue 19, item 2): a write committed, then its answer never
 * reached the store — simulated by taking the stored response back out of the key's record, as a crash
 * between the commit and the answer leaves it — and the claim's lease lapsed (`IDEMPOTENCY_IN_FLIGHT_MS`
 * shortened to 300 ms). The retry must find the committed write in the event store and replay it, never
 * write again. The real `kill -9` is test/api/idempotency-crash.test.ts.
 */
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { requestFingerprint } from '../../src/http/idempotency.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { mjmlPage, useTestServer, type Response } from '../support/server.js';

const LEASE_MS = 300;
const key = (value: string, more: Record<string, string> = {}) => ({ headers: { 'Idempotency-Key': value, ...more } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a retry of a write found committed must answer: the first answer rebuilt (no warnings), marked replayed. */
function expectRebuiltReplayOf(replay: Response, first: Response): void {
  expect([replay.status, replay.headers['idempotent-replayed']]).to.deep.equal([first.status, 'true']);
  for (const name of ['etag', 'location', 'content-type']) expect(replay.headers[name], name).to.equal(first.headers[name]);
  expect(replay.json).to.deep.equal(first.status === 204 ? undefined : { ...first.json, warnings: [] });
}

describe('Idempotency-Key: a retry after the first answer was lost (claim lapsed, write committed)', function () {
  this.timeout(30_000);
  const api = useTestServer({ env: { IDEMPOTENCY_IN_FLIGHT_MS: String(LEASE_MS) } });
  let db: SqliteDatabase;
  beforeEach(() => (db = openDatabase(join(api.server.dataDir, SQLITE_FILE))));
  afterEach(() => db.close());

  /** As a crash after the commit leaves the key: in flight (no response), its note kept. */
  const loseAnswer = (idempotencyKey: string) => {
    const changed = db
      .prepare('UPDATE idempotency_keys SET status = NULL, headers = NULL, body = NULL WHERE key = ? AND target IS NOT NULL')
      .run(idempotencyKey).changes;
    expect(changed, 'the write noted its target').to.equal(1);
  };
  const revisions = async (id: string) =>
    (await api.server.request('GET', `/v1/projects/${id}/revisions`)).json.items.map((r: { revision: number }) => r.revision);

  it('a create: 409 while the lease holds, then the committed project replayed (201, same id, Location, ETag); one project', async () => {
    const body = { mjml: mjmlPage('Hello {{name}}') };
    const first = await api.server.request('POST', '/v1/projects', { body, ...key('lost-create') });
    expect(first.status).to.equal(201);
    loseAnswer('lost-create');
    const early = await api.server.request('POST', '/v1/projects', { body, ...key('lost-create') });
    expect([early.status, early.json.code]).to.deep.equal([409, 'idempotency_key_in_use']);
    await sleep(LEASE_MS + 100);
    const retry = await api.server.request('POST', '/v1/projects', { body, ...key('lost-create') });
    expectRebuiltReplayOf(retry, first);
    const fresh = await api.server.request('GET', first.headers['location'] as string);
    expect({ ...fresh.json, warnings: [], unchanged: false }).to.deep.equal(retry.json); // what a GET of that revision shows
    expect((await api.server.request('GET', '/v1/projects?limit=100')).json.items).to.have.length(1);
    // The rebuilt answer is kept: the next retry replays it from the store.
    const again = await api.server.request('POST', '/v1/projects', { body, ...key('lost-create') });
    expect([again.status, again.text, again.headers['idempotent-replayed']]).to.deep.equal([201, retry.text, 'true']);
  });

  it('a PUT, a PATCH, a restore and a DELETE: each replayed from its event; no second revision', async () => {
    expect((await api.create({ id: 'p', mjml: mjmlPage('v0') })).status).to.equal(201);
    const writes: [string, string, Record<string, unknown>, Record<string, string>][] = [
      ['PUT', '/v1/projects/p', { body: { mjml: mjmlPage('v1') } }, {}],
      ['PATCH', '/v1/projects/p', { rawBody: '{"metadata":{"name":"patched"}}' }, { 'Content-Type': 'application/merge-patch+json' }],
      ['POST', '/v1/projects/p/revisions/0/restore', {}, {}],
      ['DELETE', '/v1/projects/p', {}, {}],
    ];
    for (const [i, [method, path, payload, headers]] of writes.entries()) {
      const name = `lost-${method}-${i}`;
      const first = await api.server.request(method, path, { ...payload, ...key(name, headers) });
      expect(first.status, `${method} ${path}`).to.be.oneOf([200, 204]);
      loseAnswer(name);
      await sleep(LEASE_MS + 100);
      const retry = await api.server.request(method, path, { ...payload, ...key(name, headers) });
      expectRebuiltReplayOf(retry, first);
      // Created, saved, patched, restored: each once. (Run again, the DELETE would have answered 404 project_deleted.)
      if (method !== 'DELETE') expect(await revisions('p')).to.deep.equal([0, 1, 2, 3].slice(0, i + 2));
    }
    expect((await api.server.request('GET', '/v1/projects/p')).status).to.equal(404);
  });

  it('a publish: replayed from its ProjectPublished event as the publish answered (200, the project); no second publish', async () => {
    expect((await api.create({ id: 'r', mjml: mjmlPage('v0'), publishing: 'review' })).status).to.equal(201);
    expect((await api.server.request('PUT', '/v1/projects/r', { body: { mjml: mjmlPage('v1') } })).status).to.equal(200);
    const first = await api.server.request('POST', '/v1/projects/r/publish', { body: { revision: 0 }, ...key('lost-publish') });
    expect([first.status, first.json.revision, first.json.published_revision]).to.deep.equal([200, 2, 0]);
    loseAnswer('lost-publish');
    await sleep(LEASE_MS + 100);
    const retry = await api.server.request('POST', '/v1/projects/r/publish', { body: { revision: 0 }, ...key('lost-publish') });
    expectRebuiltReplayOf(retry, first); // the latest template (the draft, revision 1) at stream revision 2
    expect(retry.json).to.include({ revision: 2, published_revision: 0, unpublished_changes: true });
    expect(await revisions('r')).to.deep.equal([0, 1, 2]);
  });

  it('a lapsed claim whose write never committed: the retry takes the key over and writes, once', async () => {
    expect((await api.create({ id: 'q', mjml: mjmlPage('v0') })).status).to.equal(201);
    const probe = await api.server.request('PUT', '/v1/projects/q', { body: { mjml: mjmlPage('v0') }, ...key('probe') }); // unchanged: learns the key id
    expect(probe.status).to.equal(200);
    const scope = db.prepare("SELECT scope FROM idempotency_keys WHERE key = 'probe'").pluck().get() as string;
    const body = { mjml: mjmlPage('v1') };
    // A process that noted its target (after revision 0) and died before appending.
    db.prepare(
      'INSERT INTO idempotency_keys (scope, key, fingerprint, owner, expires_at, lease_until, target) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      scope,
      'died-before-append',
      requestFingerprint('PUT', '/v1/projects/q', body),
      'dead-owner',
      Date.now() + 3_600_000,
      Date.now() - 1,
      JSON.stringify({ workspace: 'default', projectId: 'q', after: 0 }),
    );
    const retry = await api.server.request('PUT', '/v1/projects/q', { body, ...key('died-before-append') });
    expect([retry.status, retry.json.revision, retry.headers['idempotent-replayed']]).to.deep.equal([200, 1, undefined]);
    const again = await api.server.request('PUT', '/v1/projects/q', { body, ...key('died-before-append') });
    expect([again.status, again.text, again.headers['idempotent-replayed']]).to.deep.equal([200, retry.text, 'true']);
    expect(await revisions('q')).to.deep.equal([0, 1]);
  });
});
