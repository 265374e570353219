/**
 * A reader for Prometheus' text exposition format 0.0.4, enough for prom-client's output, so metric
 * tests read values the way a scraper would instead of from the code's own objects.
 */

/** One sample line: `name{a="b"} 12` → { name, labels: { a: 'b' }, value: 12 }. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parse exposition text (comments and blank lines skipped). @throws on a line that is not a sample. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** Sum of the samples named `name` whose labels include `match` (0 when there are none). */
export function sum(samples: Sample[], name: string, match: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

/** The samples named `name` (an absent series gives []). */
export const named = (samples: Sample[], name: string): Sample[] => samples.filter((s) => s.name === name);
