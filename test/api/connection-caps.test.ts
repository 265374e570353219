/**
 * Connection caps (issue 19, item 5), with small caps so the test is quick. Every test connection comes
 * from 127.0.0.1, so the per-client cap is the one it meets first: connections past it are answered 503
 * `too_many_connections` and closed while the earlier ones stay open and are served; MAX_CONNECTIONS holds
 * across the board. The server accepts connections in the order they were made, so once a later
 * connection has been refused the earlier ones were counted: no sleeping for the server to catch up.
 */
import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { TEST_KEY, useTestServer } from '../support/server.js';

interface Held {
  socket: Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the server closed the connection, with what it sent. */
  closed: Promise<string>;
}

/** Open a connection and wait until it is established; send nothing. */
async function hold(base: string): Promise<Held> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const text = () => Buffer.concat(chunks).toString('utf8');
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text())));
  socket.on('error', () => {}); // a reset shows as 'close' too
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, text, closed };
}

/** Send GET /v1/health with Connection: close on `held`; the status line's code. */
async function health(held: Held): Promise<number> {
  held.socket.write(`GET /v1/health HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_KEY}\r\nConnection: close\r\n\r\n`);
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(await held.closed)?.[1] ?? 0);
}

/** A fresh connection's GET /v1/health, retried (the server hears of a closed connection a moment later). */
async function healthEventually(base: string, withinMs = 5000): Promise<number> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const status = await health(await hold(base));
    if (status === 200 || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Connection caps', function () {
  this.timeout(30_000);

  describe('MAX_CONNECTIONS_PER_CLIENT=4', () => {
    const t = useTestServer({ env: { MAX_CONNECTIONS_PER_CLIENT: '4', MAX_CONNECTIONS: '100' } });

    it('answers connections past the cap 503 too_many_connections and closes them; the first 4 stay and are served', async () => {
      const kept: Held[] = [];
      for (let i = 0; i < 4; i++) kept.push(await hold(t.server.url));
      const extra = [await hold(t.server.url), await hold(t.server.url)];
      for (const refused of extra) {
        const text = await refused.closed;
        expect(text).to.match(/^HTTP\/1\.1 503 /);
        expect(text).to.match(/\r\nRetry-After: 1\r\n/);
        expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).code).to.equal('too_many_connections');
      }
      for (const held of kept) expect(held.socket.destroyed, 'an earlier connection was closed').to.equal(false);
      expect(await Promise.all(kept.map(health))).to.deep.equal([200, 200, 200, 200]);
      expect(await healthEventually(t.server.url)).to.equal(200); // the count went down again
    });
  });

  describe('MAX_CONNECTIONS=3', () => {
    const t = useTestServer({ env: { MAX_CONNECTIONS: '3', MAX_CONNECTIONS_PER_CLIENT: '100' } });

    it('closes a fourth connection at once; the three open ones are served, and then new ones are', async () => {
      const kept = [await hold(t.server.url), await hold(t.server.url), await hold(t.server.url)];
      const fourth = await hold(t.server.url);
      expect(await fourth.closed).to.equal(''); // Node drops it unanswered
      for (const held of kept) expect(held.socket.destroyed).to.equal(false);
      expect(await Promise.all(kept.map(health))).to.deep.equal([200, 200, 200]);
      expect(await healthEventually(t.server.url)).to.equal(200);
    });
  });
});
