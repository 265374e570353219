/**
 * `POST /v1/mcp` (and `/api/v1/mcp`): the MCP server (src/mcp/server.ts) over streamable HTTP (MCP spec
 * 2025-06-18, "Transports"), stateless as the SDK's `simpleStatelessStreamableHttp` example: a fresh server and
 * transport per request (`sessionIdGenerator: undefined`), answers as JSON (`enableJsonResponse`), never SSE.
 * Mounted among the routes, so authentication (Bearer keys), rate limits, the JSON body reader and its limits,
 * request ids, gzip and the access log apply as to any route; each tool then checks its route's scope.
 * Mounted by the composition root (wiring.ts, `AppDeps.routes`): this slice stands above http and uses it,
 * never the other way round. GET and DELETE are not routed: the method layer answers 405 with `Allow: POST`, which the spec provides for a
 * server that offers no SSE stream (GET) and no sessions to end (DELETE).
 */
import type { Router } from '@koa/router';
import type Koa from 'koa';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { letterpressMcpServer } from './server.js';
import type { AppDeps } from '../http/deps.js';
import { inServerOperations } from './in-server-operations.js';
import { guardJsonBody, type JsonLimits } from '../http/json-guard.js';
import { jsonBody, type AppState } from '../http/middleware.js';

export function mcpRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.post('/mcp', jsonBody(deps.bodyLimitBytes, deps.jsonLimits, guardMcpMessage), async (ctx) => {
    const { principal, requestId, body } = ctx.state;
    const server = letterpressMcpServer(inServerOperations(deps, { principal, requestId, path: ctx.path }));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      // The body was read by jsonBody (limits, encodings, the json-guard walk): handed over parsed, never read twice.
      const response = await transport.handleRequest(webRequestOf(ctx), { parsedBody: body });
      ctx.status = response.status;
      response.headers.forEach((value, name) => ctx.set(name, value));
      const text = await response.text();
      ctx.body = text; // '' for a 202 (notifications only): no body, the status kept
      if (text === '') ctx.remove('Content-Type');
    } finally {
      await server.close(); // closes the transport too
    }
  });
}

/**
 * The Web-standard `Request` the SDK's transport reads: method, URL and headers (the body is passed parsed).
 * The transport refuses (406) a POST whose `Accept` does not list both `application/json` and
 * `text/event-stream`, as the spec asks clients to send; this route answers JSON only, so a client that
 * accepts JSON (no `Accept`, `*\/*`, `application/json`) is served rather than refused: curl works as is.
 */
function webRequestOf(ctx: Koa.Context): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  if (ctx.accepts('application/json') === 'application/json') headers.set('accept', 'application/json, text/event-stream');
  return new Request(new URL(ctx.path, 'http://localhost'), { method: ctx.method, headers }); // the Host header is the client's: not parsed
}

/**
 * json-guard's rules on one JSON-RPC message, before the SDK parses any of it: the message without
 * `params.arguments` as a body, and a tool call's `params.arguments` as the body of the route the tool stands
 * for — the depth of each field (`variables` deeper, `ast` left to the template's own check), variable names
 * such as `constructor` allowed where they are names, METADATA_MAX_BYTES — so a tool's arguments meet exactly
 * the limits its route's body meets. Pointers in the problem are the arguments' (`/metadata`).
 * @throws ProblemError 400 `json_too_deep`, `reserved_key`, `unpaired_surrogate`; 413 `field_too_large`.
 */
export function guardMcpMessage(body: object, limits: JsonLimits): void {
  const params = (body as { params?: unknown }).params;
  if (params === null || typeof params !== 'object' || !('arguments' in params)) return guardJsonBody(body, limits);
  // Spreads copy own keys as data (a parsed "__proto__" key stays a key): nothing here sets a prototype.
  const { arguments: args, ...rest } = params;
  guardJsonBody({ ...body, params: rest }, limits);
  guardJsonBody(args, limits);
}
