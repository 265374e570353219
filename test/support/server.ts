/**
 * A real server on an ephemeral port over a fresh temporary data directory, and a small HTTP client
 * that exposes raw bytes (to check gzip) as well as parsed JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startServer } from '../../src/server.js';

import { TEST_KEY } from '../../scripts/support/fixtures.js';

export { mjmlPage, TEST_KEY } from '../../scripts/support/fixtures.js';

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes as sent on the wire (still gzipped if Content-Encoding says so). */
  raw: Buffer;
  /** Decoded body text. */
  text: string;
  /** Parsed JSON body, or undefined. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestServer {
  url: string;
  dataDir: string;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string>; key?: string | null },
  ): Promise<Response>;
  /** Close the store, projector and compile pool under the running HTTP server (to see 503s). */
  closeStore(): Promise<void>;
  /** Stop the server; the data directory stays until `cleanup`. */
  stop(): Promise<void>;
  cleanup(): void;
}

/** Start a server. `env` adds or overrides environment variables; `dataDir` reuses a directory (restart tests). */
export async function startTestServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'letterpress-test-'));
  const running = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: TEST_KEY,
    LOG_LEVEL: 'silent',
    COMPILE_THREADS: '1',
    ...options.env,
  });
  return {
    url: running.url,
    dataDir,
    request: (method, path, o = {}) => send(running.url, method, path, o),
    closeStore: () => running.service.close(),
    stop: () => running.stop(),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function send(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; key?: string | null },
): Promise<Response> {
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(options.key === null ? {} : { Authorization: `Bearer ${options.key ?? TEST_KEY}` }),
    ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decoded = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const text = decoded.toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, json });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * A server for the enclosing `describe`: started before its tests, stopped and its data removed after.
 * `create` and `render` are the two calls nearly every API test makes.
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}) {
  let server: TestServer | undefined;
  before(async () => {
    server = await startTestServer(options);
  });
  after(async () => {
    await server?.stop();
    server?.cleanup();
  });
  const running = (): TestServer => {
    if (!server) throw new Error('useTestServer: the server is not started (use it inside the describe, in tests)');
    return server;
  };
  return {
    get server(): TestServer {
      return running();
    },
    create: (body: Record<string, unknown>) => running().request('POST', '/v1/projects', { body }),
    render: (id: string, body: Record<string, unknown>) => running().request('POST', `/v1/templates/${id}/render`, { body }),
  };
}
