/**
 * `npm run bench [-- --duration 6 --connections 50 --json bench-report.json]`: Letterpress over HTTP
 * against Koa ceilings, an ideal renderer and naive compile-per-request peers, every server in its own
 * child process, autocannon in this one, on 127.0.0.1. The machine is shared and has 2 cores: the
 * verdicts are ratios of runs taken back to back in this same process, never absolute numbers.
 *
 * Scenarios: 1–2 ceilings and cached renders, 3 cache misses, 4 the naive peer, 5 latency under compiles,
 * 6 the dynamic (Handlebars-first) path, cached and uncached; then issue 24's Done-when rounds
 * (done-when.ts), `--repeats` times: by CPU µs per request, variables differing on every request.
 *
 * Options: --duration s (each measured run, default 6), --connections n (default 50),
 * --latency-connections n (scenario 5, default 10), --warmup s (unrecorded load before each run,
 * default 1), --revisions n (cache-miss project, default 150), --save-loops n (scenario 5, default 2),
 * --json path (default bench-report.json), --store sqlite|postgres (postgres: a fresh database per service on
 * BENCH_DATABASE_URL, default the local server), --repeats n (Done-when rounds, default 3), --rate n (open-loop
 * req/s, default 400), --memory-templates n (default 1000), --done-when-only (skip scenarios 1–6).
 * Exits 1 when a run failed (non-2xx, connection errors) or the bench could not run; a ratio that
 * FALLS SHORT of its target is a result, not a failure.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SERVICE_LOG_LEVEL, removeData, startLetterpress, type Letterpress } from './letterpress.js';
import { cacheMiss, latencyUnderCompiles, naivePeer, type Observations } from './load-scenarios.js';
import { dynamicPaths } from './dynamic-scenarios.js';
import type { Measurement, RunOptions } from './load.js';
import { stopAll } from './processes.js';
import { loadCorpus, renderPairs, type BenchTemplate, type Capture } from './render-scenarios.js';
import { aggregate, evaluate, ratioLines, repeatedTable, table, writeJson, type RatioResult } from './report.js';
import { doneWhenRatios, doneWhenRound, prepareDoneWhen, receiptRatios, type RoundOptions } from './done-when.js';
import { scenarioRatios } from './scenario-ratios.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    store: { type: 'string', default: 'sqlite' },
    connections: { type: 'string', default: '50' },
    'latency-connections': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    revisions: { type: 'string', default: '150' },
    'save-loops': { type: 'string', default: '2' },
    json: { type: 'string', default: 'bench-report.json' },
    repeats: { type: 'string', default: '3' },
    rate: { type: 'string', default: '400' },
    'memory-templates': { type: 'string', default: '1000' },
    'done-when-only': { type: 'boolean', default: false },
  },
});
const positive = (name: Exclude<keyof typeof args, 'done-when-only'>, min = 1): number => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${args[name]}`);
  return n;
};
if (args.store !== 'sqlite' && args.store !== 'postgres') throw new Error(`--store must be sqlite or postgres, got ${args.store}`);
process.env['BENCH_STORE'] = args.store; // read by letterpress.ts for every service it starts
const options: RunOptions = { duration: positive('duration'), connections: positive('connections'), warmup: positive('warmup', 0) };
const latencyOptions: RunOptions = { ...options, connections: positive('latency-connections') };
const revisions = positive('revisions', 2);
const saveLoops = positive('save-loops');
const repeats = positive('repeats');
const roundOptions: RoundOptions = { ...options, rate: positive('rate'), memoryTemplates: positive('memory-templates') };
const jsonPath = resolve(args.json);

// Ctrl-C or a kill must not leave servers behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

const machine = {
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  memory_gb: Number((totalmem() / 2 ** 30).toFixed(1)),
  loadavg_at_start: loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(`# Letterpress HTTP bench\n`);
console.log(
  `Machine: ${machine.cpus} CPUs (${machine.cpu_model}), Node ${machine.node}, ${machine.platform}, ${machine.memory_gb} GB, load average ${machine.loadavg_at_start.join(' / ')}`,
);
console.log(
  `Store: ${args.store}. Runs: ${options.duration} s measured after ${options.warmup} s warm-up, ${options.connections} connections (latency scenario: ${latencyOptions.connections}); ` +
    `service LOG_LEVEL=${SERVICE_LOG_LEVEL}, RATE_LIMIT_PER_MINUTE=1000000, AUTH_FAILURES_PER_MINUTE=0, MAX_CONNECTIONS(_PER_CLIENT)=1000000, COMPILE_THREADS ${process.env.COMPILE_THREADS ?? 'unset (service default: cores − 1)'}. Each server is its own process; autocannon runs here.\n`,
);

const rows: Measurement[] = [];
const captures: Record<string, Capture> = {};
const missSeen: Observations = {};
const compilesSeen: Observations = {};
const dynamicSeen: Observations = {};
const doneWhenSeen: Observations[] = [];
const observations: Record<string, unknown> = {
  render_captures: captures,
  cache_miss: missSeen,
  compiles: compilesSeen,
  dynamic: dynamicSeen,
  done_when_rounds: doneWhenSeen,
};
const roundRows: Measurement[][] = [];
let service: Letterpress | undefined;
let failed = false;
try {
  service = await startLetterpress('letterpress');
  const corpus = await loadCorpus(service.url);
  const { giftCard, largest } = corpus;
  observations.corpus = {
    accepted: corpus.accepted,
    total: corpus.total,
    gift_card_html_bytes: giftCard.htmlBytes,
    largest: largest.id,
    largest_html_bytes: largest.htmlBytes,
  };
  console.log(
    `Corpus: ${corpus.accepted}/${corpus.total} templates accepted with validation "soft"; largest renderable: ${largest.id} (${largest.htmlBytes} B published HTML); ${giftCard.id}: ${giftCard.htmlBytes} B.\n`,
  );
  const templates: BenchTemplate[] = largest.id === giftCard.id ? [giftCard] : [giftCard, largest];

  const step = (what: string) => process.stderr.write(`… ${what}\n`);
  let results: RatioResult[] = [];
  if (!args['done-when-only']) {
    step('scenarios 1–2: ceilings and cached renders');
    rows.push(...(await renderPairs(service.url, templates, options, captures)));
    step('scenario 3: cache-miss path');
    rows.push(await cacheMiss(giftCard, revisions, options, missSeen));
    step('scenario 4: naive peer');
    rows.push(await naivePeer(giftCard, options));
    step('scenario 5: latency alone and under compiles');
    rows.push(...(await latencyUnderCompiles(service.url, giftCard, largest, saveLoops, latencyOptions, compilesSeen)));
    step('scenario 6: the dynamic path, cached and uncached');
    rows.push(...(await dynamicPaths(service.url, options, dynamicSeen)));
    results = evaluate(scenarioRatios(rows, templates, giftCard), rows);
    console.log(table(rows));
    console.log(`\n## Ratios (same run)\n\n${ratioLines(results)}\n`);
    console.log(notes(rows));
  }

  const setup = await prepareDoneWhen(service.url, giftCard, largest);
  console.log(`\n## Issue 24, Done when (${repeats} rounds; 10 × template: ${setup.big.id}, ${setup.big.htmlBytes} B published HTML)\n`);
  for (let round = 1; round <= repeats; round++) {
    step(`Done-when round ${round}/${repeats}`);
    const seen: Observations = {};
    doneWhenSeen.push(seen);
    const measured = await doneWhenRound(service.url, setup, roundOptions, seen);
    roundRows.push(measured);
    console.log(`### Round ${round}\n\n${table(measured)}\n`);
  }
  const doneWhen = aggregate(roundRows.map((r) => evaluate(doneWhenRatios(args.store), r)));
  console.log(`### Ratios by CPU µs per request (median of ${repeats}, spread min–max)\n\n${repeatedTable(doneWhen)}\n`);
  const receipt = aggregate(roundRows.map((r) => evaluate(receiptRatios(), r)));
  console.log(`## Issue 25: the signed receipt's cost (same rounds)\n\n${repeatedTable(receipt)}\n`);
  failed = [...rows, ...roundRows.flat()].some((m) => !m.ok);
  report({ ratios: results, done_when: doneWhen, receipt_cost: receipt });
} catch (error) {
  failed = true;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`bench failed: ${message}`);
  if (service) console.error(`letterpress output (tail):\n${service.tail()}`);
  if (rows.length > 0) console.log(`Runs completed before the failure:\n\n${table(rows)}\n\n${notes(rows)}`);
  if (roundRows.length > 0) console.log(`Done-when rounds completed before the failure:\n\n${table(roundRows.flat())}`);
  report({ error: message });
} finally {
  await stopAll();
  if (service) await removeData(service);
}
process.exit(failed ? 1 : 0);

/** Writes the JSON report: machine, options, what was observed, every run with its raw autocannon summary. */
function report(outcome: Record<string, unknown>): void {
  const settings = {
    ...options,
    latency_connections: latencyOptions.connections,
    revisions,
    save_loops: saveLoops,
    repeats,
    open_loop_rate: roundOptions.rate,
    memory_templates: roundOptions.memoryTemplates,
    service_log_level: SERVICE_LOG_LEVEL,
    compile_threads: process.env.COMPILE_THREADS ?? null,
  };
  writeJson(jsonPath, {
    generated_at: new Date().toISOString(),
    machine,
    options: settings,
    ...outcome,
    observations,
    runs: rows,
    done_when_rounds: roundRows,
  });
  console.log(`\nJSON report (every raw autocannon summary): ${jsonPath}`);
}

