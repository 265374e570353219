/**
 * The compile queue's bounds and fairness (rendering/compile/fair-queue.ts), and the pool refusing a job
 * past them at once (issue 19, item 1): Piscina's own `maxQueue` never counted our jobs.
 */
import { expect } from 'chai';
import { FairQueue } from '../../src/rendering/compile/fair-queue.js';
import { CompilePool, CompileQueueFullError } from '../../src/rendering/compile/pool.js';
import { withCompileTenant } from '../../src/rendering/compile/tenant.js';

describe('FairQueue', () => {
  it('refuses item maxWaiting + 1 (queue_full), queuing nothing for it', () => {
    const queue = new FairQueue<number>({ maxWaiting: 3, perTenantMax: 3 });
    expect([1, 2, 3].map((n) => queue.add('a', n))).to.deep.equal([null, null, null]);
    expect(queue.add('b', 4)).to.equal('queue_full');
    expect(queue.size).to.equal(3);
    expect(queue.waitingOf('b')).to.equal(0);
  });

  it("refuses a tenant past its share (tenant_full) while others still get in", () => {
    const queue = new FairQueue<string>({ maxWaiting: 8, perTenantMax: 2 });
    expect(queue.add('greedy', 'g1')).to.equal(null);
    expect(queue.add('greedy', 'g2')).to.equal(null);
    expect(queue.add('greedy', 'g3')).to.equal('tenant_full');
    expect(queue.add('other', 'o1')).to.equal(null);
    expect(queue.size).to.equal(3);
  });

  it('never lets a share pass the whole queue, and maxWaiting 0 refuses everything', () => {
    expect(new FairQueue({ maxWaiting: 0, perTenantMax: 1 }).add('a', 1)).to.equal('queue_full');
    const queue = new FairQueue({ maxWaiting: 1, perTenantMax: 5 });
    expect(queue.add('a', 1)).to.equal(null);
    expect(queue.add('a', 2)).to.equal('queue_full');
  });

  it('serves tenants round-robin, each oldest first: a late tenant waits behind one item of the greedy one, not all', () => {
    const queue = new FairQueue<string>({ maxWaiting: 10, perTenantMax: 10 });
    for (const item of ['g1', 'g2', 'g3', 'g4']) queue.add('greedy', item);
    queue.add('late', 'l1');
    queue.add('late', 'l2');
    queue.add('third', 't1');
    const order: string[] = [];
    for (let item = queue.take(); item !== undefined; item = queue.take()) order.push(item);
    expect(order).to.deep.equal(['g1', 'l1', 't1', 'g2', 'l2', 'g3', 'g4']);
    expect(queue.size).to.equal(0);
  });

  it('frees a slot when an item is taken or removed', () => {
    const queue = new FairQueue<string>({ maxWaiting: 2, perTenantMax: 1 });
    queue.add('a', 'a1');
    expect(queue.add('a', 'a2')).to.equal('tenant_full');
    expect(queue.remove('a', 'a1')).to.equal(true);
    expect(queue.remove('a', 'a1')).to.equal(false);
    expect(queue.add('a', 'a2')).to.equal(null);
    expect(queue.take()).to.equal('a2');
    expect(queue.add('a', 'a3')).to.equal(null);
  });
});

describe('CompilePool admission (one thread)', function () {
  this.timeout(30_000);
  // Admission is decided in the call itself (before any await): jobs started in one tick find the thread
  // taken by the first, so even a quick job shows the bounds.
  const job = { kind: 'load' as const, publishedHtml: '<p>{{name}}</p>', output: 'html' as const };
  let pool: CompilePool;

  before(async () => {
    pool = new CompilePool({ timeoutMs: 10_000, threads: 1, maxQueue: 3, perTenantQueueMax: 2 });
    await pool.warmUp();
  });
  after(() => pool.close());

  /** Start `count` jobs for `tenant` now; each settles to 'done' (ran, any outcome) or the refusal. */
  const start = (tenant: string, count: number) =>
    Array.from({ length: count }, () => pool.run(job, { tenant }).then(() => 'done', (error: unknown) => (error instanceof CompileQueueFullError ? error : 'done')));

  it("refuses a tenant's job past its share at once, the queue's past COMPILE_QUEUE_MAX, and runs the rest", async () => {
    const greedy = start('greedy', 4); // one runs, two wait, the fourth is past the share
    const refusedAt = await Promise.race([greedy[3]!, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100))]);
    expect(refusedAt).to.be.instanceOf(CompileQueueFullError);
    expect((refusedAt as CompileQueueFullError).limit).to.equal('COMPILE_QUEUE_PER_KEY_MAX');
    expect(pool.queued).to.equal(2);
    const [other, overflow] = start('other', 2); // the third waiting slot; then the queue is full
    expect(await overflow).to.be.instanceOf(CompileQueueFullError);
    expect(((await overflow) as CompileQueueFullError).limit).to.equal('COMPILE_QUEUE_MAX');
    expect(await Promise.all([...greedy.slice(0, 3), other])).to.deep.equal(['done', 'done', 'done', 'done']);
    expect(pool.queued).to.equal(0);
  });

  it('counts jobs against the tenant of the context they were started in', async () => {
    const jobs = withCompileTenant('ctx', () => Array.from({ length: 4 }, () => pool.run(job).then(() => 'done', (error: unknown) => (error instanceof CompileQueueFullError ? error.limit : 'done'))));
    expect(await Promise.all(jobs)).to.deep.equal(['done', 'done', 'done', 'COMPILE_QUEUE_PER_KEY_MAX']);
  });
});
