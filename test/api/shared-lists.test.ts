/**
 * GET /layouts and GET /partials (docs/layouts.md): the live ones of the key's workspace, paged as GET
 * /projects is (`limit`, `cursor`, `next_cursor`), in id order, without sources.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { layoutOf, pagesOf } from '../support/layouts.js';

/** A key of `workspace` written straight into the server's store, as the operator's CLI does. */
async function keyOf(server: TestServer, workspace: string): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    const { token } = await new ApiKeys(new SqliteApiKeyStore(db)).issue({
      name: `${workspace}-lists`,
      workspace,
      scopes: ['projects:read', 'projects:write'],
      rateLimitPerMinute: null,
    });
    return token;
  } finally {
    db.close();
  }
}

describe('GET /layouts and GET /partials (embedded SQLite store)', function () {
  this.timeout(60_000);
  const api = useTestServer();

  it('pages the live layouts of the workspace in id order, without sources; a deleted one and another workspace’s are absent', async () => {
    for (const id of ['e', 'a', 'd', 'b', 'c']) {
      const created = await api.server.request('POST', '/v1/layouts', { body: { id, mjml: layoutOf(id), publishing: 'review' } });
      expect(created.status, created.text).to.equal(201);
    }
    expect((await api.server.request('POST', '/v1/layouts/a/publish', { body: {} })).status).to.equal(200);
    expect((await api.server.request('DELETE', '/v1/layouts/c')).status).to.equal(204);
    const other = await keyOf(api.server, 'elsewhere');
    const theirs = await api.server.request('POST', '/v1/layouts', { key: other, body: { id: 'zz', mjml: layoutOf('zz') } });
    expect(theirs.status, theirs.text).to.equal(201);

    expect(await pagesOf(api.server, '/v1/layouts', 2)).to.deep.equal([
      ['a', 'b'],
      ['d', 'e'],
    ]);
    expect(await pagesOf(api.server, '/v1/layouts', 3)).to.deep.equal([['a', 'b', 'd'], ['e']]);
    expect(await pagesOf(api.server, '/v1/layouts', 2, other)).to.deep.equal([['zz']]);

    const first = await api.server.request('GET', '/v1/layouts');
    expect(first.json.next_cursor).to.equal(null);
    const a = first.json.items[0];
    expect(Object.keys(a).sort()).to.deep.equal(
      [
        'created_at',
        'id',
        'published_at',
        'published_revision',
        'publishing',
        'revision',
        'source_revision',
        'unpublished_changes',
        'updated_at',
      ].sort(),
    );
    expect(a).to.include({
      id: 'a',
      revision: 1,
      source_revision: 0,
      publishing: 'review',
      published_revision: 0,
      unpublished_changes: false,
    });
    expect(first.json.items[1]).to.include({
      id: 'b',
      revision: 0,
      published_revision: null,
      published_at: null,
      unpublished_changes: true,
    });
    // The same members as GET /layouts/{id}, less the source.
    const { mjml: _mjml, ...one } = (await api.server.request('GET', '/v1/layouts/a')).json;
    expect(a).to.deep.equal(one);
  });

  it('lists partials apart from layouts; a layout id created again after a delete is listed again', async () => {
    for (const id of ['footer', 'header']) {
      expect((await api.server.request('POST', '/v1/partials', { body: { id, source: `<mj-text>${id}</mj-text>` } })).status).to.equal(201);
    }
    const partials = await api.server.request('GET', '/v1/partials');
    expect(partials.json.items.map((item: { id: string }) => item.id)).to.deep.equal(['footer', 'header']);
    expect(partials.json.items[0]).to.include({ publishing: 'on_save', published_revision: 0 }).and.not.have.property('source');
    expect((await api.server.request('POST', '/v1/layouts', { body: { id: 'again', mjml: layoutOf('x') } })).status).to.equal(201);
    expect((await api.server.request('DELETE', '/v1/layouts/again')).status).to.equal(204);
    expect((await pagesOf(api.server, '/v1/layouts', 10)).flat()).to.not.include('again');
    expect((await api.server.request('POST', '/v1/layouts', { body: { id: 'again', mjml: layoutOf('x2') } })).status).to.equal(201);
    expect((await pagesOf(api.server, '/v1/layouts', 10)).flat().filter((id) => id === 'again')).to.deep.equal(['again']);
  });

  it('refuses a cursor it did not issue and a limit out of range, naming the parameter', async () => {
    const cursor = await api.server.request('GET', '/v1/partials?cursor=!!');
    expect([cursor.status, cursor.json.code]).to.deep.equal([400, 'invalid_request']);
    expect(cursor.json.errors[0]).to.include({ pointer: '/cursor' });
    const limit = await api.server.request('GET', '/v1/layouts?limit=201');
    expect(limit.status, limit.text).to.equal(400);
  });
});
