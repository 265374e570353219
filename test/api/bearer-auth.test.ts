/**
 * RFC 6750 §3.1 over the wire: a missing or non-Bearer `Authorization` is 401 with a bare challenge; a
 * malformed Bearer request (no token, extra words, two headers) is 400 `invalid_request`; an unknown,
 * expired or revoked key is 401 `invalid_token`, each with an `error_description`. Requests are written
 * on a raw socket so that header bytes (duplicates, trailing spaces) reach the server exactly as given.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { bearerChallenge } from '../../src/http/authentication.js';
import { TEST_KEY, useTestServer } from '../support/server.js';

interface RawResponse {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

/** GET `path` with exactly these header lines; reads the whole response (Connection: close). */
function rawGet(url: string, path: string, headerLines: string[]): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write([`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...headerLines, '', ''].join('\r\n'));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const json = (res: RawResponse) => JSON.parse(res.body) as { code: string; detail: string; status: number };

describe('Bearer authentication (RFC 6750 §3.1)', () => {
  const t = useTestServer();
  const get = (...lines: string[]) => rawGet(t.server.url, '/v1/health', lines);

  it('a well-formed Bearer header passes, the scheme in any case (RFC 9110 §11.1)', async () => {
    expect((await get(`Authorization: Bearer ${TEST_KEY}`)).status).to.equal(200);
    expect((await get(`Authorization: bearer ${TEST_KEY}`)).status).to.equal(200);
    expect((await get(`Authorization: BEARER   ${TEST_KEY}`)).status).to.equal(200);
  });

  it('no Authorization header, an empty one or another scheme: 401 with a challenge without an error code', async () => {
    for (const lines of [[], ['Authorization: '], ['Authorization: Basic dXNlcjpwYXNz'], [`Authorization: Token ${TEST_KEY}`]]) {
      const res = await get(...lines);
      expect([res.status, json(res).code], lines.join()).to.deep.equal([401, 'missing_api_key']);
      expect(res.headers.get('www-authenticate'), lines.join()).to.deep.equal(['Bearer realm="letterpress"']);
    }
  });

  it('an empty token, extra words or a tab are 400 invalid_request with error="invalid_request" and a description', async () => {
    for (const line of [
      'Authorization: Bearer',
      'Authorization: Bearer ',
      'Authorization: Bearer    ',
      `Authorization: Bearer ${TEST_KEY} extra`,
      'Authorization: Bearer a b',
      `Authorization: Bearer\t${TEST_KEY}`,
    ]) {
      const res = await get(line);
      expect([res.status, json(res).code], JSON.stringify(line)).to.deep.equal([400, 'invalid_request']);
      const [challenge] = res.headers.get('www-authenticate') ?? [];
      expect(challenge, line).to.match(
        /^Bearer realm="letterpress", error="invalid_request", error_description="[\x20\x21\x23-\x5b\x5d-\x7e]+"$/,
      );
      expect(res.body).to.not.include(TEST_KEY);
    }
  });

  it('two Authorization headers are 400 even when the first is valid (Node keeps only the first in req.headers)', async () => {
    const res = await get(`Authorization: Bearer ${TEST_KEY}`, 'Authorization: Bearer lp_other');
    expect([res.status, json(res).code]).to.deep.equal([400, 'invalid_request']);
    expect(json(res).detail).to.include('2 Authorization headers');
    const same = await get(`Authorization: Bearer ${TEST_KEY}`, `Authorization: Bearer ${TEST_KEY}`);
    expect(same.status).to.equal(400);
  });

  it('an unknown or revoked key is 401 error="invalid_token" with an error_description', async () => {
    const unknown = await get('Authorization: Bearer lp_nope');
    expect([unknown.status, json(unknown).code]).to.deep.equal([401, 'invalid_api_key']);
    expect(unknown.headers.get('www-authenticate')).to.deep.equal([
      'Bearer realm="letterpress", error="invalid_token", error_description="The API key is not valid."',
    ]);

    const revoked = await t.server.request('POST', '/v1/api-keys', { body: { name: 'y', scopes: ['projects:read'] } });
    await t.server.request('DELETE', `/v1/api-keys/${revoked.json.id}`);
    const gone = await get(`Authorization: Bearer ${revoked.json.token}`);
    expect([gone.status, json(gone).code]).to.deep.equal([401, 'revoked_api_key']);
    expect(gone.headers.get('www-authenticate')?.[0]).to.match(
      new RegExp(`^Bearer realm="letterpress", error="invalid_token", error_description="The API key ${revoked.json.id} was revoked at `),
    );
    // The expired case (on a fake clock, with its exact challenge) is in api-key-rotation.test.ts.
  });

  it('keeps error_description to the characters RFC 6750 §3 allows (no quote, backslash or non-ASCII)', () => {
    expect(bearerChallenge('invalid_token', 'a "b" \\ c é')).to.equal(
      'Bearer realm="letterpress", error="invalid_token", error_description="a ?b? ? c ?"',
    );
    expect(bearerChallenge()).to.equal('Bearer realm="letterpress"');
  });
});
