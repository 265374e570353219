/**
 * Fault suite (issue 19, items 3 and 6): read your writes on every instance. Two API instances share one
 * store (one SQLite file; one PostgreSQL database); each round saves through A and renders through B at
 * once. A render is stale when it used a revision older than the one A's answer carried.
 *
 * - With `min_revision` (or `X-Min-Revision`) the stale share must be 0, on `RENDER_REVISION_CHECK=index`
 *   so the stream read that `min_revision` asks for is what makes it fresh; also with the render sent while
 *   the write is still under way (then it must wait), which fails every round without the wait even on
 *   PostgreSQL, where a render after the answer is rarely stale.
 * - Without it, the stale share and the lag (from A's answer to the first fresh render through B) are
 *   printed; the lag must stay within the documented bound (docs/read-your-writes.md), asserted with a
 *   generous margin. On SQLite's default (`store`) no render may be stale.
 *
 * Rounds: `RYW_ROUNDS` for every run; by default 1,000 for the SQLite `min_revision` run (the issue's
 * measure: 22 s at load average 4 on 2 shared cores, ~60 s at 10), 200 for the others and 50 for the header
 * run, to keep `npm test` short. The numbers in docs/read-your-writes.md are from RYW_ROUNDS=1000.
 */
import { expect } from 'chai';
import { type TestServer } from '../support/server.js';
import { withTwoInstances } from '../support/engines.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const ROUNDS = Number(process.env['RYW_ROUNDS'] ?? 0) || undefined;
/** Generous correctness bound of the lag without min_revision, ms: the follow interval (SQLite 50 ms; PostgreSQL NOTIFY, its backstop poll 1 s) with room for a loaded machine. */
const LAG_BOUND_MS = 3000;

/** `in_flight`: min_revision, the render sent while the write is still under way (a pipelining client). */
type Mode = 'min_revision' | 'X-Min-Revision' | 'in_flight' | 'none';

interface Tally {
  rounds: number;
  stale: number;
  maxLagMs: number;
  /** Lag of each stale round, ms. */
  lags: number[];
  elapsedMs: number;
}

/** `n` rounds of save through A, render through B on project `id`; stale renders are re-rendered (plain) until fresh, to time the lag. */
async function writeThenRender(a: TestServer, b: TestServer, id: string, n: number, mode: Mode): Promise<Tally> {
  expect((await a.request('POST', '/v1/projects', { body: { id, mjml: page('Round 0 {{x}}') } })).status).to.equal(201);
  const tally: Tally = { rounds: n, stale: 0, maxLagMs: 0, lags: [], elapsedMs: 0 };
  const started = performance.now();
  const render = (written: number) =>
    b.request('POST', `/v1/templates/${id}/render`, {
      body: { variables: { x: '!' }, ...(mode === 'min_revision' || mode === 'in_flight' ? { min_revision: written } : {}) },
      ...(mode === 'X-Min-Revision' ? { headers: { 'X-Min-Revision': String(written) } } : {}),
    });
  for (let round = 1; round <= n; round += 1) {
    const early = mode === 'in_flight' ? render(round) : null;
    const saved = await a.request('PUT', `/v1/projects/${id}`, { body: { mjml: page(`Round ${round} {{x}}`) } });
    const answeredAt = performance.now();
    expect([saved.status, saved.json.revision, saved.headers['etag']]).to.deep.equal([200, round, `"${round}"`]);
    let rendered = await (early ?? render(round));
    expect(rendered.status, JSON.stringify(rendered.json)).to.equal(200);
    if (rendered.json.revision >= round) {
      expect(rendered.json.html).to.include(`Round ${rendered.json.revision} !`);
      continue;
    }
    tally.stale += 1;
    while (rendered.json.revision < round) {
      if (performance.now() - answeredAt > LAG_BOUND_MS)
        expect.fail(`round ${round}: B still renders revision ${rendered.json.revision} ${LAG_BOUND_MS} ms after A answered ${round}`);
      rendered = await b.request('POST', `/v1/templates/${id}/render`, { body: { variables: { x: '!' } } });
    }
    tally.lags.push(performance.now() - answeredAt);
    tally.maxLagMs = Math.max(tally.maxLagMs, tally.lags[tally.lags.length - 1]!);
  }
  tally.elapsedMs = performance.now() - started;
  return tally;
}

