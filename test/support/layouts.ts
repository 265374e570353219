/** Markup and helpers the layout tests share (test/api/layouts*.test.ts, shared-lists.test.ts, docs/layouts.md). */
import { expect } from 'chai';
import type { TestServer } from './server.js';

/** A layout whose header says `brand`, around the template's body. */
export const layoutOf = (brand: string) =>
  `<mjml><mj-head><mj-title>Brand</mj-title></mj-head><mj-body><mj-section><mj-column><mj-text>HEADER ${brand}</mj-text></mj-column></mj-section>` +
  `<lp-slot /><mj-section><mj-column><mj-text>FOOTER ${brand}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** A template's own page: a head style and one section. */
export const pageOf = (word: string) =>
  `<mjml><mj-head><mj-style>.own { color: red; }</mj-style></mj-head><mj-body><mj-section><mj-column>` +
  `<mj-text>${word} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** Every page of `path` with `limit`, following `next_cursor`: the pages' ids. */
export async function pagesOf(server: TestServer, path: string, limit: number, key?: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const res = await server.request('GET', path + query, key === undefined ? {} : { key });
    expect(res.status, res.text).to.equal(200);
    pages.push(res.json.items.map((item: { id: string }) => item.id));
    cursor = res.json.next_cursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}
