/**
 * `letterpress mcp`: the Letterpress MCP server (src/mcp/server.ts) on stdio (MCP spec 2025-06-18,
 * "Transports": JSON-RPC messages one per line on stdin and stdout), for an agent's MCP client to spawn. Every
 * tool is a request to the server at --url / LETTERPRESS_URL with the key of --api-key / LETTERPRESS_API_KEY
 * (mcp-operations.ts), so the key's scopes decide what it may do. stdout carries only the protocol; notices
 * (rate-limit waits) go to stderr. Runs until stdin ends or the client closes the connection.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { letterpressMcpServer } from '../../mcp/server.js';
import type { LetterpressClient } from '../client.js';
import { EXIT } from '../errors.js';
import { httpOperations } from '../mcp-operations.js';

/** Serve until the connection closes; resolves to exit code 0. */
export async function serveMcp(client: LetterpressClient): Promise<number> {
  const server = letterpressMcpServer(httpOperations(client));
  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close()); // the client went away: stop, as the spec's shutdown says
  await closed;
  return EXIT.ok;
}
