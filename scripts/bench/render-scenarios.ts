/**
 * Scenarios 1 and 2: Letterpress's cached render against Koa serving the same bytes. The corpus is
 * loaded into the service first; the two templates measured are saleor-gift_card and the largest one
 * the API accepts (by published HTML bytes).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHandlebars, buildSampleContext } from '../../src/rendering/index.js';
import { corpusTemplates, type CorpusTemplate } from '../support/corpus-files.js';
import { BENCH_KEY, call, createProject } from './letterpress.js';
import { measure, type Measurement, type RunOptions, type Target } from './load.js';
import { makeTempDir, spawnServer, stop } from './processes.js';

export const GIFT_CARD = 'saleor-gift_card';

export interface BenchTemplate {
  /** Project id (= corpus name). */
  id: string;
  corpus: CorpusTemplate;
  /** Published HTML size, bytes. */
  htmlBytes: number;
  /** The published HTML itself (what the ideal renderer compiles once). */
  html: string;
  variables: Record<string, unknown>;
}

export type Form = 'json' | 'html';

/** What a cached render answered when its bytes were captured for the ceiling. */
export interface Capture {
  status: number;
  contentType: string;
  /** Body size, bytes (decoded). */
  bytes: number;
  xCache: string | null;
}

/** The row name of a pair's measurement, shared with the report's ratios. */
export function pairName(kind: 'ceiling' | 'cached', id: string, form: Form, gzip: boolean): string {
  return `${kind === 'ceiling' ? 'ceiling (same bytes)' : 'letterpress cached'} ${id} ${form === 'json' ? 'JSON' : 'text/html'}${gzip ? ' gzip' : ''}`;
}

/**
 * Creates every corpus template in the service (`validation: "soft"`); returns saleor-gift_card and the
 * largest accepted template that also renders 200 with its sample context, plus how many were accepted.
 */
export async function loadCorpus(
  url: string,
): Promise<{ giftCard: BenchTemplate; largest: BenchTemplate; accepted: number; total: number }> {
  const accepted: BenchTemplate[] = [];
  const all = corpusTemplates();
  for (const corpus of all) {
    const html = await createProject(url, corpus.name, corpus.source, corpus.includes);
    if (html === null) continue; // refused: Go syntax, Handlebars-first, unknown helpers
    const parsed = parseHandlebars(html);
    const variables = parsed.ok ? buildSampleContext(parsed.program) : {};
    accepted.push({ id: corpus.name, corpus, htmlBytes: Buffer.byteLength(html), html, variables });
  }
  const giftCard = accepted.find((t) => t.id === GIFT_CARD);
  if (!giftCard) throw new Error(`${GIFT_CARD} was not accepted by the service`);
  for (const candidate of [...accepted].sort((a, b) => b.htmlBytes - a.htmlBytes)) {
    if ((await call(url, 'POST', renderPath(candidate.id), { variables: candidate.variables })).status === 200) {
      return { giftCard, largest: candidate, accepted: accepted.length, total: all.length };
    }
  }
  throw new Error('no corpus template renders');
}

/** The render route of project `id` (under /v1). */
export const renderPath = (id: string): string => `/v1/templates/${encodeURIComponent(id)}/render`;

/** The request a sender makes: same headers and body whether it goes to us or to the ceiling. */
export function renderRequest(url: string, path: string, t: BenchTemplate, form: Form, gzip: boolean): Target {
  return {
    url,
    method: 'POST',
    path,
    headers: {
      Authorization: `Bearer ${BENCH_KEY}`,
      'Content-Type': 'application/json',
      Accept: form === 'json' ? 'application/json' : 'text/html',
      ...(gzip ? { 'Accept-Encoding': 'gzip' } : {}),
    },
    body: JSON.stringify({ variables: t.variables }),
  };
}

/**
 * Koa hello world, then for each template × form × gzip: the ceiling (Koa sending the captured bytes)
 * and our cached render, measured back to back so both see the same machine noise.
 * `captured` receives what each form actually answered (content-type, bytes).
 */
export async function renderPairs(
  serviceUrl: string,
  templates: BenchTemplate[],
  options: RunOptions,
  captured: Record<string, Capture>,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const hello = await spawnServer('koa hello world', 'scripts/bench/ceiling-server.ts', { CEILING_MODE: 'hello' });
  try {
    results.push(await measure('koa hello world', { url: hello.url, method: 'GET', path: '/', headers: {} }, options));
  } finally {
    await stop(hello.process);
  }

  // Capture the real bytes of a cached render (second call: the first may be the cache's MISS).
  const bodies: Record<string, { contentType: string; body: string }> = {};
  for (const t of templates) {
    for (const form of ['json', 'html'] as const) {
      const headers = { Accept: form === 'json' ? 'application/json' : 'text/html' };
      await call(serviceUrl, 'POST', renderPath(t.id), { variables: t.variables }, headers);
      const reply = await call(serviceUrl, 'POST', renderPath(t.id), { variables: t.variables }, headers);
      const contentType = reply.headers.get('content-type') ?? '';
      captured[`${t.id} ${form}`] = {
        status: reply.status,
        contentType,
        bytes: Buffer.byteLength(reply.text),
        xCache: reply.headers.get('x-cache'),
      };
      bodies[`${t.id}.${form}`] = { contentType, body: reply.text };
    }
  }
  const dir = makeTempDir('letterpress-bench-ceiling-');
  try {
    writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
    const ceiling = await spawnServer('ceiling', 'scripts/bench/ceiling-server.ts', {
      CEILING_MODE: 'bodies',
      CEILING_BODIES: join(dir, 'bodies.json'),
    });
    try {
      for (const t of templates) {
        for (const form of ['json', 'html'] as const) {
          for (const gzip of [false, true]) {
            results.push(
              await measure(
                pairName('ceiling', t.id, form, gzip),
                renderRequest(ceiling.url, `/render/${t.id}.${form}`, t, form, gzip),
                options,
              ),
            );
            results.push(
              await measure(pairName('cached', t.id, form, gzip), renderRequest(serviceUrl, renderPath(t.id), t, form, gzip), options),
            );
          }
        }
      }
    } finally {
      await stop(ceiling.process);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
