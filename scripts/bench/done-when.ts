/**
 * Issue 24's "Done when", measured: one round runs every scenario its lines divide, back to back, with
 * variables that differ on every request (real sends); `run.ts` repeats rounds (`--repeats`) and quotes
 * each line's median and spread. Every ratio is by CPU µs per request of the server processes, except
 * the p99 (open loop) and the memory line (a value).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GMAIL_CLIPPING_BYTES } from '../../src/rendering/index.js';
import { call, createProject, saveProject } from './letterpress.js';
import { measure, type Measurement, type RunOptions, type Target } from './load.js';
import type { Observations } from './load-scenarios.js';
import { measureMemoryPerTemplate } from './memory.js';
import { makeTempDir, spawnServer, stop, type Child } from './processes.js';
import { renderPath, renderRequest, type BenchTemplate, type Form } from './render-scenarios.js';
import type { Ratio } from './report.js';
import { openLoopName, openLoopRun } from './saves-latency.js';

export interface DoneWhenSetup {
  giftCard: BenchTemplate;
  largest: BenchTemplate;
  /** The gift card's body repeated until its published HTML is over Gmail's 102 KB. */
  big: BenchTemplate;
  /** JSON file for ideal-server.ts (published HTML and captured envelope of the small and largest templates). */
  idealFile: string;
  /** JSON file for ceiling-server.ts (the gift card's captured JSON render). */
  ceilingFile: string;
}

export interface RoundOptions extends RunOptions {
  /** Open-loop arrival rate, req/s. */
  rate: number;
  /** Small templates the memory scenario stores and renders. */
  memoryTemplates: number;
}

/**
 * A body generator for `t`: its sample variables with the first string leaf suffixed by a counter and the
 * first number leaf set to it, so no two requests send the same variables (nor render the same bytes).
 */
export function varying(variables: Record<string, unknown>, extra: Record<string, unknown> = WITHOUT_RECEIPT): () => string {
  let n = 0;
  return () => {
    n++;
    let str = false;
    let numeric = false;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string' && !str) return ((str = true), `${v} ${n}`);
      if (typeof v === 'number' && !numeric) return ((numeric = true), n);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return JSON.stringify({ variables: walk(variables), ...extra });
  };
}

/**
 * The body fields of every issue-24 row: renders without a signed receipt (issue 25), so the rows measure the
 * render path as issue 24 set its goals and stay comparable with earlier runs; the receipt's cost is its own
 * row and ratio (`receiptRatios`).
 */
export const WITHOUT_RECEIPT: Readonly<Record<string, unknown>> = Object.freeze({ receipt: false });

/** Creates the 10 × template and captures what the peers serve; once per bench, before the rounds. */
export async function prepareDoneWhen(url: string, giftCard: BenchTemplate, largest: BenchTemplate): Promise<DoneWhenSetup> {
  const body = /(<mj-body\b[^>]*>)([\s\S]*)(<\/mj-body>)/.exec(giftCard.corpus.source);
  if (!body) throw new Error(`${giftCard.id} has no mj-body`);
  let big: BenchTemplate | undefined;
  for (let times = 10; !big || big.htmlBytes <= GMAIL_CLIPPING_BYTES; times += 5) {
    const source = giftCard.corpus.source.replace(body[0], body[1] + body[2]!.repeat(times) + body[3]);
    const id = `bench-10x-${times}`;
    const html = await createProject(url, id, source, giftCard.corpus.includes);
    if (html === null) throw new Error(`could not create ${id}`);
    big = { ...giftCard, id, corpus: { ...giftCard.corpus, source }, html, htmlBytes: Buffer.byteLength(html) };
    if (times > 40) break;
  }
  const ideal: Record<string, { html: string; envelope: object }> = {};
  for (const t of [giftCard, largest]) {
    await call(url, 'POST', renderPath(t.id), { variables: t.variables, ...WITHOUT_RECEIPT }); // the first may be the cache's MISS
    const reply = await call(url, 'POST', renderPath(t.id), { variables: t.variables, ...WITHOUT_RECEIPT }, { Accept: 'application/json' });
    ideal[t.id] = { html: t.html, envelope: JSON.parse(reply.text) as object };
  }
  const small = await call(
    url,
    'POST',
    renderPath(giftCard.id),
    { variables: giftCard.variables, ...WITHOUT_RECEIPT },
    { Accept: 'application/json' },
  );
  const dir = makeTempDir('letterpress-bench-done-when-');
  const setup = { giftCard, largest, big, idealFile: join(dir, 'ideal.json'), ceilingFile: join(dir, 'ceiling.json') };
  writeFileSync(setup.idealFile, JSON.stringify(ideal));
  writeFileSync(setup.ceilingFile, JSON.stringify({ small: { contentType: small.headers.get('content-type'), body: small.text } }));
  return setup;
}

