/**
 * Do saves stall renders? (issue 24, item 4.) Starts the service (`BENCH_STORE=postgres` for PostgreSQL),
 * creates saleor-gift_card from the corpus, then renders it cached at a fixed rate (open loop,
 * scripts/bench/open-loop.ts) for `--seconds` alone and then while a save of another project runs every
 * `--save-every-ms`, `--repeats` times, and prints p50/p99 of both and the p99 ratio (with ÷ alone).
 *
 *   node --import tsx scripts/save-stall.ts [--rate 400] [--seconds 10] [--save-every-ms 50] [--repeats 3]
 */
import { parseArgs } from 'node:util';
import { buildSampleContext, parseHandlebars } from '../src/rendering/index.js';
import { call, createProject, removeData, saveProject, startLetterpress, variant, BENCH_KEY } from './bench/letterpress.js';
import { openLoop, type OpenLoopResult } from './bench/open-loop.js';
import { stop, stopAll } from './bench/processes.js';
import { corpusTemplates } from './support/corpus-files.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '10' },
    'save-every-ms': { type: 'string', default: '50' },
    repeats: { type: 'string', default: '3' },
  },
});
const rate = Number(values.rate);
const durationS = Number(values.seconds);
const saveEveryMs = Number(values['save-every-ms']);
const repeats = Number(values.repeats);

const RENDERED = 'saleor-gift_card';
const SAVED = 'saleor-confirm';

const fmt = (r: OpenLoopResult): string => `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.count} ok, ${r.errors} errors)`;

async function main(): Promise<void> {
  const service = await startLetterpress('letterpress');
  try {
    const corpus = corpusTemplates();
    const rendered = corpus.find((t) => t.name === RENDERED)!;
    const saved = corpus.find((t) => t.name === SAVED)!;
    const html = await createProject(service.url, rendered.name, rendered.source, rendered.includes);
    if (html === null) throw new Error(`${RENDERED} refused`);
    if ((await createProject(service.url, saved.name, saved.source, saved.includes)) === null) throw new Error(`${SAVED} refused`);
    const parsed = parseHandlebars(html);
    const body = JSON.stringify({ variables: parsed.ok ? buildSampleContext(parsed.program) : {} });
    const url = `${service.url}/v1/templates/${encodeURIComponent(rendered.name)}/render`;
    const request = { method: 'POST', headers: { Authorization: `Bearer ${BENCH_KEY}`, 'Content-Type': 'application/json' }, body };
    for (let i = 0; i < 200; i++) await call(service.url, 'POST', `/v1/templates/${rendered.name}/render`, JSON.parse(body));
    await openLoop({ url, rate, durationS: 2, request }); // warm-up

    let n = 0;
    const ratios: number[] = [];
    for (let repeat = 1; repeat <= repeats; repeat++) {
      const alone = await openLoop({ url, rate, durationS, request });
      let saving = true;
      let saves = 0;
      let failedSaves = 0;
      const loop = (async () => {
        while (saving) {
          const started = Date.now();
          const status = await saveProject(service.url, saved.name, variant(saved.source, ++n), saved.includes);
          if (status === 200) saves += 1;
          else failedSaves += 1;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, saveEveryMs - (Date.now() - started))));
        }
      })();
      const withSaves = await openLoop({ url, rate, durationS, request });
      saving = false;
      await loop;
      const ratio = withSaves.p99 / alone.p99;
      ratios.push(ratio);
      console.log(`run ${repeat}: alone ${fmt(alone)}`);
      console.log(`run ${repeat}: saves ${fmt(withSaves)}; ${saves} saves (${failedSaves} failed); p99 ratio ${ratio.toFixed(2)}`);
    }
    console.log(`p99 with saves ÷ alone: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  } finally {
    await stop(service.process);
    await removeData(service);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
