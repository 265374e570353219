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

/** `spec` with long literals read from `chunks`; `chunks` empty when nothing was replaced. */
export interface ChunkedSpec {
  spec: string;
  chunks: string[];
}

/**
 * Replace, in `spec` (Handlebars' precompiled code, or ours around it), each double-quoted string literal of
 * at least 64 characters whose text occurs in `source` by a read of `chunks`, the text sliced from `source`.
 * Literals are found left to right, each searched from where the previous one was found (the static runs of a
 * template appear in its source in order), then from the start. Pure; never throws: a literal it cannot
 * decode stays as it is.
 */
export function chunkedSpec(spec: string, source: string): ChunkedSpec {
  const chunks: string[] = [];
  let out = '';
  let copied = 0;
  let cursor = 0;
  for (let i = 0; i < spec.length; i++) {
    const quote = spec[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = literalEnd(spec, i);
    if (end === -1) break; // not code we understand: leave the rest alone
    if (quote === '"' && end - i - 1 >= MIN_CHUNK_CHARACTERS) {
      const text = decodeLiteral(spec, i + 1, end);
      const at = text === null ? -1 : findFrom(source, text, cursor);
      if (text !== null && at !== -1) {
        out += `${spec.slice(copied, i)}${CHUNKS_PARAMETER}[${chunks.length}]`;
        chunks.push(source.slice(at, at + text.length));
        copied = end + 1;
        cursor = at + text.length;
      }
    }
    i = end;
  }
  return chunks.length === 0 ? { spec, chunks } : { spec: out + spec.slice(copied), chunks };
}

/** Index of the quote closing the literal opened at `start`, or -1 when the code ends first. */
function literalEnd(spec: string, start: number): number {
  const quote = spec[start];
  for (let i = start + 1; i < spec.length; i++) {
    const c = spec[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
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
  for (let i = from; i < to; i++) {
    if (spec[i] !== '\\') continue;
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

function findFrom(source: string, text: string, cursor: number): number {
  const at = source.indexOf(text, cursor);
  return at !== -1 ? at : source.indexOf(text);
}
