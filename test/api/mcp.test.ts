/**
 * Issue 25, item 2: the MCP server over streamable HTTP at /v1/mcp, driven by the SDK's own client. It lists the
 * eight tools with their annotations, validates, renders, saves a draft (the published revision stays), publishes,
 * lists and reads the template resources; a render-only key gets a tool error naming the scope it lacks for
 * save_template and publish_template; no key is a 401, GET a 405. The stdio transport: test/cli/mcp-stdio.test.ts.
 */
import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, httpMcpClient, jsonOf } from '../support/mcp.js';
import { mjmlPage, TEST_KEY, useTestServer } from '../support/server.js';

const TOOLS = [
  'diff_revisions',
  'get_template',
  'list_templates',
  'publish_template',
  'render_template',
  'restore_revision',
  'save_template',
  'validate_template',
];

describe('MCP server over streamable HTTP (/v1/mcp)', function () {
  this.timeout(30_000);
  const t = useTestServer();
  let client: Client;
  let renderOnly: string;

  before(async () => {
    // `weekly` publishes under review: revision 0, then its publish (revision 1).
    expect((await t.create({ id: 'weekly', publishing: 'review', mjml: mjmlPage('Hello {{name}}') })).status).to.equal(201);
    expect((await t.server.request('POST', '/v1/projects/weekly/publish', { body: {} })).json.published_revision).to.equal(0);
    expect((await t.create({ id: 'onsave', mjml: mjmlPage('Hi {{name}}') })).status).to.equal(201);
    const key = await t.server.request('POST', '/v1/api-keys', { body: { name: 'render only', scopes: ['templates:render'] } });
    renderOnly = key.json.token as string;
    client = await httpMcpClient(t.server.url, TEST_KEY);
  });
  after(async () => {
    await client?.close();
  });

  it('lists the eight tools, each with an input schema and its read-only / destructive annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).to.deep.equal(TOOLS);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const name of ['list_templates', 'get_template', 'validate_template', 'render_template', 'diff_revisions']) {
      expect(byName[name]!.annotations?.readOnlyHint, name).to.equal(true);
    }
    expect(byName['save_template']!.annotations).to.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(byName['publish_template']!.annotations).to.include({ readOnlyHint: false, destructiveHint: true });
    expect(byName['restore_revision']!.annotations).to.include({ readOnlyHint: false, destructiveHint: true });
    // From the routes' zod schemas: render takes what POST /templates/{id}/render takes, strictly, plus the id.
    const render = byName['render_template']!.inputSchema as { properties: Record<string, unknown>; required?: string[] };
    expect(render.properties).to.include.keys('id', 'variables', 'format', 'revision', 'strict', 'locale');
    expect(render.required).to.deep.equal(['id']);
    expect(byName['save_template']!.inputSchema.properties).to.include.keys('id', 'mjml', 'metadata', 'if_match');
    expect(byName['save_template']!.inputSchema.properties).to.not.have.property('publishing');
  });

  it('validates and renders: the HTML carries the variable, the answer is the API’s JSON', async () => {
    const validated = await call(client, 'validate_template', { id: 'weekly', variables: { name: 'Ada' } });
    expect(validated.isError).to.not.equal(true);
    expect(jsonOf(validated)).to.include({ valid: true });
    const rendered = await call(client, 'render_template', { id: 'weekly', variables: { name: 'Ada' } });
    expect(rendered.isError).to.not.equal(true);
    const answer = jsonOf(rendered);
    expect(answer).to.include({ id: 'weekly', revision: 0, format: 'html' });
    expect(answer.html).to.contain('Hello Ada');
    expect(rendered.structuredContent).to.deep.equal(answer);
    // Arguments the input schema refuses (an unknown member: the schema is strict) are the SDK's error result, naming it.
    const typo = await call(client, 'render_template', { id: 'weekly', variable: { name: 'Ada' } });
    expect(typo.isError).to.equal(true);
    expect((typo.content[0] as { text: string }).text)
      .to.contain('Input validation error')
      .and.to.contain('variable');
    // What the route's parser refuses beyond the schema is its problem details.
    const notObject = await call(client, 'render_template', { id: 'weekly', variables: [1] });
    expect([notObject.isError, jsonOf(notObject).status, jsonOf(notObject).code]).to.deep.equal([true, 400, 'invalid_variables']);
    const missing = await call(client, 'render_template', { id: 'nope' });
    expect([missing.isError, jsonOf(missing).status, jsonOf(missing).code]).to.deep.equal([true, 404, 'project_not_found']);
  });

  it('saves a draft under review: the published revision does not move until publish_template', async () => {
    // if_match is the project's revision (its ETag), as list_templates shows it: 1 after the publish; get_template shows template revision 0.
    const listed = jsonOf(await call(client, 'list_templates', {}));
    expect(listed.items.find((item: { id: string }) => item.id === 'weekly')).to.include({ revision: 1, published_revision: 0 });
    expect(jsonOf(await call(client, 'get_template', { id: 'weekly' }))).to.include({ revision: 0 });
    const saved = await call(client, 'save_template', { id: 'weekly', mjml: mjmlPage('Welcome back {{name}}'), if_match: 1 });
    expect(saved.isError, JSON.stringify(saved.content)).to.not.equal(true);
    expect(jsonOf(saved)).to.include({ revision: 2, publishing: 'review', published_revision: 0, unpublished_changes: true });
    const published = await t.render('weekly', { variables: { name: 'Ada' } });
    expect([published.json.revision, published.json.text]).to.deep.equal([0, 'Hello Ada']);
    const draft = jsonOf(await call(client, 'render_template', { id: 'weekly', variables: { name: 'Ada' }, revision: 'latest' }));
    expect(draft.text).to.equal('Welcome back Ada');
    const stale = await call(client, 'publish_template', { id: 'weekly', if_match: 1 });
    expect([stale.isError, jsonOf(stale).status, jsonOf(stale).code]).to.deep.equal([true, 412, 'revision_mismatch']);
    const done = await call(client, 'publish_template', { id: 'weekly', revision: 2 });
    expect(done.isError, JSON.stringify(done.content)).to.not.equal(true);
    expect(jsonOf(done)).to.include({ revision: 3, published_revision: 2, unpublished_changes: false });
    expect((await t.render('weekly', { variables: { name: 'Ada' } })).json.text).to.equal('Welcome back Ada');
    // The same content again appends nothing (idempotentHint): unchanged, the revision stays.
    const again = jsonOf(await call(client, 'save_template', { id: 'weekly', mjml: mjmlPage('Welcome back {{name}}') }));
    expect(again).to.include({ revision: 3, unchanged: true, published_revision: 2 });
  });

  it('a save of an on_save project is a draft too: the project switches to review and renders keep the published revision', async () => {
    const saved = jsonOf(await call(client, 'save_template', { id: 'onsave', mjml: mjmlPage('Changed {{name}}') }));
    expect(saved).to.include({ revision: 1, publishing: 'review', published_revision: 0, unpublished_changes: true });
    expect((await t.render('onsave', { variables: { name: 'Bo' } })).json.text).to.equal('Hi Bo');
  });

  it('tool arguments meet the limits of their route’s body: variable names such as constructor pass, metadata past METADATA_MAX_BYTES is 413', async () => {
    expect((await t.create({ id: 'names', mjml: mjmlPage('Hi {{constructor}}') })).status).to.equal(201);
    const named = await call(client, 'render_template', { id: 'names', variables: { constructor: 'Ada' } });
    expect(jsonOf(named).text).to.equal('Hi Ada');
    const big = { notes: 'x'.repeat(70 * 1024) };
    const message = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'save_template', arguments: { id: 'names', mjml: mjmlPage('x'), metadata: big } },
    };
    const refused = await t.server.request('POST', '/v1/mcp', { body: message });
    expect([refused.status, refused.json.code, refused.json.errors[0].pointer]).to.deep.equal([413, 'field_too_large', '/metadata']);
    // Outside the arguments, json-guard's rules hold for the message itself.
    const raw = '{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"__proto__":{"x":1}}}';
    const reserved = await t.server.request('POST', '/v1/mcp', { rawBody: raw, headers: { 'Content-Type': 'application/json' } });
    expect([reserved.status, reserved.json.code]).to.deep.equal([400, 'reserved_key']);
    expect((await t.server.request('GET', '/v1/projects/names')).json.revision).to.equal(0); // nothing saved
  });

  it('lists and reads each template’s source and variables schema as resources', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).to.deep.equal([
      'letterpress://templates/{id}/source',
      'letterpress://templates/{id}/variables',
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).to.include.members([
      'letterpress://templates/weekly/source',
      'letterpress://templates/weekly/variables',
      'letterpress://templates/onsave/source',
    ]);
    const source = await client.readResource({ uri: 'letterpress://templates/onsave/source' });
    expect(source.contents[0]).to.include({ mimeType: 'text/plain' });
    expect((source.contents[0] as { text: string }).text).to.contain('Changed {{name}}'); // the draft, Handlebars left in
    const variables = await client.readResource({ uri: 'letterpress://templates/weekly/variables' });
    const schema = JSON.parse((variables.contents[0] as { text: string }).text);
    expect(schema.inferred.properties).to.have.property('name');
    let refused: unknown;
    await client.readResource({ uri: 'letterpress://templates/nope/variables' }).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain("'nope'");
  });

  it('a render-only key renders, and gets a tool error naming the scope for save_template and publish_template', async () => {
    const limited = await httpMcpClient(t.server.url, renderOnly);
    try {
      const rendered = await call(limited, 'render_template', { id: 'weekly', variables: { name: 'Cy' } });
      expect(jsonOf(rendered).text).to.equal('Welcome back Cy');
      for (const [name, args] of [
        ['save_template', { id: 'weekly', mjml: mjmlPage('Sneaky {{name}}') }],
        ['publish_template', { id: 'weekly', revision: 0 }],
      ] as const) {
        const result = await call(limited, name, args);
        expect(result.isError, name).to.equal(true);
        const problem = jsonOf(result);
        expect([problem.status, problem.code], name).to.deep.equal([403, 'insufficient_scope']);
        expect(problem.detail, name).to.contain("'projects:write'");
      }
      const listed = await call(limited, 'list_templates', {});
      expect([listed.isError, jsonOf(listed).detail]).to.deep.equal([true, "This API key lacks the 'projects:read' scope."]);
    } finally {
      await limited.close();
    }
    const project = await t.server.request('GET', '/v1/projects/weekly');
    expect([project.json.revision, project.json.published_revision]).to.deep.equal([3, 2]); // nothing written
  });

  it('without a key: 401 (the client cannot connect); GET is 405 with Allow: POST (no SSE stream, no sessions)', async () => {
    let refused: unknown;
    await httpMcpClient(t.server.url, null).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('401');
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const raw = await t.server.request('POST', '/v1/mcp', {
      key: null,
      body: initialize,
      headers: { Accept: 'application/json, text/event-stream' },
    });
    expect([raw.status, raw.json.code]).to.deep.equal([401, 'missing_api_key']);
    const get = await t.server.request('GET', '/v1/mcp', { headers: { Accept: 'text/event-stream' } });
    expect([get.status, get.headers['allow']]).to.deep.equal([405, 'POST']);
  });
});

describe('MCP server over streamable HTTP under REQUIRE_IF_MATCH=true', function () {
  this.timeout(30_000);
  const t = useTestServer({ env: { REQUIRE_IF_MATCH: 'true' } });

  it('a write tool without if_match is the routes’ 428 precondition_required; with if_match "*" it saves', async () => {
    expect((await t.create({ id: 'strict', mjml: mjmlPage('Hi {{name}}') })).status).to.equal(201);
    const client = await httpMcpClient(t.server.url, TEST_KEY);
    try {
      const bare = await call(client, 'save_template', { id: 'strict', mjml: mjmlPage('Bye {{name}}') });
      expect([bare.isError, jsonOf(bare).status, jsonOf(bare).code, jsonOf(bare).header]).to.deep.equal([
        true,
        428,
        'precondition_required',
        'if_match',
      ]);
      const any = await call(client, 'save_template', { id: 'strict', mjml: mjmlPage('Bye {{name}}'), if_match: '*' });
      expect(jsonOf(any)).to.include({ revision: 1, publishing: 'review', published_revision: 0 });
    } finally {
      await client.close();
    }
  });
});
