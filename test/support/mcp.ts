/**
 * MCP clients for the tests of the Letterpress MCP server (docs/mcp.md): the SDK's own `Client` over streamable
 * HTTP (`POST /v1/mcp` with a Bearer key) or over stdio (spawning `letterpress mcp` through tsx, as
 * test/support/cli.ts runs the CLI), and the parts of a tool result the tests read.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from './cli.js';

/** A connected client of `url`'s `/v1/mcp` with `key` (null: no Authorization header). */
export async function httpMcpClient(url: string, key: string | null): Promise<Client> {
  const client = new Client({ name: 'letterpress-test', version: '1' });
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  await client.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', url), { requestInit: { headers } }));
  return client;
}

/** A connected client of `letterpress mcp` spawned against `url` with `key` (LETTERPRESS_URL, LETTERPRESS_API_KEY). */
export async function stdioMcpClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'letterpress-test', version: '1' });
  const env = { ...process.env, LETTERPRESS_URL: url, LETTERPRESS_API_KEY: key } as Record<string, string>;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp'],
      cwd: ROOT,
      env,
      stderr: 'pipe',
    }),
  );
  return client;
}

/** Call `name` with `args`; the result as the SDK's client parsed it. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The JSON of a tool result's first text content (the API's answer, or the problem details of a refusal). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonOf(result: CallToolResult): any {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`no text content in ${JSON.stringify(result).slice(0, 200)}`);
  return JSON.parse(first.text);
}
