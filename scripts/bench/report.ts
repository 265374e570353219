/**
 * The bench's output: a markdown table of every measured run, the ratios the project targets (each
 * with its target and PASS / FALL SHORT), and a JSON file with every raw autocannon summary.
 * Ratios only: absolute numbers on a shared 2-core machine are noise, ratios taken in one run are not.
 */
import { writeFileSync } from 'node:fs';
import type { Measurement } from './load.js';

export interface Ratio {
  label: string;
  /** Row names of the numerator and denominator measurements. */
  numerator: string;
  denominator: string;
  /** Which statistic: requests per second (mean), or p99 latency (ms). */
  metric: 'req/s' | 'p99';
  target: number;
  /** `min`: the ratio must be at least `target`; `max`: at most. */
  kind: 'min' | 'max';
}

export interface RatioResult extends Ratio {
  value: number | null;
  verdict: 'PASS' | 'FALL SHORT' | 'NOT MEASURED';
  /** Why there is no value (a failed or missing run). */
  reason?: string;
}

const num = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** Markdown table: scenario, req/s (mean), p50 and p99 latency (ms), MB/s (10^6 bytes, wire bytes, mean), non-2xx. */
export function table(rows: Measurement[]): string {
  const lines = ['| scenario | req/s | p50 ms | p99 ms | MB/s | non-2xx |', '|---|---:|---:|---:|---:|---:|'];
  for (const m of rows) {
    const s = m.summary;
    const reqs = m.ok ? num(s?.requests.average ?? NaN, 0) : 'FAILED';
    lines.push(
      `| ${m.name} | ${reqs} | ${num(s?.latency.p50 ?? NaN, 1)} | ${num(s?.latency.p99 ?? NaN, 1)} | ${num((s?.throughput.average ?? NaN) / 1e6, 1)} | ${s ? s.non2xx : '–'} |`,
    );
  }
  lines.push(
    '',
    "req/s and MB/s: means over the run's one-second samples; MB/s counts bytes on the wire (gzipped when gzip), 10^6 B; latency: autocannon's histogram, 1 ms resolution.",
  );
  return lines.join('\n');
}

/** Evaluates `ratios` over `rows`; a ratio whose run failed or is missing is NOT MEASURED, never a pass. */
export function evaluate(ratios: Ratio[], rows: Measurement[]): RatioResult[] {
  const byName = new Map(rows.map((m) => [m.name, m]));
  return ratios.map((r) => {
    const top = byName.get(r.numerator);
    const bottom = byName.get(r.denominator);
    const broken = [top, bottom].find((m) => !m || !m.ok || !m.summary);
    if (broken !== undefined || !top?.summary || !bottom?.summary) {
      const reason = broken ? `${broken.name}: ${broken.failure ?? 'no summary'}` : `missing run (${!top ? r.numerator : r.denominator})`;
      return { ...r, value: null, verdict: 'NOT MEASURED', reason };
    }
    const pick = (m: Measurement) => (r.metric === 'req/s' ? m.summary!.requests.average : m.summary!.latency.p99);
    const value = pick(top) / pick(bottom);
    const pass = r.kind === 'min' ? value >= r.target : value <= r.target;
    return { ...r, value, verdict: pass ? 'PASS' : 'FALL SHORT' };
  });
}

/** The ratios as markdown lines: value, target, verdict. */
export function ratioLines(results: RatioResult[]): string {
  return results
    .map((r) => {
      const value = r.value === null ? 'n/a' : r.value >= 10 ? r.value.toFixed(0) : r.value.toFixed(2);
      const target = `${r.kind === 'min' ? '≥' : '≤'} ${r.target}`;
      return `- ${r.label}: **${value}** (target ${target}) — ${r.verdict}${r.reason ? ` (${r.reason})` : ''}`;
    })
    .join('\n');
}

/** Writes the JSON report to `path` (UTF-8, pretty-printed). */
export function writeJson(path: string, report: Record<string, unknown>): void {
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}
