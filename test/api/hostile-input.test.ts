/**
 * Hostile input over HTTP (issue 10, item 4): each case must be a 4xx (or 501) RFC 9457 problem with
 * its `code`, the RFC 6901 pointer or `Allow` where they apply, and none of the body's bytes in the
 * answer. Expected pointers and positions are written out by hand or computed from the request, never
 * read back from the code under test.
 */
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { mjmlPage, TEST_KEY, useTestServer } from '../support/server.js';

const MARKER = 'SECRET-MARKER-123';
const PAGE = mjmlPage('Hello {{name}}');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One request with exact bytes and headers (the shared helper sends only JSON strings). */
function hit(
  base: string,
  method: string,
  path: string,
  options: { body?: Buffer | string; headers?: Record<string, string>; key?: string | null } = {},
): Promise<Reply> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = {
    ...(options.key === null ? {} : { Authorization: `Bearer ${options.key ?? TEST_KEY}` }),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
    ...(body && !options.headers?.['Transfer-Encoding'] ? { 'Content-Length': String(body.length) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Write `head` on a raw TCP connection and read until the server closes it; the status and problem parsed from the bytes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function exchange(base: string, head: string): Promise<{ status: number; text: string; json: any }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
      let json: unknown;
      try {
        json = JSON.parse(bodyText);
      } catch {
        json = undefined;
      }
      resolve({ status, text, json });
    });
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectProblem(res: { status: number; text: string; json: any }, status: number, code: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.json?.code, res.text).to.equal(code);
  expect(res.json?.status).to.equal(status);
  expect(res.text).not.to.include(MARKER);
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** `depth` nested objects `{"a": … }` around `inner`, as raw JSON text. */
const nested = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const good = (id: string) => json({ id, mjml: PAGE, metadata: { note: MARKER } });

describe('Hostile input over HTTP', function () {
  this.timeout(30_000);
  const t = useTestServer();
  const url = () => t.server.url;

  describe('request bodies in a Content-Encoding', () => {
    const cases: Array<{ name: string; coding: string; body: () => Buffer; status: number; code: string }> = [
      { name: 'truncated gzip', coding: 'gzip', body: () => gzipSync(good('x1')).subarray(0, 20), status: 400, code: 'malformed_body' },
      {
        name: 'garbage declared gzip',
        coding: 'gzip',
        body: () => Buffer.from(`{"mjml": "${MARKER}"}`),
        status: 400,
        code: 'malformed_body',
      },
      {
        name: 'garbage declared deflate',
        coding: 'deflate',
        body: () => Buffer.from(`${MARKER} not deflate`),
        status: 400,
        code: 'malformed_body',
      },
      {
        name: 'garbage declared br',
        coding: 'br',
        body: () => Buffer.from(`${MARKER} not brotli at all`),
        status: 400,
        code: 'malformed_body',
      },
      {
        name: 'truncated br',
        coding: 'br',
        body: () => brotliCompressSync(good('x2')).subarray(0, 8),
        status: 400,
        code: 'malformed_body',
      },
      { name: 'unknown coding zstd', coding: 'zstd', body: () => good('x3'), status: 415, code: 'unsupported_media_type' },
      {
        name: 'two codings',
        coding: 'gzip, br',
        body: () => brotliCompressSync(gzipSync(good('x4'))),
        status: 415,
        code: 'unsupported_media_type',
      },
    ];
    for (const c of cases) {
      it(`${c.name} → ${c.status} ${c.code}`, async () => {
        const res = await hit(url(), 'POST', '/v1/projects', { body: c.body(), headers: { 'Content-Encoding': c.coding } });
        expectProblem(res, c.status, c.code);
        if (c.status === 415) expect(res.headers['accept-encoding']).to.equal('gzip, deflate, br'); // RFC 9110 §15.5.16
      });
    }

    it('decodes valid gzip, deflate, br, and the coding name case-insensitively (x-gzip is gzip)', async () => {
      const bodies: Array<[string, Buffer]> = [
        ['gzip', gzipSync(json({ id: 'enc-gzip', mjml: PAGE }))],
        ['deflate', deflateSync(json({ id: 'enc-deflate', mjml: PAGE }))],
        ['br', brotliCompressSync(json({ id: 'enc-br', mjml: PAGE }))],
        ['GZIP', gzipSync(json({ id: 'enc-upper', mjml: PAGE }))],
        ['x-gzip', gzipSync(json({ id: 'enc-x', mjml: PAGE }))],
      ];
      for (const [coding, body] of bodies) {
        const res = await hit(url(), 'POST', '/v1/projects', { body, headers: { 'Content-Encoding': coding } });
        expect(res.status, `${coding}: ${res.text}`).to.equal(201);
      }
    });

    it('applies the body limit to the decoded size: 10 MB of zeros gzipped to a few KB is 413', async () => {
      const bomb = gzipSync(Buffer.concat([Buffer.from('{"id":"bomb","mjml":"'), Buffer.alloc(10 * 1024 * 1024, 0x30), Buffer.from('"}')]));
      expect(bomb.length).to.be.below(64 * 1024); // far under the 2 MB limit on the wire
      const res = await hit(url(), 'POST', '/v1/projects', { body: bomb, headers: { 'Content-Encoding': 'gzip' } });
      expectProblem(res, 413, 'payload_too_large');
      expect((await hit(url(), 'GET', '/v1/projects/bomb')).status).to.equal(404);
    });

    it('bounds the size on the wire too: 2.2 MB of empty gzip members (decoding to nothing) is 413', async () => {
      const empty = gzipSync(Buffer.alloc(0));
      const members = Buffer.concat([
        gzipSync(Buffer.from('{"id":"void"')),
        ...new Array(Math.ceil((2.2 * 1024 * 1024) / empty.length)).fill(empty),
        gzipSync(Buffer.from(',"mjml":"x"}')),
      ]);
      const res = await hit(url(), 'POST', '/v1/projects', {
        body: members,
        headers: { 'Content-Encoding': 'gzip', 'Transfer-Encoding': 'chunked' },
      });
      expectProblem(res, 413, 'payload_too_large');
    });

    it('refuses a charset other than UTF-8 (415) and bytes that are not UTF-8 (400 malformed_body)', async () => {
      const latin1 = await hit(url(), 'POST', '/v1/projects', {
        body: good('cs1'),
        headers: { 'Content-Type': 'application/json; charset=latin1' },
      });
      expectProblem(latin1, 415, 'unsupported_media_type');
      const bytes = Buffer.concat([Buffer.from(`{"mjml": "${MARKER}`), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
      expectProblem(await hit(url(), 'POST', '/v1/projects', { body: bytes }), 400, 'malformed_body');
    });
  });

  describe('malformed JSON', () => {
    const cases: Array<{ name: string; body: string; position: number; line: number; column: number }> = [
      { name: 'a bare word', body: `{"id": "x", "mjml": ${MARKER}}`, position: 20, line: 1, column: 21 },
      { name: 'content after the value', body: `{"id": "x"} ${MARKER}`, position: 12, line: 1, column: 13 },
      { name: 'an unterminated string', body: `{"id": "${MARKER}`, position: 25, line: 1, column: 26 },
      { name: 'a trailing comma, on line 3', body: `{\n "a": 1,\n "b": "${MARKER}",\n}`, position: 38, line: 4, column: 1 },
      { name: 'a raw control character in a string', body: `{"a": "${MARKER}\u0001"}`, position: 24, line: 1, column: 25 },
    ];
    for (const c of cases) {
      it(`${c.name}: 400 malformed_json with its position and none of the body`, async () => {
        const res = await hit(url(), 'POST', '/v1/projects', { body: c.body });
        expectProblem(res, 400, 'malformed_json');
        expect([res.json.position, res.json.line, res.json.column]).to.deep.equal([c.position, c.line, c.column]);
        expect(res.json.detail).to.include(`position ${c.position}`);
        // Not even a fragment: no run of 4 characters from the body's marker.
        for (let i = 0; i + 4 <= MARKER.length; i++) expect(res.text).not.to.include(MARKER.slice(i, i + 4));
      });
    }
  });

  describe('depth and size of JSON fields', () => {
    it('metadata nested 1,000 levels → 400 json_too_deep at the first node past 64 levels (was 500)', async () => {
      const res = await hit(url(), 'POST', '/v1/projects', {
        body: `{"id": "deep", "mjml": ${JSON.stringify(PAGE)}, "metadata": ${nested(1000, `"${MARKER}"`)}}`,
      });
      expectProblem(res, 400, 'json_too_deep');
      // metadata itself is level 1; the 65th object is reached through 64 "a" keys.
      expect(res.json.errors[0].pointer).to.equal(`/metadata${'/a'.repeat(64)}`);
      expect([res.json.limit, res.json.max]).to.deep.equal(['JSON_MAX_DEPTH', 64]);
      expect((await hit(url(), 'GET', '/v1/projects/deep')).status).to.equal(404);
    });

    it('metadata nested exactly 64 levels is accepted', async () => {
      const res = await hit(url(), 'POST', '/v1/projects', {
        body: `{"id": "deep64", "mjml": ${JSON.stringify(PAGE)}, "metadata": ${nested(64)}}`,
      });
      expect(res.status, res.text).to.equal(201);
    });

    it('variables nested 5,000 levels → 400 json_too_deep past VARIABLES_MAX_DEPTH (1,000); arrays count as levels too', async () => {
      const objects = await hit(url(), 'POST', '/v1/validate', { body: `{"mjml": ${JSON.stringify(PAGE)}, "variables": ${nested(5000)}}` });
      expectProblem(objects, 400, 'json_too_deep');
      expect(objects.json.errors[0].pointer).to.equal(`/variables${'/a'.repeat(1000)}`);
      expect([objects.json.limit, objects.json.max]).to.deep.equal(['VARIABLES_MAX_DEPTH', 1000]);
      const arrays = await hit(url(), 'POST', '/v1/templates/any/render', {
        body: `{"variables": {"list": ${'['.repeat(1000)}${']'.repeat(1000)}}}`,
      });
      expectProblem(arrays, 400, 'json_too_deep');
      expect(arrays.json.errors[0].pointer).to.equal(`/variables/list${'/0'.repeat(999)}`); // list is level 2
    });

    it('variables nested exactly 1,000 levels render and validate (no 500 anywhere downstream)', async () => {
      expect((await hit(url(), 'POST', '/v1/projects', { body: json({ id: 'vars-deep', mjml: mjmlPage('{{b}}') }) })).status).to.equal(201);
      const variables = `{"b": "x", "a": ${nested(999)}}`; // variables is level 1, its deepest object level 1,000
      for (const path of ['/v1/templates/vars-deep/render', '/v1/templates/vars-deep/validate']) {
        const res = await hit(url(), 'POST', path, { body: `{"variables": ${variables}}` });
        expect(res.status, `${path}: ${res.text.slice(0, 300)}`).to.equal(200);
      }
      const source = await hit(url(), 'POST', '/v1/validate', { body: `{"mjml": ${JSON.stringify(PAGE)}, "variables": ${variables}}` });
      expect(source.status, source.text.slice(0, 300)).to.equal(200);
    });

    it('an ast nested 20,000 elements deep → 400 template_too_complex (TEMPLATE_MAX_DEPTH), not a stack overflow', async () => {
      const ast = `${'{"tagName": "mj-wrapper", "children": ['.repeat(20_000)}{"tagName": "mj-text"}${']}'.repeat(20_000)}`;
      const res = await hit(url(), 'POST', '/v1/projects', { body: `{"ast": ${ast}}` });
      expectProblem(res, 400, 'template_too_complex');
      expect(res.json.limit).to.equal('TEMPLATE_MAX_DEPTH');
    });

    it('metadata over 64 KB as JSON → 413 field_too_large naming METADATA_MAX_BYTES and /metadata', async () => {
      const res = await hit(url(), 'POST', '/v1/projects', {
        body: json({ id: 'fat-meta', mjml: PAGE, metadata: { notes: MARKER + 'n'.repeat(70 * 1024) } }),
      });
      expectProblem(res, 413, 'field_too_large');
      expect([res.json.limit, res.json.max, res.json.errors[0].pointer]).to.deep.equal(['METADATA_MAX_BYTES', 65536, '/metadata']);
      expect(res.json.found).to.equal(Buffer.byteLength(JSON.stringify({ notes: MARKER + 'n'.repeat(70 * 1024) })));
    });
  });

  describe('reserved keys and unpaired surrogates, with RFC 6901 pointers', () => {
    const project = (extra: string) => `{"mjml": ${JSON.stringify(PAGE)}, ${extra}}`;
    const cases: Array<{ name: string; path: string; body: string; code: string; pointer: string }> = [
      {
        name: '__proto__ in metadata',
        path: '/v1/projects',
        body: project('"metadata": {"__proto__": {"admin": true}}'),
        code: 'reserved_key',
        pointer: '/metadata/__proto__',
      },
      {
        name: 'constructor in metadata, nested',
        path: '/v1/projects',
        body: project('"metadata": {"x": {"constructor": {"prototype": 1}}}'),
        code: 'reserved_key',
        pointer: '/metadata/x/constructor',
      },
      // Under /variables they are variable names like any other (test/api/prototype-names.test.ts); elsewhere refused.
      {
        name: 'prototype in metadata, inside a list',
        path: '/v1/validate',
        body: project('"metadata": {"items": [{}, {"prototype": 1}]}'),
        code: 'reserved_key',
        pointer: '/metadata/items/1/prototype',
      },
      {
        name: '__proto__ beside the variables of a render',
        path: '/v1/templates/any/render',
        body: '{"variables": {"__proto__": {}}, "__proto__": {"polluted": true}}',
        code: 'reserved_key',
        pointer: '/__proto__',
      },
      {
        name: 'a partial named constructor',
        path: '/v1/projects',
        body: project('"partials": {"constructor": "x"}'),
        code: 'reserved_key',
        pointer: '/partials/constructor',
      },
      {
        name: 'a helper named prototype',
        path: '/v1/projects',
        body: project('"helpers": {"prototype": {"use": "eq"}}'),
        code: 'reserved_key',
        pointer: '/helpers/prototype',
      },
      {
        name: 'a top-level __proto__',
        path: '/v1/projects',
        body: project('"__proto__": {}'),
        code: 'reserved_key',
        pointer: '/__proto__',
      },
      {
        name: 'a lone high surrogate in a value under a key with / and ~',
        path: '/v1/projects',
        body: project('"metadata": {"a/b~c": "x\\ud800y"}'),
        code: 'unpaired_surrogate',
        pointer: '/metadata/a~1b~0c',
      },
      {
        name: 'a lone low surrogate in a variables value',
        path: '/v1/validate',
        body: project('"variables": {"name": "\\udc00"}'),
        code: 'unpaired_surrogate',
        pointer: '/variables/name',
      },
      {
        name: 'a lone surrogate at the end of a key',
        path: '/v1/validate',
        body: project('"variables": {"k~1": {"x\\ud83d": 1}}'),
        code: 'unpaired_surrogate',
        pointer: '/variables/k~01/x\ud83d',
      },
      {
        name: 'reversed surrogates in the mjml',
        path: '/v1/projects',
        body: '{"mjml": "<mjml>\\ude00\\ud83d</mjml>"}',
        code: 'unpaired_surrogate',
        pointer: '/mjml',
      },
    ];
    for (const c of cases) {
      it(`${c.name} → 400 ${c.code} at ${c.pointer}`, async () => {
        const res = await hit(url(), 'POST', c.path, { body: c.body });
        expectProblem(res, 400, c.code);
        expect(res.json.errors.map((e: { pointer: string }) => e.pointer)).to.deep.equal([c.pointer]);
      });
    }

    it('a well-formed surrogate pair (an emoji) is accepted and kept', async () => {
      const res = await hit(url(), 'POST', '/v1/projects', { body: project('"id": "emoji", "metadata": {"name": "\\ud83d\\ude00"}') });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.metadata.name).to.equal('😀');
    });

    it('escapes schema-reported pointers too: a partial name with / and ~ is /partials/a~1b~0c', async () => {
      const res = await hit(url(), 'POST', '/v1/projects', { body: json({ mjml: PAGE, partials: { 'a/b~c': 'x' } }) });
      expectProblem(res, 400, 'invalid_request');
      expect(res.json.errors[0].pointer).to.equal('/partials/a~1b~0c');
    });

    it('escapes variable-validation pointers: a declared variable named "a/b" is /variables/a~1b', async () => {
      const metadata = { variables: { type: 'object', properties: { 'a/b': { type: 'number' } } } };
      expect((await hit(url(), 'POST', '/v1/projects', { body: json({ id: 'slashy', mjml: PAGE, metadata }) })).status).to.equal(201);
      const res = await hit(url(), 'POST', '/v1/templates/slashy/render', { body: json({ variables: { 'a/b': 'not a number' } }) });
      expect(res.status, res.text).to.equal(400);
      expect(res.json.errors.map((e: { pointer: string }) => e.pointer)).to.include('/variables/a~1b');
    });
  });

  describe('methods', () => {
    const cases: Array<{ method: string; path: string; status: number; code: string; allow?: string[] }> = [
      { method: 'GET', path: '/v1/templates/x/render', status: 405, code: 'method_not_allowed', allow: ['POST'] },
      { method: 'PUT', path: '/v1/projects', status: 405, code: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] },
      { method: 'POST', path: '/api/v1/health', status: 405, code: 'method_not_allowed', allow: ['GET', 'HEAD'] },
      { method: 'TRACE', path: '/v1/projects', status: 405, code: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] },
      {
        method: 'PROPFIND',
        path: '/v1/projects/x',
        status: 405,
        code: 'method_not_allowed',
        allow: ['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT'],
      },
      { method: 'TRACE', path: '/v1/no-such-route', status: 404, code: 'route_not_found' },
    ];
    for (const c of cases) {
      it(`${c.method} ${c.path} → ${c.status} ${c.code}${c.allow ? ` with Allow: ${c.allow.join(', ')}` : ''}`, async () => {
        const res = await hit(url(), c.method, c.path);
        expectProblem(res, c.status, c.code);
        expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
        if (c.allow) expect(String(res.headers['allow']).split(/,\s*/).sort()).to.deep.equal(c.allow);
      });
    }

    it('OPTIONS on a route → 204 with Allow', async () => {
      const res = await hit(url(), 'OPTIONS', '/v1/templates/x/render');
      expect([res.status, res.headers['allow'], res.text]).to.deep.equal([204, 'POST', '']);
    });

    it('authentication comes first: an unauthenticated TRACE is 401, not 405', async () => {
      expectProblem(await hit(url(), 'TRACE', '/v1/projects', { key: null }), 401, 'missing_api_key');
    });

    it('a method token Node does not parse (FOO) → 501 problem, and CONNECT → 501 problem', async () => {
      const foo = await exchange(url(), `FOO /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`);
      expectProblem(foo, 501, 'not_implemented');
      const tunnel = await exchange(url(), `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`);
      expectProblem(tunnel, 501, 'not_implemented');
    });

    it('a header line that is not HTTP → 400 problem', async () => {
      expectProblem(await exchange(url(), `GET /v1/health HTTP/1.1\r\nHost: x\r\n${MARKER} no colon\r\n\r\n`), 400, 'bad_request');
    });

    it('an Accept-Encoding that accepts nothing (gzip;q=abc, *;q=0) → 200 uncompressed (was a plain-text 500); gzip;q=0 is not gzipped', async () => {
      for (const header of ['gzip;q=abc, *;q=0', 'gzip;q=0']) {
        const res = await hit(url(), 'GET', '/v1/health', { headers: { 'Accept-Encoding': header } });
        expect([res.status, res.headers['content-encoding']], header).to.deep.equal([200, undefined]);
        expect(res.json.status).to.equal('ok');
      }
      expect((await hit(url(), 'GET', '/v1/health', { headers: { 'Accept-Encoding': 'gzip' } })).headers['content-encoding']).to.equal(
        'gzip',
      );
    });

    it('an Expect other than 100-continue → 417 problem (RFC 9110 §10.1.1)', async () => {
      expectProblem(
        await hit(url(), 'POST', '/v1/projects', { body: good('expect'), headers: { Expect: 'teapot' } }),
        417,
        'expectation_failed',
      );
    });

    it('a header block over 16 KB → 431 problem', async () => {
      const res = await hit(url(), 'GET', '/v1/health', { headers: { 'X-Padding': 'p'.repeat(17 * 1024) } });
      expectProblem(res, 431, 'header_too_large');
      expect((await hit(url(), 'GET', '/v1/health')).status).to.equal(200);
    });
  });
});
