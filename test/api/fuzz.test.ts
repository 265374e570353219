/**
 * HTTP fuzz suite (fast-check): random requests against every route — the list is read from
 * src/http/routes/*.ts, under `/v1` and `/api/v1`, plus paths no route has — on a server in a child process
 * (a crash must not take mocha with it). Property: no 5xx but a documented 503, an RFC 9457 problem body
 * for every 4xx, no request longer than FUZZ_TIMEOUT_MS (a hang), and the process alive and answering
 * /health after each property.
 *
 * Every failing request is collected (one example per kind: method, route, status, the server's error),
 * then the test fails listing them all. FUZZ_SEED (default 20261123, printed), FUZZ_RUNS (runs per
 * property, default 250), FUZZ_TIMEOUT_MS (10000); FUZZ_SHRINK=1 stops at the first failure and shrinks it.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  anyBody,
  authorization,
  bodyEncoding,
  bodyFor,
  extraHeaders,
  malformedText,
  method,
  query,
  templateText,
} from '../support/fuzz-arbitraries.js';
import { send, verdict, type FuzzExchange, type FuzzRequest } from '../support/fuzz-client.js';
import { mjmlPage, TEST_KEY } from '../support/server.js';
import { spawnServer, type SpawnedServer } from '../../scripts/support/spawned-server.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 250);
const TIMEOUT_MS = Number(process.env['FUZZ_TIMEOUT_MS'] ?? 10_000);
const SHRINK = process.env['FUZZ_SHRINK'] === '1';
const PREFIXES = ['/v1', '/api/v1'];

/** `[method, path template]` of every route the sources declare (`router.get('/projects/:id', …)`). */
export function declaredRoutes(): Array<[string, string]> {
  const dir = fileURLToPath(new URL('../../src/http/routes/', import.meta.url));
  const routes: Array<[string, string]> = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)'/g))
      routes.push([m[1]!.toUpperCase(), m[2]!]);
  }
  return routes;
}

const ROUTES = declaredRoutes();
const UNKNOWN_PATHS = [
  '/',
  '/v2/projects',
  '/v1',
  '/v1/',
  '/api',
  '/v1/projects/p1/x/y',
  '/api/v1/health/x',
  '//v1//projects',
  '/v1/../v1/health',
  '/v1/projects/p1/revisions/0',
  '/v1/%',
  '/favicon.ico',
  '/v1/templates/p1/render/x',
];
const ID = fc.constantFrom(
  'p1',
  'p2',
  'nope',
  '%',
  '%E0%A4%A',
  '..%2F..',
  'a'.repeat(300),
  '%00',
  '%F0%9F%98%80',
  'p1%2Fx',
  '__proto__',
  'constructor',
  '-x',
  '.',
  '~',
);
const REVISION = fc.constantFrom('0', '1', '-1', 'x', '99999999999999999999', '1e3', '%');

/** A concrete path for a route template (`:id`, `:revision`, any other `:param`) under a random prefix. */
const pathOf = (template: string, id: fc.Arbitrary<string> = ID) =>
  fc.tuple(fc.constantFrom(...PREFIXES), id, REVISION, query).map(
    ([prefix, id, revision, q]) =>
      `${prefix}${template
        .replace(':id', id)
        .replace(':revision', revision)
        .replace(/:[a-z_]+/gi, id)}${q}`,
  );

const route = fc.constantFrom(...ROUTES);
const anyPath = fc.oneof(
  { arbitrary: route.chain(([, t]) => pathOf(t)), weight: 8 },
  { arbitrary: fc.constantFrom(...UNKNOWN_PATHS), weight: 2 },
);

/** Anything: any method, path, headers, body and encoding. */
const anyRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method,
    path: anyPath,
    auth: authorization,
    headers: extraHeaders,
    body: fc.oneof(
      anyBody,
      route.chain(([m, t]) => bodyFor(m, t)),
    ),
    encoding: bodyEncoding,
  })
  .map(({ auth, headers, ...r }) => ({ ...r, headers: { ...headers, Authorization: auth } }));

/**
 * A route's own method with a valid key and JSON, mostly on a project that exists: bodies of the right shape
 * with wrong or hostile values, so that they reach the handlers (and the store) rather than a 401 or 404.
 */
