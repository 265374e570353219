/**
 * Render benchmark on the corpus, in process: a cached render (read model lookup + LRU hit + compiled
 * Handlebars) against the naive pipeline measured in the same run (mjml2html + Handlebars.compile +
 * render on every call, what a stateless MJML API does). Machines here are shared and noisy, so the
 * result is the ratio, not the absolute times.
 *
 *   npm run bench
 */
import Handlebars from 'handlebars';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../projections/index.js';
import { ProjectCommands } from '../src/application/project-commands.js';
import { ProjectQueries } from '../src/application/project-queries.js';
import { Projector } from '../src/application/projector.js';
import { CompilePool } from '../src/rendering/compile/pool.js';
import { parseHandlebars } from '../src/rendering/handlebars/analysis.js';
import { buildSampleContext } from '../src/rendering/handlebars/sample-context.js';
import { includeFilesFrom, parseWithIncludes } from '../src/rendering/mjml/includes.js';
import { mjml2html } from '../src/rendering/mjml/runtime.js';
import { TemplateRenderer } from '../src/application/render-template.js';
import { MjmlTemplatePreparer } from '../src/rendering/compile/prepare.js';
import { openStores } from '../src/wiring.js';
import { corpusTemplates } from '../test/support/corpus.js';

const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-bench-'));
const stores = openStores({ dataDir });
const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections });
const pool = new CompilePool({ timeoutMs: 60_000, threads: 1 });
await Promise.all([projector.start(), pool.warmUp()]);
const commands = new ProjectCommands({ eventStore: stores.eventStore, projector, templates: new MjmlTemplatePreparer(pool), now: () => new Date().toISOString() });
const renderer = new TemplateRenderer(new ProjectQueries(stores.readModels, stores.eventStore), { maxBytes: 256 * 1024 * 1024 });

/** Median wall time of one call, in µs, over `rounds` timed batches of `batch` calls. */
async function median(fn: () => unknown, batch: number, rounds = 7): Promise<number> {
  for (let i = 0; i < batch; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / batch);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

const rows: string[] = [];
const ratios: number[] = [];
try {
  for (const t of corpusTemplates()) {
    const ref = { workspace: 'bench', projectId: t.name };
    try {
      await commands.create(ref, { metadata: {}, source: { mjml: t.source, includes: t.includes }, validation: 'soft' });
    } catch {
      continue; // refused templates (Go syntax, Handlebars-first, unknown helpers) have no render path
    }
    const { tree } = parseWithIncludes(t.source, includeFilesFrom(t.includes));
    const html = (await mjml2html(tree, { validationLevel: 'soft' })).html;
    const parsed = parseHandlebars(html);
    const variables = parsed.ok ? buildSampleContext(parsed.program) : {};
    const naive = await median(async () => {
      const fresh = parseWithIncludes(t.source, includeFilesFrom(t.includes)).tree;
      const compiled = await mjml2html(fresh, { validationLevel: 'soft' });
      return Handlebars.create().compile(compiled.html)(variables);
    }, 5);
    const cached = await median(() => renderer.render(ref, { variables, format: 'html' }), 500);
    ratios.push(naive / cached);
    rows.push(`| ${t.name.padEnd(38)} | ${naive.toFixed(0).padStart(9)} | ${cached.toFixed(1).padStart(9)} | ${(naive / cached).toFixed(0).padStart(7)}× |`);
  }
  const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log('| template                               | naive µs  | cached µs | speed-up |');
  console.log('|----------------------------------------|----------:|----------:|---------:|');
  console.log(rows.join('\n'));
  console.log(`\nCached render vs naive compile-per-request, same run: geometric mean ${geomean.toFixed(0)}× faster over ${ratios.length} templates.`);
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`Process RSS after the run: ${rss.toFixed(0)} MB (render cache entries: ${renderer.size}).`);
} finally {
  await projector.stop();
  await pool.close();
  stores.close();
  rmSync(dataDir, { recursive: true, force: true });
}
