/**
 * Scenarios 3–5: the cache-miss path, the naive compile-per-request peer, and render latency while
 * other saves keep the compile pool busy.
 */
import { createProject, saveProject, startLetterpress, removeData, variant, SERVICE_LOG_LEVEL } from './letterpress.js';
import { measure, type Measurement, type RunOptions } from './load.js';
import { spawnServer, stop } from './processes.js';
import { renderPath, renderRequest, type BenchTemplate } from './render-scenarios.js';

/** What a scenario observed besides its autocannon summary (goes to the JSON report and the notes). */
export type Observations = Record<string, unknown>;

/** Scenario 4: the naive peer compiling `t` on every request, its own process, the same variables. */
export async function naivePeer(t: BenchTemplate, options: RunOptions): Promise<Measurement> {
  const naive = await spawnServer('naive peer', 'scripts/bench/naive-server.ts', { NAIVE_TEMPLATE: t.corpus.file });
  try {
    const target = renderRequest(naive.url, '/render', t, 'json', false);
    return await measure(`naive peer (mjml2html + Handlebars per request) ${t.id} JSON`, target, options);
  } finally {
    await stop(naive.process);
  }
}

/**
 * Scenario 3: a service with RENDER_CACHE_MB=1 and one project saved as `revisions` revisions (a small
 * text change each), rendered cycling through `"revision": i` so that nearly every request misses.
 * Counts the X-Cache header of every measured response.
 */
export async function cacheMiss(t: BenchTemplate, revisions: number, options: RunOptions, seen: Observations): Promise<Measurement> {
  const service = await startLetterpress('letterpress (RENDER_CACHE_MB=1)', { RENDER_CACHE_MB: '1' });
  try {
    const id = 'bench-cache-miss';
    const saveStarted = performance.now();
    if ((await createProject(service.url, id, variant(t.corpus.source, 0), t.corpus.includes)) === null)
      throw new Error(`cache-miss: could not create ${id}`);
    for (let n = 1; n < revisions; n++) {
      const status = await saveProject(service.url, id, variant(t.corpus.source, n), t.corpus.includes);
      if (status !== 200) throw new Error(`cache-miss: save ${n} answered ${status}`);
    }
    seen.revisions = revisions;
    seen.setup_saves_s = Number(((performance.now() - saveStarted) / 1000).toFixed(1));
    let next = 0;
    const body = (revision: number) => JSON.stringify({ revision, variables: t.variables });
    const xCache: Record<string, number> = {};
    const target = { ...renderRequest(service.url, renderPath(id), t, 'json', false), body: body(0) };
    const result = await measure(`letterpress cache-miss ${t.id} JSON (${revisions} revisions, RENDER_CACHE_MB=1)`, target, {
      ...options,
      // One counter for all connections: consecutive requests ask for consecutive revisions, so a
      // revision comes back only after all the others, long after a 1 MB LRU has evicted it.
      nextBody: () => body(next++ % revisions),
      onResponse: (_status, headers) => {
        const value = Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-cache')?.[1];
        const key = String(value ?? 'none');
        xCache[key] = (xCache[key] ?? 0) + 1;
      },
    });
    seen.x_cache = xCache;
    return result;
  } finally {
    await stop(service.process);
    await removeData(service);
  }
}

/**
 * Scenario 5: cached JSON renders of `t` at `options.connections` connections, alone, then while
 * `loops` concurrent loops in this process keep saving new revisions of another project (`churn`,
 * each loop sequential) for the whole window. Returns both measurements; `seen` gets the save counts.
 */
export async function latencyUnderCompiles(
  serviceUrl: string,
  t: BenchTemplate,
  churn: BenchTemplate,
  loops: number,
  options: RunOptions,
  seen: Observations,
): Promise<[Measurement, Measurement]> {
  const target = renderRequest(serviceUrl, renderPath(t.id), t, 'json', false);
  const alone = await measure(`latency: cached ${t.id} JSON, alone (${options.connections} conn.)`, target, options);

  const id = 'bench-churn';
  if ((await createProject(serviceUrl, id, churn.corpus.source, churn.corpus.includes)) === null) throw new Error(`could not create ${id}`);
  let stopped = false;
  let n = 0;
  const statuses: Record<string, number> = {};
  const loop = async () => {
    while (!stopped) {
      let status: string;
      try {
        status = String(await saveProject(serviceUrl, id, variant(churn.corpus.source, ++n), churn.corpus.includes));
      } catch (error) {
        status = `error: ${(error as Error).message}`;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  const running = Array.from({ length: loops }, loop);
  let busy: Measurement;
  try {
    busy = await measure(`latency: cached ${t.id} JSON, ${loops} save loops running (${options.connections} conn.)`, target, options);
  } finally {
    stopped = true;
    await Promise.all(running);
  }
  const seconds = (performance.now() - started) / 1000;
  Object.assign(seen, {
    churn_template: churn.id,
    save_loops: loops,
    saves_by_status: statuses,
    saves_ok: statuses['200'] ?? 0,
    saves_per_s: Number(((statuses['200'] ?? 0) / seconds).toFixed(1)),
    loop_window_s: Number(seconds.toFixed(1)),
    log_level: SERVICE_LOG_LEVEL,
  });
  return [alone, busy];
}
