/**
 * Retries and conditions over HTTP: `Idempotency-Key` on the write routes (one effect per key, replays
 * marked `Idempotent-Replayed: true`, 422 on reuse, per API key, across instances sharing a store) and
 * `REQUIRE_IF_MATCH=true` (428 for unconditional writes). What was made is counted through the API itself.
 */
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { mjmlPage, startTestServer, useTestServer, type Response, type TestServer } from '../support/server.js';

const key = (value: string, more: Record<string, string> = {}) => ({ headers: { 'Idempotency-Key': value, ...more } });
const projectCount = async (server: TestServer, apiKey?: string) =>
  (await server.request('GET', '/v1/projects?limit=100', apiKey ? { key: apiKey } : {})).json.items.length as number;

/** A retry answered from the store: same status and body as `first`, and said so. */
function expectReplayOf(replay: Response, first: Response): void {
  expect([replay.status, replay.text, replay.headers['idempotent-replayed']]).to.deep.equal([first.status, first.text, 'true']);
  for (const name of ['etag', 'location', 'content-type']) expect(replay.headers[name], name).to.equal(first.headers[name]);
}

/** Concurrent sends of one request with one key: exactly one ran; every other got 409 in_use or a replay of it. */
function expectOneRan(responses: Response[], status: number): Response {
  const ran = responses.filter((r) => r.status === status && r.headers['idempotent-replayed'] === undefined);
  expect(ran, 'exactly one request ran').to.have.length(1);
  for (const other of responses.filter((r) => r !== ran[0])) {
    if (other.status === 409) expect(other.json.code).to.equal('idempotency_key_in_use');
    else expectReplayOf(other, ran[0]!);
  }
  return ran[0]!;
}

