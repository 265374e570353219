/**
 * One bounded load run: autocannon (programmatic API, in the bench process) against a child server on
 * loopback. A run is only a speed when every response was 2xx: it is checked before (one probe request)
 * and after (the summary's counters), and reported as failed otherwise.
 */
import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';
import { usageOf } from './processes.js';

/** An HTTP request the bench repeats: the same bytes go to the probe and to autocannon. */
export interface Target {
  /** Base URL, `http://127.0.0.1:PORT`. */
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Request body (JSON text), absent for GET. */
  body?: string;
}

export interface RunOptions {
  /** Measured seconds. */
  duration: number;
  connections: number;
  /** Unrecorded seconds of the same load first, so the JIT and caches have settled (0: none). */
  warmup: number;
  /** Vary each request (autocannon `setupRequest`): return the body to send. */
  nextBody?: () => string;
  /** Sees every measured response's status and headers (autocannon `onResponse`). */
  onResponse?: (status: number, headers: IncomingHttpHeaders) => void;
}

export interface Measurement {
  name: string;
  ok: boolean;
  /** Why the run is not a speed (non-2xx, errors, a failing probe). */
  failure?: string;
  /** Content-Type (and Content-Encoding) the probe got: what was actually measured. */
  contentType?: string;
  /** Raw autocannon summary of the measured window (absent when the probe failed). */
  summary?: autocannon.Result;
  /**
   * The server process's CPU over the measured window (`process.cpuUsage()` of the child, user + system,
   * every thread): µs used, requests autocannon sent, and µs per sent request. Absent when the server is
   * not one of our children.
   */
  cpu?: { us: number; requests: number; usPerRequest: number };
  /**
   * An open-loop run (fixed arrival rate) instead of autocannon: see open-loop.ts. `saturated`: the rate was
   * more than the service served (its p99 is then a queue's, so no ratio reads it).
   */
  openLoop?: { rate: number; p50: number; p99: number; count: number; errors: number; saturated?: boolean };
  /** A single measured quantity instead of a load run (e.g. RSS growth per template). */
  value?: { amount: number; unit: string };
}

/** Sends `target` once with fetch; status, Content-Type (+ Content-Encoding) and decoded body. */
export async function probe(target: Target): Promise<{ status: number; contentType: string; text: string }> {
  const res = await fetch(target.url + target.path, {
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
  });
  const text = await res.text();
  const encoding = res.headers.get('content-encoding');
  return { status: res.status, contentType: (res.headers.get('content-type') ?? '') + (encoding ? ` (${encoding})` : ''), text };
}

/**
 * Probe, warm up, then measure `target` for `options.duration` seconds with `options.connections`
 * connections. Waits for the server's backlog to drain after each run (a closed autocannon connection
 * leaves requests the server still works on; they must not leak into the next scenario's window).
 */
export async function measure(name: string, target: Target, options: RunOptions): Promise<Measurement> {
  const first = await probe(target);
  if (first.status < 200 || first.status > 299) {
    return { name, ok: false, failure: `probe answered ${first.status}: ${first.text.slice(0, 300)}`, contentType: first.contentType };
  }
  if (options.warmup > 0) {
    await run(target, { ...options, duration: options.warmup, onResponse: undefined });
    await drain(target);
  }
  const before = await usageOf(target.url);
  const summary = await run(target, options);
  // After the drain: requests still in flight when autocannon stopped were sent and cost the server
  // CPU, so the CPU is divided by requests *sent* (one probe more: negligible).
  await drain(target);
  const after = await usageOf(target.url);
  const sent = summary.requests.sent;
  const cpu =
    before && after && sent > 0
      ? { us: after.cpuUs - before.cpuUs, requests: sent, usPerRequest: (after.cpuUs - before.cpuUs) / sent }
      : undefined;
  const problems = [
    summary.non2xx > 0 ? `${summary.non2xx} non-2xx (${JSON.stringify(summary.statusCodeStats ?? {})})` : '',
    summary.errors > 0 ? `${summary.errors} connection errors (${summary.timeouts} timeouts)` : '',
    summary['2xx'] === 0 ? 'no 2xx response at all' : '',
  ].filter(Boolean);
  return {
    name,
    ok: problems.length === 0,
    ...(problems.length ? { failure: problems.join('; ') } : {}),
    contentType: first.contentType,
    summary,
    ...(cpu ? { cpu } : {}),
  };
}

function run(target: Target, options: RunOptions): Promise<autocannon.Result> {
  const { nextBody, onResponse } = options;
  return autocannon({
    url: target.url + target.path,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: options.connections,
    duration: options.duration,
    timeout: Math.max(10, options.duration * 2), // a slow peer is a slow result, not a connection error
    ...(nextBody || onResponse
      ? {
          requests: [
            {
              method: target.method,
              path: target.path,
              ...(nextBody ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: nextBody() }) } : {}),
              ...(onResponse
                ? {
                    onResponse: (status: number, _body: string, _ctx: object, headers: IncomingHttpHeaders | undefined) =>
                      onResponse(status, headers ?? {}),
                  }
                : {}),
            },
          ],
        }
      : {}),
  });
}

/** One more request to the same server: answered only once the work queued before it is done. */
async function drain(target: Target): Promise<void> {
  try {
    await probe(target);
  } catch {
    // the run's own result already says whether the server was healthy
  }
  await new Promise((r) => setTimeout(r, 250));
}
