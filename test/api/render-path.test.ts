/**
 * The render path under hostile input, over real HTTP: every case the render-path issue measured ends
 * in a precise 4xx (or the spec's 500 for a compile past its deadline), and the server goes on serving
 * normal requests afterwards. Limits are set small through the environment so the tests stay fast.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import type { Scope } from '../../src/application/ports/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { startTestServer, type Response, type TestServer } from '../support/server.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const HELLO = page('Hello {{name}}!');

async function issueKey(server: TestServer, scopes: Scope[]): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    return (await new ApiKeys(new SqliteApiKeyStore(db)).issue({ name: 'test', workspace: 'default', scopes })).token;
  } finally {
    db.close();
  }
}

/** The server still creates and renders a normal template, and /health answers. */
async function stillServing(server: TestServer): Promise<void> {
  const id = `ok-${Math.random().toString(36).slice(2)}`;
  const created = await server.request('POST', '/v1/projects', { body: { id, mjml: HELLO } });
  expect(created.status, created.text).to.equal(201);
  const rendered = await server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' } } });
  expect(rendered.status, rendered.text).to.equal(200);
  expect(rendered.json.html).to.include('Hello Ada!');
  expect((await server.request('GET', '/v1/health')).status).to.equal(200);
}

function expectProblem(res: Response, status: number, code: string, limit?: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.json.code).to.equal(code);
  if (limit !== undefined) expect(res.json.limit).to.equal(limit);
}

