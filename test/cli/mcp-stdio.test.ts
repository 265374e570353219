/**
 * Issue 25, item 2: `letterpress mcp`, the MCP server on stdio, spawned by the SDK's own `StdioClientTransport`
 * (through tsx, as the other CLI tests run the CLI) against a real server: it lists the tools, renders, saves a
 * draft, and a render-only key's save_template is a tool error naming the scope the server refused it for. Over
 * streamable HTTP: test/api/mcp.test.ts.
 */
import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cli } from '../support/cli.js';
import { call, jsonOf, stdioMcpClient } from '../support/mcp.js';
import { mjmlPage, TEST_KEY, useTestServer } from '../support/server.js';

describe('letterpress mcp: the MCP server on stdio (spawned, against a real server)', function () {
  // A spawned CLI takes ~1 s to start on an idle machine and several at high load (test/cli/cli-publish.test.ts).
  this.timeout(120_000);
  const t = useTestServer();
  const clients: Client[] = [];
  const connect = async (key: string) => {
    const client = await stdioMcpClient(t.server.url, key);
    clients.push(client);
    return client;
  };

  before(async () => {
    expect((await t.create({ id: 'weekly', publishing: 'review', mjml: mjmlPage('Hello {{name}}') })).status).to.equal(201);
    expect((await t.server.request('POST', '/v1/projects/weekly/publish', { body: {} })).status).to.equal(200);
  });
  after(async () => {
    for (const client of clients) await client.close(); // closes stdin: the CLI ends
  });

  it('--help describes it; without a key it is a usage error (exit 2) before serving anything', async () => {
    const help = await cli(['mcp', '--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('Usage: letterpress mcp');
    const noKey = await cli(['mcp'], { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: '' });
    expect([noKey.code, noKey.stdout]).to.deep.equal([2, '']);
    expect(noKey.stderr).to.include('no API key');
  });

  it('lists the eight tools, renders the published revision and saves a draft through the API', async () => {
    const client = await connect(TEST_KEY);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.have.members([
      'list_templates',
      'get_template',
      'validate_template',
      'render_template',
      'diff_revisions',
      'save_template',
      'publish_template',
      'restore_revision',
    ]);
    const rendered = await call(client, 'render_template', { id: 'weekly', variables: { name: 'Ada' } });
    expect(rendered.isError).to.not.equal(true);
    expect(jsonOf(rendered).html).to.contain('Hello Ada');
    const saved = await call(client, 'save_template', { id: 'weekly', mjml: mjmlPage('Draft {{name}}'), if_match: 1 });
    expect(saved.isError, JSON.stringify(saved.content)).to.not.equal(true);
    expect(jsonOf(saved)).to.include({ revision: 2, published_revision: 0, unpublished_changes: true });
    expect((await t.render('weekly', { variables: { name: 'Ada' } })).json.text).to.equal('Hello Ada'); // still published 0
    const source = await client.readResource({ uri: 'letterpress://templates/weekly/source' });
    expect((source.contents[0] as { text: string }).text).to.contain('Draft {{name}}');
  });

  it('a render-only key renders, and its save_template is a tool error with the server’s 403 naming the scope', async () => {
    const key = await t.server.request('POST', '/v1/api-keys', { body: { name: 'render only', scopes: ['templates:render'] } });
    const client = await connect(key.json.token as string);
    expect(jsonOf(await call(client, 'render_template', { id: 'weekly', variables: { name: 'Bo' } })).text).to.equal('Hello Bo');
    const refused = await call(client, 'save_template', { id: 'weekly', mjml: mjmlPage('Sneaky {{name}}') });
    expect(refused.isError).to.equal(true);
    const problem = jsonOf(refused);
    expect([problem.status, problem.code, problem.detail]).to.deep.equal([
      403,
      'insufficient_scope',
      "This API key lacks the 'projects:write' scope.",
    ]);
    expect((await t.server.request('GET', '/v1/projects/weekly')).json.revision).to.equal(2); // nothing saved
  });
});
