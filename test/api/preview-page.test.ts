/**
 * /preview/ over plain HTTP: public static files (no key), under a strict Content-Security-Policy, no
 * inline script or style in the page, every module it imports served, and nothing but those files: a
 * path that climbs out (`..`, encoded or not) or goes deeper is 404. The page in a browser:
 * test/browser/preview.test.ts.
 */
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/http/routes/preview.js';
import { useTestServer } from '../support/server.js';

/** GET with the path sent exactly as written (fetch and URL would resolve `..` before sending). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Preview page files (/preview/)', function () {
  this.timeout(20_000);
  const t = useTestServer();

  it('serves the page without a key, as HTML, under a strict CSP', async () => {
    const page = await rawGet(t.server.url, '/preview/');
    expect(page.status).to.equal(200);
    expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(csp).to.include.members([
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'none'",
      "base-uri 'none'",
    ]);
    expect(csp.find((d) => d.startsWith('script-src'))).to.equal("script-src 'self'"); // no 'unsafe-inline', no host
    expect(page.headers['x-content-type-options']).to.equal('nosniff');
    expect(page.headers['referrer-policy']).to.equal('no-referrer');
    expect(page.headers['www-authenticate']).to.equal(undefined);
  });

  it('has no inline script or style, and sandboxes the email frames without scripts or same origin', async () => {
    const html = (await rawGet(t.server.url, '/preview/')).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).to.deep.equal(['type="module" src="/preview/preview.js"']);
    expect(scripts.every((m) => m[2] === '')).to.equal(true);
    expect(html).to.not.match(/<style\b|\sstyle=|\son[a-z]+=/i);
    const frames = [...html.matchAll(/<iframe\b[^>]*>/g)].map((m) => m[0]);
    expect(frames).to.have.length(2);
    for (const frame of frames) expect(frame).to.contain('sandbox=""');
  });

  it('serves every module the page imports, as JavaScript, and the stylesheet', async () => {
    const seen = new Set<string>();
    const queue = ['/preview/preview.js'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const file = await rawGet(t.server.url, path);
      expect(file.status, path).to.equal(200);
      expect(file.headers['content-type'], path).to.equal('text/javascript; charset=utf-8');
      for (const m of file.body.matchAll(/^import [^'"]*'\.\/([a-z-]+\.js)';$/gm)) queue.push(`/preview/${m[1]}`);
    }
    expect([...seen].sort()).to.deep.equal([
      '/preview/api.js',
      '/preview/changes.js',
      '/preview/format.js',
      '/preview/frames.js',
      '/preview/key.js',
      '/preview/preview.js',
      '/preview/publish-panel.js',
      '/preview/sample-names.js',
      '/preview/sample.js',
      '/preview/view.js',
    ]);
    const css = await rawGet(t.server.url, '/preview/preview.css');
    expect(css.status).to.equal(200);
    expect(css.headers['content-type']).to.equal('text/css; charset=utf-8');
  });

  it('redirects /preview to /preview/, and answers 304 to a matching If-None-Match', async () => {
    const bare = await rawGet(t.server.url, '/preview');
    expect(bare.status).to.equal(301);
    expect(bare.headers['location']).to.equal('/preview/');
    const first = await rawGet(t.server.url, '/preview/api.js');
    const etag = String(first.headers['etag']);
    expect(etag).to.match(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).to.equal('no-cache');
    const again = await rawGet(t.server.url, '/preview/api.js', { 'If-None-Match': etag });
    expect(again.status).to.equal(304);
    expect(again.body).to.equal('');
  });

  it('answers 404, without a key, to anything but its own files', async () => {
    const bad = [
      '/preview/../package.json',
      '/preview/..%2fpackage.json',
      '/preview/%2e%2e/package.json',
      '/preview/%2e%2e%2fpackage.json',
      '/preview/..%5cpackage.json',
      '/preview/./index.html/..',
      '/preview/nothing.js',
      '/preview/index.html%00.js',
      '/preview/deeper/preview.js',
      '/preview/.gitignore',
    ];
    const secret = readFileSync(join(packageRoot(), 'package.json'), 'utf8').slice(0, 40);
    for (const path of bad) {
      const res = await rawGet(t.server.url, path);
      expect(res.status, path).to.equal(404);
      expect(res.headers['content-type'], path).to.match(/^application\/problem\+json/);
      expect(res.body, path).to.not.contain(secret);
    }
  });

  it('answers a browser at the root without a key: / redirects to the page, /favicon.ico is its icon', async () => {
    // Before: both answered a JSON 401 (issue 21).
    const root = await rawGet(t.server.url, '/');
    expect(root.status).to.equal(302);
    expect(root.headers['location']).to.equal('/preview/');
    expect(root.headers['www-authenticate']).to.equal(undefined);
    const html = (await rawGet(t.server.url, '/preview/')).body;
    expect(html).to.contain('<link rel="icon" href="/preview/favicon.svg" type="image/svg+xml">');
    const svg = (await rawGet(t.server.url, '/preview/favicon.svg')).body;
    const icon = await rawGet(t.server.url, '/favicon.ico');
    expect(icon.status).to.equal(200);
    expect(icon.headers['content-type']).to.equal('image/svg+xml');
    expect(icon.body).to.equal(svg);
    expect(icon.body).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(icon.body).to.not.match(/<script|\son[a-z]+=/i);
  });

  it('opens nothing else: the API still wants a key', async () => {
    expect((await rawGet(t.server.url, '/v1/projects')).status).to.equal(401);
    expect((await rawGet(t.server.url, '/previewx')).status).to.equal(401);
    expect((await rawGet(t.server.url, '/favicon.png')).status).to.equal(401);
    expect((await rawGet(t.server.url, '/index.html')).status).to.equal(401);
  });

  it('finds public/ from the compiled module too (dist/src/http/routes → the package root)', () => {
    const root = mkdtempSync(join(tmpdir(), 'letterpress-root-'));
    try {
      const compiled = join(root, 'dist', 'src', 'http', 'routes');
      mkdirSync(compiled, { recursive: true });
      writeFileSync(join(root, 'package.json'), '{}');
      expect(packageRoot(join(compiled, 'preview.js'))).to.equal(root);
      expect(packageRoot(join(root, 'src', 'http', 'routes', 'preview.ts'))).to.equal(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
