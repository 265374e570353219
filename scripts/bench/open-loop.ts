/**
 * Open-loop load: requests start on a fixed schedule (`rate` per second), whether or not earlier ones have
 * answered, so a stalled server shows as latency instead of as fewer requests (autocannon's closed loop
 * waits for each answer before the next request and hides stalls: "coordinated omission", Gil Tene,
 * "How NOT to Measure Latency", 2015). Each latency counts from the moment its request was *due*, not from
 * when the timer got round to sending it, so a stall of the load generator's own loop counts against the
 * server too rather than disappearing.
 */
import { Agent, request as httpRequest } from 'node:http';

/** One request to repeat: method, headers and body (sent as given). */
export interface OpenLoopRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What {@link openLoop} measured. */
export interface OpenLoopResult {
  /** Median latency from the due time to the last byte of the answer, ms. */
  p50: number;
  /** 99th percentile of the same, ms. */
  p99: number;
  /** Requests that answered 2xx. */
  count: number;
  /** Requests that failed (a network error or a status other than 2xx). */
  errors: number;
}

/** The value below which `q` (0…1) of the sorted `values` lie (nearest rank); 0 when empty. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Send `request` to `url` `rate` times a second for `durationS` seconds (open loop, keep-alive sockets,
 * no cap on requests in flight) and wait for every answer.
 * @returns p50 and p99 latency (ms) of the 2xx answers, their count, and the count of failures.
 */
export async function openLoop(options: {
  url: string;
  rate: number;
  durationS: number;
  request: OpenLoopRequest;
}): Promise<OpenLoopResult> {
  const { url, rate, durationS, request } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const start = performance.now();

  const send = (due: number): Promise<void> =>
    new Promise((resolve) => {
      const req = httpRequest(url, { method: request.method, headers: request.headers, agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
          else errors += 1;
          resolve();
        });
        res.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(request.body);
    });

  // A timer every few ms sends everything that has fallen due since the last tick (timers are not exact).
  await new Promise<void>((done) => {
    let sent = 0;
    const tick = (): void => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        inFlight.push(send(start + sent * intervalMs));
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(timer);
        done();
      }
    };
    const timer = setInterval(tick, Math.max(1, Math.min(5, intervalMs / 2)));
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), count: latencies.length, errors };
}
