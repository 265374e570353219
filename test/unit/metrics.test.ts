/**
 * Metrics read at scrape time (projection lag, caught-up, queue depth) and the compile outcomes, read back
 * through the exposition text as Prometheus would see them.
 */
import { expect } from 'chai';
import { Metrics, type MetricProbes } from '../../src/http/metrics.js';
import { named, parseExposition, sum } from '../support/exposition.js';

const scrape = async (metrics: Metrics) => parseExposition(await metrics.registry.metrics());

describe('Metrics: values read at scrape and compile outcomes', () => {
  it('reports the projection lag in seconds and caught_up 0 while the read models are behind', async () => {
    const samples = await scrape(new Metrics({ projection: async () => ({ caught_up: false, lag_ms: 2500 }) }, { defaultMetrics: false }));
    expect(named(samples, 'letterpress_projection_lag_seconds').map((s) => s.value)).to.deep.equal([2.5]);
    expect(named(samples, 'letterpress_projection_caught_up').map((s) => s.value)).to.deep.equal([0]);
  });

  it('follows the probe from one scrape to the next: behind, then caught up, then behind with an unknown lag (NaN)', async () => {
    let status: { caught_up: boolean; lag_ms: number | null } = { caught_up: false, lag_ms: 40 };
    const metrics = new Metrics({ projection: async () => status }, { defaultMetrics: false });
    expect(named(await scrape(metrics), 'letterpress_projection_lag_seconds').map((s) => s.value)).to.deep.equal([0.04]);
    status = { caught_up: true, lag_ms: 0 };
    const caughtUp = await scrape(metrics);
    expect(named(caughtUp, 'letterpress_projection_lag_seconds').map((s) => s.value)).to.deep.equal([0]);
    expect(named(caughtUp, 'letterpress_projection_caught_up').map((s) => s.value)).to.deep.equal([1]);
    status = { caught_up: false, lag_ms: null }; // behind, and nothing applied yet to measure from
    const unknown = await scrape(metrics);
    expect(
      named(unknown, 'letterpress_projection_lag_seconds').map((s) => s.value),
      'unknown is NaN, never a stale or zero lag',
    ).to.deep.equal([Number.NaN]);
    expect(named(unknown, 'letterpress_projection_caught_up').map((s) => s.value)).to.deep.equal([0]);
  });

  it('still answers the scrape when the store does not: lag and caught_up NaN, every other metric there', async () => {
    const probes: MetricProbes = {
      compileQueue: () => 7,
      projection: async () => {
        throw new Error('connection refused');
      },
    };
    const samples = await scrape(new Metrics(probes, { defaultMetrics: false }));
    expect(named(samples, 'letterpress_projection_lag_seconds').map((s) => s.value)).to.deep.equal([Number.NaN]);
    expect(named(samples, 'letterpress_projection_caught_up').map((s) => s.value)).to.deep.equal([Number.NaN]);
    expect(named(samples, 'letterpress_compile_queue_depth').map((s) => s.value)).to.deep.equal([7]);
  });

  it('reports the render cache bytes and entries from its probe at each scrape', async () => {
    let cache = { bytes: 0, entries: 0 };
    const metrics = new Metrics({ renderCache: () => cache }, { defaultMetrics: false });
    const read = async () => {
      const samples = await scrape(metrics);
      return [named(samples, 'letterpress_render_cache_bytes')[0]?.value, named(samples, 'letterpress_render_cache_entries')[0]?.value];
    };
    expect(await read()).to.deep.equal([0, 0]);
    cache = { bytes: 65_536, entries: 1 };
    expect(await read()).to.deep.equal([65_536, 1]);
    cache = { bytes: 40_000, entries: 0 }; // an eviction lowers both (a JSON form arriving raises bytes only)
    expect(await read()).to.deep.equal([40_000, 0]);
  });

  it('asks the store once per scrape for both gauges', async () => {
    let calls = 0;
    const metrics = new Metrics({ projection: async () => (calls++, { caught_up: true, lag_ms: 0 }) }, { defaultMetrics: false });
    await scrape(metrics);
    await scrape(metrics);
    expect(calls).to.equal(2);
  });

  it('counts a compile timeout once, by job kind, beside its duration', async () => {
    const metrics = new Metrics({}, { defaultMetrics: false });
    metrics.observeCompile('prepare', 'ok', 0.02);
    metrics.observeCompile('prepare', 'timeout', 5);
    metrics.observeCompile('load', 'error', 0.001);
    const samples = await scrape(metrics);
    expect(named(samples, 'letterpress_compile_timeouts_total').map((s) => [s.labels['kind'], s.value])).to.deep.equal([['prepare', 1]]);
    expect(sum(samples, 'letterpress_compile_duration_seconds_count', { kind: 'prepare', outcome: 'timeout' })).to.equal(1);
    expect(sum(samples, 'letterpress_compile_duration_seconds_sum', { kind: 'prepare', outcome: 'timeout' })).to.equal(5);
    expect(sum(samples, 'letterpress_compile_duration_seconds_count')).to.equal(3);
    // 5 s falls in the 5 s bucket (le is inclusive) and not in the 2.5 s one.
    expect(sum(samples, 'letterpress_compile_duration_seconds_bucket', { kind: 'prepare', outcome: 'timeout', le: '2.5' })).to.equal(0);
    expect(sum(samples, 'letterpress_compile_duration_seconds_bucket', { kind: 'prepare', outcome: 'timeout', le: '5' })).to.equal(1);
  });
});
