/**
 * GET /docs: the API reference, rendered in the browser by Redoc (redoc 2.x `bundles/redoc.standalone.js`,
 * MIT) from GET /v1/openapi.json. Every byte comes from this server: the bundle is read from
 * node_modules once at start, no CDN. Public like the document itself (mounted before authentication in
 * app.ts): a browser cannot send a Bearer key on navigation, and the page holds no workspace data.
 *
 * A Content-Security-Policy (W3C CSP Level 3) keeps the page to this origin: scripts only from here (the
 * bootstrap is a file, not inline), styles inline as Redoc's styled-components need, workers from
 * `blob:` for Redoc's search index, nothing fetched from elsewhere.
 */
import Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, gzipSync } from 'node:zlib';
import type { AppState } from '../middleware.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const page = (specUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Letterpress API reference</title>
</head>
<body>
<div id="redoc" data-spec-url="${specUrl}"></div>
<script src="/docs/redoc.standalone.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `// Redoc.init(specUrl, options, element): see redoc's README "Redoc.init".
var element = document.getElementById('redoc');
Redoc.init(element.getAttribute('data-spec-url'), { hideDownloadButton: false, expandResponses: '200,201' }, element);
`;

/** A router for /docs, /docs/ and the two scripts; `specUrl` is where the page fetches the document. */
export function docsRoutes(specUrl: string): Router<AppState> {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  // Compressed once, on first use (~110 ms; not at start, which every test server pays): gzipping the
  // 1.1 MB bundle on each request of a public route would cost each one ~90 ms of CPU.
  let gzipped: Buffer | undefined;
  const html = page(specUrl);
  const router = new Router<AppState>();
  router.get(['/docs', '/docs/'], (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
  router.get('/docs/redoc.standalone.js', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip'); // koa-compress leaves an encoded body alone
      ctx.body = gzipped ??= gzipSync(bundle, { level: constants.Z_BEST_COMPRESSION });
      return;
    }
    ctx.body = bundle;
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = INIT;
  });
  return router;
}
