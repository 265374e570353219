/**
 * The OpenAPI document as a contract, as a contract-testing tool drives it (Respect, Portman, dredd): every
 * operation is called — its path filled from the document's own parameter examples, its body from its own
 * request example — without a key (401), with a malformed `Authorization` (400), with a key lacking its
 * scope (403), and each other status the routes can answer that a client must be ready for (304, 404, 406,
 * 409, 412, 415 with `Accept-Patch` or `Accept-Encoding`, 422, 428, 429, a replay, 500
 * `mjml_compile_timeout`, 503 `compile_queue_full` and `dependency_unavailable`). Every answer's body and
 * header fields are held to the document (test/support/openapi-contract.ts); at the end every operation
 * was driven and every header field the document names was seen.
 */
import { expect } from 'chai';
import { Contract, type OpenApiDoc } from '../support/openapi-contract.js';
import { mjmlPage, startTestServer, useTestServer, type TestServer } from '../support/server.js';

type Op = { path: string; method: string; operationId: string; scope?: string; body?: { type: string; value: unknown } };

/** MJML that compiles for seconds: past a short COMPILE_TIMEOUT_MS (as test/api/projects.test.ts). */
const SECTION = '<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>';
const SLOW = `<mjml><mj-body>${SECTION.repeat(6000)}</mj-body></mjml>`;
const ROOMY = {
  TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
  TEMPLATE_MAX_NODES: '1000000',
  TEMPLATE_MAX_EXPRESSIONS: '1000000',
  TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
  BODY_LIMIT_KB: '8192',
};

