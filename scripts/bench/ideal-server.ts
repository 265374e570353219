/**
 * The ideal renderer (a child process of the bench): the ceiling issue 24's goals are stated against.
 * Plain `node:http`, no framework, no auth, no gzip. Each template's published HTML is compiled once with
 * Handlebars at start; every request reads and parses its JSON body and renders fresh bytes:
 * - `POST /render/<key>.json`: a fresh JSON envelope, the envelope Letterpress answered (captured by the
 *   bench: subject, text, warnings, … kept as they were) with `html` rendered from this request's variables;
 * - `POST /render/<key>.html`: the rendered HTML alone, `text/html`.
 * `IDEAL_TEMPLATES` names a JSON file `{ [key]: { html: publishedHtml, envelope: object } }`.
 * Prints `LISTENING <url>` on stdout once it listens on 127.0.0.1 (ephemeral port).
 */
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LISTENING_PREFIX } from './processes.js';

interface Entry {
  render: (variables: unknown) => string;
  envelope: Record<string, unknown>;
}

const file = process.env.IDEAL_TEMPLATES;
if (!file) throw new Error('IDEAL_TEMPLATES is not set');
const entries = new Map<string, Entry>();
for (const [key, t] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { html: string; envelope: object }>)) {
  const render = Handlebars.compile(t.html);
  render({}); // Handlebars compiles lazily: pay it now, not in the first measured request
  entries.set(key, { render, envelope: t.envelope as Record<string, unknown> });
}

const server = createServer((req, res) => {
  const match = /^\/render\/(.+)\.(json|html)$/.exec(req.url ?? '');
  const entry = match && req.method === 'POST' ? entries.get(match[1]!) : undefined;
  if (!entry) {
    res.writeHead(404).end();
    req.resume();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let variables: unknown;
    try {
      variables = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { variables?: unknown }).variables ?? {};
    } catch {
      res.writeHead(400).end();
      return;
    }
    const html = entry.render(variables);
    // Spreading keeps the envelope's key order; `html` overwrites its own slot with the fresh render.
    const body = match![2] === 'json' ? JSON.stringify({ ...entry.envelope, html }) : html;
    const type = match![2] === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${LISTENING_PREFIX}http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0)); // also what processes.ts's EXIT_WITH_PARENT sends when the bench dies
