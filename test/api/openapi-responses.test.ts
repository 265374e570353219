/**
 * The OpenAPI document's responses against what the routes really send (test/support/openapi-contract.ts):
 * every documented 2xx response is produced by a real request and its body and header fields validated,
 * and so are problem responses. A route documented later without a request here fails the coverage check,
 * so the response side cannot drift silently either. The other statuses (401, 403, 429, 304, 415, 500, 503…)
 * and the operations without a 2xx here: openapi-contract.test.ts.
 */
import { expect } from 'chai';
import { Contract, type OpenApiDoc } from '../support/openapi-contract.js';
import { mjmlPage, useTestServer } from '../support/server.js';

describe('OpenAPI document: responses match their schemas', function () {
  this.timeout(30_000);
  const t = useTestServer({ env: { RENDER_MIN_REVISION_WAIT_MS: '100' } });
  let contract: Contract;

  before(async () => {
    contract = new Contract((await t.server.request('GET', '/v1/openapi.json', { key: null })).json as OpenApiDoc);
  });
  const conforms: Contract['check'] = (...args) => contract.check(...args);

  it('every documented 2xx JSON response, sent by a real request, matches its schema', async () => {
    const s = t.server;
    const mjml = mjmlPage('Hi {{name}}, order {{order.number}}');
    conforms(
      '/projects',
      'post',
      await s.request('POST', '/v1/projects', {
        body: { id: 'oa', mjml, metadata: { name: 'Order', subject: 'Order {{order.number}}', preheader: 'Thanks' } },
      }),
    );
    conforms('/projects', 'get', await s.request('GET', '/v1/projects'));
    conforms('/projects/{id}', 'get', await s.request('GET', '/v1/projects/oa'));
    conforms(
      '/projects/{id}',
      'put',
      await s.request('PUT', '/v1/projects/oa', {
        body: { mjml: mjmlPage('Hello {{name}}, order {{order.number}}'), metadata: { name: 'Order' } },
        headers: { 'If-Match': '"0"' },
      }),
    );
    conforms(
      '/projects/{id}',
      'patch',
      await s.request('PATCH', '/v1/projects/oa', {
        rawBody: JSON.stringify({ metadata: { subject: 'Yours' } }),
        headers: { 'Content-Type': 'application/merge-patch+json' },
      }),
    );
    conforms('/projects/{id}/revisions', 'get', await s.request('GET', '/v1/projects/oa/revisions'));
    conforms('/projects/{id}/revisions/{revision}/restore', 'post', await s.request('POST', '/v1/projects/oa/revisions/0/restore'));
    conforms('/projects/{id}/publish', 'post', await s.request('POST', '/v1/projects/oa/publish'));
    conforms('/projects/{id}/diff', 'post', await s.request('POST', '/v1/projects/oa/diff', { body: { from: 0, to: 'latest' } }));
    conforms('/policy', 'put', await s.request('PUT', '/v1/policy', { body: { require: ['lang'], clients: ['gmail.*'] } }));
    conforms('/policy', 'get', await s.request('GET', '/v1/policy'));
    await s.request('PUT', '/v1/policy', { body: {} }); // an empty policy checks nothing: the writes below are as before
    conforms('/projects/{id}/variables', 'get', await s.request('GET', '/v1/projects/oa/variables'));
    conforms('/templates', 'get', await s.request('GET', '/v1/templates'));
    conforms('/templates/{id}', 'get', await s.request('GET', '/v1/templates/oa'));
    conforms(
      '/templates/{id}/render',
      'post',
      await s.request('POST', '/v1/templates/oa/render', { body: { variables: { name: 'Ada', order: { number: 7 } } } }),
    );
    conforms(
      '/templates/{id}/render',
      'post',
      await s.request('POST', '/v1/templates/oa/render', { body: { variables: {}, format: 'mjml' } }),
    );
    const unsent = await s.request('POST', '/v1/templates/oa/render', { body: { variables: {} } });
    expect(unsent.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['missing_variable', 'missing_variable']);
    conforms('/templates/{id}/render', 'post', unsent);
    await s.request('POST', '/v1/projects', { body: { id: 'ob', mjml, metadata: { subject: 'Hi {{name}}' } } });
    const injected = await s.request('POST', '/v1/templates/ob/render', {
      body: { variables: { name: 'Ada\r\nBcc: evil@example.com', order: { number: 1 } } },
    });
    expect(injected.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['header_control_characters']);
    conforms('/templates/{id}/render', 'post', injected);
    conforms(
      '/templates/{id}/validate',
      'post',
      await s.request('POST', '/v1/templates/oa/validate', { body: { variables: { name: 'Ada' } } }),
    );
    conforms('/validate', 'post', await s.request('POST', '/v1/validate', { body: { mjml, variables: { name: 'Ada' } } }));
    conforms('/health', 'get', await s.request('GET', '/v1/health'));
    const issued = await s.request('POST', '/v1/api-keys', { body: { name: 'oa', scopes: ['projects:read'], expires_in: '1d' } });
    conforms('/api-keys', 'post', issued);
    conforms('/api-keys', 'get', await s.request('GET', '/v1/api-keys'));
    conforms('/api-keys/{id}', 'get', await s.request('GET', `/v1/api-keys/${issued.json.id}`));
    const rotated = await s.request('POST', `/v1/api-keys/${issued.json.id}/rotate`, { body: { overlap: '1h' } });
    conforms('/api-keys/{id}/rotate', 'post', rotated);
    conforms('/api-keys/{id}', 'delete', await s.request('DELETE', `/v1/api-keys/${rotated.json.id}`));
    conforms('/openapi.json', 'get', await s.request('GET', '/v1/openapi.json', { key: null }));
    conforms('/metrics', 'get', await s.request('GET', '/v1/metrics'));
    const html = await s.request('POST', '/v1/templates/oa/render', {
      body: { variables: { name: 'Ada' } },
      headers: { Accept: 'text/html' },
    });
    const fields = ['content-type', 'x-missing-variables', 'x-missing-variable-paths'].map((field) => html.headers[field]);
    expect(fields).to.deep.equal(['text/html; charset=utf-8', '1', 'order.number']);
    conforms('/templates/{id}/render', 'post', html);
    const receipt = html.headers['letterpress-receipt'] as string;
    conforms('/receipts/verify', 'post', await s.request('POST', '/v1/receipts/verify', { body: { receipt, html: html.text } }));
    conforms('/receipts/verify', 'post', await s.request('POST', '/v1/receipts/verify', { body: { receipt, html: `${html.text} ` } }));
    conforms('/receipts/keys/rotate', 'post', await s.request('POST', '/v1/receipts/keys/rotate'));
    conforms('/.well-known/jwks.json', 'get', await s.request('GET', '/v1/.well-known/jwks.json'));
    conforms('/templates/{id}', 'delete', await s.request('DELETE', '/v1/templates/ob'));
    await s.request('POST', '/v1/projects', { body: { id: 'oc', mjml } });
    conforms('/projects/{id}', 'delete', await s.request('DELETE', '/v1/projects/oc', { headers: { 'If-Match': '"0"' } }));
  });

  it('problem responses match the Problem schema', async () => {
    const s = t.server;
    conforms('/projects/{id}', 'get', await s.request('GET', '/v1/projects/no-such-project'));
    conforms(
      '/projects',
      'post',
      await s.request('POST', '/v1/projects', { body: { id: 'bad', mjml: '<mjml><mj-body><mj-nope/></mj-body></mjml>', extra: 1 } }),
    );
    conforms(
      '/projects/{id}',
      'put',
      await s.request('PUT', '/v1/projects/oa', { body: { mjml: mjmlPage('x') }, headers: { 'If-Match': '"999"' } }),
    );
    conforms(
      '/templates/{id}/render',
      'post',
      await s.request('POST', '/v1/templates/oa/render', { body: { variables: { name: { not: 'a string' } }, strict: true } }),
    );
    const notYet = await s.request('POST', '/v1/templates/oa/render', { body: { min_revision: 99 } });
    expect([notYet.status, notYet.json.code]).to.deep.equal([409, 'revision_not_yet_visible']);
    conforms('/templates/{id}/render', 'post', notYet);
    conforms('/health', 'get', await s.request('GET', '/v1/health', { key: 'lp_unknown' }));
    // A save that publishes (on_save) and breaks the workspace policy: 422 policy_violation with pointers.
    await s.request('PUT', '/v1/policy', { body: { require: ['title'] } });
    const violation = await s.request('PUT', '/v1/projects/oa', { body: { mjml: mjmlPage('no title') } });
    await s.request('PUT', '/v1/policy', { body: {} });
    expect([violation.status, violation.json.code, violation.json.errors[0].pointer]).to.deep.equal([422, 'policy_violation', '/ast']);
    conforms('/projects/{id}', 'put', violation);
    // A tag mismatch (docs/markup-checks.md): errors items with found/expected, and the same as a warning.
    const typo = '<mjml><mj-body><mj-section><mj-column><mj-text>News</mj-txt></mj-column></mj-section></mj-body></mjml>';
    const refused = await s.request('POST', '/v1/projects', { body: { id: 'oa-typo', mjml: typo } });
    expect([refused.status, refused.json.errors[0].found]).to.deep.equal([400, '</mj-txt>']);
    conforms('/projects', 'post', refused);
    const warned = await s.request('POST', '/v1/projects', { body: { id: 'oa-typo', mjml: typo, validation: 'soft' } });
    expect([warned.status, warned.json.warnings[0].code]).to.deep.equal([201, 'mismatched_tag']);
    conforms('/projects', 'post', warned);
  });

  it('POST /validate of a template that does not compile answers variables: null, as documented', async () => {
    const mjml = '<mjml><mj-body><mj-text>News</mj-txt></mj-body></mjml>';
    const res = await t.server.request('POST', '/v1/validate', { body: { mjml, variables: { name: 'Ada' } } });
    expect([res.status, res.json.valid, res.json.variables]).to.deep.equal([200, false, null]);
    expect(res.json.errors[0].code).to.equal('invalid_mjml');
    conforms('/validate', 'post', res);
    type Schemas = Record<string, { properties: Record<string, { oneOf?: unknown[] }>; required: string[] }>;
    const report = (contract.doc.components['schemas'] as Schemas)['ValidationReport']!;
    expect(report.required).to.include('variables');
    expect(report.properties['variables']!.oneOf).to.deep.equal([{ $ref: '#/components/schemas/Variables' }, { type: 'null' }]);
  });

  it('every documented 2xx answer of /layouts and /partials matches its schema (docs/layouts.md)', async () => {
    const s = t.server;
    const layout = '<mjml><mj-body><mj-section><mj-column><mj-text>BRAND</mj-text></mj-column></mj-section><lp-slot /></mj-body></mjml>';
    for (const [kind, member, source] of [
      ['layouts', 'mjml', layout],
      ['partials', 'source', '<mj-section><mj-column><mj-text>Bye</mj-text></mj-column></mj-section>'],
    ] as const) {
      const id = `oa-${kind}`;
      conforms(`/${kind}`, 'post', await s.request('POST', `/v1/${kind}`, { body: { id, [member]: source, publishing: 'review' } }));
      conforms(`/${kind}/{id}`, 'get', await s.request('GET', `/v1/${kind}/${id}`));
      conforms(`/${kind}/{id}`, 'put', await s.request('PUT', `/v1/${kind}/${id}`, { body: { [member]: `${source} ` } }));
      conforms(`/${kind}/{id}/publish`, 'post', await s.request('POST', `/v1/${kind}/${id}/publish`, { body: {} }));
      const named = kind === 'layouts' ? { layout: { id } } : { shared_partials: [{ id }] };
      const mjml = mjmlPage('Hi').replace('<mj-body>', kind === 'partials' ? `<mj-body>{{> shared/${id}}}` : '<mj-body>');
      const project = await s.request('POST', '/v1/projects', { body: { id: `oa-uses-${kind}`, mjml, ...named } });
      expect(project.status, project.text).to.equal(201);
      conforms('/projects', 'post', project);
      const rendered = await s.request('POST', `/v1/templates/oa-uses-${kind}/render`, { body: { variables: {} } });
      expect(rendered.json.shared_partial_revisions, rendered.text).to.be.an('object');
      conforms('/templates/{id}/render', 'post', rendered);
      conforms(`/${kind}/{id}/publish`, 'post', await s.request('POST', `/v1/${kind}/${id}/publish`, { body: {} }));
      conforms(`/${kind}/{id}/dependents`, 'get', await s.request('GET', `/v1/${kind}/${id}/dependents`));
      conforms(`/${kind}/{id}`, 'get', await s.request('GET', `/v1/${kind}/${id}?revision=0`));
      conforms(`/${kind}/{id}/revisions`, 'get', await s.request('GET', `/v1/${kind}/${id}/revisions`));
      const listed = await s.request('GET', `/v1/${kind}?limit=1`);
      expect(
        listed.json.items.map((item: { id: string }) => item.id),
        listed.text,
      ).to.deep.equal([id]);
      conforms(`/${kind}`, 'get', listed);
      await s.request('DELETE', `/v1/projects/oa-uses-${kind}`);
      conforms(`/${kind}/{id}`, 'delete', await s.request('DELETE', `/v1/${kind}/${id}`));
    }
  });

  it('POST /mcp: a JSON-RPC answer (200), an accepted notification (202), a 400 and a 406 as JSON-RPC errors (docs/mcp.md)', async () => {
    const s = t.server;
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'oa', version: '1' } },
    };
    const answered = await s.request('POST', '/v1/mcp', { body: initialize });
    expect([answered.status, answered.json.result.serverInfo.name]).to.deep.equal([200, 'letterpress']);
    conforms('/mcp', 'post', answered);
    const session = { 'Mcp-Protocol-Version': '2025-06-18' };
    const notified = await s.request('POST', '/v1/mcp', {
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers: session,
    });
    expect([notified.status, notified.text]).to.deep.equal([202, '']);
    conforms('/mcp', 'post', notified);
    const listed = await s.request('POST', '/v1/mcp', { body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers: session });
    expect(listed.json.result.tools).to.have.length(8);
    conforms('/mcp', 'post', listed);
    const notRpc = await s.request('POST', '/v1/mcp', { body: { hello: 'world' } });
    expect([notRpc.status, notRpc.json.error.code]).to.deep.equal([400, -32700]);
    conforms('/mcp', 'post', notRpc);
    const html = await s.request('POST', '/v1/mcp', { body: initialize, headers: { Accept: 'text/html' } });
    expect([html.status, html.json.error.code]).to.deep.equal([406, -32000]);
    conforms('/mcp', 'post', html);
  });

  it('covered every documented 2xx response', () => {
    const documented: string[] = [];
    for (const item of Object.values(contract.doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        documented.push(...successes.map((status) => `${operation.operationId} ${status}`));
      }
    }
    expect(documented.length).to.be.at.least(24);
    expect(documented.filter((entry) => !contract.seen.has(entry))).to.deep.equal([]);
  });
});