/** What the table cannot show: content types measured, X-Cache mix, saves completed, failures. */
function notes(measured: Measurement[]): string {
  const lines = ['## Notes', ''];
  for (const [key, c] of Object.entries(captures)) {
    lines.push(
      `- render ${key}: ${c.status}, Content-Type "${c.contentType}", ${c.bytes} B, X-Cache ${c.xCache ?? 'none'} (the ceiling sends exactly these bytes)`,
    );
  }
  const miss = missSeen as { x_cache?: Record<string, number>; revisions?: number; setup_saves_s?: number };
  if (miss.x_cache)
    lines.push(
      `- cache-miss: X-Cache over every measured response: ${JSON.stringify(miss.x_cache)} (${miss.revisions} revisions, saved in ${miss.setup_saves_s} s)`,
    );
  const c = compilesSeen as {
    saves_ok?: number;
    saves_by_status?: object;
    saves_per_s?: number;
    loop_window_s?: number;
    churn_template?: string;
    save_loops?: number;
  };
  if (c.saves_by_status) {
    lines.push(
      `- compiles: ${c.save_loops} save loops on ${c.churn_template} completed ${c.saves_ok} saves (${c.saves_per_s}/s over ${c.loop_window_s} s; by status ${JSON.stringify(c.saves_by_status)})`,
    );
  }
  for (const m of measured.filter((x) => !x.ok)) lines.push(`- FAILED ${m.name}: ${m.failure}`);
  return lines.join('\n');
}