/** An open-loop p50 above this (ms) alone means the rate is more than the service serves. */
export const SATURATED_P50_MS = 20;

/** Connections to a naive (compile-per-request) peer: its CPU per request does not depend on them. */
export const NAIVE_CONNECTIONS = 4;

/** Row names of one round (the ratios refer to them). */
export const row = {
  ceiling: 'koa same-bytes ceiling, small JSON',
  ideal: (size: 'small' | 'largest', form: Form) => `ideal renderer, ${size} ${form === 'json' ? 'JSON' : 'text/html'}`,
  cached: (size: 'small' | 'largest' | '10x', form: Form) =>
    `letterpress cached, ${size} ${form === 'json' ? 'JSON' : 'text/html'}, varying variables`,
  naive: (engine: 'mjml' | 'mrml') => `naive ${engine} peer (compile + Handlebars per request), small JSON, ${NAIVE_CONNECTIONS} conn.`,
  memory: 'memory: RSS growth per small template stored and rendered once',
  receipt: 'letterpress cached, small JSON with its signed receipt, varying variables',
};

/** One round: every measurement the Done-when lines divide; `seen` gets the round's observations. */
export async function doneWhenRound(url: string, setup: DoneWhenSetup, options: RoundOptions, seen: Observations): Promise<Measurement[]> {
  const { giftCard, largest, big } = setup;
  const rows: Measurement[] = [];
  const varied = (target: Target, t: BenchTemplate, name: string) => measure(name, target, { ...options, nextBody: varying(t.variables) });
  const children: Child[] = [];
  try {
    const ceiling = await spawnServer('ceiling', 'scripts/bench/ceiling-server.ts', {
      CEILING_MODE: 'bodies',
      CEILING_BODIES: setup.ceilingFile,
    });
    children.push(ceiling);
    const ideal = await spawnServer('ideal renderer', 'scripts/bench/ideal-server.ts', { IDEAL_TEMPLATES: setup.idealFile });
    children.push(ideal);
    rows.push(await varied(renderRequest(ceiling.url, '/render/small', giftCard, 'json', false), giftCard, row.ceiling));
    for (const [size, t, form] of [
      ['small', giftCard, 'json'],
      ['largest', largest, 'json'],
      ['small', giftCard, 'html'],
    ] as const) {
      rows.push(await varied(renderRequest(ideal.url, `/render/${t.id}.${form}`, t, form, false), t, row.ideal(size, form)));
      rows.push(await varied(renderRequest(url, renderPath(t.id), t, form, false), t, row.cached(size, form)));
    }
    for (const form of ['json', 'html'] as const)
      rows.push(await varied(renderRequest(url, renderPath(big.id), big, form, false), big, row.cached('10x', form)));
    // Issue 25: the same small JSON render with its signed receipt (the default), against the row without.
    rows.push(
      await measure(row.receipt, renderRequest(url, renderPath(giftCard.id), giftCard, 'json', false), {
        ...options,
        nextBody: varying(giftCard.variables, {}),
      }),
    );
    for (const engine of ['mjml', 'mrml'] as const) {
      const peer = await spawnServer(`naive ${engine}`, 'scripts/bench/naive-server.ts', {
        NAIVE_TEMPLATE: giftCard.corpus.file,
        NAIVE_ENGINE: engine,
      });
      children.push(peer);
      // Few connections: a compile takes milliseconds, and with 50 in flight a short run ends before any
      // answer (its CPU per request would still hold, but the run would read as failed).
      const naiveOptions = {
        ...options,
        connections: Math.min(options.connections, NAIVE_CONNECTIONS),
        nextBody: varying(giftCard.variables),
      };
      rows.push(await measure(row.naive(engine), renderRequest(peer.url, '/render', giftCard, 'json', false), naiveOptions));
      await stop(peer.process);
    }
  } finally {
    await Promise.all(children.map((c) => stop(c.process)));
  }
  const target = renderRequest(url, renderPath(giftCard.id), giftCard, 'json', false);
  const request = { method: 'POST' as const, headers: target.headers, body: varying(giftCard.variables) };
  const churnId = `bench-saves-${Math.random().toString(36).slice(2, 8)}`;
  if ((await createProject(url, churnId, giftCard.corpus.source, giftCard.corpus.includes)) === null)
    throw new Error(`could not create ${churnId}`);
  for (const saving of [undefined, { churnId, churn: giftCard }]) {
    const run = await openLoopRun(url, url + target.path, options.rate, options.duration, request, saving, seen);
    // Alone, a p50 over SATURATED_P50_MS means the rate exceeds what the service serves now: a queue, not stalls.
    if (!saving && run.openLoop && run.openLoop.p50 > SATURATED_P50_MS) run.openLoop.saturated = true;
    rows.push(run);
  }
  await saveProject(url, churnId, giftCard.corpus.source, giftCard.corpus.includes); // leaves the store as it found it, one revision later
  rows.push(await memoryRow(options.memoryTemplates, seen));
  return rows;
}

