/**
 * How much the service grows per small template stored and rendered once (issue 24, item 3):
 *
 *   node --import tsx scripts/memory-per-template.ts                 # 2,000 templates, SQLite
 *   node --import tsx scripts/memory-per-template.ts --templates 10000 --cache-mb 1024
 *   BENCH_STORE=postgres node --import tsx scripts/memory-per-template.ts
 *
 * The measurement itself is scripts/bench/memory.ts (the bench calls it too). Prints the readings and the
 * growth per template (KB = 1,024 bytes), then the result as one JSON line.
 */
import { parseArgs } from 'node:util';
import { measureMemoryPerTemplate, mb } from './bench/memory.js';
import { stopAll } from './bench/processes.js';

const { values } = parseArgs({
  options: {
    templates: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    'settle-ms': { type: 'string', default: '3000' },
    'cache-mb': { type: 'string' },
  },
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const result = await measureMemoryPerTemplate({
    templates: Number(values.templates),
    concurrency: Number(values.concurrency),
    settleMs: Number(values['settle-ms']),
    env: values['cache-mb'] ? { RENDER_CACHE_MB: values['cache-mb'] } : {},
    log: (line) => console.log(line),
  });
  const { perTemplateStored: s, perTemplateCached: c, perTemplateTotal: t } = result;
  console.log(`published HTML of one copy: ${kb(result.htmlBytes)}`);
  console.log(`per template stored: RSS ${kb(s.rssBytes)}, heap ${kb(s.heapBytes)}`);
  console.log(`per template cached: RSS ${kb(c.rssBytes)}, heap ${kb(c.heapBytes)}`);
  console.log(`per template total:  RSS ${kb(t.rssBytes)}, heap ${kb(t.heapBytes)}`);
  console.log(`total for ${result.templates}: RSS +${mb(result.rendered.rssBytes - result.idle.rssBytes)}`);
  if (result.rendered.cacheBytes !== undefined) {
    console.log(`render cache: ${result.rendered.cacheEntries} entries, ${mb(result.rendered.cacheBytes)} (its own estimate)`);
  }
  console.log(JSON.stringify(result));
} finally {
  await stopAll();
}
