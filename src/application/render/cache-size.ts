/**
 * What an entry of the render cache (revision-cache.ts) is counted as: approximate heap bytes, so
 * RENDER_CACHE_MB bounds the memory the cache holds (issue 24: memory per template proportional to its size).
 */
import { heapStringBytes } from '../../rendering/index.js';

/**
 * Heap bytes of an entry beside its strings and compiled functions: the Handlebars container and its
 * closures, the variables contract and reads, the parts, the LRU node and key. Measured with heap
 * snapshots on 300 copies of the corpus's saleor-gift_card (issue 24; scripts/bench/memory.ts): 66 KB of
 * heap per cached revision, of which 39 KB strings (its 10.8 KB HTML, 1.8 KB MJML, 25.7 KB of sources).
 */
const ENTRY_OVERHEAD_BYTES = 8 * 1024;

/**
 * Heap bytes of compiled functions loaded from `sourceBytes` of source: the source itself, which V8 keeps,
 * and 0.75 of it again for what V8 compiles from it (bytecode, constant pools, feedback, function info;
 * fitted to the same snapshots). Bytecode of templates not rendered for a while is flushed by V8, so this
 * is the high side.
 */
export function functionBytes(sourceBytes: number): number {
  return Math.round(sourceBytes * 1.75);
}

/**
 * Approximate heap bytes of a cache entry: its `strings` (the published HTML, the MJML, partial sources)
 * at 1 byte a Latin-1 character and 2 otherwise, its compiled functions (`functionBytes`) and a fixed
 * overhead. Without `sourceBytes` (a loader that does not count them), the sources are taken as twice the strings.
 */
export function entrySize(strings: readonly string[], sourceBytes: number | undefined): number {
  const stringBytes = strings.reduce((sum, text) => sum + heapStringBytes(text), 0);
  return stringBytes + functionBytes(sourceBytes ?? stringBytes * 2) + ENTRY_OVERHEAD_BYTES;
}
