/**
 * Ceiling servers (a child process of the bench): what Koa alone can do on this machine, to divide our
 * numbers by.
 * - `CEILING_MODE=hello`: Koa hello world (`GET /` → "Hello World"), nothing else in the stack.
 * - `CEILING_MODE=bodies`: `POST /render/<key>` reads and parses the JSON request body (co-body, as our
 *   jsonBody middleware did before issue 10; it now reads with raw-body and JSON.parse, about the same work), discards it, and sends a precomputed string: the exact body and
 *   Content-Type our render answered, read from the JSON file `CEILING_BODIES`
 *   (`{ [key]: { contentType, body } }`). gzip comes from koa-compress with the settings of
 *   src/http/app.ts, so a client sending `Accept-Encoding: gzip` pays the same compression we do.
 * Prints `LISTENING <url>` on stdout once it listens on 127.0.0.1 (ephemeral port).
 */
import parse from 'co-body';
import Koa from 'koa';
import compress from 'koa-compress';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { LISTENING_PREFIX } from './processes.js';

interface Canned {
  contentType: string;
  body: string;
}

const app = new Koa();
app.silent = true;

if (process.env.CEILING_MODE === 'hello') {
  app.use((ctx) => {
    ctx.body = 'Hello World';
  });
} else {
  const file = process.env.CEILING_BODIES;
  if (!file) throw new Error('CEILING_BODIES is not set');
  const bodies = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Canned>).map(([k, v]) => [`/render/${k}`, v]),
  );
  app.use(compress({ threshold: 0, br: false, deflate: false, filter: () => true }));
  app.use(async (ctx) => {
    const canned = ctx.method === 'POST' ? bodies.get(ctx.path) : undefined;
    if (!canned) {
      ctx.status = 404;
      return;
    }
    await parse.json(ctx, { limit: 2048 * 1024, strict: true }); // read like ours, then dropped
    // Header first: Koa then keeps it instead of guessing text/plain from the string body.
    ctx.set('Content-Type', canned.contentType);
    ctx.body = canned.body;
  });
}

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${LISTENING_PREFIX}http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0)); // also what processes.ts's EXIT_WITH_PARENT sends when the bench dies
