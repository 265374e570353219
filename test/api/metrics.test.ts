/**
 * GET /metrics: Prometheus text exposition, Bearer-authenticated, labels by route pattern, cache and
 * rate-limit counters. Values are read by parsing the exposition text, never from the code's objects.
 */
import { expect } from 'chai';
import { parseExposition, sum, type Sample } from '../support/exposition.js';
import { mjmlPage, useTestServer } from '../support/server.js';

/** Route labels of requests no route matched (src/http/metrics.ts `routeClass`). */
const FIXED_CLASSES = ['unauthenticated', 'rate_limited', 'not_found', 'preflight', 'unmatched'];

describe('API: GET /metrics (Prometheus)', () => {
  const t = useTestServer();
  const scrape = async (path = '/v1/metrics') => {
    const res = await t.server.request('GET', path);
    expect(res.status).to.equal(200);
    return parseExposition(res.text);
  };

  it('serves the text exposition format under both prefixes, with process metrics', async () => {
    for (const path of ['/v1/metrics', '/api/v1/metrics']) {
      const res = await t.server.request('GET', path);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
      expect(res.text).to.match(/^# TYPE letterpress_http_requests_total counter$/m);
      expect(res.text).to.match(/^# TYPE letterpress_http_request_duration_seconds histogram$/m);
      expect(res.text).to.match(/^process_cpu_user_seconds_total /m);
      expect(res.text).to.match(/^letterpress_compile_queue_depth 0$/m);
      expect(res.text).to.match(/^letterpress_projection_caught_up [01]$/m);
    }
  });

  it('refuses an unauthenticated scrape with 401', async () => {
    const res = await t.server.request('GET', '/v1/metrics', { key: null });
    expect(res.status).to.equal(401);
    expect(res.text).to.not.include('letterpress_http_requests_total');
  });

  it('counts renders by route pattern (never raw ids), and the cache hit and miss', async () => {
    const id = 'metrics-render-7f3a';
    const route = '/v1/templates/:id/render';
    const before = await scrape();
    expect((await t.create({ id, mjml: mjmlPage('Hi {{name}}') })).status).to.equal(201);
    const first = await t.render(id, { variables: { name: 'A' } });
    const second = await t.render(id, { variables: { name: 'B' } });
    expect([first.status, first.headers['x-cache'], second.status, second.headers['x-cache']]).to.deep.equal([200, 'MISS', 200, 'HIT']);
    const after = await scrape();

    const renders = (s: Sample[]) => sum(s, 'letterpress_http_requests_total', { route, method: 'POST', status: '200' });
    expect(renders(after) - renders(before)).to.equal(2);
    expect(
      sum(after, 'letterpress_http_request_duration_seconds_count', { route }) -
        sum(before, 'letterpress_http_request_duration_seconds_count', { route }),
    ).to.equal(2);
    expect(sum(after, 'letterpress_http_requests_total', { route: '/v1/projects', method: 'POST', status: '201' })).to.be.at.least(1);
    expect(
      sum(after, 'letterpress_render_cache_total', { outcome: 'hit' }) - sum(before, 'letterpress_render_cache_total', { outcome: 'hit' }),
    ).to.equal(1);
    expect(
      sum(after, 'letterpress_render_cache_total', { outcome: 'miss' }) -
        sum(before, 'letterpress_render_cache_total', { outcome: 'miss' }),
    ).to.equal(1);
    expect(sum(after, 'letterpress_compile_duration_seconds_count')).to.be.at.least(1);
    // The miss put one compiled revision in the render cache, counted in bytes (other tests' entries may be there too).
    expect(sum(after, 'letterpress_render_cache_entries') - sum(before, 'letterpress_render_cache_entries')).to.equal(1);
    expect(sum(after, 'letterpress_render_cache_bytes') - sum(before, 'letterpress_render_cache_bytes')).to.be.greaterThan(8 * 1024);

    // Bounded labels: no raw id anywhere, every route label a pattern or a fixed class.
    const routes = new Set(after.filter((s) => s.labels['route'] !== undefined).map((s) => s.labels['route']!));
    for (const r of routes) {
      expect(r).to.not.include(id);
      expect(FIXED_CLASSES.includes(r) || /^\/((api\/)?v1\/|health$|metrics$)/.test(r), r).to.equal(true);
    }
    expect(routes).to.include(route);
  });

  it('labels an unknown path "not_found", a refused key "unauthenticated", never the raw path', async () => {
    const count = (samples: Sample[], route: string, status: string) => sum(samples, 'letterpress_http_requests_total', { route, status });
    const before = await scrape();
    expect((await t.server.request('GET', '/v1/no-such-thing/123')).status).to.equal(404);
    expect((await t.server.request('GET', '/v1/projects/secret-id-401', { key: 'lp_not-a-key-of-this-server' })).status).to.equal(401);
    const samples = await scrape();
    expect(count(samples, 'not_found', '404') - count(before, 'not_found', '404')).to.equal(1);
    expect(count(samples, 'unauthenticated', '401') - count(before, 'unauthenticated', '401')).to.equal(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('no-such-thing') || v.includes('secret-id-401')))).to.equal(
      false,
    );
    expect(sum(samples, 'letterpress_http_requests_total', { route: 'unmatched' })).to.equal(0);
  });

  it('names the build in letterpress_build_info (constant 1)', async () => {
    const info = (await scrape()).filter((s) => s.name === 'letterpress_build_info');
    expect(info).to.have.length(1);
    expect(info[0]!.value).to.equal(1);
    expect(info[0]!.labels).to.have.keys('version', 'node', 'mjml', 'store');
    expect(info[0]!.labels['node']).to.equal(process.version);
    expect(info[0]!.labels['store']).to.equal('sqlite');
  });

  it('serves /metrics at the root too, under the same rule (any valid key)', async () => {
    expect((await t.server.request('GET', '/metrics', { key: null })).status).to.equal(401);
    const res = await t.server.request('GET', '/metrics');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/^# TYPE letterpress_http_requests_total counter$/m);
  });

  it('counts a 429 from the rate limit as a rejection', async () => {
    const created = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'tight', scopes: ['projects:read'], rate_limit_per_minute: 1 },
    });
    expect(created.status).to.equal(201);
    const tight: string = created.json.token;
    const before = sum(await scrape(), 'letterpress_rate_limit_rejections_total');
    expect((await t.server.request('GET', '/v1/projects', { key: tight })).status).to.equal(200);
    expect((await t.server.request('GET', '/v1/projects', { key: tight })).status).to.equal(429);
    const after = await scrape();
    expect(sum(after, 'letterpress_rate_limit_rejections_total') - before).to.equal(1);
    expect(sum(after, 'letterpress_http_requests_total', { route: 'rate_limited', status: '429' })).to.be.at.least(1);
  });
});