describe('Render path: budgets, limits and the compile pool over HTTP', function () {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({
      env: {
        RENDER_MAX_BYTES: '200000',
        RENDER_MAX_ITERATIONS: '50000',
        TEMPLATE_MAX_SOURCE_BYTES: '16384',
        TEMPLATE_MAX_INCLUDES_BYTES: '8192',
        TEMPLATE_MAX_NODES: '400',
        TEMPLATE_MAX_DEPTH: '40',
        TEMPLATE_MAX_EXPRESSIONS: '100',
        TEMPLATE_MAX_HTML_BYTES: '30000',
        METADATA_MAX_BYTES: '2097152', // over the 1 MiB event cap, which the 1.1 MB metadata case below is about
      },
    });
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('a 39 KB render request with nested #each over 13,000 items gets 400 render_limit_exceeded (it once killed the process)', async () => {
    const created = await server.request('POST', '/v1/projects', {
      body: { id: 'nested-each', mjml: page('{{#each a}}{{#each ../a}}x{{/each}}{{/each}}') },
    });
    expect(created.status, created.text).to.equal(201);
    const renderOnly = await issueKey(server, ['templates:render']);
    const variables = { a: new Array(13_000).fill(0) };
    const res = await server.request('POST', '/v1/templates/nested-each/render', { body: { variables }, key: renderOnly });
    expectProblem(res, 400, 'render_limit_exceeded', 'RENDER_MAX_ITERATIONS');
    expect(res.json.max).to.equal(50000);
    await stillServing(server);
  });

  it('output past RENDER_MAX_BYTES stops with 400 render_limit_exceeded, also from plain expressions', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'big-output', mjml: page('{{a}}{{a}}{{a}}{{a}}{{a}}') } });
    expect(created.status, created.text).to.equal(201);
    const fits = await server.request('POST', '/v1/templates/big-output/render', { body: { variables: { a: 'x'.repeat(1000) } } });
    expect(fits.status).to.equal(200);
    const res = await server.request('POST', '/v1/templates/big-output/render', { body: { variables: { a: '&'.repeat(20_000) } } });
    expectProblem(res, 400, 'render_limit_exceeded', 'RENDER_MAX_BYTES');
    await stillServing(server);
  });

  it('a write answers from its own events: what POST and PUT return is what GET then serves', async () => {
    const createdRes = await server.request('POST', '/v1/projects', { body: { id: 'echo', metadata: { name: 'Echo' }, mjml: HELLO } });
    const { warnings: _created, unchanged: createdUnchanged, ...createdProject } = createdRes.json; // a write response adds warnings and unchanged
    expect([createdRes.status, createdUnchanged]).to.deep.equal([201, false]);
    expect(createdProject).to.deep.equal((await server.request('GET', '/v1/projects/echo')).json);
    const savedRes = await server.request('PUT', '/v1/projects/echo', {
      body: { mjml: HELLO.replace('Hello', 'Hi') },
      headers: { 'If-Match': '"0"' },
    });
    const { warnings: _saved, unchanged: savedUnchanged, ...savedProject } = savedRes.json;
    expect([savedRes.status, savedProject.revision, savedProject.metadata, savedUnchanged]).to.deep.equal([
      200,
      1,
      { name: 'Echo' },
      false,
    ]);
    expect(savedProject).to.deep.equal((await server.request('GET', '/v1/projects/echo')).json);
  });

  it('every render names the SHA-256 of the published HTML it rendered, per revision', async () => {
    const body = { variables: { name: 'Ada' } };
    expect((await server.request('POST', '/v1/projects', { body: { id: 'traced', mjml: HELLO } })).status).to.equal(201);
    expect((await server.request('PUT', '/v1/projects/traced', { body: { mjml: HELLO.replace('Hello', 'Hi') } })).status).to.equal(200);
    for (const revision of [0, 1]) {
      const published = (await server.request('GET', `/v1/projects/traced?revision=${revision}`)).json.published_html as string;
      const expected = createHash('sha256').update(published, 'utf8').digest('hex');
      const json = await server.request('POST', '/v1/templates/traced/render', { body: { ...body, revision } });
      const mjml = await server.request('POST', '/v1/templates/traced/render', { body: { format: 'mjml', revision } });
      const html = await server.request('POST', '/v1/templates/traced/render', {
        body: { ...body, revision },
        headers: { Accept: 'text/html' },
      });
      expect([json.json.published_sha256, mjml.json.published_sha256, html.headers['x-template-published-sha256']]).to.deep.equal([
        expected,
        expected,
        expected,
      ]);
    }
  });

  it('the JSON answer is exact whichever way it was produced: escaped while rendering, or after (partials, near the limit)', async () => {
    const partials = page('{{#*inline "row"}}<b>{{this}}</b>\n{{/inline}}{{#each rows}}  {{> row}}\n{{/each}}');
    expect((await server.request('POST', '/v1/projects', { body: { id: 'with-partials', mjml: partials } })).status).to.equal(201);
    expect((await server.request('POST', '/v1/projects', { body: { id: 'quotes', mjml: page('{{{a}}}') } })).status).to.equal(201);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['with-partials', { rows: ['a"1', 'b\\2'] }],
      ['quotes', { a: '"'.repeat(150_000) }], // 150 KB of HTML fits RENDER_MAX_BYTES; escaped for JSON it would not
      ['big-output', { a: 'x\n"y"' }],
    ];
    for (const [id, variables] of cases) {
      // A revision's first JSON renders escape the HTML afterwards; once it renders from the cache its
      // escaping form is compiled in the background, and the renders after that write escaped output.
      // (Without a receipt: a signed render digests the plain HTML, so it never takes the escaped form.)
      await server.request('POST', `/v1/templates/${id}/render`, { body: { variables: {}, receipt: false } });
      await server.request('POST', `/v1/templates/${id}/render`, { body: { variables: {}, receipt: false } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const json = await server.request('POST', `/v1/templates/${id}/render`, { body: { variables, receipt: false } });
      const signed = await server.request('POST', `/v1/templates/${id}/render`, { body: { variables } });
      const html = await server.request('POST', `/v1/templates/${id}/render`, { body: { variables }, headers: { Accept: 'text/html' } });
      expect([json.status, signed.status, html.status], json.text.slice(0, 300)).to.deep.equal([200, 200, 200]);
      expect(json.json.html, id).to.equal(html.text);
      expect(signed.json.html, id).to.equal(html.text);
    }
  });

  it('{{log}} is refused at save as an unknown helper (stored revisions that have it render nothing: unit tests)', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'logger', mjml: page('A{{log line}}B') } });
    expect(created.status, created.text).to.equal(400);
    expect(created.json.code).to.equal('unknown_helper');
    expect(created.json.unknown_helpers).to.deep.equal(['log']);
    expect(created.json.detail).to.match(/^Unknown Handlebars helper: log \(line 1 of the template\)\. Available helpers: abs, add, and, /);
  });

  it('a helper given a value it cannot use answers 400 render_failed naming the helper and the argument', async () => {
    const created = await server.request('POST', '/v1/projects', {
      body: { id: 'priced', mjml: page('Total: {{currency total code="EUR"}}') },
    });
    expect(created.status, created.text).to.equal(201);
    const ok = await server.request('POST', '/v1/templates/priced/render', { body: { variables: { total: 1234.5 } } });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.json.html).to.include('Total: €1,234.50');
    const bad = await server.request('POST', '/v1/templates/priced/render', { body: { variables: { total: 'abc' } } });
    expectProblem(bad, 400, 'render_failed');
    expect(bad.json.detail).to.include('currency: the amount must be a number, got a string of 3 characters');
  });

  it('refuses byte sizes over their limits with 413 template_too_large naming the limit and the size found', async () => {
    const source = page(`{{a}} ${'lorem ipsum '.repeat(1500)}`);
    const res = await server.request('POST', '/v1/projects', { body: { mjml: source } });
    expectProblem(res, 413, 'template_too_large', 'TEMPLATE_MAX_SOURCE_BYTES');
    expect(res.json).to.include({ max: 16384, found: Buffer.byteLength(source) });
    const includes = await server.request('POST', '/v1/projects', {
      body: {
        mjml: '<mjml><mj-body><mj-include path="a.mjml" /></mj-body></mjml>',
        includes: { 'a.mjml': `<mj-raw>${'x'.repeat(9000)}</mj-raw>` },
      },
    });
    expectProblem(includes, 413, 'template_too_large', 'TEMPLATE_MAX_INCLUDES_BYTES');
    const sections = '<mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section>'.repeat(40); // 3 KB that compiles to 50 KB
    const html = await server.request('POST', '/v1/projects', { body: { mjml: `<mjml><mj-body>${sections}</mj-body></mjml>` } });
    expectProblem(html, 413, 'template_too_large', 'TEMPLATE_MAX_HTML_BYTES');
    await stillServing(server);
  });

  it('refuses too many expressions, elements or levels with 400 template_too_complex', async () => {
    const expressions = await server.request('POST', '/v1/projects', { body: { mjml: page('{{a}}'.repeat(101)) } });
    expectProblem(expressions, 400, 'template_too_complex', 'TEMPLATE_MAX_EXPRESSIONS');
    expect(expressions.json.found).to.equal(101);
    const deep = await server.request('POST', '/v1/projects', {
      body: { mjml: `<mjml><mj-body><mj-raw>${'<div>'.repeat(100)}${'</div>'.repeat(100)}</mj-raw></mj-body></mjml>` },
    });
    expectProblem(deep, 400, 'template_too_complex', 'TEMPLATE_MAX_DEPTH');
    const wide = await server.request('POST', '/v1/projects', {
      body: { mjml: `<mjml><mj-body><mj-raw>${'<b>x</b>'.repeat(500)}</mj-raw></mj-body></mjml>` },
    });
    expectProblem(wide, 400, 'template_too_complex', 'TEMPLATE_MAX_NODES');
    const ast = {
      tagName: 'mjml',
      children: [{ tagName: 'mj-body', children: Array.from({ length: 450 }, () => ({ tagName: 'mj-raw', content: 'x' })) }],
    };
    expectProblem(await server.request('POST', '/v1/projects', { body: { ast } }), 400, 'template_too_complex', 'TEMPLATE_MAX_NODES');
    await stillServing(server);
  });

  it('refuses an event over 1 MiB (KurrentDB append limit) with 413 before anything is stored', async () => {
    const res = await server.request('POST', '/v1/projects', {
      body: { id: 'fat', mjml: HELLO, metadata: { notes: 'n'.repeat(1_100_000) } },
    });
    expectProblem(res, 413, 'template_too_large', 'MAX_EVENT_BYTES');
    expect((await server.request('GET', '/v1/projects/fat')).status).to.equal(404);
  });

  it('twenty concurrent misses of one revision compile it once', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'crowd', mjml: HELLO } });
    expect(created.status).to.equal(201);
    const before = (await server.request('GET', '/v1/health')).json.render_cache_loads as number;
    const renders = await Promise.all(
      Array.from({ length: 20 }, () => server.request('POST', '/v1/templates/crowd/render', { body: { variables: { name: 'Ada' } } })),
    );
    expect(renders.map((r) => r.status)).to.deep.equal(new Array(20).fill(200));
    expect(renders.every((r) => r.json.html.includes('Hello Ada!'))).to.equal(true);
    const after = (await server.request('GET', '/v1/health')).json.render_cache_loads as number;
    expect(after - before).to.equal(1);
  });

  it('Accept: text/html returns the rendered HTML itself with the revision in headers; the same bytes as the JSON form', async () => {
    const created = await server.request('POST', '/v1/projects', { body: { id: 'raw', mjml: HELLO } });
    expect(created.status).to.equal(201);
    const body = { variables: { name: 'Ada & Bob' } };
    const json = await server.request('POST', '/v1/templates/raw/render', { body });
    const html = await server.request('POST', '/v1/templates/raw/render', { body, headers: { Accept: 'text/html' } });
    expect(html.status).to.equal(200);
    expect(html.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(html.headers['x-template-revision']).to.equal('0');
    expect(html.headers['x-template-updated-at']).to.equal(json.json.updated_at);
    expect(html.headers['x-template-published-sha256']).to.equal(json.json.published_sha256);
    expect(html.headers['x-cache']).to.equal('HIT');
    expect(html.text).to.equal(json.json.html);
    const gz = await server.request('POST', '/v1/templates/raw/render', {
      body,
      headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.text).to.equal(json.json.html);
    const mjml = await server.request('POST', '/v1/templates/raw/render', { body: { format: 'mjml' }, headers: { Accept: 'text/html' } });
    expectProblem(mjml, 406, 'not_acceptable');
  });
});

