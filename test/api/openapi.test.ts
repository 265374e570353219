/**
 * The OpenAPI 3.1 document at <prefix>/openapi.json: valid against the OpenAPI 3.1 schema (validated by
 * @seriousme/openapi-schema-validator), public, complete (every route the Koa routers hold, with each
 * method) and honest (every request-body example is accepted by its route).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/server.js';
import { ROOT_ALIASES } from '../../src/http/app.js';
import { TEST_KEY } from '../support/server.js';

type Doc = { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The reference page's own paths (routes/docs.ts): HTML and scripts, outside the API. */
const DOCS_PAGE = ['/docs', '/docs/', '/docs/redoc.standalone.js', '/docs/init.js'];
/** The preview page's static files (routes/preview.ts), with `/` (a redirect to it) and its icon: outside the API like /docs. */
const PREVIEW_PAGE = ['/', '/favicon.ico', '/preview', '/preview/', '/preview/:file', '/preview/{*rest}'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe('OpenAPI document', function () {
  this.timeout(30_000);
  let running: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let doc: Doc;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'letterpress-openapi-'));
    running = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: TEST_KEY,
      LOG_LEVEL: 'silent',
      COMPILE_THREADS: '1',
    });
    const response = await fetch(`${running.url}/v1/openapi.json`);
    expect(response.status).to.equal(200);
    doc = (await response.json()) as Doc;
  });
  after(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is served at /v1 and /api/v1 without a key, the same document, as JSON', async () => {
    const other = await fetch(`${running.url}/api/v1/openapi.json`);
    expect(other.status).to.equal(200);
    expect(other.headers.get('content-type')).to.match(/^application\/json/);
    expect(await other.json()).to.deep.equal(doc);
    expect(doc.openapi).to.equal('3.1.0');
  });

  it('does not open any other route: /v1/health still needs a key', async () => {
    expect((await fetch(`${running.url}/v1/health`)).status).to.equal(401);
  });

  it('/docs is a Redoc page served from this server only: bundle from node_modules, CSP keeping it to this origin', async () => {
    const page = await fetch(`${running.url}/docs`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).to.deep.equal(['/docs/redoc.standalone.js', '/docs/init.js']); // no CDN, no inline script
    expect(html).to.contain('data-spec-url="/v1/openapi.json"');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain("script-src 'self'");
    expect(csp).to.contain("connect-src 'self'");
    const bundle = await fetch(`${running.url}/docs/redoc.standalone.js`);
    expect(bundle.status).to.equal(200);
    expect(bundle.headers.get('content-type')).to.match(/^text\/javascript/);
    const expected = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    expect(await bundle.text()).to.equal(expected);
    // Precompressed once (routes/docs.ts): a gzip client gets the same bytes back after decoding.
    const zipped = await fetchRaw(`${running.url}/docs/redoc.standalone.js`, { 'Accept-Encoding': 'gzip' });
    expect(zipped.encoding).to.equal('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).to.equal(expected);
    const init = await (await fetch(`${running.url}/docs/init.js`)).text();
    expect(init).to.contain('Redoc.init(');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('names both prefixes as servers and every route of the Koa routers with each method', () => {
    expect(doc.servers.map((server) => server.url)).to.have.members(['/v1', '/api/v1']);
    const routers = running.service.app.middleware
      .map((layer) => (layer as { router?: { stack: Array<{ path: string; methods: string[] }> } }).router)
      .filter((router) => router !== undefined);
    const missing: string[] = [];
    let seen = 0;
    for (const router of routers) {
      for (const layer of router.stack) {
        if (layer.methods.length === 0) continue;
        if (DOCS_PAGE.includes(layer.path) || PREVIEW_PAGE.includes(layer.path)) continue; // HTML pages, not API routes
        const prefix = doc.servers.map((server) => server.url).find((url) => layer.path.startsWith(`${url}/`));
        if (prefix === undefined && (ROOT_ALIASES as readonly string[]).includes(layer.path)) {
          // served at the root too: the same operation as under the prefixes, which says so
          const operation = doc.paths[layer.path]?.['get'] as { description?: string } | undefined;
          if (!operation?.description?.includes(`\`GET ${layer.path}\``)) missing.push(`${layer.path} (root alias not described)`);
          continue;
        }
        if (prefix === undefined) {
          missing.push(`${layer.path} (no server prefix)`);
          continue;
        }
        const path = layer.path.slice(prefix.length).replace(/:([A-Za-z_]+)/g, '{$1}');
        for (const method of layer.methods) {
          if (method === 'HEAD' && layer.methods.includes('GET')) continue; // Koa answers HEAD with GET
          seen += 1;
          if (!doc.paths[path]?.[method.toLowerCase()]) missing.push(`${method} ${prefix}${path}`);
        }
      }
    }
    expect(missing).to.deep.equal([]);
    expect(seen).to.be.greaterThan(40); // 20 operations under 2 prefixes, and the document itself
  });

  it('accepts every request-body example at its route (2xx, never 400/415/422)', async () => {
    const fixtures: Record<string, string> = { project: 'welcome' };
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const content = item[method]?.requestBody?.content as Record<string, { examples?: Record<string, { value: unknown }> }> | undefined;
        for (const [type, media] of Object.entries(content ?? {})) {
          for (const { value } of Object.values(media.examples ?? {})) {
            const id = path.startsWith('/api-keys/') ? fixtures['key'] : fixtures['project'];
            const url = `${running.url}/v1${path.replace('{id}', id ?? 'none')}`;
            const response = await fetch(url, {
              method: method.toUpperCase(),
              headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': type },
              body: JSON.stringify(value),
            });
            const body = (await response.json()) as { id?: string };
            expect(response.status, `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).to.be.within(200, 299);
            if (method === 'post' && path === '/api-keys') fixtures['key'] = body.id!;
            sent += 1;
          }
        }
      }
    }
    expect(sent).to.be.at.least(8); // create, save, patch, render, validate ×2, key create, key rotate
  });
});

/** A GET that keeps the body as sent (fetch would decode it). */
function fetchRaw(url: string, headers: Record<string, string>): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
