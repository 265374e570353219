/**
 * The bench's arithmetic (scripts/bench): ratios by CPU µs per request, p99 of open-loop runs, single
 * values, the median and spread over repeated rounds, and the varying variables of real sends. No load
 * is run here: speed lives in `npm run bench`.
 */
import { expect } from 'chai';
import { varying } from '../../scripts/bench/done-when.js';
import type { Measurement } from '../../scripts/bench/load.js';
import { percentile } from '../../scripts/bench/open-loop.js';
import { aggregate, evaluate, median, repeatedTable, table, type Ratio } from '../../scripts/bench/report.js';

const cpuRow = (name: string, usPerRequest: number): Measurement => ({
  name,
  ok: true,
  cpu: { us: usPerRequest * 100, requests: 100, usPerRequest },
});
const ratio = (metric: Ratio['metric'], target: number, kind: Ratio['kind'], numerator = 'ours', denominator = 'peer'): Ratio => ({
  label: `${metric} ${kind} ${target}`,
  numerator,
  denominator,
  metric,
  target,
  kind,
});

describe('bench report', () => {
  it('cpu speed divides the peer’s CPU per request by ours; cpu cost ours by the other', () => {
    const rows = [cpuRow('ours', 120), cpuRow('peer', 30)];
    const [speed, cost] = evaluate([ratio('cpu speed', 0.6, 'min'), ratio('cpu cost', 1.3, 'max')], rows);
    expect(speed).to.include({ value: 0.25, verdict: 'FALL SHORT' });
    expect(cost).to.include({ value: 4, verdict: 'FALL SHORT' });
    const [fast] = evaluate([ratio('cpu speed', 0.6, 'min')], [cpuRow('ours', 40), cpuRow('peer', 30)]);
    expect(fast).to.include({ value: 0.75, verdict: 'PASS' });
  });

  it('p99 reads an open-loop run; value reads the numerator alone', () => {
    const loop = (name: string, p99: number): Measurement => ({
      name,
      ok: true,
      openLoop: { rate: 400, p50: 1, p99, count: 10, errors: 0 },
    });
    const [p99] = evaluate([ratio('p99', 1.5, 'max', 'busy', 'alone')], [loop('busy', 3), loop('alone', 2)]);
    expect(p99).to.include({ value: 1.5, verdict: 'PASS' });
    const [kb] = evaluate([ratio('value', 30, 'max', 'memory', '')], [{ name: 'memory', ok: true, value: { amount: 73, unit: 'KB' } }]);
    expect(kb).to.include({ value: 73, verdict: 'FALL SHORT' });
  });

  it('an open-loop run alone at a rate the service could not serve (saturated) is NOT MEASURED, never a pass', () => {
    const busy: Measurement = { name: 'busy', ok: true, openLoop: { rate: 400, p50: 900, p99: 1000, count: 10, errors: 0 } };
    const alone: Measurement = {
      name: 'alone',
      ok: true,
      openLoop: { rate: 400, p50: 900, p99: 1000, count: 10, errors: 0, saturated: true },
    };
    const [p99] = evaluate([ratio('p99', 1.5, 'max', 'busy', 'alone')], [busy, alone]);
    expect(p99).to.include({ value: null, verdict: 'NOT MEASURED', reason: 'alone: saturated (p50 900 ms at 400 req/s; lower --rate)' });
    expect(table([alone])).to.contain('| alone | 400 (fixed, saturated) |');
  });

  it('a missing, failed or CPU-less run is NOT MEASURED, never a pass', () => {
    const failed: Measurement = { name: 'peer', ok: false, failure: '3 non-2xx' };
    const results = evaluate(
      [ratio('cpu speed', 0.6, 'min'), ratio('cpu speed', 0.6, 'min', 'ours', 'absent'), ratio('cpu speed', 0.6, 'min', 'ours', 'bare')],
      [cpuRow('ours', 10), failed, { name: 'bare', ok: true }],
    );
    expect(results.map((r) => r.verdict)).to.deep.equal(['NOT MEASURED', 'NOT MEASURED', 'NOT MEASURED']);
    expect(results.map((r) => r.reason)).to.deep.equal(['peer: 3 non-2xx', 'missing run (absent)', 'bare: no cpu speed']);
  });

  it('aggregates rounds: the median decides the verdict, the spread is min–max of the measured rounds', () => {
    const r = ratio('cpu speed', 0.6, 'min');
    const rounds = [0.5, 0.7, 0.65].map((us) => evaluate([r], [cpuRow('ours', 30 / us), cpuRow('peer', 30)]));
    const [result] = aggregate([...rounds, [{ ...r, value: null, verdict: 'NOT MEASURED' }]]);
    expect(result!.median).to.be.closeTo(0.65, 1e-9);
    expect(result!.min).to.be.closeTo(0.5, 1e-9);
    expect(result!.max).to.be.closeTo(0.7, 1e-9);
    expect(result!.values[3]).to.equal(null);
    expect(result!.verdict).to.equal('PASS');
    expect(repeatedTable([result!])).to.contain('| **0.65** | 0.50–0.70 | 0.50, 0.70, 0.65, n/a | ≥ 0.6 | PASS (3 of 4 rounds) |');
    expect(aggregate([[{ ...r, value: null, verdict: 'NOT MEASURED' }]])[0]).to.include({ median: null, verdict: 'NOT MEASURED' });
  });

  it('median of odd and even counts; nearest-rank percentile', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([4, 1, 3, 2])).to.equal(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).to.equal(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).to.equal(10);
    expect(Number.isNaN(percentile([], 0.99))).to.equal(true);
  });

  it('the table shows CPU µs per request, open-loop runs at their fixed rate, and values as a list', () => {
    const text = table([
      cpuRow('ours', 42),
      { name: 'loop', ok: true, openLoop: { rate: 400, p50: 1.25, p99: 9.5, count: 10, errors: 0 } },
      { name: 'memory', ok: true, value: { amount: 73.04, unit: 'KB per template' } },
    ]);
    expect(text).to.contain('| ours | – | 42 |');
    expect(text).to.contain('| loop | 400 (fixed) | – | 1.3 | 9.5 | – | 0 |');
    expect(text).to.contain('- memory: **73.0 KB per template**');
  });

  it('varying variables: every body differs, the shape stays', () => {
    const next = varying({ order: { number: 7, customer: { name: 'Ann' } }, tags: ['a'] });
    const [a, b] = [JSON.parse(next()), JSON.parse(next())];
    // Issue 24's rows render without a signed receipt (issue 25), as issue 24 set its goals.
    expect(a).to.deep.equal({ variables: { order: { number: 1, customer: { name: 'Ann 1' } }, tags: ['a'] }, receipt: false });
    expect(b).to.deep.equal({ variables: { order: { number: 2, customer: { name: 'Ann 2' } }, tags: ['a'] }, receipt: false });
    const signed = varying({ name: 'Ann' }, {});
    expect(JSON.parse(signed())).to.deep.equal({ variables: { name: 'Ann 1' } }); // the receipt row: the default render
  });
});
