/**
 * Memory per template (issue 24, item 3): how much the service process grows for each small template
 * stored, then for each rendered once (and so held in the render cache). The service runs in its own
 * process (letterpress.ts); its resident set is read from `/proc/<pid>/status` (VmRSS, Linux only) and its
 * V8 heap from its own `/metrics` (prom-client's `nodejs_heap_size_used_bytes`), each after an idle settle
 * period and two full collections of its main thread's heap (started with `--expose-gc`, asked over the bench's
 * IPC channel: processes.ts `collectGarbage`), so no test-only hook is needed in the service and the readings
 * are what it keeps. Its compile threads are not collected from outside: between jobs they run V8's idle-time
 * collection themselves (pool.ts), so their garbage counts only while the settle period has not let it run.
 * The template is the corpus's saleor-gift_card with its id and one word changed per copy, so every copy is
 * a distinct project with distinct HTML.
 */
import { readFileSync } from 'node:fs';
import { corpusTemplates } from '../support/corpus-files.js';
import { call, createProject, removeData, startLetterpress } from './letterpress.js';
import { GIFT_CARD, renderPath } from './render-scenarios.js';
import { collectGarbage, stop } from './processes.js';

export interface MemoryOptions {
  /** Templates to create and render once; default 2,000. */
  templates?: number;
  /** Requests in flight at once; default 8. */
  concurrency?: number;
  /** Idle time before each reading, ms; default 3,000. */
  settleMs?: number;
  /** Extra environment of the service (e.g. `RENDER_CACHE_MB`, `STORE`). */
  env?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One reading of the service process: resident set and V8 heap, bytes. */
export interface MemoryReading {
  rssBytes: number;
  heapUsedBytes: number;
  /** The render cache as /metrics reports it (absent when the service does not report it). */
  cacheBytes?: number;
  cacheEntries?: number;
}

/** What `measureMemoryPerTemplate` found: readings at idle, after the creates, after the renders; per-template growth in bytes. */
export interface MemoryResult {
  templates: number;
  idle: MemoryReading;
  stored: MemoryReading;
  rendered: MemoryReading;
  /** (stored − idle) ÷ templates: RSS and heap, bytes per template. */
  perTemplateStored: { rssBytes: number; heapBytes: number };
  /** (rendered − stored) ÷ templates. */
  perTemplateCached: { rssBytes: number; heapBytes: number };
  /** (rendered − idle) ÷ templates: the target is ≤ 30 KB of RSS. */
  perTemplateTotal: { rssBytes: number; heapBytes: number };
  /** Published HTML of one copy, bytes. */
  htmlBytes: number;
}

/** The service's resident set, bytes (VmRSS of /proc/<pid>/status). @throws off Linux. */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** A gauge's value in a Prometheus exposition text (the unlabelled series), or undefined. */
export function gaugeValue(exposition: string, name: string): number | undefined {
  const match = new RegExp(`^${name} ([0-9.eE+-]+)$`, 'm').exec(exposition);
  return match ? Number(match[1]) : undefined;
}

async function reading(url: string, pid: number, settleMs: number): Promise<MemoryReading> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  // What the service keeps, not what it has not collected yet: without this the per-template figures of two
  // runs differed by ±50 KB (garbage of the creates and renders, collected whenever V8 chose).
  if (!(await collectGarbage(url))) throw new Error('the service did not run a full GC (started without --expose-gc?)');
  const metrics = (await call(url, 'GET', '/v1/metrics')).text;
  const cacheBytes = gaugeValue(metrics, 'letterpress_render_cache_bytes');
  const cacheEntries = gaugeValue(metrics, 'letterpress_render_cache_entries');
  return {
    rssBytes: residentBytes(pid),
    heapUsedBytes: gaugeValue(metrics, 'nodejs_heap_size_used_bytes') ?? Number.NaN,
    ...(cacheBytes === undefined ? {} : { cacheBytes }),
    ...(cacheEntries === undefined ? {} : { cacheEntries }),
  };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight. */
async function eachLimited(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Copy `i` of the template: one word of its text changed so its HTML differs from every other copy. */
const copyOf = (source: string, i: number): string => source.replace('Here is your gift card!', `Here is your gift card number ${i}!`);

const VARIABLES = {
  user: { first_name: 'Ada', last_name: 'Lovelace' },
  recipient_email: 'ada@example.test',
  gift_card: { currency: 'EUR', balance: '25.00', code: 'GIFT-1234' },
  site_name: 'Shop',
  domain: 'https://shop.example.test',
};

/**
 * Start a service, warm it up (a few templates created and rendered, not counted), then create
 * `templates` copies of the small corpus template and render each once, reading memory at idle, after the
 * creates and after the renders. @throws when the corpus lacks the template or the service refuses a request.
 */
export async function measureMemoryPerTemplate(options: MemoryOptions = {}): Promise<MemoryResult> {
  const count = options.templates ?? 2000;
  const concurrency = options.concurrency ?? 8;
  const settleMs = options.settleMs ?? 3000;
  const log = options.log ?? (() => undefined);
  const corpus = corpusTemplates().find((t) => t.name === GIFT_CARD);
  if (!corpus) throw new Error(`${GIFT_CARD} not found in the corpus`);
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim();
  const service = await startLetterpress('letterpress (memory)', { NODE_OPTIONS: nodeOptions, ...options.env });
  const pid = service.process.pid;
  if (pid === undefined) throw new Error('the service has no pid');
  let htmlBytes = 0;
  const create = async (id: string, i: number) => {
    const html = await createProject(service.url, id, copyOf(corpus.source, i), corpus.includes);
    if (html === null) throw new Error(`create ${id} refused`);
    htmlBytes = Buffer.byteLength(html);
  };
  const render = async (id: string) => {
    const reply = await call(service.url, 'POST', renderPath(id), { variables: VARIABLES });
    if (reply.status !== 200) throw new Error(`render ${id}: ${reply.status} ${reply.text.slice(0, 200)}`);
  };
  try {
    // Warm-up: modules loaded lazily, the JIT, the compile workers and first-use buffers are not per template.
    await eachLimited(50, concurrency, async (i) => {
      await create(`warm-${i}`, -1 - i);
      await render(`warm-${i}`);
    });
    const idle = await reading(service.url, pid, settleMs);
    log(`idle: RSS ${mb(idle.rssBytes)}, heap ${mb(idle.heapUsedBytes)}`);
    await eachLimited(count, concurrency, (i) => create(`memory-${i}`, i));
    const stored = await reading(service.url, pid, settleMs);
    log(`after ${count} creates: RSS ${mb(stored.rssBytes)}, heap ${mb(stored.heapUsedBytes)}`);
    await eachLimited(count, concurrency, (i) => render(`memory-${i}`));
    const rendered = await reading(service.url, pid, settleMs);
    log(`after ${count} renders: RSS ${mb(rendered.rssBytes)}, heap ${mb(rendered.heapUsedBytes)}`);
    const per = (from: MemoryReading, to: MemoryReading) => ({
      rssBytes: (to.rssBytes - from.rssBytes) / count,
      heapBytes: (to.heapUsedBytes - from.heapUsedBytes) / count,
    });
    return {
      templates: count,
      idle,
      stored,
      rendered,
      perTemplateStored: per(idle, stored),
      perTemplateCached: per(stored, rendered),
      perTemplateTotal: per(idle, rendered),
      htmlBytes,
    };
  } finally {
    await stop(service.process);
    await removeData(service);
  }
}

/** Bytes as MB with one decimal, for log lines. */
export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
