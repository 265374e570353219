/**
 * Scenario 6: the dynamic (Handlebars-first) path, on Vendure's email-verification created with its
 * `hbs-partials` as project partials. Cached: the same variables on every request, so the generated MJML
 * is always the same and its compiled HTML comes from the cache. Uncached: a different token on every
 * request, so every request generates new MJML and compiles it in the pool (the worst case of the path).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeTemplate, parseHandlebars, buildSampleContext } from '../../src/rendering/index.js';
import { CORPUS_DIR, corpusPartials } from '../support/corpus-files.js';
import { call } from './letterpress.js';
import { measure, type Measurement, type RunOptions } from './load.js';
import { renderPath, renderRequest, type BenchTemplate } from './render-scenarios.js';
import type { Observations } from './load-scenarios.js';

export const DYNAMIC_TEMPLATE = 'vendure-email-verification';

/** Names of the two runs (ratios refer to them). */
export const dynamicRunName = (kind: 'cached' | 'uncached') =>
  kind === 'cached'
    ? `letterpress dynamic ${DYNAMIC_TEMPLATE} JSON, cached (same MJML)`
    : `letterpress dynamic ${DYNAMIC_TEMPLATE} JSON, uncached (new MJML per request)`;

/** Both runs against `url` (a running service); counts X-Cache of each. @throws when the template is refused. */
export async function dynamicPaths(url: string, options: RunOptions, seen: Observations): Promise<Measurement[]> {
  const source = readFileSync(join(CORPUS_DIR, `${DYNAMIC_TEMPLATE}.mjml`), 'utf8');
  const partials = corpusPartials(DYNAMIC_TEMPLATE);
  const created = await call(url, 'POST', '/v1/projects', { id: 'bench-dynamic', mjml: source, partials, validation: 'soft' });
  if (created.status !== 201) throw new Error(`dynamic: could not create the template (${created.status}): ${created.text.slice(0, 300)}`);
  const parsed = parseHandlebars(source);
  const variables = parsed.ok ? buildSampleContext(analyzeTemplate(parsed.program)) : {};
  const t: BenchTemplate = {
    id: 'bench-dynamic',
    corpus: { name: DYNAMIC_TEMPLATE } as BenchTemplate['corpus'],
    htmlBytes: 0,
    html: '',
    variables,
  };
  const rows: Measurement[] = [];
  for (const kind of ['cached', 'uncached'] as const) {
    const xCache: Record<string, number> = {};
    let n = 0;
    const target = renderRequest(url, renderPath('bench-dynamic'), t, 'json', false);
    rows.push(
      await measure(dynamicRunName(kind), target, {
        ...options,
        ...(kind === 'uncached'
          ? { nextBody: () => JSON.stringify({ variables: { ...variables, verificationToken: `token-${n++}` } }) }
          : {}),
        onResponse: (_status, headers) => {
          const value = Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-cache')?.[1];
          xCache[String(value ?? 'none')] = (xCache[String(value ?? 'none')] ?? 0) + 1;
        },
      }),
    );
    seen[`x_cache_${kind}`] = xCache;
  }
  return rows;
}