const bodyRoutes = ROUTES.filter(([m]) => ['POST', 'PUT', 'PATCH'].includes(m));
const shapedRequest: fc.Arbitrary<FuzzRequest> = fc
  .oneof({ arbitrary: route, weight: 1 }, { arbitrary: fc.constantFrom(...bodyRoutes), weight: 2 })
  .chain(([m, t]) =>
    fc
      .record({
        path: pathOf(t, fc.oneof({ arbitrary: fc.constantFrom('p1', 'p2'), weight: 4 }, ID)),
        body: fc.oneof({ arbitrary: bodyFor(m, t), weight: 6 }, { arbitrary: malformedText, weight: 1 }),
        encoding: fc.oneof({ arbitrary: fc.constant('none' as const), weight: 3 }, bodyEncoding),
        ifMatch: fc.option(fc.constantFrom('"0"', '"1"', '*', 'junk')),
      })
      .map(({ path, body, encoding, ifMatch }) => ({
        method: m,
        path,
        body: m === 'GET' || m === 'DELETE' ? undefined : body,
        encoding,
        headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json', ...(ifMatch ? { 'If-Match': ifMatch } : {}) },
      })),
  );

/** MJML + Handlebars fragments saved as a project (static or dynamic, with partials), then rendered. */
const templateRequest: fc.Arbitrary<FuzzRequest[]> = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    mjml: templateText,
    mode: fc.constantFrom('static', 'dynamic'),
    partial: fc.option(templateText),
    validation: fc.constantFrom('strict', 'soft'),
    variables: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ x: v, items: [v, v], a: v, url: 'javascript:alert(1)' })),
    format: fc.constantFrom('html', 'mjml'),
  })
  .map(({ prefix, mjml, mode, partial, validation, variables, format }) => {
    const headers = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' };
    const source = { mjml, render_mode: mode, validation, ...(partial !== null ? { partials: { header: partial, p: partial } } : {}) };
    return [
      { method: 'POST', path: `${prefix}/validate`, headers, body: JSON.stringify({ ...source, variables }), encoding: 'none' as const },
      { method: 'PUT', path: `${prefix}/projects/frag`, headers, body: JSON.stringify(source), encoding: 'none' as const },
      {
        method: 'POST',
        path: `${prefix}/templates/frag/render`,
        headers,
        body: JSON.stringify({ variables, format }),
        encoding: 'none' as const,
      },
    ];
  });

interface Failure {
  kind: string;
  /** Requests that failed this way, and (up to 12) `METHOD /route` they were sent to. */
  count: number;
  seenAt: string[];
  request: FuzzRequest;
  response: string;
  serverError?: string;
}

