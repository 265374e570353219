/**
 * `runCheck`: a check answers within its bound whatever the dependency does (issue 19: "/health answers
 * within 1 s in every fault and says which dependency is failing").
 */
import { expect } from 'chai';
import { describeFailures, runCheck } from '../../src/health-checks.js';

const base = { name: 'event_store', dependency: 'postgres', required: true };

describe('health checks', () => {
  it('ok: the value and the time taken', async () => {
    const { result, value } = await runCheck({ ...base, run: async () => 42 }, 200);
    expect(value).to.equal(42);
    expect(result).to.include({ name: 'event_store', dependency: 'postgres', status: 'ok', detail: null, required: true });
  });

  it('timeout: a check that never settles answers at its bound, naming the dependency', async () => {
    const started = Date.now();
    const { result, value } = await runCheck({ ...base, run: () => new Promise<never>(() => undefined) }, 100);
    expect(Date.now() - started).to.be.below(1000);
    expect(value).to.equal(undefined);
    expect(result).to.include({ status: 'timeout', ms: 100, detail: 'postgres did not answer within 100 ms' });
  });

  it('failing: a rejection (also a synchronous throw) with its message; a judge can fail a value', async () => {
    expect((await runCheck({ ...base, run: async () => Promise.reject(new Error('connection refused')) }, 100)).result).to.include({
      status: 'failing',
      detail: 'connection refused',
    });
    const sync = await runCheck({ ...base, run: () => { throw new Error('boom'); } }, 100); // prettier-ignore
    expect(sync.result).to.include({ status: 'failing', detail: 'boom' });
    const judged = await runCheck(
      { ...base, required: false, run: async () => ({ degraded: true }), judge: (v) => (v.degraded ? 'degraded' : null) },
      100,
    );
    expect(judged.result).to.include({ status: 'failing', detail: 'degraded' });
    expect(judged.value).to.deep.equal({ degraded: true });
  });

  it('describeFailures names the required checks that are not ok, and only those', async () => {
    const slow = (await runCheck({ ...base, run: () => new Promise<never>(() => undefined) }, 20)).result;
    const optional = (
      await runCheck(
        { ...base, name: 'rate_limits', dependency: 'redis', required: false, run: async () => Promise.reject(new Error('down')) },
        20,
      )
    ).result;
    const fine = (await runCheck({ ...base, name: 'read_models', run: async () => 1 }, 20)).result;
    expect(describeFailures([fine, optional])).to.equal(null);
    expect(describeFailures([slow, optional, fine])).to.equal('event_store (postgres) timed out: postgres did not answer within 20 ms');
  });
});
