/**
 * Heap a loaded template keeps because it has rendered (issue 24, item 3): loads N small templates in one
 * Handlebars environment (`loadTemplate`), renders each once with a locale, and prints the main heap's growth
 * per template (KB = 1,024 bytes) between "loaded" and "rendered", each read after two full GCs. What it shows:
 * the runtime set-up a template keeps after a call (none since runtime-setup.ts shares one per environment and
 * helpers object) plus the code V8 compiles lazily on a first call.
 *
 *   node --expose-gc --import tsx test/support/handlebars-heap-per-template.ts [templates, default 1000]
 */
import { createHandlebars, precompileTemplate, loadTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';

const env = createHandlebars('html');
const count = Number(process.argv[2] ?? 1000);
const gc = (globalThis as unknown as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('Run with node --expose-gc.');
const limits = { maxBytes: 1_000_000, maxIterations: 100_000 };
const templates = Array.from({ length: count }, (_, i) =>
  loadTemplate(env, precompileTemplate(env, `<p>${i} {{upper name}} {{#if ok}}{{date when}}{{/if}}</p>`)),
);
gc();
gc();
const loaded = process.memoryUsage().heapUsed;
for (const template of templates) renderWithin(template, { name: 'Ada', ok: false }, limits, { locale: 'de-DE' });
gc();
gc();
const rendered = process.memoryUsage().heapUsed;
console.log(`heap kept per template after one render: ${((rendered - loaded) / count / 1024).toFixed(2)} KB (${count} templates)`);
