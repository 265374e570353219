/**
 * The OpenAPI document's response schemas against what the routes really send: every documented 2xx JSON
 * response is produced by a real request and validated (Ajv, JSON Schema draft 2020-12, the dialect of
 * OpenAPI 3.1), and so are problem responses. A route documented later without a request here fails the
 * coverage check, so the response side cannot drift silently either.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { mjmlPage, useTestServer, type Response } from '../support/server.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: object };

describe('OpenAPI document: responses match their schemas', function () {
  this.timeout(30_000);
  const t = useTestServer({ env: { RENDER_MIN_REVISION_WAIT_MS: '100' } });
  let doc: Doc;
  let ajv: InstanceType<typeof Ajv2020.default>;
  const checked = new Set<string>();

  before(async () => {
    doc = (await t.server.request('GET', '/v1/openapi.json', { key: null })).json as Doc;
    ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'openapi', components: closed(doc.components) }); // '#/components/...' refs resolve inside it
  });

  /** Validate `res` against the schema documented for `path` (a document path), `method` and its status. */
  function conforms(path: string, method: string, res: Response): void {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path} is documented`).to.not.equal(undefined);
    const response = operation!.responses[String(res.status)];
    expect(response, `${method.toUpperCase()} ${path} documents status ${res.status} (${res.text.slice(0, 200)})`).to.not.equal(undefined);
    const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
    const media = response!.content?.[type];
    expect(media, `${method.toUpperCase()} ${path} ${res.status} documents ${type}`).to.not.equal(undefined);
    const validate = ajv.compile({ $id: `check-${checked.size}-${Math.random()}`, ...rebase(media!.schema) });
    const valid = validate(res.json);
    expect(valid, `${method.toUpperCase()} ${path} ${res.status}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('; ')}\n${JSON.stringify(res.json).slice(0, 600)}`).to.equal(true);
    if (res.status < 300) checked.add(`${method} ${path} ${res.status}`);
  }

  /** '#/components/…' → 'openapi#/components/…', so a schema compiled on its own finds the document's. */
  const rebase = (schema: object): Record<string, unknown> => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));

  /**
   * The components with every object that lists its `properties` and says nothing of others closed
   * (`additionalProperties: false`), for this test only: the document stays open to additions for
   * clients, but a field the server sends and the document does not name fails here.
   */
  function closed(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(closed);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, v]) => [name, closed(v)])) : closed(value);
    if ('properties' in out && !('additionalProperties' in out)) out['additionalProperties'] = false;
    return out;
  }

  it('every documented 2xx JSON response, sent by a real request, matches its schema', async () => {
    const s = t.server;
    const mjml = mjmlPage('Hi {{name}}, order {{order.number}}');
    conforms('/projects', 'post', await s.request('POST', '/v1/projects', { body: { id: 'oa', mjml, metadata: { name: 'Order', subject: 'Order {{order.number}}', preheader: 'Thanks' } } }));
    conforms('/projects', 'get', await s.request('GET', '/v1/projects'));
    conforms('/projects/{id}', 'get', await s.request('GET', '/v1/projects/oa'));
    conforms('/projects/{id}', 'put', await s.request('PUT', '/v1/projects/oa', { body: { mjml: mjmlPage('Hello {{name}}, order {{order.number}}'), metadata: { name: 'Order' } }, headers: { 'If-Match': '"0"' } }));
    conforms('/projects/{id}', 'patch', await s.request('PATCH', '/v1/projects/oa', { rawBody: JSON.stringify({ metadata: { subject: 'Yours' } }), headers: { 'Content-Type': 'application/merge-patch+json' } }));
    conforms('/projects/{id}/revisions', 'get', await s.request('GET', '/v1/projects/oa/revisions'));
    conforms('/projects/{id}/revisions/{revision}/restore', 'post', await s.request('POST', '/v1/projects/oa/revisions/0/restore'));
    conforms('/projects/{id}/variables', 'get', await s.request('GET', '/v1/projects/oa/variables'));
    conforms('/templates', 'get', await s.request('GET', '/v1/templates'));
    conforms('/templates/{id}', 'get', await s.request('GET', '/v1/templates/oa'));
    conforms('/templates/{id}/render', 'post', await s.request('POST', '/v1/templates/oa/render', { body: { variables: { name: 'Ada', order: { number: 7 } } } }));
    conforms('/templates/{id}/render', 'post', await s.request('POST', '/v1/templates/oa/render', { body: { variables: {}, format: 'mjml' } }));
    const unsent = await s.request('POST', '/v1/templates/oa/render', { body: { variables: {} } });
    expect(unsent.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['missing_variable', 'missing_variable']);
    conforms('/templates/{id}/render', 'post', unsent);
    await s.request('POST', '/v1/projects', { body: { id: 'ob', mjml, metadata: { subject: 'Hi {{name}}' } } });
    const injected = await s.request('POST', '/v1/templates/ob/render', { body: { variables: { name: 'Ada\r\nBcc: evil@example.com', order: { number: 1 } } } });
    expect(injected.json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['header_control_characters']);
    conforms('/templates/{id}/render', 'post', injected);
    conforms('/templates/{id}/validate', 'post', await s.request('POST', '/v1/templates/oa/validate', { body: { variables: { name: 'Ada' } } }));
    conforms('/validate', 'post', await s.request('POST', '/v1/validate', { body: { mjml, variables: { name: 'Ada' } } }));
    conforms('/health', 'get', await s.request('GET', '/v1/health'));
    const issued = await s.request('POST', '/v1/api-keys', { body: { name: 'oa', scopes: ['projects:read'], expires_in: '1d' } });
    conforms('/api-keys', 'post', issued);
    conforms('/api-keys', 'get', await s.request('GET', '/v1/api-keys'));
    conforms('/api-keys/{id}', 'get', await s.request('GET', `/v1/api-keys/${issued.json.id}`));
    conforms('/api-keys/{id}/rotate', 'post', await s.request('POST', `/v1/api-keys/${issued.json.id}/rotate`, { body: { overlap: '1h' } }));
    conforms('/openapi.json', 'get', await s.request('GET', '/v1/openapi.json', { key: null }));
  });

  it('problem responses match the Problem schema', async () => {
    const s = t.server;
    conforms('/projects/{id}', 'get', await s.request('GET', '/v1/projects/no-such-project'));
    conforms('/projects', 'post', await s.request('POST', '/v1/projects', { body: { id: 'bad', mjml: '<mjml><mj-body><mj-nope/></mj-body></mjml>', extra: 1 } }));
    conforms('/projects/{id}', 'put', await s.request('PUT', '/v1/projects/oa', { body: { mjml: mjmlPage('x') }, headers: { 'If-Match': '"999"' } }));
    conforms('/templates/{id}/render', 'post', await s.request('POST', '/v1/templates/oa/render', { body: { variables: { name: { not: 'a string' } }, strict: true } }));
    const notYet = await s.request('POST', '/v1/templates/oa/render', { body: { min_revision: 99 } });
    expect([notYet.status, notYet.json.code]).to.deep.equal([409, 'revision_not_yet_visible']);
    conforms('/templates/{id}/render', 'post', notYet);
    conforms('/health', 'get', await s.request('GET', '/v1/health', { key: 'lp_unknown' }));
    // A tag mismatch (docs/markup-checks.md): errors items with found/expected, and the same as a warning.
    const typo = '<mjml><mj-body><mj-section><mj-column><mj-text>News</mj-txt></mj-column></mj-section></mj-body></mjml>';
    const refused = await s.request('POST', '/v1/projects', { body: { id: 'oa-typo', mjml: typo } });
    expect([refused.status, refused.json.errors[0].found]).to.deep.equal([400, '</mj-txt>']);
    conforms('/projects', 'post', refused);
    const warned = await s.request('POST', '/v1/projects', { body: { id: 'oa-typo', mjml: typo, validation: 'soft' } });
    expect([warned.status, warned.json.warnings[0].code]).to.deep.equal([201, 'mismatched_tag']);
    conforms('/projects', 'post', warned);
  });

  it('covered every documented 2xx JSON response', () => {
    const documented: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('2') && response.content?.['application/json']) documented.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(documented.length).to.be.at.least(18);
    expect(documented.filter((entry) => !checked.has(entry))).to.deep.equal([]);
  });
});