describe('HTTP fuzz (fast-check): no 500, crash or hang on any route', function () {
  this.timeout(0); // bounded by FUZZ_RUNS and each request's FUZZ_TIMEOUT_MS
  let server: SpawnedServer;
  let dataDir: string;
  let sent = 0;
  const failures = new Map<string, Failure>();

  before(async () => {
    console.log(
      `      fuzz: seed ${SEED}, ${RUNS} runs per property, ${ROUTES.length} routes x ${PREFIXES.length} prefixes (FUZZ_SEED, FUZZ_RUNS to change)`,
    );
    expect(ROUTES.length, 'routes found in src/http/routes').to.be.greaterThanOrEqual(14);
    dataDir = mkdtempSync(join(tmpdir(), 'letterpress-fuzz-'));
    // AUTH_FAILURES_PER_MINUTE off: the refused tokens it sends must each reach authentication, not a 429.
    server = await spawnServer({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_FAILURES_PER_MINUTE: '0',
      COMPILE_TIMEOUT_MS: '20000',
    });
    const headers = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' };
    for (const [id, body] of [
      ['p1', { mjml: mjmlPage('Hi {{name}} <a href="{{url}}">x</a>'), metadata: { subject: 'S' } }],
      ['p2', { mjml: mjmlPage('{{#each items}}{{> row}}{{/each}}'), render_mode: 'dynamic', partials: { row: '<p>{{this}}</p>' } }],
    ] as const) {
      const res = await fetch(`${server.url}/v1/projects`, { method: 'POST', headers, body: JSON.stringify({ id, ...body }) });
      expect(res.status, `fixture ${id}: ${await res.text()}`).to.equal(201);
    }
  });

  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`      fuzz: ${sent} requests sent, ${failures.size} distinct failure kind(s)`);
  });

  /** Send one request and judge it; a failure is recorded under its kind. @returns whether it held. */
  async function exchange(r: FuzzRequest): Promise<boolean> {
    const id = `fuzz-${++sent}`;
    const request = { ...r, headers: { ...r.headers, 'X-Request-Id': id } };
    let x: FuzzExchange | 'hang';
    try {
      x = await send(server.url, request, TIMEOUT_MS);
    } catch (error) {
      x = { status: 0, headers: {}, text: `connection error: ${(error as Error).message}`, ms: 0 };
    }
    const exited = server.exited();
    let problem = exited ? `crash: the server exited (${JSON.stringify(exited)})` : verdict(request, x);
    if (!problem && x !== 'hang' && x.status === 0) problem = String(x.text);
    if (!problem) return true;
    const logged = await loggedError(id);
    const serverError = logged
      ? `${logged.type}: ${logged.message} @ ${(logged.stack ?? '').split('\n')[1]?.trim() ?? ''}`
      : exited
        ? server.stderr().slice(-800)
        : undefined;
    const routeOf = ROUTES.find(([, t]) => new RegExp(`^/(?:api/)?v1${t.replace(/:[a-z_]+/gi, '[^/]+')}(?:\\?|$)`).test(r.path));
    const where = `${r.method} ${routeOf ? routeOf[1] : r.path}`;
    // One kind per cause (the answer and the server's error), with where it was seen.
    const kind = `${problem}${serverError ? ` [${serverError.split(' @')[0]}]` : ''}`;
    const known = failures.get(kind);
    if (known) {
      known.count += 1;
      if (known.seenAt.length < 12 && !known.seenAt.includes(where)) known.seenAt.push(where);
    } else {
      const body = r.body && r.body.length > 300 ? `${r.body.slice(0, 300)}… (${r.body.length} chars)` : r.body;
      const response = x === 'hang' ? 'hang' : `${x.status} ${(x.text ?? '').slice(0, 300)}`;
      failures.set(kind, { kind, count: 1, seenAt: [where], request: { ...r, body }, response, ...(serverError ? { serverError } : {}) });
    }
    if (exited) throw new Error(`the server crashed: ${kind}\n${server.stderr().slice(-2000)}`);
    return false;
  }

  /** The error the server logged for request `id` (its log line may trail the response a little). */
  async function loggedError(id: string) {
    for (let i = 0; i < 20; i++) {
      const line = server.errors.find((l) => l.request_id === id);
      if (line) return line.err ?? { message: String(line.msg) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  }

  async function fuzz(name: string, requests: fc.Arbitrary<FuzzRequest[]>): Promise<void> {
    const before = new Set(failures.keys());
    const property = fc.asyncProperty(requests, async (batch) => {
      let held = true;
      for (const r of batch) held = (await exchange(r)) && held;
      return SHRINK ? held : true;
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS });
    const health = await send(
      server.url,
      { method: 'GET', path: '/v1/health', headers: { Authorization: `Bearer ${TEST_KEY}` }, body: undefined, encoding: 'none' },
      TIMEOUT_MS,
    );
    expect(health === 'hang' ? 'hang' : health.status, `/health after ${name}`).to.equal(200);
    const found = [...failures.values()].filter((f) => !before.has(f.kind));
    if (found.length > 0)
      expect.fail(
        `${name}: ${found.length} kind(s) of failure (seed ${SEED}):\n${found.map((f) => JSON.stringify(f, null, 1)).join('\n')}`,
      );
  }

  it('any method, path, headers, body and Content-Encoding', () =>
    fuzz(
      'any request',
      anyRequest.map((r) => [r]),
    ));

  it("each route's own method and body shape, with wrong and hostile values", () =>
    fuzz(
      'shaped bodies',
      shapedRequest.map((r) => [r]),
    ));

  it('MJML and Handlebars fragments: validated, saved and rendered', () => fuzz('template fragments', templateRequest));
});
