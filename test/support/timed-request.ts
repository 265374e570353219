/**
 * A request with the test key and a client-side bound, timed: a hang shows as status 0 after `abortMs`
 * with the time it took, instead of a mocha timeout. For fault tests that assert how soon an answer comes.
 */
import { TEST_KEY, type TestServer } from './server.js';

export interface TimedResponse {
  /** HTTP status; 0 when no answer came within the bound (or the connection failed). */
  status: number;
  /** Time to the whole answer, ms. */
  ms: number;
  retryAfter: string | null;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Send `method path` (JSON `body` when given) to `server`, giving up after `abortMs` (default 15 s). */
export async function timedRequest(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  abortMs = 15_000,
): Promise<TimedResponse> {
  const started = performance.now();
  try {
    const res = await fetch(new URL(path, server.url), {
      method,
      headers: { Authorization: `Bearer ${TEST_KEY}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(abortMs),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: Math.round(performance.now() - started),
      retryAfter: res.headers.get('retry-after'),
      json: text ? JSON.parse(text) : undefined,
    };
  } catch (error) {
    return { status: 0, ms: Math.round(performance.now() - started), retryAfter: null, json: { error: (error as Error).message } };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
