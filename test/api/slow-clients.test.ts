/**
 * Slow clients are cut off (issue 10, item 4): the server built by createHttpServer, as `startServer`
 * uses it, with HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS made small so the test is quick. A client
 * trickling one byte every 100 ms must be answered 408 and disconnected before it finishes sending.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { TEST_KEY, useTestServer } from '../support/server.js';

/** Send `bytes` one at a time every `everyMs` until done or the server closes; what came back and how much was sent. */
function trickle(base: string, bytes: Buffer, everyMs: number, head = Buffer.alloc(0)): Promise<{ sent: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let closed = false;
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    const timer = setInterval(() => {
      if (closed || sent >= bytes.length) return clearInterval(timer);
      socket.write(bytes.subarray(sent, sent + 1));
      sent++;
    }, everyMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      closed = true;
      clearInterval(timer);
      resolve({ sent, text: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

const problemOf = (text: string) => ({
  status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
  json: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)),
});

describe('Slow clients over HTTP (HEADERS_TIMEOUT_MS=300, REQUEST_TIMEOUT_MS=600)', function () {
  this.timeout(30_000);
  const t = useTestServer({ env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' } });

  it('headers sent one byte per 100 ms are cut off with 408 request_timeout', async () => {
    const headers = Buffer.from(`GET /v1/health HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`);
    const { sent, text } = await trickle(t.server.url, headers, 100);
    expect(sent).to.be.below(headers.length); // the server hung up before the client finished
    const problem = problemOf(text);
    expect([problem.status, problem.json.code]).to.deep.equal([408, 'request_timeout']);
  });

  it('a body sent one byte per 100 ms is cut off with 408 request_timeout', async () => {
    const body = Buffer.from(JSON.stringify({ mjml: `<mjml><mj-body>${' '.repeat(200)}</mj-body></mjml>` }));
    const head = Buffer.from(
      `POST /v1/projects HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const { sent, text } = await trickle(t.server.url, body, 100, head);
    expect(sent).to.be.below(body.length);
    const problem = problemOf(text);
    expect([problem.status, problem.json.code]).to.deep.equal([408, 'request_timeout']);
    const list = await t.server.request('GET', '/v1/projects');
    expect(list.json.items).to.deep.equal([]); // nothing half-saved
  });

  it('a request sent at once is unaffected by the short timeouts', async () => {
    const res = await t.server.request('GET', '/v1/health');
    expect(res.status).to.equal(200);
  });
});
