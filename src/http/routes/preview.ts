/**
 * GET /preview/: the preview page (docs/preview.md "Preview page"), plain HTML, CSS and browser ES modules from
 * `public/preview/` at the package root. The files hold no workspace data: the page asks for an API key,
 * keeps it in `sessionStorage` and fetches everything from the Bearer-authenticated API. So, like /docs,
 * the files are public (app.ts mounts this router before authentication): a browser cannot send a Bearer
 * key when it navigates.
 *
 * Only the files found in that folder at start are served, each under its own name, read once into
 * memory (a few KB): no path from a request ever reaches the file system, so `..` or an encoded slash
 * is simply an unknown name (404).
 */
import Router, { type RouterContext } from '@koa/router';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppState } from '../middleware.js';
import { ProblemError } from '../problem.js';
import { answerNotModified } from '../conditional.js';

/**
 * The page's Content-Security-Policy (W3C CSP Level 3). Scripts and the page's own CSS come only from this
 * origin, and the API is called on this origin only. The email is shown in `<iframe srcdoc>`, and a srcdoc
 * document inherits this policy (HTML's policy container), so the policy must also let an email look as it
 * would in a mail client: `style-src 'unsafe-inline'` for MJML's `<style>` blocks and style attributes
 * (the page itself never inserts markup: every value goes in as text), `img-src * data:` for its images.
 * Web fonts and remote stylesheets an email links to stay blocked (fallback fonts are shown). The iframe's
 * `sandbox` (no scripts, no same origin, no forms, no popups) is what keeps the email away from the page and
 * the key; `frame-src 'self'` stops a link clicked inside the email from loading another site in the frame.
 */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data:',
  "connect-src 'self'",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
}

/**
 * The folder holding `package.json`, found upwards from this module: `src/http/routes` under tsx and
 * `dist/src/http/routes` after `npm run build` both lead to the package root, where `public/` lives.
 * @throws Error when no `package.json` is found above `from`.
 */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/** Every file of `folder` whose extension has a type above, by name. */
function loadFiles(folder: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of readdirSync(folder)) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(folder, name));
    files.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });
  }
  return files;
}

/**
 * A router for `/preview` (a redirect to `/preview/`, so that the page's relative module imports resolve),
 * `/preview/` (index.html) and `/preview/<file>`; any other path under `/preview/` is 404 `route_not_found`.
 * Responses carry an `ETag` (304 on `If-None-Match`) and `Cache-Control: no-cache`, so an upgraded
 * server's files are picked up at once. `folder` defaults to `<package root>/public/preview`.
 *
 * Also what a browser asks the root for (docs/preview.md "Favicon and /"): `GET /` is a 302 to `/preview/`
 * (a person who opens the service's address gets a page, not a JSON 401; 302, not 301, so that browsers do
 * not keep it for good), and `GET /favicon.ico` is the page's icon, `favicon.svg` (an SVG answer is taken
 * for a favicon by every current browser; the `.ico` name is only where they look first).
 */
export function previewRoutes(folder: string = join(packageRoot(), 'public', 'preview')): Router<AppState> {
  const files = loadFiles(folder);
  if (!files.has('index.html')) throw new Error(`The preview page has no index.html in ${folder}`);
  const router = new Router<AppState>({ strict: true }); // `/preview` and `/preview/` are two routes here
  const send = (ctx: RouterContext<AppState>, name: string) => {
    const file = files.get(name);
    if (!file) throw new ProblemError(404, 'route_not_found', `No file ${ctx.path} in the preview page.`);
    ctx.set('Content-Security-Policy', PREVIEW_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer'); // an email's image hosts need not learn where it was previewed
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', file.etag);
    ctx.type = file.type;
    ctx.status = 200;
    if (answerNotModified(ctx, file.etag)) return;
    ctx.body = file.body;
  };
  router.get('/', (ctx) => {
    ctx.status = 302;
    ctx.redirect('/preview/');
  });
  if (files.has('favicon.svg')) router.get('/favicon.ico', (ctx) => send(ctx, 'favicon.svg'));
  router.get('/preview', (ctx) => {
    ctx.status = 301;
    ctx.redirect('/preview/');
  });
  router.get('/preview/', (ctx) => send(ctx, 'index.html'));
  router.get('/preview/:file', (ctx) => send(ctx, ctx.params['file'] ?? ''));
  router.get('/preview/{*rest}', (ctx) => send(ctx, '')); // deeper paths: nothing there, and no key asked for
  return router;
}
