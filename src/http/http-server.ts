/**
 * The Node HTTP server around the Koa app, with the limits that cut slow or oversized clients off before
 * the app sees them (docs/limits.md "Hostile input and limits"). `server.ts` and the test servers both get
 * theirs from here, so tests run with the same settings.
 *
 * Errors Node raises before a request reaches Koa (a header block over the cap, a timeout, an unknown
 * method token, bytes that are not HTTP) are answered as RFC 9457 problems too, then the connection
 * is closed, as Node's default handler does.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { capConnections } from './connection-caps.js';
import { PROBLEM_TYPE_BASE } from './problem.js';

/** Connection limits (Node `http.createServer` options and server properties). */
export interface HttpServerLimits {
  /** Time to receive the request line and headers, ms (Node `headersTimeout`; HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included, ms; 0 turns it off (Node `requestTimeout`; REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, ms (Node `keepAliveTimeout`; KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Request line plus headers, bytes (Node `maxHeaderSize`; MAX_HEADER_BYTES); more is 431 (RFC 6585 §5). */
  maxHeaderBytes: number;
  /** Open connections at most, in all (Node `server.maxConnections`; MAX_CONNECTIONS); connection-caps.ts. */
  maxConnections: number;
  /** Open connections from one remote address at most (MAX_CONNECTIONS_PER_CLIENT); connection-caps.ts. */
  maxConnectionsPerClient: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpServerLimits> = Object.freeze({
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 1024,
  maxConnectionsPerClient: 64,
});

/**
 * How often Node checks connections against the two timeouts, ms. Its default (30 s) would let a
 * 20 s headers timeout fire after up to 50 s; a quarter of the shorter timeout, between 25 ms and 1 s.
 */
export function checkingIntervalMs(limits: HttpServerLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs || Infinity);
  return Math.max(25, Math.min(1000, Math.floor(shortest / 4)));
}

/** An HTTP server for `app`, not yet listening. */
export function createHttpServer(app: { callback(): RequestListener }, limits: HttpServerLimits = DEFAULT_HTTP_LIMITS): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    app.callback(),
  );
  capConnections(server, limits, rawProblem);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket));
  // CONNECT asks us to be a tunnel; Node hands it to this event, and without a listener drops the connection unanswered.
  server.on('connect', (_req, socket: Duplex) =>
    writeRawProblem(socket, 501, 'not_implemented', 'This service does not implement the CONNECT method.'),
  );
  // An Expect other than 100-continue: 417 (RFC 9110 §10.1.1), as a problem rather than Node's bare status.
  server.on('checkExpectation', (_req, res) => {
    const body = problemBody(417, 'expectation_failed', 'This service only understands "Expect: 100-continue".');
    res.writeHead(417, {
      'Content-Type': 'application/problem+json',
      'Content-Length': Buffer.byteLength(body.text),
      'X-Request-Id': body.requestId,
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    });
    res.end(body.text);
  });
  return server;
}

/** What Node's parser or timers refused, as a problem (Node's default handler sends a bare status line). */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return writeRawProblem(
        socket,
        431,
        'header_too_large',
        'The request line and headers are larger than this service accepts (MAX_HEADER_BYTES).',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return writeRawProblem(
        socket,
        408,
        'request_timeout',
        'The request did not arrive in time (HEADERS_TIMEOUT_MS for its headers, REQUEST_TIMEOUT_MS for all of it).',
      );
    case 'HPE_INVALID_METHOD':
      return writeRawProblem(socket, 501, 'not_implemented', 'This service does not implement the request method.');
    default:
      return writeRawProblem(socket, 400, 'bad_request', 'The request is not well-formed HTTP/1.1.');
  }
}

/** Write a whole problem response straight to `socket` and close it (no request reached Koa). */
function writeRawProblem(socket: Duplex, status: number, code: string, detail: string): void {
  socket.end(rawProblem(status, code, detail));
}

/** A whole HTTP/1.1 problem response with `Connection: close`, as bytes to write to a socket. */
function rawProblem(status: number, code: string, detail: string, headers: Record<string, string> = {}): string {
  const { text, requestId } = problemBody(status, code, detail);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
    `X-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\n${extra}Connection: close\r\n\r\n${text}`
  );
}

/** An RFC 9457 body for a request Koa never saw (no `instance`: the request line may not have been read). */
function problemBody(status: number, code: string, detail: string): { text: string; requestId: string } {
  const requestId = randomUUID();
  const text = JSON.stringify({
    type: `${PROBLEM_TYPE_BASE}${code.replace(/_/g, '-')}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code,
    request_id: requestId,
  });
  return { text, requestId };
}
