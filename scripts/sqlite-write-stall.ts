/**
 * How long the SQLite writes of a save stop the event loop (issue 24, item 4), without HTTP in the way:
 * the writes a save makes (Idempotency-Key claim, a ~10 KB append, a page of projection documents with its
 * checkpoint, the key's completion) every `--every-ms`, on the stores as the service opens them (writes on
 * the writer thread) and on one connection (the writes inline, as before). A timer due every 2.5 ms
 * (400 a second) records how late each tick fires; p50/p99/max lateness alone and with the writes.
 *
 *   node --import tsx scripts/sqlite-write-stall.ts [--seconds 10] [--every-ms 50] [--repeats 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteStores } from '../src/adapters/sqlite/index.js';
import type { EventStore, IdempotencyStore, ReadModelStore } from '../src/application/ports/index.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'every-ms': { type: 'string', default: '50' },
    repeats: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const everyMs = Number(values['every-ms']);
const repeats = Number(values.repeats);
const TICK_MS = 2.5;

interface Stores {
  events: EventStore;
  readModels: ReadModelStore;
  idempotency: IdempotencyStore;
  close(): Promise<void>;
}

/** Lateness of a timer due every TICK_MS for `ms`, while `work` runs, ms: p50, p99, max. */
async function lateness(ms: number, work?: () => Promise<void>): Promise<{ p50: number; p99: number; max: number; saves: number }> {
  const late: number[] = [];
  let running = true;
  let saves = 0;
  const loop = (async () => {
    while (work && running) {
      const started = performance.now();
      await work();
      saves += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  const start = performance.now();
  let n = 1;
  await new Promise<void>((done) => {
    const tick = (): void => {
      const now = performance.now();
      late.push(Math.max(0, now - (start + n * TICK_MS)));
      n = Math.floor((now - start) / TICK_MS) + 1;
      if (now - start >= ms) return done();
      setTimeout(tick, Math.max(0, start + n * TICK_MS - performance.now()));
    };
    setTimeout(tick, TICK_MS);
  });
  running = false;
  await loop;
  late.sort((a, b) => a - b);
  const q = (p: number): number => late[Math.min(late.length - 1, Math.ceil(p * late.length) - 1)]!;
  return { p50: q(0.5), p99: q(0.99), max: late[late.length - 1]!, saves };
}

/** The writes of one save, numbered `n`. */
function save(stores: Stores, n: number): () => Promise<void> {
  return async () => {
    const key = { scope: 'k', key: `save-${n}`, fingerprint: 'f', owner: 'o', expiresAt: Date.now() + 86_400_000 };
    await stores.idempotency.claim(key, Date.now());
    const mjml = `<mjml><mj-body>${'<mj-text>x</mj-text>'.repeat(500)}</mj-body></mjml>`;
    const appended = await stores.events.appendToStream('project-p', [{ type: 'ProjectSaved', data: { n, mjml } }], {
      expectedRevision: 'any',
    });
    const docs = ['projects', 'revisions', 'published'].map((collection) => ({
      collection,
      partition: 'default',
      key: `p-${n % 50}`,
      revision: appended.nextExpectedRevision,
      doc: { n, html: mjml },
    }));
    await stores.readModels.commit(docs, [{ projection: 'projects', version: 1, position: appended.position }]);
    await stores.idempotency.complete('k', `save-${n}`, 'o', { status: 200, headers: {}, body: '{}' }, Date.now() + 86_400_000);
  };
}

async function open(mode: 'thread' | 'inline', dir: string): Promise<Stores> {
  const stores = await openSqliteStores({ dataDir: dir, writes: mode });
  return { events: stores.eventStore, readModels: stores.readModels, idempotency: stores.idempotency, close: stores.close };
}

const fmt = (r: { p50: number; p99: number; max: number }): string =>
  `p50 ${r.p50.toFixed(2)} p99 ${r.p99.toFixed(2)} max ${r.max.toFixed(2)} ms`;

for (let repeat = 1; repeat <= repeats; repeat++) {
  for (const mode of ['inline', 'thread'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'letterpress-stall-'));
    const stores = await open(mode, dir);
    let n = 0;
    for (let i = 0; i < 20; i++) await save(stores, n++)(); // warm-up (and the thread's start)
    const alone = await lateness(seconds * 1000);
    const saving = await lateness(seconds * 1000, () => save(stores, n++)());
    console.log(
      `run ${repeat} ${mode}: alone ${fmt(alone)}; with ${saving.saves} saves ${fmt(saving)}; p99 ratio ${(saving.p99 / Math.max(alone.p99, 0.01)).toFixed(2)}`,
    );
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
