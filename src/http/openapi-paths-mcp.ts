/**
 * POST /mcp in the OpenAPI document (src/mcp/http-route.ts): the MCP server over streamable HTTP. Its body and answers
 * are JSON-RPC 2.0 messages of the Model Context Protocol (spec revision 2025-06-18), whose own schema is the
 * MCP specification's, not this document's: here only their envelope; the tools and resources are in
 * docs/mcp.md and in the server's own `tools/list` and `resources/templates/list` answers.
 */
import { problem } from './openapi-problems.js';
import { ALWAYS, RATE_LIMITED, headerRefs } from './openapi-headers.js';
import { requestBody } from './openapi-requests.js';
import { operation } from './openapi-responses.js';

const id = {
  oneOf: [
    { type: 'string', maxLength: 200 },
    { type: 'integer', format: 'int64', minimum: -9_007_199_254_740_991, maximum: 9_007_199_254_740_991 },
  ],
  description: 'The JSON-RPC request id; absent on a notification.',
};
const jsonRpcError = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', format: 'int32', minimum: -32_768, maximum: 32_767, description: 'JSON-RPC error code.' },
    message: { type: 'string', maxLength: 100_000 },
    data: { description: 'More about the error (MCP: for a resource read, the problem details).' },
  },
};

/** A JSON-RPC 2.0 request or notification (MCP spec "Base protocol"). */
const message = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id,
    method: { type: 'string', maxLength: 200, description: '`initialize`, `tools/list`, `tools/call`, `resources/read`, …' },
    params: { type: 'object', description: 'As the MCP specification defines them for the method.' },
  },
};

/** The answer to one request: `result` or `error`. */
const answer = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: { oneOf: [...id.oneOf, { type: 'null' }] },
    result: { type: 'object', description: "The method's result (a tool call's `content`, `structuredContent`, `isError`)." },
    error: jsonRpcError,
  },
};

const rpcError = (code: number, text: string) => ({ jsonrpc: '2.0', error: { code, message: text }, id: null });

const EXAMPLE_CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '8' } },
};

/** `POST /mcp`. */
export const mcpPaths = {
  '/mcp': {
    post: operation({
      operationId: 'postMcp',
      tag: 'mcp',
      scope: 'any',
      summary: 'The MCP server (streamable HTTP, stateless)',
      description:
        'The Letterpress MCP server for agents (docs/mcp.md): one JSON-RPC 2.0 message of the Model Context Protocol per request, ' +
        'answered as `application/json` (never an SSE stream; no sessions: `Mcp-Session-Id` is not used). Tools list_templates, ' +
        'get_template, validate_template, render_template, diff_revisions, save_template (a draft), publish_template and ' +
        'restore_revision; resources `letterpress://templates/{id}/source` and `…/variables`. Any valid key connects; each tool ' +
        'needs the scope of its route, and a key without it gets a tool result with `isError: true` whose text is the 403 problem ' +
        'naming the scope. GET and DELETE answer 405 (no SSE stream, no session to end).',
      requestBody: requestBody(message, EXAMPLE_CALL),
      responses: {
        '200': {
          description: 'The JSON-RPC answer to the request (a refused tool call too: `result.isError`).',
          headers: headerRefs(...ALWAYS, ...RATE_LIMITED),
          content: {
            'application/json': {
              schema: answer,
              examples: {
                'application-json': {
                  value: {
                    jsonrpc: '2.0',
                    id: 1,
                    result: { protocolVersion: '2025-06-18', serverInfo: { name: 'letterpress', version: '1' } },
                  },
                },
              },
            },
          },
        },
        '202': { description: 'A notification (or answer) was accepted; no body.', headers: headerRefs(...ALWAYS, ...RATE_LIMITED) },
        '400': withJsonRpc(problem(400), rpcError(-32_700, 'Parse error: Invalid JSON-RPC message')),
        '406': {
          description: 'The `Accept` field admits no `application/json`.',
          headers: headerRefs(...ALWAYS, ...RATE_LIMITED),
          content: jsonRpcContent(rpcError(-32_000, 'Not Acceptable: Client must accept both application/json and text/event-stream')),
        },
      },
      problems: [413, 415],
    }),
  },
};

/** A JSON-RPC error body as `application/json` content, with `example`. */
function jsonRpcContent(example: object): Record<string, object> {
  return { 'application/json': { schema: answer, examples: { 'application-json': { value: example } } } };
}

/** A problem answer that may also be a JSON-RPC error (`application/json`) from the MCP transport. */
function withJsonRpc(response: object, example: object): object {
  const { content } = response as { content: Record<string, object> };
  return {
    ...response,
    description: 'A malformed request: problem details (the `Authorization`, the JSON body), or a JSON-RPC error (not an MCP message).',
    content: { ...content, ...jsonRpcContent(example) },
  };
}
