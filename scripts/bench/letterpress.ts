/**
 * The Letterpress service as the bench drives it: started from `src/server.ts` in its own process, and
 * the few API calls the scenarios need (create, save, render), over HTTP like any client.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { freePort, makeTempDir, spawnServer, waitForHealth, type Child } from './processes.js';

export const BENCH_KEY = 'lp_BENCHKEY0001_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
/** warn, not info: info writes one access-log line per request to stdout, which would dominate. */
export const SERVICE_LOG_LEVEL = 'warn';

export interface Letterpress extends Child {
  dataDir: string;
  /** With `--store postgres`: the database made for this service (dropped by `removeData`). */
  database?: string;
}

/**
 * `--store postgres` sets BENCH_STORE: each service then gets a fresh database on the server at
 * BENCH_DATABASE_URL (default: the local one), so the scenarios never see each other's projects.
 */
const adminUrl = () => process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The store environment of one service: nothing for SQLite, a new database for PostgreSQL. */
async function storeEnv(): Promise<{ env: Record<string, string>; database?: string }> {
  if (process.env['BENCH_STORE'] !== 'postgres') return { env: {} };
  const database = `letterpress_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return { env: { STORE: 'postgres', DATABASE_URL: url.toString() }, database };
}

/**
 * Start `node --import tsx src/server.ts` on a fixed free port (with LOG_LEVEL=warn its "listening"
 * line is muted, so we poll /v1/health instead of reading the port from stdout), over a fresh
 * temporary DATA_DIR. The rate limit is raised to its maximum: a bench would otherwise measure 429s.
 */
export async function startLetterpress(name: string, env: Record<string, string> = {}): Promise<Letterpress> {
  const dataDir = makeTempDir('letterpress-bench-');
  const store = await storeEnv();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  try {
    const child = await spawnServer(
      name,
      'src/server.ts',
      // All the load comes from one address: the per-address caps (connections, refused keys) would measure themselves.
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BOOTSTRAP_API_KEY: BENCH_KEY,
        LOG_LEVEL: SERVICE_LOG_LEVEL,
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_FAILURES_PER_MINUTE: '0',
        MAX_CONNECTIONS: '1000000',
        MAX_CONNECTIONS_PER_CLIENT: '1000000',
        ...store.env,
        ...env,
      },
      { ready: (p) => waitForHealth(url, BENCH_KEY, p) },
    );
    return { ...child, dataDir, ...(store.database ? { database: store.database } : {}) };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (store.database) await adminQuery(`DROP DATABASE IF EXISTS ${store.database} WITH (FORCE)`).catch(() => undefined);
    throw error;
  }
}

export interface Reply {
  status: number;
  headers: Headers;
  /** Decoded body text. */
  text: string;
}

/** One request with the bench key; `body` is sent as JSON. Asks for identity encoding unless `headers` say otherwise. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: {
      Authorization: `Bearer ${BENCH_KEY}`,
      'Accept-Encoding': 'identity',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** POST /v1/projects with `validation: "soft"`; the published HTML (bytes as text), or null when refused. */
export async function createProject(base: string, id: string, mjml: string, includes: Record<string, string>): Promise<string | null> {
  const reply = await call(base, 'POST', '/v1/projects', { id, mjml, includes, validation: 'soft' });
  if (reply.status !== 201) return null;
  return (JSON.parse(reply.text) as { published_html: string }).published_html;
}

/** PUT /v1/projects/:id (last writer wins, no If-Match); the HTTP status. */
export async function saveProject(base: string, id: string, mjml: string, includes: Record<string, string>): Promise<number> {
  const reply = await call(base, 'PUT', `/v1/projects/${encodeURIComponent(id)}`, { mjml, includes, validation: 'soft' });
  return reply.status;
}

/**
 * `mjml` with a small visible change numbered `n`: one text section right after `<mj-body …>`, so every
 * save publishes different HTML (and therefore a different cache entry) at nearly the same size.
 */
export function variant(mjml: string, n: number): string {
  return mjml.replace(
    /<mj-body\b[^>]*>/,
    (tag) => `${tag}<mj-section><mj-column><mj-text>Revision ${n}</mj-text></mj-column></mj-section>`,
  );
}

/** Deletes a Letterpress child's data directory (after it stopped). */
export async function removeData(service: Letterpress): Promise<void> {
  rmSync(service.dataDir, { recursive: true, force: true });
  if (service.database) await adminQuery(`DROP DATABASE IF EXISTS ${service.database} WITH (FORCE)`).catch(() => undefined);
}
