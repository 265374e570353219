/**
 * Issue 19, item 3, over HTTP: a render's `min_revision` (body) or `X-Min-Revision` (header) — checked, waited
 * for within RENDER_MIN_REVISION_WAIT_MS, refused with 409 `revision_not_yet_visible` past it; and a revision
 * written through another instance renders there at once when asked for (`min_revision`, or `revision`).
 */
import { expect } from 'chai';
import { mjmlPage, startTestServer, useTestServer } from '../support/server.js';
import { withTempDir } from '../support/postgres.js';

describe('render min_revision / X-Min-Revision', function () {
  this.timeout(60_000);
  const api = useTestServer({ env: { RENDER_MIN_REVISION_WAIT_MS: '400' } });
  const render = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { x: '!' }, ...body }, headers });

  before(async () => {
    expect((await api.create({ id: 'p', mjml: mjmlPage('Zero {{x}}') })).status).to.equal(201);
    const saved = await api.server.request('PUT', '/v1/projects/p', { body: { mjml: mjmlPage('One {{x}}') } });
    expect([saved.status, saved.json.revision, saved.headers['etag']], 'a write answers its revision').to.deep.equal([200, 1, '"1"']);
  });

  for (const [body, headers, pointer] of [
    [{ min_revision: -1 }, {}, '/min_revision'],
    [{ min_revision: 1.5 }, {}, '/min_revision'],
    [{ min_revision: '1' }, {}, '/min_revision'],
    [{}, { 'X-Min-Revision': 'abc' }, '/min_revision'],
    [{}, { 'X-Min-Revision': '-1' }, '/min_revision'],
    [{}, { 'X-Min-Revision': 'W/"1"' }, '/min_revision'],
    [{}, { 'X-Min-Revision': '01' }, '/min_revision'],
    [{ min_revision: 1 }, { 'X-Min-Revision': '0' }, '/min_revision'],
    [{ min_revision: 1, revision: 0 }, {}, '/revision'],
  ] as const) {
    it(`400 invalid_request for ${JSON.stringify({ ...body, ...headers })}`, async () => {
      const res = await render('p', body, headers);
      expect([res.status, res.json.code], res.text).to.deep.equal([400, 'invalid_request']);
      expect(res.json.errors[0].pointer).to.equal(pointer);
    });
  }

  it('a revision already seen renders at once, the current one (body, header, or both agreeing)', async () => {
    for (const [body, headers] of [
      [{ min_revision: 0 }, {}],
      [{}, { 'X-Min-Revision': '1' }],
      [{}, { 'X-Min-Revision': '"1"' }],
      [{ min_revision: 1 }, { 'X-Min-Revision': '1' }],
    ] as const) {
      const res = await render('p', body, headers);
      expect([res.status, res.json.revision, res.json.html.includes('One !')], res.text).to.deep.equal([200, 1, true]);
    }
    const past = await render('p', { min_revision: 0, revision: 0 });
    expect([past.status, past.json.revision]).to.deep.equal([200, 0]);
    const html = await api.server.request('POST', '/v1/templates/p/render', {
      body: { variables: {} },
      headers: { 'X-Min-Revision': '1', Accept: 'text/html' },
    });
    expect([html.status, html.headers['x-template-revision']]).to.deep.equal([200, '1']);
  });

  it('waits for a revision written while it waits, then renders it', async () => {
    const waiting = render('p', { min_revision: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api.server.request('PUT', '/v1/projects/p', { body: { mjml: mjmlPage('Two {{x}}') } })).status).to.equal(200);
    const res = await waiting;
    expect([res.status, res.json.revision, res.json.html.includes('Two !')], res.text).to.deep.equal([200, 2, true]);
  });

  it('409 revision_not_yet_visible past the wait, naming the revision seen and the one asked', async () => {
    const started = Date.now();
    const res = await render('p', { min_revision: 9 });
    expect([res.status, res.json.code], res.text).to.deep.equal([409, 'revision_not_yet_visible']);
    expect(res.json).to.include({ found_revision: 2, min_revision: 9 });
    expect(res.json.waited_ms).to.be.at.least(400);
    expect(res.headers['retry-after']).to.equal('1');
    expect(res.json.detail).to.include('no revision 9').and.include('newest it sees is 2');
    expect(Date.now() - started, 'answers within its bound').to.be.below(5000);
  });

  it('a project that does not exist: 409 with no revision found; a deleted one: 404 project_deleted', async () => {
    const missing = await render('nope', { min_revision: 0 });
    expect([missing.status, missing.json.code, missing.json.found_revision], missing.text).to.deep.equal([
      409,
      'revision_not_yet_visible',
      null,
    ]);
    expect((await render('nope', {})).status, 'without min_revision: 404 as before').to.equal(404);
    await api.create({ id: 'gone', mjml: mjmlPage('Bye') });
    expect((await api.server.request('DELETE', '/v1/projects/gone')).status).to.equal(204);
    const deleted = await render('gone', { min_revision: 1 });
    expect([deleted.status, deleted.json.code], deleted.text).to.deep.equal([404, 'project_deleted']);
  });
});

describe('a revision written through another instance (one SQLite file, RENDER_REVISION_CHECK=index)', function () {
  this.timeout(60_000);

  it('renders through the other at once with min_revision or revision; without either it may lag', () =>
    withTempDir('letterpress-min-revision-', async (dir) => {
      const env = { RENDER_REVISION_CHECK: 'index', PROJECTOR_POLL_MS: '60000' }; // the follower never polls: only the stream read can tell B
      const a = await startTestServer({ dataDir: dir, env });
      const b = await startTestServer({ dataDir: dir, env });
      try {
        expect((await a.request('POST', '/v1/projects', { body: { id: 'q', mjml: mjmlPage('Zero') } })).status).to.equal(201);
        expect((await b.request('POST', '/v1/templates/q/render', { body: {} })).json.revision).to.equal(0);
        expect((await a.request('PUT', '/v1/projects/q', { body: { mjml: mjmlPage('One') } })).json.revision).to.equal(1);
        const lagging = await b.request('POST', '/v1/templates/q/render', { body: {} });
        expect(lagging.json.revision, 'B has not heard of revision 1 (its follower waits 60 s)').to.equal(0);
        const past = await b.request('POST', '/v1/templates/q/render', { body: { revision: 1 } });
        expect([past.status, past.json.revision, past.json.html.includes('One')], past.text).to.deep.equal([200, 1, true]);
        expect((await a.request('PUT', '/v1/projects/q', { body: { mjml: mjmlPage('Two') } })).json.revision).to.equal(2);
        const fresh = await b.request('POST', '/v1/templates/q/render', { body: {}, headers: { 'X-Min-Revision': '2' } });
        expect([fresh.status, fresh.json.revision, fresh.json.html.includes('Two')], fresh.text).to.deep.equal([200, 2, true]);
        expect(
          (await b.request('POST', '/v1/templates/q/render', { body: {} })).json.revision,
          'what the stream showed stays in the index',
        ).to.equal(2);
      } finally {
        await b.stop();
        await a.stop();
      }
    }));
});
