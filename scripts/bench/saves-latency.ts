/**
 * p99 of cached renders at a fixed arrival rate (open loop), alone and while a save lands every 50 ms,
 * on the store the bench runs (`--store`): issue 24's "saves never stall renders".
 */
import { saveProject, variant } from './letterpress.js';
import type { Measurement } from './load.js';
import { openLoop, type OpenLoopRequest } from './open-loop.js';
import { usageOf } from './processes.js';
import type { Observations } from './load-scenarios.js';
import type { BenchTemplate } from './render-scenarios.js';

/** Time between save starts, ms (a save taking longer delays the next one: never two at once). */
export const SAVE_EVERY_MS = 50;

/** Row names (the ratios refer to them). */
export const openLoopName = (withSaves: boolean): string =>
  `open loop: cached small JSON, fixed rate, ${withSaves ? `a save every ${SAVE_EVERY_MS} ms` : 'alone'}`;

/**
 * One open-loop run of `request` against `url` at `rate` req/s for `durationS` s (after 1 s unrecorded at
 * the same rate), with the server's CPU per answered request; `saving` (when given) saves revisions of
 * `churnId` (from `churn`) every SAVE_EVERY_MS for the measured window and counts them in `seen`.
 */
export async function openLoopRun(
  serviceUrl: string,
  url: string,
  rate: number,
  durationS: number,
  request: OpenLoopRequest,
  saving: { churnId: string; churn: BenchTemplate } | undefined,
  seen: Observations,
): Promise<Measurement> {
  const name = openLoopName(saving !== undefined);
  await openLoop({ url, rate, durationS: 1, request }); // warm-up, not recorded
  let stopped = false;
  let n = 0;
  const statuses: Record<string, number> = {};
  const loop = async () => {
    while (!stopped && saving) {
      const started = performance.now();
      const status = await saveProject(
        serviceUrl,
        saving.churnId,
        variant(saving.churn.corpus.source, ++n),
        saving.churn.corpus.includes,
      ).then(String, (e: Error) => `error: ${e.message}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, Math.max(0, SAVE_EVERY_MS - (performance.now() - started))));
    }
  };
  const before = await usageOf(serviceUrl);
  const saves = loop();
  let result;
  try {
    result = await openLoop({ url, rate, durationS, request });
  } finally {
    stopped = true;
    await saves;
  }
  const after = await usageOf(serviceUrl);
  if (saving) seen[`saves_by_status`] = statuses;
  const failure = result.errors > 0 ? `${result.errors} errors or non-2xx` : result.count === 0 ? 'no 2xx answer' : undefined;
  // With saves, the CPU includes the saves' compiles: shown, but no ratio reads it.
  const cpuUs = before && after ? after.cpuUs - before.cpuUs : undefined;
  return {
    name,
    ok: failure === undefined,
    ...(failure ? { failure } : {}),
    openLoop: { rate, ...result },
    ...(cpuUs !== undefined && result.count > 0 ? { cpu: { us: cpuUs, requests: result.count, usPerRequest: cpuUs / result.count } } : {}),
  };
}
