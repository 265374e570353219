/**
 * Template code that takes its long static text from the HTML it was compiled from (issue 24, item 3).
 *
 * Handlebars' generated code holds every run of static HTML as a string literal. V8 then keeps that text
 * twice more beside the published HTML the cache holds anyway: in the function's source (kept for lazy
 * compilation and `toString`) and as a string in the compiled code's constant pool. For the small corpus
 * template that was ~20 KB of a cached revision's ~67 KB of heap.
 *
 * `chunkedSpec` rewrites each long literal whose text occurs in the HTML to `__letterpressChunks[k]`, and
 * `chunks[k]` is that text as a slice of the HTML (V8 keeps a slice of 13 or more characters as a reference
 * into its parent, not a copy). The output is the same string by construction: a literal is replaced only
 * when its decoded text equals the slice.
 */

/** The parameter name the rewritten code reads its chunks from. */
export const CHUNKS_PARAMETER = '__letterpressChunks';

/** Shorter literals stay: the slice and its array slot would cost about what they save. */
const MIN_CHUNK_CHARACTERS = 64;

/** Characters past the previous find a literal is first looked for in. */
const SEARCH_WINDOW = 16_384;

/** Searches of the whole source per spec, for literals out of order (a template of N blocks needs about N). */
const MAX_FULL_SEARCHES = 256;

/** `spec` with long literals read from `chunks`; `chunks` empty when nothing was replaced. */
export interface ChunkedSpec {
  spec: string;
  chunks: string[];
}

/**
 * Replace, in `spec` (Handlebars' precompiled code, or ours around it), each double-quoted string literal of
 * at least 64 characters whose text occurs in `source` by a read of `chunks`, the text sliced from `source`.
 * Each literal is searched near where the previous one was found (a program's static runs appear in its
 * source in order), within `SEARCH_WINDOW` characters; then, at most `MAX_FULL_SEARCHES` times per spec, in
 * the whole source (nested programs come first in Handlebars' output, out of source order). So the work is
 * bounded whatever the template: a literal not found stays a literal. Pure; never throws: a literal it cannot
 * decode stays as it is.
 */
export function chunkedSpec(spec: string, source: string): ChunkedSpec {
  const chunks: string[] = [];
  let out = '';
  let copied = 0;
  const search = { cursor: 0, fullSearchesLeft: MAX_FULL_SEARCHES };
  const quotes = /["']/g; // native scanning from quote to quote: the code between is never looked at
  for (let open = quotes.exec(spec); open !== null; open = quotes.exec(spec)) {
    const start = open.index;
    const end = literalEnd(spec, start);
    if (end === -1) break; // not code we understand: leave the rest alone
    if (spec[start] === '"' && end - start - 1 >= MIN_CHUNK_CHARACTERS) {
      const text = decodeLiteral(spec, start + 1, end);
      const at = text === null ? -1 : find(source, text, search);
      if (text !== null && at !== -1) {
        out += `${spec.slice(copied, start)}${CHUNKS_PARAMETER}[${chunks.length}]`;
        chunks.push(source.slice(at, at + text.length));
        copied = end + 1;
        search.cursor = at + text.length;
      }
    }
    quotes.lastIndex = end + 1;
  }
  return chunks.length === 0 ? { spec, chunks } : { spec: out + spec.slice(copied), chunks };
}

/** Index of the quote closing the literal opened at `start` (one not escaped by a backslash), or -1 when the code ends first. */
function literalEnd(spec: string, start: number): number {
  const quote = spec[start]!;
  for (let at = spec.indexOf(quote, start + 1); at !== -1; at = spec.indexOf(quote, at + 1)) {
    let backslashes = 0;
    while (spec.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
};

/** The text of the literal between `from` and `to` (exclusive), or null for an escape it does not know. */
function decodeLiteral(spec: string, from: number, to: number): string | null {
  let text = '';
  let run = from;
  for (let i = spec.indexOf('\\', from); i !== -1 && i < to; i = spec.indexOf('\\', i + 1)) {
    text += spec.slice(run, i);
    const e = spec[i + 1]!;
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(spec.slice(i + 2, i + 6))) {
      text += String.fromCharCode(parseInt(spec.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (e in SIMPLE_ESCAPES && !(e === '0' && /[0-9]/.test(spec[i + 2] ?? ''))) {
      text += SIMPLE_ESCAPES[e];
      i += 1;
    } else {
      return null; // \x.., octal, a line continuation: not what code generators write; keep the literal
    }
    run = i + 1;
  }
  return text + spec.slice(run, to);
}

/** Where `text` is in `source`: within the window past the cursor, else in the whole source while the budget lasts; -1. */
function find(source: string, text: string, search: { cursor: number; fullSearchesLeft: number }): number {
  const windowEnd = Math.min(source.length, search.cursor + text.length + SEARCH_WINDOW);
  const near = source.substring(search.cursor, windowEnd).indexOf(text);
  if (near !== -1) return search.cursor + near;
  if (search.fullSearchesLeft <= 0) return -1;
  search.fullSearchesLeft -= 1;
  return source.indexOf(text);
}
