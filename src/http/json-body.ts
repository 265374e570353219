/**
 * `jsonBody`: read, decode and parse a JSON request body, bounded and without leaking it. The body is
 * decoded from its Content-Encoding (gzip, deflate, br; RFC 9110 §8.4.1) with the byte limit applied to
 * the DECODED size (a 10 KB gzip of 10 MB of zeros is 413, not 10 MB of memory), must be UTF-8
 * (RFC 8259 §8.1), and is parsed with `JSON.parse`; a parse error is described by position only
 * (json-syntax.ts), never by its characters. The parsed body then passes the json-guard walk.
 */
import { TextDecoder } from 'node:util';
import { createBrotliDecompress, createUnzip, type BrotliDecompress, type Unzip } from 'node:zlib';
import getRawBody from 'raw-body';
import type Koa from 'koa';
import { DEFAULT_JSON_LIMITS, guardJsonBody, type JsonLimits } from './json-guard.js';
import { locateJsonError } from './json-syntax.js';
import { ProblemError } from './problem.js';

/** Content codings a request body may use (RFC 9110 §8.4.1; `x-gzip` is `gzip`, §8.4.1.3). */
export const REQUEST_CODINGS = ['gzip', 'deflate', 'br'] as const;

/**
 * Parse a JSON object body into `ctx.state.body`. An empty body counts as `{}`.
 * @param limitBytes largest body, bytes, after decoding its Content-Encoding (BODY_LIMIT_KB).
 * @throws ProblemError 415 `unsupported_media_type` (not JSON, a charset other than UTF-8, or an unknown
 *   Content-Encoding, the last with `Accept-Encoding` listing ours: RFC 9110 §15.5.16), 413
 *   `payload_too_large`, 400 `malformed_body` (a body its Content-Encoding cannot decode, or not UTF-8),
 *   400 `malformed_json` (with `position`, `line`, `column`), 400 `invalid_body` (JSON that is not an
 *   object), 400 `bad_request` (aborted, or a length unlike its Content-Length), and json-guard's problems.
 */
export function jsonBody(
  limitBytes: number,
  limits: JsonLimits = DEFAULT_JSON_LIMITS,
  guard: BodyGuard = guardJsonBody,
): Koa.Middleware<{ body?: unknown }> {
  return async (ctx, next) => {
    ctx.state.body = await readJsonObject(ctx.request, limitBytes, limits, guard);
    await next();
  };
}

/**
 * The walk a parsed body passes before any route code sees it: json-guard's `guardJsonBody` (the default), or
 * one that knows where a route body sits inside another (the MCP route: src/mcp/http-route.ts). @throws ProblemError.
 */
export type BodyGuard = (body: object, limits: JsonLimits) => void;

/** What `readJsonObject` reads of a request: a Koa request (the render fast path builds one over its `req`). */
export type BodyRequest = Pick<Koa.Request, 'req' | 'length' | 'charset' | 'is' | 'get'>;

/**
 * The rules of `jsonBody` over a Koa request: the parsed JSON object body (`{}` when empty), passed by `guard`.
 * @throws ProblemError as `jsonBody` says.
 */
export async function readJsonObject(
  request: BodyRequest,
  limitBytes: number,
  limits: JsonLimits = DEFAULT_JSON_LIMITS,
  guard: BodyGuard = guardJsonBody,
): Promise<object> {
  const hasBody = request.length > 0 || request.get('Transfer-Encoding') !== '';
  if (hasBody && !request.is('application/json', '+json')) {
    throw new ProblemError(
      415,
      'unsupported_media_type',
      `Send the body as JSON with "Content-Type: application/json" (got "${request.get('Content-Type') || 'none'}").`,
    );
  }
  const charset = (request.charset || 'utf-8').toLowerCase();
  if (hasBody && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ProblemError(
      415,
      'unsupported_media_type',
      'JSON bodies are UTF-8 (RFC 8259 §8.1): send "Content-Type: application/json" without another charset.',
    );
  }
  const body: unknown = hasBody ? parseJson(decodeUtf8(await readBody(request, limitBytes))) : {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ProblemError(400, 'invalid_body', 'The request body must be a JSON object.');
  }
  guard(body, limits);
  return body;
}

