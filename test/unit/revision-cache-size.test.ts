/**
 * The render cache counts its entries in approximate heap bytes (cache-size.ts `entrySize`) and reports
 * the bytes and entries it holds (for /metrics) as entries come, grow (the JSON form) and are evicted.
 */
import { expect } from 'chai';
import { entrySize } from '../../src/application/render/cache-size.js';
import { RevisionCache, type RevisionLoader } from '../../src/application/render/revision-cache.js';
import type { ProjectView } from '../../src/application/read/index.js';
import { toMjmlMarkup } from '../../src/rendering/index.js';

const AST = { tagName: 'mjml', attributes: {}, children: [{ tagName: 'mj-body', attributes: {}, children: [] }] };
const MJML = toMjmlMarkup(AST);

/** A loader whose compiled template renders its HTML as is, and which says it loaded `sourceBytes` of source. */
function fakeLoader(sourceBytes: (html: string) => number): RevisionLoader & { jsonLoads: number } {
  const loader = {
    jsonLoads: 0,
    async load(html: string, output: string) {
      if (output === 'json') loader.jsonLoads += 1;
      return { template: () => html, publishedSha256: '0'.repeat(64), reads: [], sourceBytes: sourceBytes(html) };
    },
    async variables() {
      return [];
    },
    async compileMjml(mjml: string) {
      return { html: mjml };
    },
  };
  return loader;
}

function view(id: string, html: string): ProjectView {
  return {
    workspace: 'w',
    projectId: id,
    revision: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    metadata: {},
    ast: AST,
    publishedHtml: html,
    partials: {},
    helpers: {},
    locales: {},
    defaultLocale: null,
    renderMode: 'static',
  } as unknown as ProjectView;
}

const ref = (id: string) => ({ workspace: 'w', projectId: id });

describe('RevisionCache: bytes and entries', () => {
  it('sizes an entry by its strings, its loaded sources and a fixed overhead, 2 bytes a character beyond Latin-1', () => {
    const latin = entrySize(['a'.repeat(1000)], 2000);
    expect(entrySize(['a'.repeat(2000)], 2000) - latin).to.equal(1000);
    expect(entrySize(['€'.repeat(1000)], 2000) - latin).to.equal(1000); // 2,000 bytes instead of 1,000
    expect(entrySize(['a'.repeat(1000)], 4000) - latin).to.be.greaterThan(2000); // the source, and what V8 compiles from it
  });

  it('reports bytes and entries as revisions are loaded, and less of both once the bound evicts', async () => {
    const html = 'x'.repeat(10_000);
    const one = entrySize([html, MJML], 20_000);
    const cache = new RevisionCache(
      fakeLoader(() => 20_000),
      Math.floor(one * 2.5),
    );
    expect([cache.bytes, cache.size]).to.deep.equal([0, 0]);
    const a = await cache.getOrLoad(ref('a'), 1, async () => view('a', html));
    expect(a.size).to.equal(one);
    expect([cache.bytes, cache.size]).to.deep.equal([one, 1]);
    await cache.getOrLoad(ref('b'), 1, async () => view('b', html));
    expect([cache.bytes, cache.size]).to.deep.equal([2 * one, 2]);
    await cache.getOrLoad(ref('c'), 1, async () => view('c', html)); // over 2.5 entries: the least recently used goes
    expect([cache.bytes, cache.size]).to.deep.equal([2 * one, 2]);
    expect(cache.get(ref('a'), 1)).to.equal(undefined);
    expect(cache.get(ref('c'), 1)).to.not.equal(undefined);
  });

  it('grows an entry by its JSON form once that is loaded, and evicts to stay within the bound', async () => {
    const html = 'y'.repeat(10_000);
    const one = entrySize([html, MJML], 20_000);
    const loader = fakeLoader(() => 20_000);
    const cache = new RevisionCache(loader, Math.floor(one * 2.5));
    const a = await cache.getOrLoad(ref('a'), 1, async () => view('a', html));
    await cache.getOrLoad(ref('b'), 1, async () => view('b', html));
    cache.get(ref('a'), 1); // a most recently used
    cache.compileJsonForm(a);
    expect(a.jsonTemplate).to.equal('loading');
    await new Promise((resolve) => setImmediate(resolve));
    expect(loader.jsonLoads).to.equal(1);
    expect(a.jsonTemplate).to.be.a('function');
    expect(a.size).to.be.greaterThan(one + 20_000);
    // a grew past 1.5 entries: with b beside it the cache would exceed its bound, so b goes.
    expect(cache.get(ref('b'), 1)).to.equal(undefined);
    expect([cache.bytes, cache.size]).to.deep.equal([a.size, 1]);
  });
});
