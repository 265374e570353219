/**
 * The API as fetch clients and browsers meet it (issue 21, item 2): conditional GET answers 304 to
 * `fetch()` (which adds `Cache-Control: no-cache` to a request with `If-None-Match`), negotiated answers
 * carry `Vary: Accept`, weak entity tags are refused for writes (412), CORS only for the configured
 * origins with preflights answered before authentication, and no part of a key is ever echoed.
 */
import { expect } from 'chai';
import { mjmlPage, startTestServer, TEST_KEY, useTestServer, type TestServer } from '../support/server.js';

describe('API: fetch clients and browsers', function () {
  this.timeout(30_000);
  const t = useTestServer();

  before(async () => {
    expect((await t.create({ id: 'fetched', mjml: mjmlPage('Hi {{name}}') })).status).to.equal(201);
  });

  it('answers 304 to fetch() revalidating with the ETag it was given (fetch adds Cache-Control: no-cache)', async () => {
    const url = `${t.server.url}/v1/projects/fetched`;
    const first = await fetch(url, { headers: { Authorization: `Bearer ${TEST_KEY}` } });
    expect(first.status).to.equal(200);
    const etag = first.headers.get('etag')!;
    expect(etag).to.equal('"0"');
    const again = await fetch(url, {
      headers: { Authorization: `Bearer ${TEST_KEY}`, 'If-None-Match': etag, 'Cache-Control': 'no-cache' },
    });
    expect(again.status).to.equal(304);
    expect(again.headers.get('etag')).to.equal(etag);
    expect(await again.text()).to.equal('');
    // a list, a weak form and * match too (RFC 9110 §13.1.2, weak comparison); another revision does not
    for (const header of ['"7", "0"', 'W/"0"', '*']) {
      expect((await t.server.request('GET', '/v1/projects/fetched', { headers: { 'If-None-Match': header } })).status, header).to.equal(
        304,
      );
    }
    expect((await t.server.request('GET', '/v1/projects/fetched', { headers: { 'If-None-Match': '"1"' } })).status).to.equal(200);
  });

  it('says Vary: Accept on a render, whose form depends on Accept', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.server.request('POST', '/v1/templates/fetched/render', {
        body: { variables: { name: 'Ada' } },
        headers: { Accept: accept },
      });
      expect(res.status, accept).to.equal(200);
      expect(String(res.headers['vary']).split(/,\s*/), accept).to.include('Accept');
    }
  });

  it('refuses a weak If-Match on a write with 412 naming the strong tag to send, and appends nothing', async () => {
    const res = await t.server.request('PUT', '/v1/projects/fetched', {
      body: { mjml: mjmlPage('Bye {{name}}') },
      headers: { 'If-Match': 'W/"0"' },
    });
    expect(res.status).to.equal(412);
    expect(res.json.code).to.equal('revision_mismatch');
    expect(res.json.detail).to.include('If-Match: "0"');
    expect((await t.server.request('GET', '/v1/projects/fetched')).json.revision).to.equal(0);
  });

  it('never echoes a key sent without "Bearer"', async () => {
    const res = await t.server.request('GET', '/v1/projects', { key: null, headers: { Authorization: TEST_KEY } });
    expect(res.status).to.equal(401);
    expect(res.json.code).to.equal('missing_api_key');
    expect(res.text).to.not.include(TEST_KEY.slice(0, 8));
    expect(String(res.headers['www-authenticate'])).to.not.include(TEST_KEY.slice(0, 8));
  });

  it('answers /health at the root as under /v1 (any valid key)', async () => {
    expect((await t.server.request('GET', '/health', { key: null })).status).to.equal(401);
    const res = await t.server.request('GET', '/health');
    expect(res.status).to.equal(200);
    expect(res.json.status).to.equal('ok');
  });

  it('without CORS_ORIGINS: a preflight gets 204 without a key and no CORS headers; answers carry none', async () => {
    const preflight = await t.server.request('OPTIONS', '/v1/projects', {
      key: null,
      headers: {
        Origin: 'https://app.example.com',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers['access-control-allow-origin']).to.equal(undefined);
    const res = await t.server.request('GET', '/v1/projects', { headers: { Origin: 'https://app.example.com' } });
    expect(res.status).to.equal(200);
    expect(res.headers['access-control-allow-origin']).to.equal(undefined);
  });
});

describe('API: CORS_ORIGINS', function () {
  this.timeout(30_000);
  let server: TestServer;
  const allowed = 'https://app.example.com';
  before(async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: `${allowed}, http://localhost:5173` } });
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('answers a preflight from an allowed origin without a key, echoing only that origin', async () => {
    const res = await server.request('OPTIONS', '/v1/templates/x/render', {
      key: null,
      headers: {
        Origin: allowed,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(res.status).to.equal(204);
    expect(res.headers['access-control-allow-origin']).to.equal(allowed);
    expect(String(res.headers['access-control-allow-methods'])).to.include('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).to.include('authorization').and.include('idempotency-key');
    expect(res.headers['access-control-allow-credentials']).to.equal(undefined);
    expect(String(res.headers['vary'])).to.include('Origin');
  });

  it('gives another origin no CORS headers, on a preflight or an answer', async () => {
    const preflight = await server.request('OPTIONS', '/v1/projects', {
      key: null,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers['access-control-allow-origin']).to.equal(undefined);
    const res = await server.request('GET', '/v1/projects', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).to.equal(undefined);
  });

  it('lets an allowed origin read the answer and its headers (ETag, X-Request-Id…), problems included', async () => {
    const res = await server.request('GET', '/v1/projects', { headers: { Origin: allowed } });
    expect(res.status).to.equal(200);
    expect(res.headers['access-control-allow-origin']).to.equal(allowed);
    const exposed = String(res.headers['access-control-expose-headers']).split(',');
    expect(exposed).to.include.members(['ETag', 'Location', 'Retry-After', 'X-Request-Id', 'RateLimit', 'X-Cache']);
    const refused = await server.request('GET', '/v1/projects', { key: null, headers: { Origin: allowed } });
    expect(refused.status).to.equal(401);
    expect(refused.headers['access-control-allow-origin']).to.equal(allowed);
  });

  it('refuses to start on a CORS_ORIGINS entry that is not an origin, naming it', async () => {
    let error: unknown;
    try {
      const bad = await startTestServer({ env: { CORS_ORIGINS: 'https://app.example.com/' } });
      await bad.stop();
      bad.cleanup();
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.include('CORS_ORIGINS').and.include('https://app.example.com/').and.include('is not an origin');
  });
});