describe('API: GET /metrics after a compile timeout', function () {
  this.timeout(60_000);
  const t = useTestServer({
    env: {
      COMPILE_TIMEOUT_MS: '1000',
      TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
      TEMPLATE_MAX_NODES: '1000000',
      TEMPLATE_MAX_EXPRESSIONS: '1000000',
      TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
      BODY_LIMIT_KB: '8192',
    },
  });

  it('counts the stopped job in letterpress_compile_timeouts_total and as a timeout duration', async () => {
    const section =
      '<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>';
    const res = await t.create({ id: 'too-slow', mjml: `<mjml><mj-body>${section.repeat(6000)}</mj-body></mjml>` }); // ~4 s of MJML
    expect([res.status, res.json.code]).to.deep.equal([500, 'mjml_compile_timeout']);
    const samples = parseExposition((await t.server.request('GET', '/v1/metrics')).text);
    expect(sum(samples, 'letterpress_compile_timeouts_total')).to.equal(1);
    expect(sum(samples, 'letterpress_compile_duration_seconds_count', { outcome: 'timeout' })).to.equal(1);
    expect(sum(samples, 'letterpress_compile_duration_seconds_sum', { outcome: 'timeout' })).to.be.at.least(1);
    expect(sum(samples, 'letterpress_http_requests_total', { route: '/v1/projects', method: 'POST', status: '500' })).to.equal(1);
  });
});
