/**
 * The API habits a new user expected (issue 10, item 5), over real HTTP: an identical save appends
 * nothing; a deleted id can be created again and its history stays whole; PATCH with a JSON Merge
 * Patch of the metadata; the revision list a page at a time.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer, type Response } from '../support/server.js';

const MERGE_PATCH = { 'Content-Type': 'application/merge-patch+json' };

describe('API habits', () => {
  const api = useTestServer();
  const req = (method: string, path: string, options?: Parameters<typeof api.server.request>[2]) =>
    api.server.request(method, path, options);
  const revisionsOf = async (id: string): Promise<Array<[number, string]>> => {
    const res = await req('GET', `/v1/projects/${id}/revisions?limit=200`);
    expect(res.status, res.text).to.equal(200);
    return res.json.items.map((i: { revision: number; event: string }) => [i.revision, i.event]);
  };
  /** The Project resource fields of a write or GET response (a write adds warnings and unchanged). */
  const project = (res: Response) => {
    const { warnings: _w, unchanged: _u, ...rest } = res.json;
    return rest;
  };

  describe('saving content identical to the current revision', () => {
    const metadata = { name: 'Same', subject: 'Hi {{name}}', tags: ['a', 'b'], nested: { x: 1, y: { z: true } } };
    const reordered = { nested: { y: { z: true }, x: 1 }, tags: ['a', 'b'], subject: 'Hi {{name}}', name: 'Same' };
    const partials = { greet: 'Hello {{name}}', sign: 'Bye' };

    it('answers 200 with the current revision (same ETag and body, "unchanged": true) and appends nothing', async () => {
      expect((await api.create({ id: 'same', metadata, mjml: mjmlPage('One {{> greet}}'), partials })).status).to.equal(201);
      const first = await req('PUT', '/v1/projects/same', { body: { metadata, mjml: mjmlPage('Two {{> greet}}'), partials } });
      expect([first.status, first.json.revision, first.json.unchanged, first.headers['etag']]).to.deep.equal([200, 1, false, '"1"']);

      // the same content again, metadata and partials written in another key order
      const again = await req('PUT', '/v1/projects/same', {
        body: { partials: { sign: 'Bye', greet: 'Hello {{name}}' }, mjml: mjmlPage('Two {{> greet}}'), metadata: reordered },
      });
      expect(again.status, again.text).to.equal(200);
      expect(again.json.unchanged).to.equal(true);
      expect(again.headers['etag']).to.equal('"1"');
      expect(project(again)).to.deep.equal(project(first));
      const current = await req('GET', '/v1/projects/same');
      expect(project(again)).to.deep.equal(current.json);
      expect(await revisionsOf('same')).to.deep.equal([
        [0, 'created'],
        [1, 'saved'],
      ]);
    });

    it('metadata omitted (kept) with the same template is identical too; If-Match of the current revision passes', async () => {
      const res = await req('PUT', '/v1/projects/same', {
        body: { mjml: mjmlPage('Two {{> greet}}'), partials },
        headers: { 'If-Match': '"1"' },
      });
      expect([res.status, res.json.revision, res.json.unchanged]).to.deep.equal([200, 1, true]);
      expect(res.json.metadata).to.deep.equal(metadata);
      expect((await revisionsOf('same')).length).to.equal(2);
    });

    it('a stale If-Match is still 412 on an identical save (the precondition is evaluated first)', async () => {
      const res = await req('PUT', '/v1/projects/same', {
        body: { metadata, mjml: mjmlPage('Two {{> greet}}'), partials },
        headers: { 'If-Match': '"0"' },
      });
      expect(res.status).to.equal(412);
      expect(res.json.code).to.equal('revision_mismatch');
    });

    it('any real difference (one metadata value, a partial dropped) is a new revision', async () => {
      const changed = await req('PUT', '/v1/projects/same', {
        body: { metadata: { ...metadata, tags: ['b', 'a'] }, mjml: mjmlPage('Two {{> greet}}'), partials },
      });
      expect([changed.json.revision, changed.json.unchanged]).to.deep.equal([2, false]);
      const dropped = await req('PUT', '/v1/projects/same', {
        body: { metadata: { ...metadata, tags: ['b', 'a'] }, mjml: mjmlPage('Two') },
      });
      expect([dropped.json.revision, dropped.json.unchanged]).to.deep.equal([3, false]);
    });

    it('restoring a revision whose content is the current one appends nothing either', async () => {
      const restored = await req('POST', '/v1/projects/same/revisions/3/restore');
      expect([restored.status, restored.json.revision, restored.json.unchanged]).to.deep.equal([200, 3, true]);
      expect((await revisionsOf('same')).length).to.equal(4);
    });
  });

  describe('creating a deleted id again', () => {
    let firstCreatedAt = '';

    it('continues the stream: created 0, saved 1, deleted 2 → created again at 3, with the whole history listed', async () => {
      const created = await api.create({ id: 'phoenix', metadata: { name: 'Old' }, mjml: mjmlPage('Old {{name}}') });
      firstCreatedAt = created.json.created_at;
      expect((await req('PUT', '/v1/projects/phoenix', { body: { mjml: mjmlPage('Older {{name}}') } })).json.revision).to.equal(1);
      const oldRender = await api.render('phoenix', { variables: { name: 'Ada' } });
      expect(oldRender.json.html).to.include('Older Ada');
      expect((await req('DELETE', '/v1/projects/phoenix')).status).to.equal(204);

      const again = await api.create({ id: 'phoenix', metadata: { name: 'New' }, mjml: mjmlPage('Reborn {{name}}') });
      expect(again.status, again.text).to.equal(201);
      expect(again.headers['location']).to.equal('/v1/projects/phoenix');
      expect(again.headers['etag']).to.equal('"3"');
      expect(again.json).to.include({ id: 'phoenix', revision: 3, unchanged: false });
      expect(Date.parse(again.json.created_at)).to.be.greaterThan(Date.parse(firstCreatedAt));
      expect(again.json.updated_at).to.equal(again.json.created_at);
      expect(await revisionsOf('phoenix')).to.deep.equal([
        [0, 'created'],
        [1, 'saved'],
        [2, 'deleted'],
        [3, 'created'],
      ]);
    });

    it('every read model shows the new project: get, list, template, render (a new revision: no stale HTML)', async () => {
      const get = await req('GET', '/v1/projects/phoenix');
      expect(get.json).to.include({ revision: 3 });
      expect(get.json.metadata).to.deep.equal({ name: 'New' });
      const list = await req('GET', '/v1/projects?limit=200');
      expect(list.json.items.find((i: { id: string }) => i.id === 'phoenix')).to.include({ revision: 3, name: 'New' });
      expect((await req('GET', '/v1/templates/phoenix')).json).to.include({ revision: 3, name: 'New' });
      const render = await api.render('phoenix', { variables: { name: 'Ada' } });
      expect(render.json).to.include({ revision: 3 });
      expect(render.json.html).to.include('Reborn Ada').and.not.include('Older');
    });

    it('old revisions stay readable by number, with their own creation time; the deletion is no revision to read', async () => {
      const one = await req('GET', '/v1/projects/phoenix?revision=1');
      expect(one.status, one.text).to.equal(200);
      expect(one.json).to.include({ revision: 1, created_at: firstCreatedAt });
      expect(one.json.published_html).to.include('Older {{name}}');
      expect((await api.render('phoenix', { revision: 0, variables: { name: 'Bo' } })).json.html).to.include('Old Bo');
      const two = await req('GET', '/v1/projects/phoenix?revision=2');
      expect([two.status, two.json.code]).to.deep.equal([404, 'revision_not_found']);
      // time travel: between the delete and the re-creation the project was deleted
      const revisions = (await req('GET', '/v1/projects/phoenix/revisions')).json.items;
      const deletedAt = revisions[2].updated_at as string;
      const between = await req('GET', `/v1/projects/phoenix?at=${encodeURIComponent(deletedAt)}`);
      expect([between.status, between.json.code]).to.deep.equal([404, 'project_deleted']);
      const atOne = await req('GET', `/v1/projects/phoenix?at=${encodeURIComponent(revisions[1].updated_at)}`);
      expect(atOne.json).to.include({ revision: 1, created_at: firstCreatedAt });
      const atNow = await req('GET', `/v1/projects/phoenix?at=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
      expect(atNow.json).to.include({ revision: 3, created_at: revisions[3].updated_at }); // the re-creation's own time
    });

    it('a live id is still taken: creating it once more → 409', async () => {
      const res = await api.create({ id: 'phoenix', mjml: mjmlPage('Again') });
      expect([res.status, res.json.code]).to.deep.equal([409, 'project_exists']);
    });
  });

  describe('PATCH /projects/:id (JSON Merge Patch of metadata)', () => {
    const metadata = { name: 'Patchy', subject: 'Old {{x}}', keep: { a: 1, b: 2 }, drop: 'me', list: [1, 2, 3] };
    let created: Response;

    before(async () => {
      created = await api.create({ id: 'patchy', metadata, mjml: mjmlPage('Body {{x}}') });
      expect(created.status).to.equal(201);
    });

    it('415 for any other content type (application/json included), naming the one it takes in Accept-Patch', async () => {
      for (const type of ['application/json', 'application/json-patch+json', 'text/plain']) {
        const res = await req('PATCH', '/v1/projects/patchy', { body: { metadata: { name: 'X' } }, headers: { 'Content-Type': type } });
        expect(res.status, type).to.equal(415);
        expect(res.headers['accept-patch']).to.equal('application/merge-patch+json');
      }
      expect((await req('PATCH', '/v1/projects/patchy')).status, 'no body').to.equal(415);
    });

    it('400 naming members other than metadata, and for a metadata that is not an object', async () => {
      const others = await req('PATCH', '/v1/projects/patchy', {
        body: { metadata: {}, mjml: '<mjml></mjml>', 'a/b': 1 },
        headers: MERGE_PATCH,
      });
      expect(others.status).to.equal(400);
      expect(others.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal(['/mjml', '/a~1b']);
      expect(others.json.detail).to.include('mjml').and.include('a/b');
      for (const bad of [null, 'x', [1]]) {
        const res = await req('PATCH', '/v1/projects/patchy', { body: { metadata: bad }, headers: MERGE_PATCH });
        expect(res.status, JSON.stringify(bad)).to.equal(400);
        expect(res.json.errors[0].pointer).to.equal('/metadata');
      }
      expect((await req('GET', '/v1/projects/patchy')).json.revision).to.equal(0);
    });

    it('adds, replaces and removes members (null) with If-Match: a new revision, the same template', async () => {
      const patch = { subject: 'New {{x}}', drop: null, keep: { b: null, c: 3 }, list: [9], added: { deep: true } };
      const res = await req('PATCH', '/v1/projects/patchy', { body: { metadata: patch }, headers: { ...MERGE_PATCH, 'If-Match': '"0"' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.headers['etag']).to.equal('"1"');
      expect(res.json).to.include({ revision: 1, unchanged: false });
      // worked out by hand from RFC 7396 §2
      const expected = { name: 'Patchy', subject: 'New {{x}}', keep: { a: 1, c: 3 }, list: [9], added: { deep: true } };
      expect(res.json.metadata).to.deep.equal(expected);
      expect(res.json.published_html).to.equal(created.json.published_html);
      expect(res.json.ast).to.deep.equal(created.json.ast);
      expect((await req('GET', '/v1/projects/patchy')).json.metadata).to.deep.equal(expected);
      expect((await req('GET', '/v1/projects/patchy?revision=0')).json.metadata).to.deep.equal(metadata);
      const render = await api.render('patchy', { variables: { x: 'Y' } });
      expect(render.json).to.include({ revision: 1, subject: 'New Y' });
    });

    it('412 with a stale If-Match, and nothing written', async () => {
      const res = await req('PATCH', '/v1/projects/patchy', {
        body: { metadata: { name: 'Late' } },
        headers: { ...MERGE_PATCH, 'If-Match': '"0"' },
      });
      expect([res.status, res.json.code]).to.deep.equal([412, 'revision_mismatch']);
      expect((await req('GET', '/v1/projects/patchy')).json).to.include({ revision: 1 });
    });

    it('a patch that changes nothing appends nothing ("unchanged": true), also an empty one', async () => {
      for (const body of [{ metadata: { subject: 'New {{x}}', gone: null } }, { metadata: {} }, {}]) {
        const res = await req('PATCH', '/v1/projects/patchy', { body, headers: MERGE_PATCH });
        expect([res.status, res.json.revision, res.json.unchanged, res.headers['etag']], JSON.stringify(body)).to.deep.equal([
          200,
          1,
          true,
          '"1"',
        ]);
      }
      expect((await revisionsOf('patchy')).length).to.equal(2);
    });

    it('the merged metadata gets the checks a save does (a bad variables schema → 400, nothing written)', async () => {
      const res = await req('PATCH', '/v1/projects/patchy', {
        body: { metadata: { variables: { type: 'no-such-type' } } },
        headers: MERGE_PATCH,
      });
      expect(res.status, res.text).to.equal(400);
      expect(res.json.errors[0].pointer).to.match(/^\/metadata\/variables/);
      expect((await revisionsOf('patchy')).length).to.equal(2);
    });

    it('404 for a project that does not exist or was deleted', async () => {
      expect((await req('PATCH', '/v1/projects/nobody', { body: { metadata: {} }, headers: MERGE_PATCH })).json.code).to.equal(
        'project_not_found',
      );
      await api.create({ id: 'patch-gone', mjml: mjmlPage('x') });
      await req('DELETE', '/v1/projects/patch-gone');
      const res = await req('PATCH', '/v1/projects/patch-gone', { body: { metadata: { a: 1 } }, headers: MERGE_PATCH });
      expect([res.status, res.json.code]).to.deep.equal([404, 'project_deleted']);
    });
  });

  describe('GET /projects/:id/revisions?limit=&cursor=', () => {
    before(async () => {
      expect((await api.create({ id: 'paged', mjml: mjmlPage('r0') })).status).to.equal(201);
      for (let r = 1; r <= 4; r++)
        expect((await req('PUT', '/v1/projects/paged', { body: { mjml: mjmlPage(`r${r}`) } })).json.revision).to.equal(r);
    });

    it('walks five revisions two at a time: three pages, oldest first, no duplicates or gaps, next_cursor null at the end', async () => {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const res: Response = await req('GET', `/v1/projects/paged/revisions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status, res.text).to.equal(200);
        pages.push(res.json.items.map((i: { revision: number }) => i.revision));
        cursor = res.json.next_cursor;
        expect(pages.length).to.be.below(5);
      } while (cursor);
      expect(pages).to.deep.equal([[0, 1], [2, 3], [4]]);
    });

    it('defaults to 50 a page (all five here, next_cursor null); a page that ends exactly at the last revision has no next', async () => {
      const res = await req('GET', '/v1/projects/paged/revisions');
      expect(res.json.items.map((i: { revision: number }) => i.revision)).to.deep.equal([0, 1, 2, 3, 4]);
      expect(res.json.next_cursor).to.equal(null);
      const exact = await req('GET', '/v1/projects/paged/revisions?limit=5');
      expect([exact.json.items.length, exact.json.next_cursor]).to.deep.equal([5, null]);
      const four = await req('GET', '/v1/projects/paged/revisions?limit=4');
      expect(four.json.next_cursor).to.be.a('string');
    });

    it('400 with a pointer for a bad limit or a cursor it never issued', async () => {
      for (const [query, pointer] of [
        ['limit=0', '/limit'],
        ['limit=201', '/limit'],
        ['limit=two', '/limit'],
        ['cursor=not-a-cursor', '/cursor'],
        [`cursor=${Buffer.from('r01').toString('base64url')}`, '/cursor'],
        [`cursor=${Buffer.from('welcome').toString('base64url')}`, '/cursor'],
      ] as const) {
        const res = await req('GET', `/v1/projects/paged/revisions?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.json.errors[0].pointer, query).to.equal(pointer);
      }
    });

    it('a cursor past the end gives an empty last page', async () => {
      const res = await req('GET', `/v1/projects/paged/revisions?cursor=${Buffer.from('r4').toString('base64url')}`);
      expect([res.status, res.json.items, res.json.next_cursor]).to.deep.equal([200, [], null]);
    });
  });
});
