import { expect } from 'chai';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import type { Scope } from '../../src/application/ports/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { startTestServer, type TestServer } from '../support/server.js';

const HELLO = `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Hello {{name}}!</mj-text>
  <mj-button href="{{url}}">Open</mj-button>
</mj-column></mj-section></mj-body></mjml>`;

const PROMO = `<mjml><mj-body>
  {{#if showPromo}}
  <mj-section><mj-column><mj-text>PROMO</mj-text></mj-column></mj-section>
  {{/if}}
  <mj-section><mj-column><mj-text>Body for {{name}}</mj-text></mj-column></mj-section>
</mj-body></mjml>`;

/** Issue an extra key straight into the server's store (as scripts/api-keys.ts does). */
async function issueKey(
  server: TestServer,
  input: { scopes?: Scope[]; expiresAt?: string; revoke?: boolean; workspace?: string },
): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    const store = new SqliteApiKeyStore(db);
    const { token, record } = await new ApiKeys(store).issue({ name: 'test', workspace: input.workspace ?? 'default', ...input });
    if (input.revoke) await store.revoke(record.id, new Date().toISOString());
    return token;
  } finally {
    db.close();
  }
}

describe('API over HTTP (embedded SQLite store)', function () {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  describe('create, fetch, save, delete', () => {
    it('creates from MJML markup: 201, Location, ETag, revision 0, published HTML with the expressions in it', async () => {
      const res = await server.request('POST', '/api/v1/projects', { body: { id: 'hello', metadata: { name: 'Hello' }, mjml: HELLO } });
      expect(res.status, res.text).to.equal(201);
      expect(res.headers['location']).to.equal('/api/v1/projects/hello');
      expect(res.headers['etag']).to.equal('"0"');
      expect(res.json).to.include({ id: 'hello', revision: 0, mjml_version: '5.4.1' });
      expect(res.json.metadata).to.deep.equal({ name: 'Hello' });
      expect(res.json.ast.tagName).to.equal('mjml');
      expect(res.json.published_html)
        .to.match(/^<!doctype html>/i)
        .and.to.include('Hello {{name}}!')
        .and.to.include('href="{{url}}"');
      expect(res.json.created_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(res.json.warnings).to.deep.equal([]);
    });

    it('creates from an AST, assigning an id when none is sent', async () => {
      const fetched = await server.request('GET', '/api/v1/projects/hello');
      const res = await server.request('POST', '/v1/projects', { body: { ast: fetched.json.ast } });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.id).to.match(/^[0-9a-f-]{36}$/);
      expect(res.json.published_html).to.equal(fetched.json.published_html);
    });

    it('GET returns the project with an ETag, and 304 for If-None-Match', async () => {
      const res = await server.request('GET', '/api/v1/projects/hello');
      expect(res.status).to.equal(200);
      expect(res.json).to.include({ id: 'hello', revision: 0 });
      expect(res.json).to.have.keys(
        'id',
        'revision',
        'created_at',
        'updated_at',
        'metadata',
        'ast',
        'published_html',
        'mjml_version',
        'partials',
        'helpers',
        'render_mode',
        'default_locale',
        'locales',
        'publishing',
        'published_revision',
        'published_at',
        'unpublished_changes',
      );
      expect(res.json.partials).to.deep.equal({});
      expect([res.json.default_locale, res.json.locales]).to.deep.equal([null, {}]);
      const again = await server.request('GET', '/api/v1/projects/hello', { headers: { 'If-None-Match': String(res.headers['etag']) } });
      expect(again.status).to.equal(304);
    });

    it('saves revisions 1 and 2 with updated_at moving forward; ?revision=N shows the past', async () => {
      const first = await server.request('GET', '/api/v1/projects/hello');
      const one = await server.request('PUT', '/api/v1/projects/hello', { body: { mjml: HELLO.replace('Hello', 'Hi') } });
      expect(one.status, one.text).to.equal(200);
      expect(one.json.revision).to.equal(1);
      expect(one.json.metadata).to.deep.equal({ name: 'Hello' }, 'metadata omitted keeps the current one');
      const two = await server.request('PUT', '/api/v1/projects/hello', {
        body: { mjml: HELLO.replace('Hello', 'Howdy'), metadata: { name: 'Howdy' } },
        headers: { 'If-Match': '"1"' },
      });
      expect(two.status, two.text).to.equal(200);
      expect(two.json.revision).to.equal(2);
      expect(Date.parse(one.json.updated_at)).to.be.greaterThan(Date.parse(first.json.updated_at));
      expect(Date.parse(two.json.updated_at)).to.be.greaterThan(Date.parse(one.json.updated_at));
      expect(two.json.created_at).to.equal(first.json.created_at);
      const past = await server.request('GET', '/api/v1/projects/hello?revision=1');
      expect(past.json).to.include({ revision: 1, updated_at: one.json.updated_at });
      expect(past.json.published_html).to.include('Hi {{name}}!');
      const revisions = await server.request('GET', '/api/v1/projects/hello/revisions');
      expect(revisions.json.items.map((i: { revision: number; event: string }) => [i.revision, i.event])).to.deep.equal([
        [0, 'created'],
        [1, 'saved'],
        [2, 'saved'],
      ]);
    });

    it('412 when If-Match names a stale revision, and nothing is written', async () => {
      const res = await server.request('PUT', '/api/v1/projects/hello', { body: { mjml: HELLO }, headers: { 'If-Match': '"0"' } });
      expect(res.status).to.equal(412);
      expect(res.json).to.include({ code: 'revision_mismatch', status: 412 });
      expect((await server.request('GET', '/api/v1/projects/hello')).json.revision).to.equal(2);
    });

    it('409 when creating an id that exists', async () => {
      const res = await server.request('POST', '/api/v1/projects', { body: { id: 'hello', mjml: HELLO } });
      expect(res.status).to.equal(409);
      expect(res.json.code).to.equal('project_exists');
    });

    it('lists projects with a cursor', async () => {
      for (const id of ['list-a', 'list-b', 'list-c']) {
        expect((await server.request('POST', '/api/v1/projects', { body: { id, mjml: HELLO } })).status).to.equal(201);
      }
      const page1 = await server.request('GET', '/api/v1/projects?limit=2');
      expect(page1.status).to.equal(200);
      expect(page1.json.items).to.have.length(2);
      expect(page1.json.next_cursor).to.be.a('string');
      const seen = [...page1.json.items];
      let cursor = page1.json.next_cursor;
      while (cursor) {
        const page = await server.request('GET', `/api/v1/projects?limit=2&cursor=${cursor}`);
        seen.push(...page.json.items);
        cursor = page.json.next_cursor;
      }
      const ids = seen.map((i: { id: string }) => i.id);
      expect(ids).to.include.members(['hello', 'list-a', 'list-b', 'list-c']);
      expect(ids).to.deep.equal([...ids].sort());
      const templates = await server.request('GET', '/v1/templates?limit=200');
      expect(templates.json.items.map((i: { id: string }) => i.id)).to.deep.equal(ids);
    });

    it('deletes: 204, then 404 on GET, render and save', async () => {
      expect((await server.request('POST', '/api/v1/projects', { body: { id: 'doomed', mjml: HELLO } })).status).to.equal(201);
      expect((await server.request('POST', '/v1/templates/doomed/render', { body: {} })).status).to.equal(200);
      const del = await server.request('DELETE', '/api/v1/projects/doomed');
      expect(del.status).to.equal(204);
      const get = await server.request('GET', '/api/v1/projects/doomed');
      expect(get.status).to.equal(404);
      expect(get.json.code).to.equal('project_deleted');
      const render = await server.request('POST', '/v1/templates/doomed/render', { body: {} });
      expect(render.status).to.equal(404);
      expect((await server.request('POST', '/v1/templates/doomed/render', { body: { revision: 0 } })).status).to.equal(404);
      expect((await server.request('PUT', '/api/v1/projects/doomed', { body: { mjml: HELLO } })).status).to.equal(404);
      expect((await server.request('DELETE', '/v1/templates/doomed')).status).to.equal(404);
      // (a deleted id can be created again: test/api/api-habits.test.ts)
    });

    it('404 for a project that never existed', async () => {
      const res = await server.request('GET', '/api/v1/projects/nope');
      expect(res.status).to.equal(404);
      expect(res.json).to.include({ code: 'project_not_found', instance: '/api/v1/projects/nope' });
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
    });
  });

  describe('render', () => {
    it('renders HTML with the variables: X-Cache MISS on the first render of a revision, HIT after', async () => {
      expect((await server.request('POST', '/api/v1/projects', { body: { id: 'cache-me', mjml: HELLO } })).status).to.equal(201);
      const first = await server.request('POST', '/v1/templates/cache-me/render', {
        body: { variables: { name: 'Ada', url: 'https://e.test/a' } },
      });
      expect(first.status, first.text).to.equal(200);
      expect(first.headers['x-cache']).to.equal('MISS');
      expect(first.json).to.include({ id: 'cache-me', revision: 0, format: 'html' });
      expect(first.json.html).to.include('Hello Ada!').and.include('href="https://e.test/a"').and.not.include('{{');
      const second = await server.request('POST', '/v1/templates/cache-me/render', { body: { variables: { name: 'Bo' } } });
      expect(second.headers['x-cache']).to.equal('HIT');
      expect(second.json.html).to.include('Hello Bo!');
      expect(second.headers['cache-control']).to.equal('no-store');
      await server.request('PUT', '/api/v1/projects/cache-me', { body: { mjml: HELLO.replace('Hello', 'Hey') } }); // new content: a new revision
      const third = await server.request('POST', '/v1/templates/cache-me/render', { body: {} });
      expect([third.json.revision, third.headers['x-cache']]).to.deep.equal([1, 'MISS']);
    });

    it('renders a past revision from its own published HTML', async () => {
      const old = await server.request('POST', '/v1/templates/hello/render', { body: { revision: 0, variables: { name: 'Ada' } } });
      const now = await server.request('POST', '/v1/templates/hello/render', { body: { variables: { name: 'Ada' } } });
      expect(old.json.revision).to.equal(0);
      expect(old.json.html).to.include('Hello Ada!');
      expect(now.json.revision).to.equal(2);
      expect(now.json.html).to.include('Howdy Ada!');
      const missing = await server.request('POST', '/v1/templates/hello/render', { body: { revision: 9 } });
      expect(missing.status).to.equal(404);
      expect(missing.json.code).to.equal('revision_not_found');
    });

    it('format "mjml" returns the MJML with its Handlebars left in', async () => {
      const res = await server.request('POST', '/api/v1/templates/hello/render', { body: { format: 'mjml', variables: { name: 'Ada' } } });
      expect(res.status).to.equal(200);
      expect(res.json.format).to.equal('mjml');
      expect(res.json).to.not.have.property('html');
      expect(res.json.mjml)
        .to.match(/^<mjml>/)
        .and.include('Howdy {{name}}!')
        .and.include('href="{{url}}"');
      expect(res.headers['x-cache']).to.be.oneOf(['HIT', 'MISS']);
    });

    it('keeps a bare {{#if}} between sections working by wrapping it in mj-raw', async () => {
      const created = await server.request('POST', '/api/v1/projects', { body: { id: 'promo', mjml: PROMO } });
      expect(created.status, created.text).to.equal(201);
      expect(created.json.warnings.map((w: { message: string }) => w.message).join(' ')).to.include('mj-raw');
      const on = await server.request('POST', '/v1/templates/promo/render', { body: { variables: { showPromo: true, name: 'A' } } });
      const off = await server.request('POST', '/v1/templates/promo/render', { body: { variables: { showPromo: false, name: 'A' } } });
      expect(on.json.html).to.include('PROMO');
      expect(off.json.html).to.not.include('PROMO');
      expect(off.json.html).to.include('Body for A');
    });

    it('400 invalid_variables when variables is not a JSON object', async () => {
      for (const variables of [[1, 2], 'name', 3, null]) {
        const res = await server.request('POST', '/v1/templates/hello/render', { body: { variables } });
        expect(res.status).to.equal(400);
        expect(res.json.code).to.equal('invalid_variables');
        expect(res.json.errors[0].pointer).to.equal('/variables');
      }
    });

    it('404 when rendering a template that does not exist', async () => {
      const res = await server.request('POST', '/v1/templates/ghost/render', { body: {} });
      expect(res.status).to.equal(404);
      expect(res.json.code).to.equal('project_not_found');
    });

    it('GET /templates/:id lists the variables a sender must supply', async () => {
      const res = await server.request('GET', '/v1/templates/hello');
      expect(res.status).to.equal(200);
      expect(res.json).to.include({ id: 'hello', revision: 2, name: 'Howdy' });
      expect(res.json.variables).to.include.members(['name', 'url']);
    });
  });

  describe('refusals', () => {
    it('400 malformed_json for a body that is not JSON', async () => {
      const res = await server.request('POST', '/api/v1/projects', { rawBody: '{"id": "x", ' });
      expect(res.status).to.equal(400);
      expect(res.json.code).to.equal('malformed_json');
    });

    it('415 for a body that is not declared as JSON', async () => {
      const res = await server.request('POST', '/api/v1/projects', { rawBody: 'id=x', headers: { 'Content-Type': 'text/plain' } });
      expect(res.status).to.equal(415);
      expect(res.json.code).to.equal('unsupported_media_type');
    });

    it('413 for a body over the limit', async () => {
      const res = await server.request('POST', '/api/v1/projects', { body: { mjml: `<mjml>${'x'.repeat(3 * 1024 * 1024)}</mjml>` } });
      expect(res.status).to.equal(413);
      expect(res.json.code).to.equal('payload_too_large');
    });

    it('400 invalid_request naming an unknown field', async () => {
      const res = await server.request('POST', '/v1/templates/hello/render', { body: { variable: {} } });
      expect(res.status).to.equal(400);
      expect(res.json.detail).to.include('variable');
    });

    it('400 invalid_ast for an AST that is not MJML JSON, with pointers', async () => {
      const res = await server.request('POST', '/api/v1/projects', {
        body: { ast: { tagName: 'mjml', children: [{ tagName: 'mj-body', children: [{ attributes: {} }] }] } },
      });
      expect(res.status).to.equal(400);
      expect(res.json.code).to.equal('invalid_ast');
      expect(res.json.errors[0].pointer).to.equal('/ast/children/0/children/0/tagName');
    });

    it('400 text_on_structural_node for an AST with text on a section, naming the node and the fix', async () => {
      const ast = {
        tagName: 'mjml',
        attributes: {},
        children: [{ tagName: 'mj-body', attributes: {}, children: [{ tagName: 'mj-section', attributes: {}, content: '{{#if vip}}' }] }],
      };
      const res = await server.request('POST', '/api/v1/projects', { body: { ast } });
      expect(res.status).to.equal(400);
      expect(res.json.code).to.equal('text_on_structural_node');
      expect(res.json.errors[0].pointer).to.equal('/ast/children/0/children/0');
      expect(res.json.detail).to.include('<mj-section>').and.include('mj-raw');
      expect((await server.request('GET', '/api/v1/projects?limit=200')).json.items.length).to.be.greaterThan(0);
    });

    it('400 mjml_validation_failed under the default strict validation; soft stores it with warnings', async () => {
      const invalid = '<mjml><mj-body><mj-section><mj-text>loose</mj-text></mj-section></mj-body></mjml>';
      const strict = await server.request('POST', '/api/v1/projects', { body: { id: 'loose', mjml: invalid } });
      expect(strict.status).to.equal(400);
      expect(strict.json.code).to.equal('mjml_validation_failed');
      expect(strict.json.errors[0]).to.include({ line: 1 });
      expect((await server.request('GET', '/api/v1/projects/loose')).status).to.equal(404, 'nothing was written');
      const soft = await server.request('POST', '/api/v1/projects', { body: { id: 'loose', mjml: invalid, validation: 'soft' } });
      expect(soft.status).to.equal(201);
      expect(soft.json.warnings[0].message).to.include('mj-text cannot be used inside mj-section');
    });

    it('400 not_mjml for an HTML email or plain text, saying what was found and how to wrap it', async () => {
      const cases: Array<[string, string]> = [
        ['<!DOCTYPE html>\n<html><head><title>{{subject}}</title></head><body><p>Hi {{name}}</p></body></html>', 'an HTML document'],
        ['<table><tr><td>Hi {{name}}</td></tr></table>', 'HTML markup'],
        ['Hi {{name}}, your order shipped.', 'plain text'],
      ];
      for (const [mjml, found] of cases) {
        const res = await server.request('POST', '/api/v1/projects', { body: { mjml } });
        expect([res.status, res.json.code], mjml).to.deep.equal([400, 'not_mjml']);
        expect(res.json.detail).to.include(`This is ${found}, not MJML`).and.to.include('<mjml><mj-body><mj-raw>');
        expect(res.json.detail).not.to.include('generates MJML');
      }
      // What the detail suggests is accepted.
      const wrapped = await server.request('POST', '/api/v1/projects', {
        body: { id: 'wrapped-html', mjml: '<mjml><mj-body><mj-raw><table><tr><td>Hi {{name}}</td></tr></table></mj-raw></mj-body></mjml>' },
      });
      expect(wrapped.status, wrapped.text).to.equal(201);
    });

    it('400 with a code for templates Handlebars cannot use', async () => {
      const cases: Array<[string, string]> = [
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{.Props.Title}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'go_template_syntax',
        ],
        // Handlebars-first: stored as a dynamic template, which needs its partial (test/api/dynamic.test.ts).
        ['{{> header title="x"}}<mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section>', 'unknown_partial'],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{price total currency}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'unknown_helper',
        ],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{#if a}}x</mj-text></mj-column></mj-section></mj-body></mjml>',
          'invalid_handlebars',
        ],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{> footer}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'unknown_partial',
        ],
        ['<mjml><mj-body><mj-section><mj-column><mj-text>{{log x}}</mj-text></mj-column></mj-section></mj-body></mjml>', 'unknown_helper'],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{* track x}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'invalid_handlebars',
        ],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{> (lookup . "kind")}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'invalid_handlebars',
        ],
        [
          '<mjml><mj-body><mj-section><mj-column><mj-text>{{currency total}}</mj-text></mj-column></mj-section></mj-body></mjml>',
          'invalid_handlebars',
        ],
      ];
      for (const [mjml, code] of cases) {
        const res = await server.request('POST', '/api/v1/projects', { body: { mjml } });
        expect(res.status, `${code}: ${res.text}`).to.equal(400);
        expect(res.json.code).to.equal(code);
      }
      const helper = await server.request('POST', '/api/v1/projects', { body: { mjml: cases[2]![0] } });
      expect(helper.json.unknown_helpers).to.deep.equal(['price']);
      expect(helper.json.detail).to.include('price');
      expect(helper.json.available_helpers).to.include.members(['if', 'unless', 'each', 'with', 'lookup', 'eq', 'currency', 'date']);
      expect(helper.json.available_helpers).not.to.include('log');
    });

    it('400 invalid_handlebars: one sentence in detail naming the line that errors[0] gives, counted in the file sent', async () => {
      const doc = (...text: string[]) =>
        [
          '<mjml>',
          '  <mj-body>',
          '    <mj-section>',
          '      <mj-column>',
          '        <mj-text>',
          ...text,
          '        </mj-text>',
          '      </mj-column>',
          '    </mj-section>',
          '  </mj-body>',
          '</mjml>',
        ].join('\n');
      const refused = async (body: Record<string, unknown>) => {
        const res = await server.request('POST', '/api/v1/projects', { body });
        expect([res.status, res.json.code], res.text).to.deep.equal([400, 'invalid_handlebars']);
        expect(res.json.errors).to.have.length(1);
        expect(res.json.detail).to.include(`line ${res.json.errors[0].line}`);
        return res.json;
      };

      const unclosed = await refused({ mjml: doc('Hello', '{{#each items}}', '  <p>{{name}}</p>') });
      expect(unclosed.detail).to.equal('`{{#each items}}` opened on line 7 is never closed with `{{/each}}`.');
      expect(unclosed.errors[0]).to.deep.equal({ file: '', line: 7, message: unclosed.detail });

      const mismatched = await refused({ mjml: doc('{{#if paid}}', 'Paid', '{{/each}}') });
      expect(mismatched.detail).to.equal('`{{/each}}` on line 8 does not match `{{#if paid}}` opened on line 6: write `{{/if}}`.');
      expect(mismatched.errors[0]).to.include({ file: '', line: 8 });

      const empty = await refused({ mjml: doc('a', 'b', 'Hi {{}}') });
      expect(empty.detail).to.equal('`{{}}` on line 8 is an empty expression: put a name inside it, e.g. `{{name}}`.');

      const liquid = await refused({ mjml: doc('Hi', '{{ name | upcase }}') });
      expect(liquid.detail).to.equal(
        '`{{ name | upcase }}` on line 7 uses Liquid filter syntax, which Handlebars does not have: a helper comes before its arguments, `{{upper name}}`.',
      );
      expect(liquid.errors[0]).to.include({ line: 7 });

      const footer = [
        '<mj-section>',
        '  <mj-column>',
        '    <mj-text>{{#if unsubscribe}}Unsubscribe</mj-text>',
        '  </mj-column>',
        '</mj-section>',
      ].join('\n');
      const included = await refused({
        mjml: '<mjml>\n<mj-body>\n<mj-include path="./parts/footer.mjml" />\n</mj-body>\n</mjml>',
        includes: { 'parts/footer.mjml': footer },
      });
      expect(included.detail).to.equal('In parts/footer.mjml: `{{#if unsubscribe}}` opened on line 3 is never closed with `{{/if}}`.');
      expect(included.errors[0]).to.deep.equal({
        file: 'parts/footer.mjml',
        line: 3,
        message: '`{{#if unsubscribe}}` opened on line 3 is never closed with `{{/if}}`.',
      });

      // Parses as sent, but MJML turns the width into `width:NaN%{{/if}}`: the line is the source's, not the HTML's.
      const mangled = await refused({
        mjml: doc('x').replace('<mj-column>', '<mj-column width="{{#if wide}}50%{{/if}}">'),
        validation: 'soft',
      });
      expect(mangled.detail).to.match(
        /^After MJML compilation the HTML is not valid Handlebars at `\{\{\/if\}\}` \(line 4 of the template\): /,
      );
      expect(mangled.errors[0]).to.include({ file: '', line: 4 });
    });

    it('400, not 500, for pathologically deep templates, and the server keeps serving', async () => {
      const deepMarkup = `<mjml><mj-body>${'<mj-wrapper>'.repeat(1500)}${'</mj-wrapper>'.repeat(1500)}</mj-body></mjml>`;
      const markup = await server.request('POST', '/api/v1/projects', { body: { mjml: deepMarkup, validation: 'soft' } });
      // Refused by the depth limit while scanning, before MJML's parser sees it.
      expect([markup.status, markup.json.code, markup.json.limit]).to.deep.equal([400, 'template_too_complex', 'TEMPLATE_MAX_DEPTH']);
      const deepAst = `{"ast":${'{"tagName":"mjml","children":['.repeat(2000)}{"tagName":"mj-raw"}${']}'.repeat(2000)}}`;
      const ast = await server.request('POST', '/api/v1/projects', { rawBody: deepAst });
      expect([ast.status, ast.json.code, ast.json.limit]).to.deep.equal([400, 'template_too_complex', 'TEMPLATE_MAX_DEPTH']);
      const blocks = `{{#if a}}`.repeat(3000) + 'x' + `{{/if}}`.repeat(3000);
      const hbs = await server.request('POST', '/api/v1/projects', {
        body: { mjml: `<mjml><mj-body><mj-section><mj-column><mj-text>${blocks}</mj-text></mj-column></mj-section></mj-body></mjml>` },
      });
      expect(hbs.status).to.equal(400);
      expect((await server.request('GET', '/v1/health')).status).to.equal(200);
    });

    it('names the Handlebars limit of an over-limit template (counted before Handlebars parses it), and refuses blocks nested past MAX_BLOCK_DEPTH', async () => {
      const text = (inner: string) =>
        `<mjml><mj-body><mj-section><mj-column><mj-text>${inner}</mj-text></mj-column></mj-section></mj-body></mjml>`;
      const nested = (n: number) => `{{#if a}}`.repeat(n) + 'x' + `{{/if}}`.repeat(n);
      const many = await server.request('POST', '/api/v1/projects', { body: { mjml: text(nested(3000)) } });
      expect([many.status, many.json.code, many.json.limit, many.json.max, many.json.found]).to.deep.equal([
        400,
        'template_too_complex',
        'TEMPLATE_MAX_EXPRESSIONS',
        2000,
        3000,
      ]);
      const deep = await server.request('POST', '/api/v1/projects', { body: { mjml: text(nested(101)) } });
      expect([deep.status, deep.json.code, deep.json.limit, deep.json.max, deep.json.found]).to.deep.equal([
        400,
        'template_too_complex',
        'MAX_BLOCK_DEPTH',
        100,
        101,
      ]);
      const inPartial = await server.request('POST', '/api/v1/projects', { body: { mjml: text('{{> p}}'), partials: { p: nested(101) } } });
      expect([inPartial.status, inPartial.json.limit]).to.deep.equal([400, 'MAX_BLOCK_DEPTH']);
      const ok = await server.request('POST', '/api/v1/projects', { body: { mjml: text(nested(100)) } });
      expect(ok.status, ok.text).to.equal(201);
    });

    it('resolves mj-include from the includes map and refuses a missing one', async () => {
      const mjml = '<mjml><mj-body><mj-include path="./parts/footer.mjml" /></mj-body></mjml>';
      const footer = '<mj-section><mj-column><mj-text>Footer {{site}}</mj-text></mj-column></mj-section>';
      const ok = await server.request('POST', '/api/v1/projects', {
        body: { id: 'with-include', mjml, includes: { 'parts/footer.mjml': footer } },
      });
      expect(ok.status, ok.text).to.equal(201);
      expect(ok.json.published_html).to.include('Footer {{site}}');
      const missing = await server.request('POST', '/api/v1/projects', { body: { mjml, includes: {} } });
      expect(missing.status).to.equal(400);
      expect(missing.json.code).to.equal('include_not_found');
      const escape = await server.request('POST', '/api/v1/projects', {
        body: { mjml: mjml.replace('./parts', '../../etc'), includes: {} },
      });
      expect(escape.json.code).to.equal('invalid_include_path');
    });
  });

  describe('HTTP behaviour', () => {
    it('gzips responses when asked: the decoded bytes equal the plain response', async () => {
      // Without a receipt: each render signs its own (rendered_at, signature), so two answers differ in it.
      const body = { variables: { name: 'Zip' }, receipt: false };
      const plain = await server.request('POST', '/v1/templates/hello/render', { body });
      const zipped = await server.request('POST', '/v1/templates/hello/render', { body, headers: { 'Accept-Encoding': 'gzip' } });
      expect(plain.headers['content-encoding']).to.equal(undefined);
      expect(zipped.headers['content-encoding']).to.equal('gzip');
      expect(gunzipSync(zipped.raw).toString('utf8')).to.equal(plain.text);
      expect(zipped.raw.length).to.be.lessThan(plain.raw.length / 2);
      const problem = await server.request('GET', '/api/v1/projects/nope', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(problem.headers['content-encoding']).to.equal('gzip');
      expect(problem.json.code).to.equal('project_not_found');
    });

    it('sets X-Request-Id and the rate-limit headers on authenticated responses', async () => {
      const res = await server.request('GET', '/v1/health', { headers: { 'X-Request-Id': 'trace-123' } });
      expect(res.status).to.equal(200);
      expect(res.headers['x-request-id']).to.equal('trace-123');
      expect(Number(res.headers['x-ratelimit-limit'])).to.equal(600);
      expect(Number(res.headers['x-ratelimit-remaining'])).to.be.within(0, 599);
      expect(Number(res.headers['x-ratelimit-reset'])).to.be.greaterThan(Date.now() / 1000 - 1);
      expect(res.json.status).to.equal('ok');
      expect(res.json.projector).to.include({ caught_up: true, lag_ms: 0 });
      expect(res.json.projector.position).to.equal(res.json.store.head_position);
    });

    it('401 for a missing, unknown, expired or revoked key, with WWW-Authenticate', async () => {
      const missing = await server.request('GET', '/v1/health', { key: null });
      expect([missing.status, missing.json.code]).to.deep.equal([401, 'missing_api_key']);
      expect(missing.headers['www-authenticate']).to.match(/^Bearer/);
      const unknown = await server.request('GET', '/v1/health', { key: 'lp_nope' });
      expect([unknown.status, unknown.json.code]).to.deep.equal([401, 'invalid_api_key']);
      const expired = await issueKey(server, { expiresAt: '2020-01-01T00:00:00.000Z' });
      expect((await server.request('GET', '/v1/health', { key: expired })).json.code).to.equal('expired_api_key');
      const revoked = await issueKey(server, { revoke: true });
      expect((await server.request('GET', '/v1/health', { key: revoked })).json.code).to.equal('revoked_api_key');
    });

    it('403 for a key without the scope; another workspace sees 404', async () => {
      const renderOnly = await issueKey(server, { scopes: ['templates:render'] });
      const res = await server.request('POST', '/api/v1/projects', { key: renderOnly, body: { mjml: HELLO } });
      expect([res.status, res.json.code]).to.deep.equal([403, 'insufficient_scope']);
      expect((await server.request('POST', '/v1/templates/hello/render', { key: renderOnly, body: {} })).status).to.equal(200);
      const other = await issueKey(server, { workspace: 'acme' });
      expect((await server.request('GET', '/api/v1/projects/hello', { key: other })).status).to.equal(404);
      expect((await server.request('GET', '/api/v1/projects', { key: other })).json.items).to.deep.equal([]);
    });

    it('404 route_not_found and 405 as problem details', async () => {
      const res = await server.request('GET', '/v1/nowhere');
      expect([res.status, res.json.code]).to.deep.equal([404, 'route_not_found']);
      const method = await server.request('PATCH', '/v1/templates/hello/render', { body: {} });
      expect([method.status, method.json.code]).to.deep.equal([405, 'method_not_allowed']);
    });
  });
});

