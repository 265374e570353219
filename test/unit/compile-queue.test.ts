/**
 * The compile queue's bounds and fairness (rendering/compile/fair-queue.ts), and the pool refusing a job
 * past them at once (issue 19, item 1): Piscina's own `maxQueue` never counted our jobs.
 */
import { expect } from 'chai';
import { FairQueue } from '../../src/rendering/compile/fair-queue.js';
import { CompilePool, CompileQueueFullError, withCompileTenant } from '../../src/rendering/index.js';

describe('FairQueue', () => {
  it('runs at once while a slot is free, then queues, then refuses job maxWaiting + 1 (queue_full), keeping nothing of it', () => {
    const queue = new FairQueue<number>({ slots: 1, maxWaiting: 3, perTenantMax: 3 });
    expect([0, 1, 2, 3].map((n) => queue.admit('a', n))).to.deep.equal(['run', 'queued', 'queued', 'queued']);
    expect(queue.admit('b', 4)).to.equal('queue_full');
    expect(queue.size).to.equal(3);
    expect(queue.waitingOf('b')).to.equal(0);
  });

  it('refuses a tenant past its share (tenant_full) while others still get in', () => {
    const queue = new FairQueue<string>({ slots: 1, maxWaiting: 8, perTenantMax: 2 });
    expect(['g0', 'g1', 'g2', 'g3'].map((job) => queue.admit('greedy', job))).to.deep.equal(['run', 'queued', 'queued', 'tenant_full']);
    expect(queue.admit('other', 'o1')).to.equal('queued');
    expect(queue.size).to.equal(3);
  });

  it('never lets a share pass the whole queue, and maxWaiting 0 refuses whatever finds the slots taken', () => {
    const none = new FairQueue({ slots: 1, maxWaiting: 0, perTenantMax: 1 });
    expect(none.admit('a', 1)).to.equal('run');
    expect(none.admit('b', 2)).to.equal('queue_full');
    const one = new FairQueue({ slots: 1, maxWaiting: 1, perTenantMax: 5 });
    expect([1, 2, 3].map((n) => one.admit('a', n))).to.deep.equal(['run', 'queued', 'queue_full']);
  });

  it('gives a freed slot to the tenant served least recently: a late key waits behind no job of the greedy one', () => {
    const queue = new FairQueue<string>({ slots: 1, maxWaiting: 10, perTenantMax: 10 });
    const order: string[] = [];
    const run = (tenant: string, job: string) => {
      if (queue.admit(tenant, job) === 'run') order.push(job);
    };
    ['g1', 'g2', 'g3', 'g4'].forEach((job) => run('greedy', job));
    run('late', 'l1');
    run('late', 'l2');
    run('third', 't1');
    const tenantOf = (job: string) => ({ g: 'greedy', l: 'late', t: 'third' })[job[0] as 'g' | 'l' | 't'];
    for (let next = queue.finish(tenantOf(order.at(-1)!)); next !== undefined; next = queue.finish(tenantOf(order.at(-1)!)))
      order.push(next);
    expect(order).to.deep.equal(['g1', 'l1', 't1', 'g2', 'l2', 'g3', 'g4']);
    expect(queue.size).to.equal(0);
  });

  it('with two slots, the next job goes to the key not already running one', () => {
    const queue = new FairQueue<string>({ slots: 2, maxWaiting: 10, perTenantMax: 10 });
    expect(queue.admit('a', 'a1')).to.equal('run');
    expect(queue.admit('b', 'b1')).to.equal('run');
    queue.admit('a', 'a2');
    queue.admit('c', 'c1');
    expect(queue.finish('b')).to.equal('c1'); // a was served after b, c never
    expect(queue.finish('a')).to.equal('a2');
    expect(queue.finish('c')).to.equal(undefined);
    expect(queue.admit('d', 'd1')).to.equal('run'); // a slot is free again
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
    Array.from({ length: count }, () =>
      pool.run(job, { tenant }).then(
        () => 'done',
        (error: unknown) => (error instanceof CompileQueueFullError ? error : 'done'),
      ),
    );

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
    const jobs = withCompileTenant('ctx', () =>
      Array.from({ length: 4 }, () =>
        pool.run(job).then(
          () => 'done',
          (error: unknown) => (error instanceof CompileQueueFullError ? error.limit : 'done'),
        ),
      ),
    );
    expect(await Promise.all(jobs)).to.deep.equal(['done', 'done', 'done', 'COMPILE_QUEUE_PER_KEY_MAX']);
  });
});

describe('CompilePool close', function () {
  this.timeout(30_000);

  it('fails the running job and each waiting one, and starts no thread for them', async () => {
    const pool = new CompilePool({ timeoutMs: 10_000, threads: 1, maxQueue: 4, perTenantQueueMax: 4 });
    await pool.warmUp();
    const job = { kind: 'load' as const, publishedHtml: '<p>{{name}}</p>', output: 'html' as const };
    const jobs = Array.from({ length: 3 }, () =>
      pool.run(job, { tenant: 'a' }).then(
        () => 'done',
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    const outcomes = await Promise.all(jobs);
    expect(outcomes.slice(1)).to.deep.equal([
      'The compile pool is closed: the service is stopping.',
      'The compile pool is closed: the service is stopping.',
    ]);
    expect(pool.threads).to.equal(0);
  });
});
