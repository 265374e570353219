/**
 * The naive peer (a child process of the bench): what a stateless MJML API does, compiling on every
 * request. `POST /render` with `{ "variables": {…} }` compiles the corpus file `NAIVE_TEMPLATE`, then
 * `Handlebars.compile(html)(variables)`, and answers `{ "html": … }`. No gzip, no cache, no auth.
 * `NAIVE_ENGINE=mjml` (default): mjml2html, includes read from disk by mjml itself, as the reference
 * pipeline of test/corpus does. `NAIVE_ENGINE=mrml`: npm `mrml` (Rust MJML via WebAssembly), its includes
 * given in memory — a measurement only: mrml does not inline `mj-style inline` CSS and drops some `alt`s.
 * Prints `LISTENING <url>` on stdout once it listens on 127.0.0.1 (ephemeral port).
 */
import parse from 'co-body';
import Handlebars from 'handlebars';
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { reachableIncludes } from '../support/corpus-files.js';
import { LISTENING_PREFIX } from './processes.js';

const require = createRequire(import.meta.url);
const file = process.env.NAIVE_TEMPLATE;
if (!file) throw new Error('NAIVE_TEMPLATE is not set');
// Reading the file once is fair: a real peer receives the markup in the request, it does not read it.
const source = readFileSync(file, 'utf8');
const compile = process.env.NAIVE_ENGINE === 'mrml' ? mrmlCompiler() : mjmlCompiler();

/** mjml's CommonJS entry, as a plain consumer would load it (the service wraps it in src/rendering/mjml). */
function mjmlCompiler(): () => Promise<string> {
  const mjml2html: (mjml: string, options: object) => Promise<{ html: string }> = require('mjml');
  return async () => (await mjml2html(source, { filePath: file, ignoreIncludes: false, validationLevel: 'soft' })).html;
}

/** mrml's Engine with the template's includes in memory (keyed with and without `./`, as templates write them). */
function mrmlCompiler(): () => Promise<string> {
  const { Engine } = require('mrml') as typeof import('mrml');
  const engine = new Engine();
  const content: Record<string, string> = {};
  for (const [path, text] of Object.entries(reachableIncludes(source))) {
    content[path.replace(/^\.\//, '')] = text;
    content[`./${path.replace(/^\.\//, '')}`] = text;
  }
  engine.setParserOptions({ includeLoader: { type: 'memory', content } });
  return async () => {
    const result = engine.toHtml(source);
    if (result.type !== 'success') throw new Error(`mrml: ${result.message}`);
    return result.content;
  };
}

const app = new Koa();
app.silent = true;
app.use(async (ctx) => {
  if (ctx.method !== 'POST' || ctx.path !== '/render') {
    ctx.status = 404;
    return;
  }
  const body = (await parse.json(ctx, { limit: 2048 * 1024, strict: true })) as { variables?: Record<string, unknown> };
  const html = await compile();
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ html: Handlebars.compile(html)(body.variables ?? {}) });
});

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${LISTENING_PREFIX}http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0)); // also what processes.ts's EXIT_WITH_PARENT sends when the bench dies