describe('Idempotency-Key over HTTP (embedded SQLite store)', function () {
  this.timeout(30_000);
  const api = useTestServer();

  it('a retried id-less POST makes one project; the retry replays the 201 with Idempotent-Replayed: true', async () => {
    const body = { mjml: mjmlPage('Hello {{name}}') };
    const first = await api.server.request('POST', '/v1/projects', { body, ...key('create-1') });
    const retry = await api.server.request('POST', '/v1/projects', { body, ...key('create-1') });
    expect(first.status).to.equal(201);
    expect(first.headers['idempotent-replayed']).to.equal(undefined);
    expectReplayOf(retry, first);
    expect(await projectCount(api.server)).to.equal(1);
    // Without the key the same body is a new request: a second project.
    expect((await api.server.request('POST', '/v1/projects', { body })).status).to.equal(201);
    expect(await projectCount(api.server)).to.equal(2);
  });

  it('two identical PUTs with one key make one revision', async () => {
    expect((await api.create({ id: 'put-once', mjml: mjmlPage('v0') })).status).to.equal(201);
    const body = { mjml: mjmlPage('v1') };
    const first = await api.server.request('PUT', '/v1/projects/put-once', { body, ...key('save-1') });
    const retry = await api.server.request('PUT', '/v1/projects/put-once', { body, ...key('save-1') });
    expect([first.status, first.json.revision, first.headers.etag]).to.deep.equal([200, 1, '"1"']);
    expectReplayOf(retry, first);
    expect(
      (await api.server.request('GET', '/v1/projects/put-once/revisions')).json.items.map((r: { revision: number }) => r.revision),
    ).to.deep.equal([0, 1]);
  });

  it('the same key with another body, or on another route, is refused with 422 idempotency_key_reused and changes nothing', async () => {
    expect((await api.create({ id: 'reuse', mjml: mjmlPage('v0') })).status).to.equal(201);
    expect((await api.server.request('PUT', '/v1/projects/reuse', { body: { mjml: mjmlPage('v1') }, ...key('reuse-1') })).status).to.equal(
      200,
    );
    const otherBody = await api.server.request('PUT', '/v1/projects/reuse', { body: { mjml: mjmlPage('v2') }, ...key('reuse-1') });
    const otherRoute = await api.server.request('POST', '/v1/projects', { body: { mjml: mjmlPage('v1') }, ...key('reuse-1') });
    for (const refused of [otherBody, otherRoute]) {
      expect([refused.status, refused.json.code, refused.headers['content-type']]).to.deep.equal([
        422,
        'idempotency_key_reused',
        'application/problem+json',
      ]);
    }
    expect((await api.server.request('GET', '/v1/projects/reuse')).json.revision).to.equal(1);
  });

  it('the same body spelled differently (key order, spacing) is the same request', async () => {
    const a = await api.server.request('POST', '/v1/projects', {
      rawBody: '{"id":"spelled","metadata":{"a":1,"b":2},"mjml":"<mjml><mj-body></mj-body></mjml>"}',
      ...key('spelled-1'),
    });
    const b = await api.server.request('POST', '/v1/projects', {
      rawBody: '{ "mjml": "<mjml><mj-body></mj-body></mjml>", "metadata": { "b": 2, "a": 1 }, "id": "spelled" }',
      ...key('spelled-1'),
    });
    expect(a.status).to.equal(201);
    expectReplayOf(b, a);
  });

  it('concurrent requests with one key: one runs, the others get 409 idempotency_key_in_use or its replay; one project is made', async () => {
    const before = await projectCount(api.server);
    const body = { mjml: mjmlPage('Racing') };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api.server.request('POST', '/v1/projects', { body, ...key('race-1') })),
    );
    expectOneRan(responses, 201);
    expect(await projectCount(api.server)).to.equal(before + 1);
    expectReplayOf(await api.server.request('POST', '/v1/projects', { body, ...key('race-1') }), expectOneRan(responses, 201));
  });

  it('keys belong to their API key: the same Idempotency-Key from another API key is another request', async () => {
    const other = await issueKey(api.server);
    const before = await projectCount(api.server);
    const body = { mjml: mjmlPage('Mine') };
    const mine = await api.server.request('POST', '/v1/projects', { body, ...key('shared-name') });
    const theirs = await api.server.request('POST', '/v1/projects', { body, key: other, ...key('shared-name') });
    expect([mine.status, theirs.status, theirs.headers['idempotent-replayed']]).to.deep.equal([201, 201, undefined]);
    expect(theirs.json.id).to.not.equal(mine.json.id);
    expect(await projectCount(api.server)).to.equal(before + 2);
  });

  it('a retried DELETE replays its 204 instead of answering 404', async () => {
    expect((await api.create({ id: 'gone', mjml: mjmlPage('x') })).status).to.equal(201);
    const first = await api.server.request('DELETE', '/v1/projects/gone', key('delete-1'));
    const retry = await api.server.request('DELETE', '/v1/projects/gone', key('delete-1'));
    expect([first.status, retry.status, retry.headers['idempotent-replayed']]).to.deep.equal([204, 204, 'true']);
    expect((await api.server.request('DELETE', '/v1/projects/gone')).status, 'without the key').to.equal(404);
  });

  it('a retried PATCH replays its first answer instead of patching again over a later change', async () => {
    expect((await api.create({ id: 'patched', mjml: mjmlPage('x') })).status).to.equal(201);
    const patch = (n: number, more: Record<string, string> = {}) =>
      api.server.request('PATCH', '/v1/projects/patched', {
        body: { metadata: { n } },
        headers: { 'Content-Type': 'application/merge-patch+json', ...more },
      });
    const first = await patch(1, { 'Idempotency-Key': 'patch-1' });
    expect([first.status, first.json.revision]).to.deep.equal([200, 1]);
    expect((await patch(2)).json.revision, 'another patch in between').to.equal(2);
    expectReplayOf(await patch(1, { 'Idempotency-Key': 'patch-1' }), first);
    const current = await api.server.request('GET', '/v1/projects/patched');
    expect([current.json.revision, current.json.metadata.n]).to.deep.equal([2, 2]);
  });

  it('a retried publish replays its first answer (one ProjectPublished); another body with the key is 422 idempotency_key_reused', async () => {
    expect((await api.create({ id: 'pub-once', mjml: mjmlPage('v0'), publishing: 'review' })).status).to.equal(201);
    expect((await api.server.request('PUT', '/v1/projects/pub-once', { body: { mjml: mjmlPage('v1') } })).json.revision).to.equal(1);
    const publish = (body: Record<string, unknown>, more: Record<string, string> = {}) =>
      api.server.request('POST', '/v1/projects/pub-once/publish', { body, headers: { 'If-Match': '"1"', ...more } });
    const first = await publish({ revision: 0 }, { 'Idempotency-Key': 'publish-1' });
    expect([first.status, first.json.revision, first.json.published_revision, first.headers.etag]).to.deep.equal([200, 2, 0, '"2"']);
    // The retry carries the same stale If-Match: it is answered from the store, not decided again (which would be 412).
    expectReplayOf(await publish({ revision: 0 }, { 'Idempotency-Key': 'publish-1' }), first);
    const reused = await publish({ revision: 1 }, { 'Idempotency-Key': 'publish-1' });
    expect([reused.status, reused.json.code]).to.deep.equal([422, 'idempotency_key_reused']);
    const history = (await api.server.request('GET', '/v1/projects/pub-once/revisions')).json.items as { event: string }[];
    expect(history.map((r) => r.event)).to.deep.equal(['created', 'saved', 'published']);
    expect((await api.server.request('GET', '/v1/projects/pub-once')).json.published_revision).to.equal(0);
  });

  it('a malformed key is 400 invalid_idempotency_key and nothing is made', async () => {
    const before = await projectCount(api.server);
    for (const bad of ['', 'x'.repeat(256), 'two words']) {
      const response = await api.server.request('POST', '/v1/projects', { body: { mjml: mjmlPage('x') }, ...key(bad) });
      expect([response.status, response.json.code], JSON.stringify(bad)).to.deep.equal([400, 'invalid_idempotency_key']);
    }
    expect(await projectCount(api.server)).to.equal(before);
  });

  it('renders ignore the header (they change nothing, so they simply run again)', async () => {
    expect((await api.create({ id: 'rendered', mjml: mjmlPage('Hi {{name}}') })).status).to.equal(201);
    const again = await Promise.all(
      [1, 2].map(() =>
        api.server.request('POST', '/v1/templates/rendered/render', { body: { variables: { name: 'Ada' } }, ...key('render-1') }),
      ),
    );
    expect(again.map((r) => [r.status, r.headers['idempotent-replayed']])).to.deep.equal([
      [200, undefined],
      [200, undefined],
    ]);
  });
});

