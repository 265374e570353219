/**
 * Drafts and publishing on the read routes (issue 22): the list summaries (GET /projects, GET /templates)
 * carry each project's publishing as the Project does; GET /templates/:id and GET /projects/:id/variables
 * describe what a render uses by default — the published revision — and take `?revision=N|latest`.
 */
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';

const page = (word: string, extra = '') =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${word} {{name}}${extra}</mj-text></mj-column></mj-section></mj-body></mjml>`;
/** The paths an inferred schema lists at its top level. */
const topLevel = (schema: { properties?: Record<string, unknown> }) => Object.keys(schema.properties ?? {}).sort();

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

  describe('GET /templates/:id and GET /projects/:id/variables', () => {
    const template = (id: string, query = '') => server.request('GET', `/v1/templates/${id}${query}`);
    const variables = (id: string, query = '') => server.request('GET', `/v1/projects/${id}/variables${query}`);

    it('on_save: the newest revision, as before publishing modes; ?revision=N and latest name revisions too', async () => {
      await server.request('POST', '/v1/projects', { body: { id: 'live-read', mjml: page('One') } });
      await server.request('PUT', '/v1/projects/live-read', { body: { mjml: page('Two', ' {{order.number}}') } });
      const now = await template('live-read');
      expect([now.status, now.json.revision, now.json.variables]).to.deep.equal([200, 1, ['name', 'order.number']]);
      expect((await template('live-read', '?revision=latest')).json).to.deep.equal(now.json);
      const first = await template('live-read', '?revision=0');
      expect([first.json.revision, first.json.variables]).to.deep.equal([0, ['name']]);
      expect(topLevel((await variables('live-read')).json.inferred)).to.deep.equal(['name', 'order']);
      expect(topLevel((await variables('live-read', '?revision=0')).json.inferred)).to.deep.equal(['name']);
    });

    it('review, never published: 404 not_published naming ?revision=latest; the draft with ?revision=latest', async () => {
      await server.request('POST', '/v1/projects', { body: { id: 'draft-read', mjml: page('Draft'), publishing: 'review' } });
      for (const refused of [await template('draft-read'), await variables('draft-read')]) {
        expect([refused.status, refused.json.code]).to.deep.equal([404, 'not_published']);
        expect(refused.json.detail).to.contain('?revision=latest (revision 0)');
      }
      const draft = await template('draft-read', '?revision=latest');
      expect([draft.status, draft.json.revision, draft.json.variables]).to.deep.equal([200, 0, ['name']]);
      expect(topLevel((await variables('draft-read', '?revision=latest')).json.inferred)).to.deep.equal(['name']);
    });

    it('review with a draft after a publish: the published revision by default, the draft with ?revision=latest', async () => {
      await server.request('POST', '/v1/projects', { body: { id: 'review-read', mjml: page('Live'), publishing: 'review' } });
      await server.request('POST', '/v1/projects/review-read/publish', { body: {} }); // revision 1 publishes 0
      // The newest event is a publish: what is described is template revision 0, never the publish's revision 1.
      const published = await template('review-read');
      expect([published.status, published.json.revision, published.json.variables]).to.deep.equal([200, 0, ['name']]);
      const ofPublish = await server.request('POST', '/v1/templates/review-read/render', {
        body: { variables: { name: 'Ada' }, revision: 1 },
      });
      expect([ofPublish.status, ofPublish.json.code], 'a publish revision still renders 404 after a describe').to.deep.equal([
        404,
        'revision_not_found',
      ]);

      await server.request('PUT', '/v1/projects/review-read', { body: { mjml: page('Next', ' {{coupon}}') } }); // draft at 2
      const stillPublished = await template('review-read');
      expect([stillPublished.json.revision, stillPublished.json.variables]).to.deep.equal([0, ['name']]);
      expect(topLevel((await variables('review-read')).json.inferred)).to.deep.equal(['name']);
      const draft = await template('review-read', '?revision=latest');
      expect([draft.json.revision, draft.json.variables]).to.deep.equal([2, ['coupon', 'name']]);
      expect(topLevel((await variables('review-read', '?revision=latest')).json.inferred)).to.deep.equal(['coupon', 'name']);
      expect((await template('review-read', '?revision=2')).json).to.deep.equal(draft.json);
      // What a render without `revision` uses is what was described.
      const render = await server.request('POST', '/v1/templates/review-read/render', { body: { variables: { name: 'Ada' } } });
      expect(render.json.revision).to.equal(published.json.revision);

      const publishRevision = await template('review-read', '?revision=1');
      expect([publishRevision.status, publishRevision.json.code]).to.deep.equal([404, 'revision_not_found']);
      expect((await variables('review-read', '?revision=9')).status).to.equal(404);
      const bad = await template('review-read', '?revision=newest');
      expect([bad.status, bad.json.code]).to.deep.equal([400, 'invalid_request']);
    });
  });
});