describe('OpenAPI document: a contract test drives every operation, every answer and header held to it', function () {
  this.timeout(60_000);
  const t = useTestServer();
  let contract: Contract;
  let ops: Op[];

  before(async () => {
    contract = new Contract((await t.server.request('GET', '/v1/openapi.json', { key: null })).json as OpenApiDoc);
    ops = operationsOf(contract.doc);
    await t.create({ id: 'welcome', mjml: mjmlPage('Hello {{name}}') }); // the ProjectId example
    // The LayoutId and PartialId examples (docs/layouts.md).
    await t.server.request('POST', '/v1/layouts', { body: { id: 'welcome', mjml: '<mjml><mj-body><lp-slot /></mj-body></mjml>' } });
    await t.server.request('POST', '/v1/partials', { body: { id: 'welcome', source: '<mj-text>Hi</mj-text>' } });
  });
  /** Call `op` on `server` with its example body and `init`, and hold the answer to the document. */
  async function drive(
    op: Op,
    init: { key?: string | null; headers?: Record<string, string>; body?: unknown; path?: string } = {},
    server: TestServer = t.server,
  ) {
    const path = init.path ?? fill(op.path);
    const body = init.body ?? op.body?.value;
    const headers = { ...(op.body ? { 'Content-Type': op.body.type } : {}), ...init.headers };
    const res = await server.request(op.method.toUpperCase(), `/v1${path}`, {
      ...(body !== undefined ? { rawBody: JSON.stringify(body) } : {}),
      headers,
      key: init.key,
    });
    contract.check(op.path, op.method, res);
    return res;
  }
  const op = (operationId: string) => ops.find((o) => o.operationId === operationId)!;
  /** The path with the document's own examples: `welcome`, key `k3x9q2m7p4w8`, revision 0. */
  const fill = (path: string) => path.replace('{id}', path.startsWith('/api-keys') ? 'k3x9q2m7p4w8' : 'welcome').replace('{revision}', '0');

  it('drives all 47 operations without a key (401; the document itself 200) and with a malformed Authorization (400)', async () => {
    expect(ops.length).to.equal(47);
    for (const o of ops) {
      const res = await drive(o, { key: null });
      expect(res.status, o.operationId).to.equal(o.operationId === 'getOpenApiDocument' ? 200 : 401);
      if (o.operationId !== 'getOpenApiDocument')
        expect((await drive(o, { key: null, headers: { Authorization: 'Bearer two words' } })).status, o.operationId).to.equal(400);
    }
  });

  it('403 for a key without the scope an operation needs, on every scoped operation', async () => {
    const reader = (await t.server.request('POST', '/v1/api-keys', { body: { name: 'reader', scopes: ['projects:read'] } })).json
      .token as string;
    const renderer = (await t.server.request('POST', '/v1/api-keys', { body: { name: 'renderer', scopes: ['templates:render'] } })).json
      .token as string;
    let refused = 0;
    for (const o of ops) {
      const scope = o.scope;
      if (scope === undefined) continue;
      const res = await drive(o, { key: scope === 'projects:read' ? renderer : reader });
      expect([res.status, res.json.code], o.operationId).to.deep.equal([403, 'insufficient_scope']);
      refused += 1;
    }
    expect(refused).to.equal(42); // all but health, metrics, the document, the receipt keys and MCP (any key: its tools check the scope)
  });

  it('304, 404, 406, 409, 412, 415, 422, a replay and 429, as documented', async () => {
    const get = await t.server.request('GET', '/v1/projects/welcome');
    expect((await drive(op('getProject'), { headers: { 'If-None-Match': get.headers['etag'] as string } })).status).to.equal(304);
    expect((await drive(op('getTemplate'), { path: '/templates/nope' })).status).to.equal(404);
    expect((await drive(op('getApiKey'))).status).to.equal(404);
    expect((await drive(op('renderTemplate'), { body: { format: 'mjml' }, headers: { Accept: 'text/html' } })).status).to.equal(406);
    expect((await drive(op('createProject'))).status).to.equal(409); // `welcome` exists
    expect((await drive(op('saveProject'), { headers: { 'If-Match': '"99"' } })).status).to.equal(412);
    const patchAsJson = await drive(op('patchProject'), { headers: { 'Content-Type': 'application/json' } });
    expect([patchAsJson.status, patchAsJson.headers['accept-patch']]).to.deep.equal([415, 'application/merge-patch+json']);
    const zstd = await drive(op('validateTemplate'), { headers: { 'Content-Encoding': 'zstd' } });
    expect([zstd.status, typeof zstd.headers['accept-encoding']]).to.deep.equal([415, 'string']);
    const once = { 'Idempotency-Key': 'contract-1' };
    expect((await drive(op('createProject'), { body: { id: 'again', mjml: mjmlPage('x') }, headers: once })).status).to.equal(201);
    const replay = await drive(op('createProject'), { body: { id: 'again', mjml: mjmlPage('x') }, headers: once });
    expect([replay.status, replay.headers['idempotent-replayed']]).to.deep.equal([201, 'true']);
    expect((await drive(op('createProject'), { body: { id: 'other', mjml: mjmlPage('x') }, headers: once })).status).to.equal(422);
    const key = await t.server.request('POST', '/v1/api-keys', {
      body: { name: 'once', scopes: ['projects:read'], rate_limit_per_minute: 1 },
    });
    expect((await drive(op('revokeApiKey'), { path: `/api-keys/${key.json.id}` })).status).to.equal(204);
    // revoked: api_key_inactive
    expect((await drive(op('rotateApiKey'), { path: `/api-keys/${key.json.id}/rotate` })).status).to.equal(409);
    const slow = (
      await t.server.request('POST', '/v1/api-keys', { body: { name: 'slow', scopes: ['projects:read'], rate_limit_per_minute: 1 } })
    ).json.token as string;
    expect((await drive(op('listProjects'), { key: slow })).status).to.equal(200);
    const limited = await drive(op('listProjects'), { key: slow });
    expect([limited.status, Number(limited.headers['retry-after']) >= 1]).to.deep.equal([429, true]);
  });

  it('428, 500 mjml_compile_timeout, 503 compile_queue_full and 503 dependency_unavailable, as documented', async function () {
    this.timeout(120_000);
    const strict = await startTestServer({
      env: { REQUIRE_IF_MATCH: 'true', COMPILE_TIMEOUT_MS: '1000', COMPILE_QUEUE_MAX: '0', ...ROOMY },
    });
    try {
      await strict.request('POST', '/v1/projects', { body: { id: 'welcome', mjml: mjmlPage('Hi') } });
      expect((await drive(op('deleteProject'), {}, strict)).status).to.equal(428);
      // One compile thread, no queue: the first holds the thread for its 1 s deadline (500), the others find no room (503).
      const slow = await Promise.all(
        ['slow-a', 'slow-b', 'slow-c'].map((id) => drive(op('createProject'), { body: { id, mjml: SLOW } }, strict)),
      );
      expect(new Set(slow.map((res) => `${res.status} ${res.json.code}`))).to.deep.equal(
        new Set(['500 mjml_compile_timeout', '503 compile_queue_full']),
      );
      await strict.closeStore();
      const down = await drive(op('getHealth'), {}, strict);
      expect([down.status, down.json.code]).to.deep.equal([503, 'dependency_unavailable']);
    } finally {
      await strict.stop();
      strict.cleanup();
    }
  });

  it('2xx answers with the fields only they carry: Location, ETag, X-Cache, X-Template-*, X-Missing-Variable-*, Content-Language', async () => {
    await drive(op('createProject'), { body: { id: 'fields', mjml: mjmlPage('Hi {{name}} {{order.number}}') } });
    await drive(op('renderTemplate'), { path: '/templates/fields/render', body: { variables: {} }, headers: { Accept: 'text/html' } });
    const locales = { en: { strings: { hi: 'Hi' } }, de: { strings: { hi: 'Hallo' } } };
    await drive(op('createProject'), { body: { id: 'localized', mjml: mjmlPage('{{t "hi"}}'), locales } });
    const localized = await drive(op('renderTemplate'), { path: '/templates/localized/render', body: { locale: 'de-AT' } });
    expect(localized.json.locale).to.equal('de');
    await drive(op('getHealth'));
  });

  it('drove 47/47 operations and saw every header field the document names', () => {
    const driven = new Set([...contract.seen].map((entry) => entry.split(' ')[0]));
    expect(ops.filter((o) => !driven.has(o.operationId)).map((o) => o.operationId)).to.deep.equal([]);
    // Those only a 2xx carries, seen here too, so that this file alone holds every documented field to its schema.
    expect(contract.documentedHeaders().filter((field) => !contract.headersSeen.has(field))).to.deep.equal([]);
  });
});

/** Every operation of `doc` with its example request body. */
function operationsOf(doc: OpenApiDoc): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      if (method === 'parameters') continue;
      const o = operation as {
        operationId: string;
        'x-required-scope'?: string;
        requestBody?: { content: Record<string, { examples: Record<string, { value: unknown }> }> };
      };
      const [type, media] = Object.entries(o.requestBody?.content ?? {})[0] ?? [];
      const scope = o['x-required-scope']; // the scope the key needs
      const body = type && media ? { body: { type, value: Object.values(media.examples)[0]!.value } } : {};
      out.push({ path, method, operationId: o.operationId, ...(scope ? { scope } : {}), ...body });
    }
  }
  return out;
}