describe('Idempotency-Key across two instances', function () {
  this.timeout(60_000);

  async function replayAcross(a: TestServer, b: TestServer): Promise<void> {
    const body = { mjml: mjmlPage('Across') };
    const first = await a.request('POST', '/v1/projects', { body, ...key('across-1') });
    expect(first.status).to.equal(201);
    expectReplayOf(await b.request('POST', '/v1/projects', { body, ...key('across-1') }), first);
    const racing = await Promise.all([a, b, a, b].map((server) => server.request('POST', '/v1/projects', { body, ...key('across-2') })));
    expectOneRan(racing, 201);
    expect(await projectCount(a)).to.equal(2);
    expect(await projectCount(b)).to.equal(2);
  }

  it('on one SQLite file: a retry through B replays what A did', () =>
    withTempDir('letterpress-idem-', async (dir) => {
      const a = await startTestServer({ dataDir: dir });
      const b = await startTestServer({ dataDir: dir });
      try {
        await replayAcross(a, b);
      } finally {
        await b.stop();
        await a.stop();
      }
    }));

  describeOnPostgres('on one PostgreSQL database', (database) => {
    it('a retry through B replays what A did', () =>
      withTempDir('letterpress-idem-', async (dir) => {
        const env = { STORE: 'postgres', DATABASE_URL: database().url };
        const a = await startTestServer({ dataDir: dir, env });
        const b = await startTestServer({ dataDir: dir, env });
        try {
          await replayAcross(a, b);
        } finally {
          await b.stop();
          await a.stop();
        }
      }));
  });
});

