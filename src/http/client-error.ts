/**
 * Answers to requests Node's HTTP parser refuses before Koa sees them — a method token it does not know
 * (`FOO / HTTP/1.1`), a control character in the target, malformed header syntax (RFC 9112 §2–§5), headers
 * over the size cap, a request not whole in time. By default Node writes a bare `400 Bad Request` with no
 * body; here each is an RFC 9457 problem like every other error of the API, then the connection is closed
 * (the parser cannot find where the next request would start).
 */
import type { Duplex } from 'node:stream';
import { PROBLEM_TYPE_BASE } from './problem.js';

const ANSWERS: Record<string, { status: number; title: string; code: string; detail: string }> = {
  // RFC 6585 §5
  HPE_HEADER_OVERFLOW: { status: 431, title: 'Request header fields too large', code: 'headers_too_large', detail: 'The request headers are larger than this server accepts.' },
  // RFC 9110 §15.5.9
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'Request timeout', code: 'request_timeout', detail: 'The request was not received in time.' },
};
const MALFORMED = { status: 400, title: 'Bad request', code: 'malformed_request', detail: 'The request is not valid HTTP/1.1 (RFC 9112): unknown method, bad target or bad header syntax.' };

/**
 * `server.on('clientError', answerClientError)`: write the problem and close. A socket already closed or
 * reset by the client (`ECONNRESET`) is just destroyed. The detail never quotes the request's bytes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = (error.code && ANSWERS[error.code]) || MALFORMED;
  const body = JSON.stringify({ type: `${PROBLEM_TYPE_BASE}${answer.code.replace(/_/g, '-')}`, title: answer.title, status: answer.status, detail: answer.detail, code: answer.code });
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
