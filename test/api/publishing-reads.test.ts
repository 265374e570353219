/**
 * Drafts and publishing on the read routes (issue 22): the list summaries (GET /projects, GET /templates)
 * carry each project's publishing as the Project does.
 */
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';

const page = (word: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${word} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe('drafts and publishing on the read routes (embedded SQLite store)', function () {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  /** The list entry of `id` on `path` (one page is enough here). */
  const listed = async (path: string, id: string) => {
    const res = await server.request('GET', `${path}?limit=100`);
    expect(res.status, res.text).to.equal(200);
    return (res.json.items as { id: string }[]).find((item) => item.id === id) as Record<string, unknown>;
  };
  /** The publishing members of `id`'s entry in both lists, which must agree with each other and with GET /projects/:id. */
  const publishingListed = async (id: string) => {
    const fields = ['revision', 'publishing', 'published_revision', 'published_at', 'unpublished_changes'];
    const pick = (o: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, o[f]]));
    const projects = pick(await listed('/v1/projects', id));
    expect(pick(await listed('/v1/templates', id)), 'GET /templates agrees with GET /projects').to.deep.equal(projects);
    expect(pick((await server.request('GET', `/v1/projects/${id}`)).json), 'the list agrees with GET /projects/:id').to.deep.equal(
      projects,
    );
    return projects;
  };

  it('list summaries: an on_save project lists its latest save as published', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'list-live', mjml: page('One') } });
    const saved = await server.request('PUT', '/v1/projects/list-live', { body: { mjml: page('Two') } });
    expect(await publishingListed('list-live')).to.deep.equal({
      revision: 1,
      publishing: 'on_save',
      published_revision: 1,
      published_at: saved.json.updated_at,
      unpublished_changes: false,
    });
  });

  it('list summaries follow a review project from its first draft through publishes and a new draft', async () => {
    await server.request('POST', '/v1/projects', { body: { id: 'list-review', mjml: page('Draft'), publishing: 'review' } });
    expect(await publishingListed('list-review')).to.deep.equal({
      revision: 0,
      publishing: 'review',
      published_revision: null,
      published_at: null,
      unpublished_changes: true,
    });
    const published = await server.request('POST', '/v1/projects/list-review/publish', { body: {} });
    expect(await publishingListed('list-review')).to.deep.equal({
      revision: 1,
      publishing: 'review',
      published_revision: 0,
      published_at: published.json.published_at,
      unpublished_changes: false,
    });
    await server.request('PUT', '/v1/projects/list-review', { body: { mjml: page('Second') } });
    expect(await publishingListed('list-review')).to.deep.include({ revision: 2, published_revision: 0, unpublished_changes: true });
  });
});