/** Template limits far above a deliberately huge template, for the tests that need one to compile. */
const ROOMY_TEMPLATES = {
  TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
  TEMPLATE_MAX_NODES: '1000000',
  TEMPLATE_MAX_EXPRESSIONS: '1000000',
  TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
  BODY_LIMIT_KB: '8192',
};

describe('API limits and failures', function () {
  it('429 with Retry-After past the per-key rate limit', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await server.request('GET', '/v1/health'));
      expect(replies.map((reply) => reply.status)).to.deep.equal([200, 200, 200, 429]);
      const last = replies[3]!;
      expect(last.json.code).to.equal('rate_limited');
      expect(Number(last.headers['retry-after'])).to.be.within(1, 60);
      expect(last.headers['x-ratelimit-remaining']).to.equal('0');
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('500 mjml_compile_timeout when MJML compilation exceeds the deadline, and nothing is stored', async () => {
    const server = await startTestServer({ env: { COMPILE_TIMEOUT_MS: '1000', ...ROOMY_TEMPLATES } });
    try {
      const section =
        '<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>';
      const mjml = `<mjml><mj-body>${section.repeat(6000)}</mj-body></mjml>`; // ~4 s of compiling
      const res = await server.request('POST', '/api/v1/projects', { body: { id: 'huge', mjml } });
      expect(res.status).to.equal(500);
      expect(res.json.code).to.equal('mjml_compile_timeout');
      expect(res.text).to.not.include('    at '); // no stack trace
      expect((await server.request('GET', '/api/v1/projects/huge')).status).to.equal(404);
      const after = await server.request('POST', '/api/v1/projects', { body: { id: 'small', mjml: HELLO } });
      expect(after.status, 'the pool replaced the stopped worker').to.equal(201);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('503 dependency_unavailable when the store stops answering, on /health and on other routes', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('GET', '/v1/health')).status).to.equal(200);
      await server.closeStore();
      const health = await server.request('GET', '/v1/health');
      expect(health.status).to.equal(503);
      expect(health.json.code).to.equal('dependency_unavailable');
      expect(health.headers['retry-after']).to.equal('5');
      const get = await server.request('GET', '/api/v1/projects/any');
      expect([get.status, get.json.code]).to.deep.equal([503, 'dependency_unavailable']);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('keeps everything across a restart on the same data directory', async () => {
    const first = await startTestServer();
    await first.request('POST', '/api/v1/projects', { body: { id: 'durable', mjml: HELLO } });
    await first.request('PUT', '/api/v1/projects/durable', { body: { mjml: HELLO.replace('Hello', 'Again') } });
    const before = await first.request('GET', '/api/v1/projects/durable');
    await first.stop();
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const after = await second.request('GET', '/api/v1/projects/durable');
      expect(after.json).to.deep.equal(before.json);
      const render = await second.request('POST', '/v1/templates/durable/render', { body: { variables: { name: 'Ada' }, revision: 0 } });
      expect(render.json.html).to.include('Hello Ada!');
      const save = await second.request('PUT', '/api/v1/projects/durable', { body: { mjml: HELLO } });
      expect(save.json.revision).to.equal(2);
    } finally {
      await second.stop();
      second.cleanup();
    }
  });
});
