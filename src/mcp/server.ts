/**
 * The Letterpress MCP server (issue 25, item 2): one definition of its tools (tools.ts) and resources
 * (resources.ts), built over the port `TemplateOperations` (operations.ts). Served on stdio by
 * `letterpress mcp` (src/cli/commands/mcp.ts) and over streamable HTTP at `POST /v1/mcp`
 * (src/mcp/http-route.ts). Built on the official `@modelcontextprotocol/sdk` (1.x); docs/mcp.md.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { TemplateOperations } from './operations.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools.js';

export { ProblemRefusal, type IfMatch, type Json, type RevisionChoice, type TemplateOperations } from './operations.js';

/** The server's name and version in `initialize` (`serverInfo`): the API version it serves. */
export const SERVER_INFO = { name: 'letterpress', version: '1' } as const;

/** What the server tells a client about itself at `initialize` (`instructions`): how to work safely. */
const INSTRUCTIONS =
  'Letterpress stores email templates (MJML + Handlebars) and renders them. Read with list_templates, get_template and the ' +
  'template resources; check with validate_template, render_template (revision "latest" for the draft) and diff_revisions; ' +
  'save_template saves a draft only; publish_template makes a revision what recipients get. Refusals are RFC 9457 problem ' +
  'details (status, code, detail, errors): correct the call, or tell the user what the key lacks.';

/** A fresh MCP server over `ops`: the eight tools and the two resource templates. */
export function letterpressMcpServer(ops: TemplateOperations): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  registerTools(server, ops);
  registerResources(server, ops);
  return server;
}