describe('Render path: the compile queue and deadlines', function () {
  /** ~4 s of mjml2html: a job that is always past a 1 s deadline. */
  const SLOW = `<mjml><mj-body>${'<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>'.repeat(6000)}</mj-body></mjml>`;
  const ROOMY = {
    COMPILE_TIMEOUT_MS: '1000',
    TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
    TEMPLATE_MAX_NODES: '1000000',
    TEMPLATE_MAX_EXPRESSIONS: '1000000',
    TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
    BODY_LIMIT_KB: '8192',
  };

  it('a valid template sent just after a slow one is created: its deadline counts only its own running time', async () => {
    const server = await startTestServer({ env: ROOMY });
    try {
      const slow = server.request('POST', '/v1/projects', { body: { id: 'slow', mjml: SLOW } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const small = server.request('POST', '/v1/projects', { body: { id: 'small', mjml: HELLO } });
      const health = await server.request('GET', '/v1/health');
      expect(health.status, 'the event loop answers while a compile runs').to.equal(200);
      const [slowRes, smallRes] = await Promise.all([slow, small]);
      expectProblem(slowRes, 500, 'mjml_compile_timeout');
      expect(smallRes.status, smallRes.text).to.equal(201);
      await stillServing(server);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('a full queue answers 503 compile_queue_full with Retry-After at once, never a 500', async () => {
    const server = await startTestServer({ env: { ...ROOMY, COMPILE_QUEUE_MAX: '0' } });
    try {
      // The worker free first: a create answered means the start-up warm-up compile no longer holds it (on a loaded
      // machine it could, and the slow create itself would be the one refused).
      expect((await server.request('POST', '/v1/projects', { body: { id: 'warm', mjml: HELLO } })).status).to.equal(201);
      const slow = server.request('POST', '/v1/projects', { body: { id: 'slow', mjml: SLOW } });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the slow job is in the worker by then (it runs 1 s)
      const refused = await server.request('POST', '/v1/projects', { body: { id: 'refused', mjml: HELLO } });
      expectProblem(refused, 503, 'compile_queue_full');
      expect(Number(refused.headers['retry-after'])).to.be.at.least(1);
      expect(refused.json.detail).to.match(/retry/i);
      expect((await slow).status).to.equal(500);
      expect((await server.request('GET', '/v1/projects/refused')).status).to.equal(404);
      await stillServing(server);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });
});