/** The codings of a Content-Encoding header, in the order applied; `identity` dropped. @throws ProblemError 415. */
export function contentCodings(header: string): string[] {
  const codings = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .map((c) => (c === 'x-gzip' ? 'gzip' : c));
  const supported = (REQUEST_CODINGS as readonly string[]).includes.bind(REQUEST_CODINGS);
  if (codings.length > 1 || !codings.every(supported)) {
    const what = codings.length > 1 ? 'More than one content coding is' : 'This Content-Encoding is';
    throw new ProblemError(
      415,
      'unsupported_media_type',
      `${what} not supported for request bodies; send one of ${REQUEST_CODINGS.join(', ')}, or none.`,
      [],
      {
        'Accept-Encoding': REQUEST_CODINGS.join(', '),
      },
    );
  }
  return codings;
}

/** The raw body, decoded from its Content-Encoding, at most `limitBytes` after decoding. */
async function readBody(request: BodyRequest, limitBytes: number): Promise<Buffer> {
  const [coding] = contentCodings(request.get('Content-Encoding'));
  const tooLarge = () =>
    new ProblemError(
      413,
      'payload_too_large',
      `The body is larger than the ${Math.round(limitBytes / 1024)} KB limit${coding ? ` (sent, or once decoded from ${coding})` : ''}.`,
    );
  const req = request.req;
  if (coding === undefined) {
    try {
      return await getRawBody(req, { limit: limitBytes, ...(request.length !== undefined ? { length: request.length } : {}) });
    } catch (error) {
      throw readProblem(error, tooLarge);
    }
  }
  const decoder: Unzip | BrotliDecompress = coding === 'br' ? createBrotliDecompress() : createUnzip();
  let decodeError: unknown;
  decoder.once('error', (error) => (decodeError ??= error));
  // `pipe` does not carry the request's end-without-finishing to the decoder: without this, a client
  // that hangs up mid-body would leave this request waiting forever.
  const aborted = Object.assign(new Error('request aborted'), { type: 'request.aborted' });
  const onClose = () => {
    if (!req.complete) decoder.destroy(aborted);
  };
  // The wire size is bounded too: empty gzip members decode to nothing, so only counting decoded bytes
  // would let a client stream forever (until REQUEST_TIMEOUT_MS).
  const declared = request.length;
  if (declared !== undefined && declared > limitBytes) throw tooLarge();
  let wire = 0;
  const overWire = Object.assign(new Error('request entity too large'), { type: 'entity.too.large' });
  const onData = (chunk: Buffer) => {
    wire += chunk.length;
    if (wire > limitBytes) decoder.destroy(overWire);
  };
  req.on('data', onData);
  req.once('close', onClose);
  req.pipe(decoder);
  try {
    return await getRawBody(decoder, { limit: limitBytes });
  } catch (error) {
    if (error === decodeError && error !== aborted && error !== overWire) {
      throw new ProblemError(
        400,
        'malformed_body',
        `The body is not valid ${coding} data, as its "Content-Encoding: ${coding}" says; it could not be decoded.`,
      );
    }
    throw readProblem(error, tooLarge);
  } finally {
    req.off('close', onClose);
    req.off('data', onData);
    req.unpipe(decoder);
    decoder.destroy();
  }
}

/** raw-body's errors (http-errors with a `type`) as problems; anything else is rethrown. */
function readProblem(error: unknown, tooLarge: () => ProblemError): unknown {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return tooLarge();
  if (type === 'request.aborted') return new ProblemError(400, 'bad_request', 'The request ended before its body did.');
  if (type === 'request.size.invalid') return new ProblemError(400, 'bad_request', 'The body is not as long as its Content-Length says.');
  return error;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true }); // a leading BOM is dropped (RFC 8259 §8.1 allows ignoring it)

/** @throws ProblemError 400 `malformed_body` for bytes that are not UTF-8. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ProblemError(400, 'malformed_body', 'The body is not valid UTF-8, which JSON requires (RFC 8259 §8.1).');
  }
}

/** `JSON.parse`, with a syntax error located by position only. @throws ProblemError 400 `malformed_json`. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    const at = locateJsonError(text);
    const where = at ? `${at.reason} at line ${at.line}, column ${at.column} (position ${at.position})` : 'a syntax error';
    const extra = at ? { position: at.position, line: at.line, column: at.column } : {};
    throw new ProblemError(400, 'malformed_json', `The body is not valid JSON: ${where}.`, [], {}, extra);
  }
}
