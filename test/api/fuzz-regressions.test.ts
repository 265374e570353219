/**
 * Requests the fuzz suite (test/api/fuzz.test.ts) found answered with a 500, kept as plain examples once
 * fixed, so that each stays fixed whatever seed the suite runs with.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { mjmlPage, useTestServer } from '../support/server.js';

/** Send `raw` bytes on a new connection; resolves with all the server wrote before closing it. */
function rawExchange(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    // The server may close while a large request is still being written: what it answered is what counts.
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
  });
}

describe('Fuzz finds, fixed', () => {
  const api = useTestServer();

  // Node's parser refuses these before Koa runs, and by default answers a bare 400 without a body.
  for (const [name, raw, status, code] of [
    ['an unknown method token', 'FOO /v1/health HTTP/1.1\r\nHost: x\r\n\r\n', 501, 'not_implemented'],
    ['a control character in the target', 'GET /v1/\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['headers over the size cap', `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`, 431, 'header_too_large'],
  ] as const) {
    it(`${name}: ${status} with a problem body, not a bare status line`, async () => {
      const answer = await rawExchange(api.server.url, raw);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).to.match(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).to.match(/\r\ncontent-type: application\/problem\+json\r\n/i);
      expect(JSON.parse(body!)).to.include({ status, code });
    });
  }

  // The variables check looked `constructor` up through the prototype chain (Object itself), then could not
  // describe a function: TypeError → 500 on validate and on a render. Then it refused `{}` (400, "must be a
  // string … found nothing") where `{{x.other}}` renders: now a prototype name is a name like any other.
  it('a template reading {{x.constructor}}, given x = {}: renders like any missing path, not a 500 or a 400', async () => {
    const mjml = mjmlPage('{{x.constructor}}');
    const validated = await api.server.request('POST', '/v1/validate', { body: { mjml, variables: { x: {} } } });
    expect([validated.status, validated.json.valid, validated.json.errors]).to.deep.equal([200, true, []]);
    expect((await api.create({ id: 'ctor', mjml })).status).to.equal(201);
    const rendered = await api.render('ctor', { variables: { x: {} } });
    expect(rendered.status, rendered.text).to.equal(200);
    const given = await api.render('ctor', { variables: JSON.parse('{"x": {"constructor": "CTOR-VALUE"}}') });
    expect(given.json.html).to.include('CTOR-VALUE');
  });
});
