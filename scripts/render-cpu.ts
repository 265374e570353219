/**
 * CPU µs per cached render, in process: the small corpus template (saleor-gift_card, the bench's) through
 * `TemplateRenderer.render` with variables that differ on every render, as a JSON answer (`encoding: "json"`),
 * the same without the text part (`includeText: false`) and as `text/html` (`encoding: "text"`). No HTTP, no
 * store: what the render use case itself costs (issue 24, item 2). Prints one line per mode and round.
 *
 *   node --import tsx scripts/render-cpu.ts [renders per round, default 20000] [rounds, default 3]
 */
import { loadConfig } from '../src/config.js';
import { compilePath } from '../src/wiring.js';
import { CompilePool } from '../src/rendering/index.js';
import { TemplateRenderer, type RenderRequest } from '../src/application/render/index.js';
import { publishedTemplateView } from '../src/domain/published-template.js';
import type { ProjectQueries, ProjectView } from '../src/application/read/index.js';
import { corpusTemplates } from './support/corpus-files.js';
import { GIFT_CARD } from './bench/render-scenarios.js';

const renders = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const config = loadConfig({ ...process.env, STORE: 'sqlite' });
const pool = new CompilePool({ timeoutMs: config.compileTimeoutMs, maxQueue: config.compileQueueMax, threads: 1 });
try {
  const { templates, loader } = compilePath(config, pool);
  const corpus = corpusTemplates().find((t) => t.name === GIFT_CARD)!;
  const prepared = await templates.prepare({ mjml: corpus.source, includes: corpus.includes }, 'soft');
  const now = new Date().toISOString();
  const view: ProjectView = {
    workspace: 'default',
    projectId: GIFT_CARD,
    revision: 1,
    createdAt: now,
    updatedAt: now,
    metadata: { subject: 'Your gift card, {{first_name}}' },
    publishing: { mode: 'on_save', publishedRevision: 1, publishedAt: now, unpublishedChanges: false },
    ...publishedTemplateView(prepared.template),
  };
  const ref = { workspace: view.workspace, projectId: view.projectId };
  const queries = { getProjectAt: async () => view } as unknown as ProjectQueries;
  const renderer = new TemplateRenderer(queries, loader, { maxBytes: 64 << 20, limits: config.renderLimits }, { current: async () => 1 });
  const modes: Record<string, Partial<RenderRequest>> = {
    json: { encoding: 'json' },
    'json include_text=false': { encoding: 'json', includeText: false },
    'text/html': { encoding: 'text' },
  };
  const request = (i: number, extra: Partial<RenderRequest>): RenderRequest => ({
    variables: { first_name: `Ada ${i}`, gift_card: { code: `CODE-${i}`, amount: i % 500 }, site_name: `Shop ${i % 7}` },
    format: 'html',
    revision: 1,
    view,
    ...extra,
  });
  for (let i = 0; i < 2000; i++) await renderer.render(ref, request(i, modes.json!)); // warm: the JSON form compiles on a HIT
  for (let round = 1; round <= rounds; round++) {
    for (const [name, extra] of Object.entries(modes)) {
      const start = process.cpuUsage();
      for (let i = 0; i < renders; i++) await renderer.render(ref, request(i, extra));
      const used = process.cpuUsage(start);
      console.log(`round ${round} ${name}: ${((used.user + used.system) / renders).toFixed(1)} µs CPU per render`);
    }
  }
} finally {
  await pool.close();
}
