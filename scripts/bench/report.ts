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
  /**
   * Which statistic: requests per second (mean); p99 latency (ms; an open-loop run's when it is one);
   * `cpu speed`: requests per CPU-second of the numerator's server ÷ the denominator's (= denominator's
   * CPU µs per request ÷ numerator's); `cpu cost`: numerator's CPU µs per request ÷ denominator's;
   * `value`: the numerator's single measured value itself (no denominator: pass '').
   */
  metric: 'req/s' | 'p99' | 'cpu speed' | 'cpu cost' | 'value';
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

/**
 * Markdown table: scenario, req/s (mean), CPU µs per request of the server process, p50 and p99 latency
 * (ms), MB/s (10^6 bytes, wire bytes, mean), non-2xx (open-loop runs: errors). Single values (memory)
 * follow as a list.
 */
export function table(rows: Measurement[]): string {
  const lines = ['| scenario | req/s | CPU µs/req | p50 ms | p99 ms | MB/s | non-2xx |', '|---|---:|---:|---:|---:|---:|---:|'];
  const values: string[] = [];
  for (const m of rows) {
    const s = m.summary;
    const cpu = num(m.cpu?.usPerRequest ?? NaN, 0);
    if (m.value) values.push(`- ${m.name}: ${m.ok ? `**${num(m.value.amount, 1)} ${m.value.unit}**` : `FAILED (${m.failure})`}`);
    else if (m.openLoop) {
      const o = m.openLoop;
      lines.push(
        `| ${m.name} | ${m.ok ? `${o.rate} (fixed${o.saturated ? ', saturated' : ''})` : 'FAILED'} | ${cpu} | ${num(o.p50, 1)} | ${num(o.p99, 1)} | – | ${o.errors} |`,
      );
    } else {
      const reqs = m.ok ? num(s?.requests.average ?? NaN, 0) : 'FAILED';
      lines.push(
        `| ${m.name} | ${reqs} | ${cpu} | ${num(s?.latency.p50 ?? NaN, 1)} | ${num(s?.latency.p99 ?? NaN, 1)} | ${num((s?.throughput.average ?? NaN) / 1e6, 1)} | ${s ? s.non2xx : '–'} |`,
      );
    }
  }
  lines.push(
    '',
    "req/s and MB/s: means over the run's one-second samples; MB/s counts bytes on the wire (gzipped when gzip), 10^6 B; latency: autocannon's histogram, 1 ms resolution " +
      "(open-loop runs: from when each request was due, 0.001 ms resolution); CPU µs/req: the server process's `process.cpuUsage()` (user + system, all its threads) over the measured window ÷ requests sent.",
  );
  if (values.length) lines.push('', ...values);
  return lines.join('\n');
}

/** The statistic `metric` reads from one row; undefined when the row does not have it. */
function pick(m: Measurement, metric: Ratio['metric']): number | undefined {
  switch (metric) {
    case 'req/s':
      return m.summary?.requests.average;
    case 'p99':
      return m.openLoop ? (m.openLoop.saturated ? undefined : m.openLoop.p99) : m.summary?.latency.p99;
    case 'value':
      return m.value?.amount;
    default:
      return m.cpu?.usPerRequest;
  }
}

/** Evaluates `ratios` over `rows`; a ratio whose run failed or is missing is NOT MEASURED, never a pass. */
export function evaluate(ratios: Ratio[], rows: Measurement[]): RatioResult[] {
  const byName = new Map(rows.map((m) => [m.name, m]));
  return ratios.map((r) => {
    const names = r.metric === 'value' ? [r.numerator] : [r.numerator, r.denominator];
    for (const name of names) {
      const m = byName.get(name);
      const reason = !m
        ? `missing run (${name})`
        : !m.ok
          ? `${name}: ${m.failure ?? 'failed'}`
          : m.openLoop?.saturated && r.metric === 'p99'
            ? `${name}: saturated (p50 ${m.openLoop.p50.toFixed(0)} ms at ${m.openLoop.rate} req/s; lower --rate)`
            : pick(m, r.metric) === undefined
              ? `${name}: no ${r.metric}`
              : '';
      if (reason) return { ...r, value: null, verdict: 'NOT MEASURED', reason };
    }
    const top = pick(byName.get(r.numerator)!, r.metric)!;
    const bottom = r.metric === 'value' ? 1 : pick(byName.get(r.denominator)!, r.metric)!;
    const value = r.metric === 'value' ? top : r.metric === 'cpu speed' ? bottom / top : top / bottom;
    return { ...r, value, verdict: verdict(r, value) };
  });
}

const verdict = (r: Ratio, value: number): 'PASS' | 'FALL SHORT' =>
  (r.kind === 'min' ? value >= r.target : value <= r.target) ? 'PASS' : 'FALL SHORT';

/** One ratio over repeated rounds: every round's value, their median (the verdict's) and spread. */
export interface RepeatedResult extends Ratio {
  values: (number | null)[];
  median: number | null;
  min: number | null;
  max: number | null;
  verdict: RatioResult['verdict'];
  /** Some rounds did not measure it: the median is over fewer rounds than asked. */
  partial?: boolean;
}

/** Median of `values` (mean of the middle two when even); NaN when empty. */
export function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * `rounds[i]` is `evaluate` of the same ratios on round i. Per ratio: the median over the rounds that
 * measured it, judged against the target; NOT MEASURED when no round did.
 */
export function aggregate(rounds: RatioResult[][]): RepeatedResult[] {
  return (rounds[0] ?? []).map((first, i) => {
    const values = rounds.map((round) => round[i]?.value ?? null);
    const measured = values.filter((v): v is number => v !== null);
    const { value: _value, reason: _reason, verdict: _verdict, ...ratio } = first;
    if (measured.length === 0) return { ...ratio, values, median: null, min: null, max: null, verdict: 'NOT MEASURED' };
    const mid = median(measured);
    return {
      ...ratio,
      values,
      median: mid,
      min: Math.min(...measured),
      max: Math.max(...measured),
      verdict: verdict(first, mid),
      partial: measured.length < values.length,
    };
  });
}

const fmt = (v: number | null): string => (v === null ? 'n/a' : Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(2));

/** Markdown table of repeated ratios: line, median, spread (min–max) and every round, target, verdict. */
export function repeatedTable(results: RepeatedResult[]): string {
  const lines = ['| Done-when line | median | spread (min–max) | rounds | target | verdict |', '|---|---:|---:|---|---:|---|'];
  for (const r of results) {
    const target = `${r.kind === 'min' ? '≥' : '≤'} ${r.target}`;
    lines.push(
      `| ${r.label} | **${fmt(r.median)}** | ${fmt(r.min)}–${fmt(r.max)} | ${r.values.map(fmt).join(', ')} | ${target} | ${r.verdict}${r.partial ? ` (${r.values.filter((v) => v !== null).length} of ${r.values.length} rounds)` : ''} |`,
    );
  }
  return lines.join('\n');
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
