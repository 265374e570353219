/**
 * Open-loop load: requests start at a fixed arrival rate whatever the server's latency, and each
 * latency is counted from when its request was *due*, not from when it went out. autocannon is closed
 * loop (a connection waits for its answer before the next request), which hides stalls: during a 10 ms
 * pause it simply sends less (coordinated omission). A p99 "at a fixed rate" needs this instead.
 *
 * Minimal version written by the bench helper (issue 24, item 5); the sqlite helper writes the same
 * export (`openLoop`, same options and result) — merge keeps one.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface OpenLoopRequest {
  method: string;
  headers: Record<string, string>;
  /** Request body; a function is called once per request (variables that differ on every send). */
  body?: string | (() => string);
}

export interface OpenLoopOptions {
  /** Full URL (`http://127.0.0.1:PORT/path`). */
  url: string;
  /** Arrivals per second. */
  rate: number;
  /** Seconds of arrivals; the run ends when the last answer (or error) is in. */
  durationS: number;
  request: OpenLoopRequest;
}

export interface OpenLoopResult {
  /** Latency percentiles, ms, from each request's scheduled start to its last response byte (2xx only). */
  p50: number;
  p99: number;
  /** Requests answered 2xx. */
  count: number;
  /** Requests that failed: non-2xx, socket errors, or no answer within 10 s. */
  errors: number;
}

/** Nearest-rank percentile (`q` in 0–1) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Sends `rate × durationS` requests to `url`, request i due at `i / rate` s after the start, over a
 * keep-alive agent with as many sockets as the backlog needs. A 1 ms timer sends every request that is
 * due (timers are late under load; the lateness is part of the latency, as it would be for a client).
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { url, rate, durationS, request } = options;
  const total = Math.round(rate * durationS);
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const one = (due: number): Promise<void> =>
    new Promise((resolve) => {
      const body = typeof request.body === 'function' ? request.body() : request.body;
      const req = httpRequest(url, { method: request.method, headers: request.headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
          if (ok) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
        res.on('error', () => (errors++, resolve()));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => (errors++, resolve()));
      req.end(body);
    });
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) pending.push(one(start + (sent++ * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length, errors };
}
