/**
 * The fuzz suite's HTTP client and its verdict on one exchange. The client sends exactly the bytes and
 * headers it is given (a header given as an array is sent once per value), on a fresh connection, and
 * gives up after a timeout (a hang). The verdict is the suite's property, applied to any response.
 */
import { METHODS, request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { BodyEncoding } from './fuzz-arbitraries.js';

/** One request as the fuzz suite describes it (printed as the counterexample). */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string | undefined;
  encoding: BodyEncoding;
}

export interface FuzzExchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The decoded body (undefined when the response's Content-Encoding could not be decoded). */
  text: string | undefined;
  ms: number;
}

/**
 * 503 codes the API may answer to a well-behaved server under load (docs/errors.md): every compile worker
 * busy. `dependency_unavailable` is not in the list: the fuzzed server's store is up, so saying it is down
 * would be a lie. Nothing else at 5xx is allowed.
 */
export const ALLOWED_503_CODES: readonly string[] = ['compile_queue_full'];

/** The body bytes and Content-Encoding for `encoding` (corrupt ones are not that encoding at all). */
export function encodeBody(text: string, encoding: BodyEncoding): { bytes: Buffer; contentEncoding?: string } {
  const plain = Buffer.from(text, 'utf8');
  switch (encoding) {
    case 'none':
      return { bytes: plain };
    case 'gzip':
      return { bytes: gzipSync(plain), contentEncoding: 'gzip' };
    case 'deflate':
      return { bytes: deflateSync(plain), contentEncoding: 'deflate' };
    case 'br':
      return { bytes: brotliCompressSync(plain), contentEncoding: 'br' };
    case 'corrupt-gzip':
      return { bytes: Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), plain]), contentEncoding: 'gzip' };
    case 'corrupt-deflate':
      return { bytes: Buffer.concat([Buffer.from([0x78, 0x9c, 0xff]), plain]), contentEncoding: 'deflate' };
    case 'corrupt-br':
      return { bytes: Buffer.concat([Buffer.from([0xff, 0xff, 0xff]), plain]), contentEncoding: 'br' };
    case 'truncated-gzip': {
      const whole = gzipSync(plain);
      return { bytes: whole.subarray(0, Math.max(1, whole.length >> 1)), contentEncoding: 'gzip' };
    }
    case 'unknown':
      return { bytes: plain, contentEncoding: 'compress' };
  }
}

/** Send `r` to `base`; resolves with the exchange, or `'hang'` after `timeoutMs` without a whole response. */
export function send(base: string, r: FuzzRequest, timeoutMs: number): Promise<FuzzExchange | 'hang'> {
  const url = new URL(base);
  const started = performance.now();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(r.headers)) if (value !== undefined) headers[name] = value;
  let bytes: Buffer | undefined;
  if (r.body !== undefined) {
    const encoded = encodeBody(r.body, r.encoding);
    bytes = encoded.bytes;
    if (encoded.contentEncoding) headers['Content-Encoding'] = encoded.contentEncoding;
    headers['Content-Length'] = String(bytes.length);
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: decode(Buffer.concat(chunks), res.headers['content-encoding']),
          ms: performance.now() - started,
        });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('hang');
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(bytes);
  });
}

function decode(raw: Buffer, encoding: unknown): string | undefined {
  try {
    if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
    if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
    return raw.toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with an exchange, or null: a hang; a 5xx other than an allowed 503 or a 501 for a method
 * token Node does not know; an error (4xx, 5xx)
 * without an RFC 9457 problem body (`application/problem+json`, its `status` the response's, a `code`);
 * a body the response's own Content-Encoding does not decode; a 405 without `Allow`; a `malformed_json`
 * detail that quotes the body.
 */
export function verdict(r: FuzzRequest, x: FuzzExchange | 'hang'): string | null {
  if (x === 'hang') return 'hang: no whole response within the timeout';
  if (x.text === undefined) return `${x.status}: body does not decode as ${String(x.headers['content-encoding'])}`;
  const problem = parseProblem(x);
  // A method token Node's parser does not know (FOO) never reaches a route, so no path can answer 405 with
  // an Allow: 501 not_implemented is HTTP's answer for an unrecognised method (RFC 9110 §15.6.2).
  const unknownMethod = !METHODS.includes(r.method.toUpperCase()) && x.status === 501 && problem?.code === 'not_implemented';
  if (x.status >= 500 && !unknownMethod && !(x.status === 503 && problem && ALLOWED_503_CODES.includes(String(problem.code)))) {
    return `${x.status} ${problem ? String(problem.code) : 'no problem body'}`;
  }
  if (x.status >= 400 && r.method !== 'HEAD') {
    const type = String(x.headers['content-type'] ?? '');
    if (!type.startsWith('application/problem+json')) return `${x.status} with Content-Type "${type}", not application/problem+json`;
    if (!problem) return `${x.status} problem body is not JSON`;
    if (problem.status !== x.status || typeof problem.code !== 'string')
      return `${x.status} problem body with status ${String(problem.status)}, code ${String(problem.code)}`;
    if (problem.code === 'malformed_json' && echoes(String(problem.detail ?? ''), r.body ?? ''))
      return `${x.status} malformed_json detail echoes the body`;
  }
  // RFC 9110 §15.5.6: a 405 MUST carry Allow, the methods the resource supports.
  if (x.status === 405 && x.headers['allow'] === undefined) return '405 without an Allow header';
  return null;
}

/**
 * Whether `detail` quotes 10 consecutive characters of `body` (a secret in a body must not reach a log);
 * runs of letters and spaces alone are words the message may share with the body ("prototype property").
 */
function echoes(detail: string, body: string): boolean {
  for (let i = 0; i + 10 <= Math.min(body.length, 4000); i++) {
    const run = body.slice(i, i + 10);
    if (/[^A-Za-z ]/.test(run) && detail.includes(run)) return true;
  }
  return false;
}

function parseProblem(x: FuzzExchange): { status?: unknown; code?: unknown; detail?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(x.text ?? '');
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