describe('REQUIRE_IF_MATCH=true', function () {
  this.timeout(30_000);
  const api = useTestServer({ env: { REQUIRE_IF_MATCH: 'true' } });

  const expect428 = (response: Response, resource: string) => {
    expect([response.status, response.json.code, response.json.header, response.json.title]).to.deep.equal([
      428,
      'precondition_required',
      'If-Match',
      'Precondition required',
    ]);
    expect(response.json.detail).to.include('If-Match').and.include(`GET ${resource}`);
  };

  it('refuses an unconditional PUT, PATCH, DELETE (both routes) and restore with 428 precondition_required, changing nothing', async () => {
    expect((await api.create({ id: 'guarded', mjml: mjmlPage('v0') })).status, 'creating needs no If-Match').to.equal(201);
    expect428(await api.server.request('PUT', '/v1/projects/guarded', { body: { mjml: mjmlPage('v1') } }), '/v1/projects/guarded');
    expect428(await api.server.request('DELETE', '/v1/projects/guarded'), '/v1/projects/guarded');
    expect428(await api.server.request('DELETE', '/api/v1/templates/guarded'), '/api/v1/templates/guarded');
    expect428(await api.server.request('POST', '/v1/projects/guarded/revisions/0/restore'), '/v1/projects/guarded');
    expect428(
      await api.server.request('PATCH', '/v1/projects/guarded', {
        body: { metadata: { n: 1 } },
        headers: { 'Content-Type': 'application/merge-patch+json' },
      }),
      '/v1/projects/guarded',
    );
    const current = await api.server.request('GET', '/v1/projects/guarded');
    expect([current.status, current.json.revision]).to.deep.equal([200, 0]);
  });

  it('accepts the same writes with If-Match: the current ETag, or * for whatever is current; a stale one is 412', async () => {
    expect((await api.create({ id: 'matched', mjml: mjmlPage('v0') })).status).to.equal(201);
    const etag = (await api.server.request('GET', '/v1/projects/matched')).headers.etag as string;
    expect(
      (await api.server.request('PUT', '/v1/projects/matched', { body: { mjml: mjmlPage('v1') }, headers: { 'If-Match': etag } })).status,
    ).to.equal(200);
    expect(
      (await api.server.request('PUT', '/v1/projects/matched', { body: { mjml: mjmlPage('v2') }, headers: { 'If-Match': etag } })).status,
    ).to.equal(412);
    expect(
      (await api.server.request('POST', '/v1/projects/matched/revisions/0/restore', { headers: { 'If-Match': '"1"' } })).status,
    ).to.equal(200);
    expect((await api.server.request('DELETE', '/v1/projects/matched', { headers: { 'If-Match': '*' } })).status).to.equal(204);
  });

  it('is off by default: an unconditional PUT is saved', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('POST', '/v1/projects', { body: { id: 'free', mjml: mjmlPage('v0') } })).status).to.equal(201);
      expect((await server.request('PUT', '/v1/projects/free', { body: { mjml: mjmlPage('v1') } })).status).to.equal(200);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });
});

/** A second API key in the server's workspace, written straight into its SQLite file. */
async function issueKey(server: TestServer): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    return (await new ApiKeys(new SqliteApiKeyStore(db)).issue({ name: 'second', workspace: 'default' })).token;
  } finally {
    db.close();
  }
}
