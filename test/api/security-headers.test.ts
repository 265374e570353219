/**
 * `X-Content-Type-Options: nosniff` on every answer and a restrictive Content-Security-Policy on `text/html`
 * ones (issue 19, item 5): a render with `Accept: text/html` gets `EMAIL_HTML_CSP`; the /docs and /preview/
 * pages keep their own policies; JSON, problems and the answers Node's parser refuses carry `nosniff`.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { EMAIL_HTML_CSP } from '../../src/http/security-headers.js';
import { PREVIEW_CSP } from '../../src/http/routes/preview.js';
import { mjmlPage, useTestServer } from '../support/server.js';

/** Write `bytes` on a fresh connection; everything the server sends back before it closes. */
function rawExchange(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('Security headers: nosniff everywhere, a CSP on text/html', function () {
  this.timeout(30_000);
  const t = useTestServer();

  before(async () => {
    expect((await t.create({ id: 'sniffed', mjml: mjmlPage('<script>alert(1)</script>{{name}}') })).status).to.equal(201);
  });

  it('a render as text/html carries nosniff and the email policy (no script, a sandbox)', async () => {
    const res = await t.server.request('POST', '/v1/templates/sniffed/render', {
      body: { variables: { name: '<img src=x onerror=alert(2)>' } },
      headers: { Accept: 'text/html' },
    });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.headers['content-security-policy']).to.equal(EMAIL_HTML_CSP);
    const directives = EMAIL_HTML_CSP.split(';').map((d) => d.trim());
    expect(directives).to.include.members(["default-src 'none'", 'sandbox', "frame-ancestors 'none'"]);
    expect(directives.some((d) => d.startsWith('script-src'))).to.equal(false);
  });

  it('JSON answers and problems carry nosniff, and no CSP', async () => {
    const json = await t.server.request('POST', '/v1/templates/sniffed/render', { body: { variables: { name: 'A' } } });
    expect(json.status).to.equal(200);
    expect(json.headers['x-content-type-options']).to.equal('nosniff');
    expect(json.headers['content-security-policy']).to.equal(undefined);
    const problem = await t.server.request('GET', '/v1/projects', { key: null });
    expect(problem.status).to.equal(401);
    expect(problem.headers['x-content-type-options']).to.equal('nosniff');
    const missing = await t.server.request('GET', '/v1/nowhere', { headers: { Accept: 'text/html' } });
    expect(missing.status).to.equal(404);
    expect(missing.headers['x-content-type-options']).to.equal('nosniff');
  });

  it('the /docs and /preview/ pages keep their own policies', async () => {
    const docs = await t.server.request('GET', '/docs', { key: null });
    expect(docs.headers['content-security-policy']).to.include("script-src 'self'");
    expect(docs.headers['x-content-type-options']).to.equal('nosniff');
    const preview = await t.server.request('GET', '/preview/', { key: null });
    expect(preview.headers['content-security-policy']).to.equal(PREVIEW_CSP);
  });

  it('a request Node refuses before the app (bad HTTP) is answered with nosniff too', async () => {
    const text = await rawExchange(t.server.url, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');
    expect(text).to.match(/^HTTP\/1\.1 400 /);
    expect(text).to.match(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  });
});