function report(label: string, tally: Tally): void {
  const share = ((100 * tally.stale) / tally.rounds).toFixed(1);
  const sorted = [...tally.lags].sort((x, y) => x - y);
  const at = (q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!).toFixed(0);
  console.log(
    `      ${label}: ${tally.stale}/${tally.rounds} stale (${share} %), lag of the stale ones p50 ${at(0.5)} / p99 ${at(0.99)} / max ${tally.maxLagMs.toFixed(0)} ms, ${(tally.elapsedMs / 1000).toFixed(1)} s`,
  );
}

/** Two instances on the store `env` names (A started first, so A usually holds the projector lease), unlimited. */
const withTwoUnlimited = (
  env: Record<string, string>,
  dataDir: string | undefined,
  work: (a: TestServer, b: TestServer) => Promise<void>,
) => withTwoInstances({ RATE_LIMIT_PER_MINUTE: '1000000', ...env }, dataDir, work);

describe('Read your writes on every instance (fault suite)', function () {
  this.timeout(300_000);

  describe('two instances on one SQLite file', () => {
    it('with min_revision: no render is stale', () =>
      withTempDir('letterpress-ryw-', (dir) =>
        withTwoUnlimited({ RENDER_REVISION_CHECK: 'index' }, dir, async (a, b) => {
          const tally = await writeThenRender(a, b, 'body', ROUNDS ?? 1000, 'min_revision');
          report('SQLite, min_revision', tally);
          expect(tally.stale).to.equal(0);
          const byHeader = await writeThenRender(a, b, 'header', ROUNDS ?? 50, 'X-Min-Revision');
          report('SQLite, X-Min-Revision', byHeader);
          expect(byHeader.stale).to.equal(0);
          const inFlight = await writeThenRender(a, b, 'in-flight', ROUNDS ?? 50, 'in_flight');
          report('SQLite, min_revision sent during the write', inFlight);
          expect(inFlight.stale).to.equal(0);
        }),
      ));

    it('without it, RENDER_REVISION_CHECK=store (the SQLite default): no render is stale', () =>
      withTempDir('letterpress-ryw-', (dir) =>
        withTwoUnlimited({}, dir, async (a, b) => {
          const tally = await writeThenRender(a, b, 'plain', ROUNDS ?? 200, 'none');
          report('SQLite, no min_revision, check=store', tally);
          expect(tally.stale).to.equal(0);
        }),
      ));

    it('without it, RENDER_REVISION_CHECK=index: renders catch up within the follow bound', () =>
      withTempDir('letterpress-ryw-', (dir) =>
        withTwoUnlimited({ RENDER_REVISION_CHECK: 'index' }, dir, async (a, b) => {
          const tally = await writeThenRender(a, b, 'plain', ROUNDS ?? 200, 'none');
          report('SQLite, no min_revision, check=index', tally);
          expect(tally.maxLagMs).to.be.below(LAG_BOUND_MS);
        }),
      ));
  });

  describeOnPostgres('two instances on one PostgreSQL database', (database) => {
    it('with min_revision: no render is stale; without it, renders catch up within the bound', () =>
      withTwoUnlimited({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, async (a, b) => {
        const tally = await writeThenRender(a, b, 'body', ROUNDS ?? 200, 'min_revision');
        report('PostgreSQL, min_revision', tally);
        expect(tally.stale).to.equal(0);
        // Stale renders are rare here without min_revision (NOTIFY): sent while the write is under way, every one would be.
        const inFlight = await writeThenRender(a, b, 'in-flight', ROUNDS ?? 50, 'in_flight');
        report('PostgreSQL, min_revision sent during the write', inFlight);
        expect(inFlight.stale).to.equal(0);
        const plain = await writeThenRender(a, b, 'plain', ROUNDS ?? 200, 'none');
        report('PostgreSQL, no min_revision, check=index (default)', plain);
        expect(plain.maxLagMs).to.be.below(LAG_BOUND_MS);
      }));
  });
});