async function memoryRow(count: number, seen: Observations): Promise<Measurement> {
  try {
    // The cache sized to hold them all: the target is what a template costs stored and cached, not eviction.
    const m = await measureMemoryPerTemplate({ templates: count, env: { RENDER_CACHE_MB: '1024' } });
    seen.memory = m;
    return { name: row.memory, ok: true, value: { amount: m.perTemplateTotal.rssBytes / 1024, unit: 'KB (1,024 B) per template' } };
  } catch (error) {
    return { name: row.memory, ok: false, failure: (error as Error).message };
  }
}

/**
 * Issue 25's cost line: a cached small JSON render with its signed receipt ÷ the same render without (CPU µs per
 * request); the issue asks that a receipt cost at most 10 % of a cached render (≤ 1.1).
 */
export function receiptRatios(): Ratio[] {
  return [
    {
      label: 'receipt: cached small JSON with ÷ without (CPU cost)',
      numerator: row.receipt,
      denominator: row.cached('small', 'json'),
      metric: 'cpu cost',
      target: 1.1,
      kind: 'max',
    },
  ];
}

/** Exactly the Done-when lines of issue 24, on `store`. */
export function doneWhenRatios(store: string): Ratio[] {
  const speed = (label: string, numerator: string, denominator: string, target: number): Ratio => ({
    label,
    numerator,
    denominator,
    metric: 'cpu speed',
    target,
    kind: 'min',
  });
  return [
    speed('cached small JSON ÷ ideal renderer', row.cached('small', 'json'), row.ideal('small', 'json'), 0.6),
    speed('cached largest JSON ÷ ideal renderer', row.cached('largest', 'json'), row.ideal('largest', 'json'), 0.6),
    speed('cached small text/html ÷ ideal renderer', row.cached('small', 'html'), row.ideal('small', 'html'), 0.6),
    speed('cached small JSON ÷ Koa same-bytes ceiling', row.cached('small', 'json'), row.ceiling, 0.45),
    speed('cached small JSON ÷ naive mjml peer', row.cached('small', 'json'), row.naive('mjml'), 50),
    speed('cached small JSON ÷ naive mrml peer', row.cached('small', 'json'), row.naive('mrml'), 8),
    {
      label: `p99 with a save every 50 ms ÷ alone (${store})`,
      numerator: openLoopName(true),
      denominator: openLoopName(false),
      metric: 'p99',
      target: 1.5,
      kind: 'max',
    },
    { label: 'RSS growth per small template, KB', numerator: row.memory, denominator: '', metric: 'value', target: 30, kind: 'max' },
    {
      label: 'render over 102 KB: JSON ÷ text/html (CPU cost)',
      numerator: row.cached('10x', 'json'),
      denominator: row.cached('10x', 'html'),
      metric: 'cpu cost',
      target: 1.3,
      kind: 'max',
    },
  ];
}
