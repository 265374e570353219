/**
 * The render fast path (src/http/fast-render.ts) answers as the Koa chain does: the same requests sent to a
 * server with RENDER_FAST_PATH=1 and to one with RENDER_FAST_PATH=0 get the same status, body bytes and the
 * headers that matter; metrics count a fast-path render under its route, and the access log names it.
 */
import { expect } from 'chai';
import { startTestServer, mjmlPage, type Response, type TestServer } from '../support/server.js';

/** Headers whose values must agree (lower case); values that vary per request are compared by shape below. */
const SAME = [
  'content-type',
  'content-encoding',
  'x-request-id',
  'x-cache',
  'x-template-revision',
  'x-template-published-sha256',
  'x-missing-variables',
  'x-missing-variable-paths',
  'content-language',
  'cache-control',
  'vary',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'www-authenticate',
  'x-content-type-options',
  'content-security-policy',
  'allow',
  'retry-after',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

type Options = Parameters<TestServer['request']>[2];

describe('API: the render fast path answers as the Koa chain does', function () {
  this.timeout(60_000);
  const env = { RATE_LIMIT_PER_MINUTE: '1000', CORS_ORIGINS: 'https://app.example.com', RENDER_MIN_REVISION_WAIT_MS: '50' };
  let fast: TestServer;
  let koa: TestServer;
  /** Per server: a key without `templates:render`, and one allowed a single request a minute. */
  const keys = new Map<TestServer, { reader: string; once: string }>();

  before(async () => {
    [fast, koa] = await Promise.all([
      startTestServer({ env: { ...env, RENDER_FAST_PATH: '1' } }),
      startTestServer({ env: { ...env, RENDER_FAST_PATH: '0' } }),
    ]);
    for (const server of [fast, koa]) {
      const mjml = mjmlPage('Hello {{name}}, order {{order.number}}');
      expect((await server.request('POST', '/v1/projects', { body: { id: 'welcome', mjml } })).status).to.equal(201);
      const reader = await server.request('POST', '/v1/api-keys', { body: { name: 'reader', scopes: ['projects:read'] } });
      const once = await server.request('POST', '/v1/api-keys', {
        body: { name: 'once', scopes: ['templates:render'], rate_limit_per_minute: 1 },
      });
      keys.set(server, { reader: reader.json.token, once: once.json.token });
    }
  });

  after(async () => {
    for (const server of [fast, koa]) {
      await server?.stop();
      server?.cleanup();
    }
  });

  /** The same request to both servers (`options` may depend on the server: its own keys). */
  let calls = 0;
  /** The same request to both servers (`options` may depend on the server: its own keys), with one X-Request-Id. */
  async function both(path: string, options: (server: TestServer) => Options): Promise<[Response, Response]> {
    const requestId = `same-${++calls}`;
    const withId = (server: TestServer) => {
      const o = options(server) ?? {};
      return { ...o, headers: { 'X-Request-Id': requestId, ...o.headers } };
    };
    const a = await fast.request('POST', path, withId(fast));
    const b = await koa.request('POST', path, withId(koa));
    return [a, b];
  }

  /** The two servers saved the template at different instants, and a 409 waited its own ms: nothing else may differ. */
  const sameInstant = (text: string) =>
    text
      .replace(/"updated_at":"[^"]+"/, '"updated_at":"…"')
      // Each server signs with its own key at its own instant: a receipt is there on both, never the same.
      .replace(/"receipt":"[\w-]+\.[\w-]+\.[\w-]+"/, '"receipt":"<jws>"')
      .replace(/waiting \d+ ms/, 'waiting … ms')
      .replace(/"waited_ms":\d+/, '"waited_ms":…');

  function expectSame([a, b]: [Response, Response], status: number): void {
    expect(a.status, a.text).to.equal(status);
    expect(b.status, b.text).to.equal(status);
    expect(sameInstant(a.text)).to.equal(sameInstant(b.text));
    expect(a.headers['x-template-updated-at'] === undefined).to.equal(b.headers['x-template-updated-at'] === undefined);
    expect(a.headers['letterpress-receipt'] === undefined).to.equal(b.headers['letterpress-receipt'] === undefined);
    for (const name of SAME) expect(a.headers[name], name).to.deep.equal(b.headers[name]);
    expect(a.headers['ratelimit'] === undefined).to.equal(b.headers['ratelimit'] === undefined);
    expect(a.headers['x-ratelimit-reset'] === undefined).to.equal(b.headers['x-ratelimit-reset'] === undefined);
    if (a.headers['content-encoding'] === undefined) expect(a.headers['content-length']).to.equal(b.headers['content-length']);
    expect(Number(a.headers['content-length'])).to.equal(a.raw.length); // written once, its length known
  }

  const id = (name: string) => ({ 'X-Request-Id': name });
  const unsafeId = { 'X-Request-Id': 'not a safe id!' };
  const render = { variables: { name: 'Ada', order: { number: 'A-1' } } };
  const path = '/v1/templates/welcome/render';

  it('JSON render (both prefixes), HIT and MISS alike', async () => {
    expectSame(await both(path, () => ({ body: render, headers: id('json-1') })), 200);
    expectSame(await both(path, () => ({ body: render, headers: id('json-2') })), 200);
    expectSame(await both('/api/v1/templates/welcome/render', () => ({ body: render, headers: id('json-3') })), 200);
    const [a, b] = await both(path, () => ({ body: render, headers: unsafeId })); // replaced by a UUID on both
    expect(a.status).to.equal(b.status);
    expect(a.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('text/html render, with its template headers and CSP', async () => {
    const pair = await both(path, () => ({ body: { variables: { name: 'Ada' } }, headers: { ...id('html'), Accept: 'text/html' } }));
    expectSame(pair, 200);
    expect(pair[0].headers['content-security-policy']).to.be.a('string');
    expect(pair[0].headers['x-missing-variables']).to.equal('1');
  });

  it('format mjml, and 406 for it as text/html', async () => {
    expectSame(await both(path, () => ({ body: { ...render, format: 'mjml' } })), 200);
    expectSame(await both(path, () => ({ body: { format: 'mjml' }, headers: { Accept: 'text/html' } })), 406);
    // 406 comes before the id is checked: an id no project can have is still a 406 here, a 404 as JSON
    const odd = `/v1/templates/${'x'.repeat(300)}/render`;
    expectSame(await both(odd, () => ({ body: { format: 'mjml' }, headers: { Accept: 'text/html' } })), 406);
    expectSame(await both(odd, () => ({ body: { format: 'mjml' } })), 404);
  });

  it('401 without a key and with a bad key; 403 without the scope', async () => {
    expectSame(await both(path, () => ({ body: render, key: null })), 401);
    expectSame(await both(path, () => ({ body: render, key: 'lp_AAAAAAAAAAAA_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' })), 401);
    expectSame(await both(path, (s) => ({ body: render, key: keys.get(s)!.reader })), 403);
  });

  it('429 past the rate limit', async () => {
    expectSame(await both(path, (s) => ({ body: render, key: keys.get(s)!.once })), 200);
    expectSame(await both(path, (s) => ({ body: render, key: keys.get(s)!.once })), 429);
  });

  it('413 too large, 400 bad JSON, 415 not JSON, 404 unknown template', async () => {
    const big = JSON.stringify({ variables: { x: 'y'.repeat(2100 * 1024) } });
    expectSame(await both(path, () => ({ rawBody: big })), 413);
    expectSame(await both(path, () => ({ rawBody: '{"variables": ' })), 400);
    expectSame(await both(path, () => ({ rawBody: '{}', headers: { 'Content-Type': 'text/plain' } })), 415);
    expectSame(await both('/v1/templates/nope/render', () => ({ body: render })), 404);
  });

  it('a strict render with a variable missing (400 invalid_variables); 409 for a revision not yet visible', async () => {
    expectSame(await both(path, () => ({ body: { variables: { name: 'Ada' }, strict: true } })), 400);
    expectSame(await both(path, () => ({ body: { ...render, min_revision: 99 } })), 409);
  });

  it('gzip: the same compressed bytes, for each way of asking', async () => {
    for (const accept of ['gzip', 'gzip, deflate, br', '*', 'identity;q=0.5, gzip', 'gzip;q=0']) {
      expectSame(await both(path, () => ({ body: render, headers: { 'Accept-Encoding': accept } })), 200);
      // A problem's body is the same text on both (same request id): so must its gzip bytes be.
      const missing = await both('/v1/templates/nope/render', () => ({ body: render, headers: { 'Accept-Encoding': accept } }));
      expectSame(missing, 404);
      expect(missing[0].raw.equals(missing[1].raw), accept).to.equal(true);
    }
    const html = await both(path, () => ({ body: render, headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html' } }));
    expectSame(html, 200);
    expect(html[0].headers['content-encoding']).to.equal('gzip');
    expect(html[0].raw.equals(html[1].raw)).to.equal(true); // the HTML does not carry updated_at
  });

  it('a CORS request (Origin) answers alike', async () => {
    expectSame(await both(path, () => ({ body: render, headers: { Origin: 'https://app.example.com' } })), 200);
  });

  it('metrics count a fast-path render under its route pattern, with its cache outcome', async () => {
    const before = await fast.request('GET', '/metrics');
    const count = (text: string) =>
      Number(
        /letterpress_http_requests_total\{route="\/v1\/templates\/:id\/render",method="POST",status="200"\} (\d+)/.exec(text)?.[1] ?? 0,
      );
    const hits = (text: string) => Number(/letterpress_render_cache_total\{outcome="hit"\} (\d+)/.exec(text)?.[1] ?? 0);
    const rendered = await fast.request('POST', path, { body: render, headers: { 'Accept-Encoding': 'gzip' } });
    expect(rendered.status).to.equal(200);
    // served by the fast path: only it sends a gzipped answer with its length (koa-compress streams it chunked)
    expect(Number(rendered.headers['content-length'])).to.equal(rendered.raw.length);
    const after = await fast.request('GET', '/metrics');
    expect(count(after.text) - count(before.text)).to.equal(1);
    expect(hits(after.text) - hits(before.text)).to.equal(1);
  });
});
