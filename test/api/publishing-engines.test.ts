/**
 * Drafts and publishing on every engine (docs/publishing.md): SQLite and PostgreSQL with two instances on one
 * store (a publish through A moves renders through B: with `min_revision` at once, without it within the
 * follow bound), and KurrentDB (its double) with MongoDB read models.
 */
import { expect } from 'chai';
import type { TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo, withTwoInstances } from '../support/engines.js';

const page = (text: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${text} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;
/** Generous bound of how long instance B may render the old published revision after A's publish answered, ms. */
const FOLLOW_BOUND_MS = 3000;

/** Review-mode round trip: writes through `a`, renders through `b` (the same instance or another on the same store). */
async function draftThenPublish(a: TestServer, b: TestServer, id: string): Promise<void> {
  const render = (body: Record<string, unknown> = {}) =>
    b.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' }, ...body } });
  const created = await a.request('POST', '/v1/projects', { body: { id, mjml: page('One'), publishing: 'review' } });
  expect(created.status, created.text).to.equal(201);
  const refused = await render({ min_revision: 0 });
  expect([refused.status, refused.json.code]).to.deep.equal([404, 'not_published']);
  expect((await render({ revision: 'latest', min_revision: 0 })).json.html).to.contain('One Ada');

  const first = await a.request('POST', `/v1/projects/${id}/publish`, { body: {}, headers: { 'If-Match': '"0"' } });
  expect(first.json).to.include({ revision: 1, published_revision: 0 });
  const saved = await a.request('PUT', `/v1/projects/${id}`, { body: { mjml: page('Two') } });
  expect(saved.json).to.include({ revision: 2, published_revision: 0, unpublished_changes: true });
  const still = await render({ min_revision: 2 });
  expect([still.json.revision, still.json.html.includes('One Ada')]).to.deep.equal([0, true]);

  const moved = await a.request('POST', `/v1/projects/${id}/publish`, { body: { revision: 2 } });
  expect(moved.json).to.include({ revision: 3, published_revision: 2 });
  const now = await render({ min_revision: 3 });
  expect([now.json.revision, now.json.html.includes('Two Ada')]).to.deep.equal([2, true]);

  // Rolled back without min_revision: B follows within the bound.
  const back = await a.request('POST', `/v1/projects/${id}/publish`, { body: { revision: 0 } });
  const answeredAt = Date.now();
  expect(back.json).to.include({ revision: 4, published_revision: 0 });
  for (;;) {
    const rendered = await render();
    if (rendered.json.revision === 0) break;
    if (Date.now() - answeredAt > FOLLOW_BOUND_MS) expect.fail(`B still renders revision ${rendered.json.revision} after the rollback`);
  }
  const history = await b.request('GET', `/v1/projects/${id}/revisions`);
  expect(history.json.items.map((i: { event: string }) => i.event)).to.deep.equal([
    'created',
    'published',
    'saved',
    'published',
    'published',
  ]);
}

/** Two instances on the store `env` names; `work` runs, then both stop. */

describe('drafts and publishing on every engine', function () {
  this.timeout(60_000);

  it('SQLite, two instances on one file: renders through B follow publishes through A', () =>
    withTempDir('letterpress-publish-', (dir) => withTwoInstances({}, dir, (a, b) => draftThenPublish(a, b, 'sqlite'))));

  describeOnPostgres('PostgreSQL', (database) => {
    it('two instances on one database: renders through B follow publishes through A', () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, (a, b) => draftThenPublish(a, b, 'pg')));
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(this, (server) => draftThenPublish(server, server, 'kurrent'));
  });
});
