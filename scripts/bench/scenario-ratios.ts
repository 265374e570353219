/**
 * The ratios of scenarios 1–6 (req/s and p99, the targets set before issue 24): each cached render against
 * its Koa same-bytes ceiling, the cache against the naive peer, p99 under compiles, the dynamic path.
 * Issue 24's Done-when lines are in done-when.ts.
 */
import { dynamicRunName } from './dynamic-scenarios.js';
import type { Measurement } from './load.js';
import { pairName, type BenchTemplate } from './render-scenarios.js';
import type { Ratio } from './report.js';

/** The ratios over `rows` (the runs of scenarios 1–6) for `templates` (the gift card first). */
export function scenarioRatios(rows: Measurement[], templates: BenchTemplate[], giftCard: BenchTemplate): Ratio[] {
  const naive = rows.find((m) => m.name.startsWith('naive peer'))!.name;
  const [alone, busy] = rows.filter((m) => m.name.startsWith('latency:')).map((m) => m.name);
  return [
    ...[false, true].flatMap((gzip): Ratio[] =>
      templates.map((t) => ({
        label: `cached JSON ÷ same-bytes ceiling, ${t.id}${gzip ? ', gzip' : ', no gzip'}`,
        numerator: pairName('cached', t.id, 'json', gzip),
        denominator: pairName('ceiling', t.id, 'json', gzip),
        metric: 'req/s',
        target: t.id === giftCard.id ? 0.6 : 0.85,
        kind: 'min',
      })),
    ),
    ...[false, true].map((gzip): Ratio => ({
      label: `Accept: text/html ÷ its same-bytes ceiling, ${giftCard.id}${gzip ? ', gzip' : ', no gzip'}`,
      numerator: pairName('cached', giftCard.id, 'html', gzip),
      denominator: pairName('ceiling', giftCard.id, 'html', gzip),
      metric: 'req/s',
      target: 0.75,
      kind: 'min',
    })),
    {
      label: `cached JSON ÷ naive peer, ${giftCard.id}`,
      numerator: pairName('cached', giftCard.id, 'json', false),
      denominator: naive,
      metric: 'req/s',
      target: 50,
      kind: 'min',
    },
    {
      label: `p99 with compiles ÷ p99 alone, ${giftCard.id}`,
      numerator: busy!,
      denominator: alone!,
      metric: 'p99',
      target: 1.5,
      kind: 'max',
    },
    // A dynamic template cached: a Handlebars render plus a hash lookup, so near a static cached render.
    {
      label: `dynamic cached ÷ static cached JSON, ${giftCard.id}`,
      numerator: dynamicRunName('cached'),
      denominator: pairName('cached', giftCard.id, 'json', false),
      metric: 'req/s',
      target: 0.5,
      kind: 'min',
    },
    // Uncached, it compiles MJML per request like the naive peer, but in the pool: at least as fast.
    {
      label: 'dynamic uncached ÷ naive peer',
      numerator: dynamicRunName('uncached'),
      denominator: naive,
      metric: 'req/s',
      target: 1,
      kind: 'min',
    },
  ];
}
