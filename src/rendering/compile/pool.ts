/**
 * The compile pool: the jobs of jobs.ts in worker threads (Piscina), with a bounded queue and a deadline
 * that counts each job's own running time. A job past its deadline is stopped (its thread is terminated
 * and replaced) and reported as `mjml_compile_timeout` (500, the spec's "MJML compilation timeout"); a
 * job that finds the queue full, or its tenant's share of it taken, is refused at once
 * (`CompileQueueFullError`, 503) instead of waiting behind work that could outlast any deadline.
 *
 * The queue is ours (fair-queue.ts), not Piscina's: Piscina is handed at most one job per thread, and
 * its `maxQueue`, which does not count jobs carrying an abort signal, is never relied on.
 */
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { TemplateError } from '../template-error.js';
import { FairQueue } from './fair-queue.js';
import type { CompileJob, JobOutcome, JobResults } from './jobs.js';
import { currentCompileTenant } from './tenant.js';
import { CodedError, type ErrorReport } from '../../domain/errors.js';

export interface CompilePoolOptions {
  /** A job's deadline in ms, counted from the moment a worker starts it (COMPILE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Worker threads; default: one less than the cores, at least 1, at most 4 (COMPILE_THREADS). */
  threads?: number;
  /** Jobs that may wait for a thread; one more is refused (COMPILE_QUEUE_MAX). Default 32. */
  maxQueue?: number;
  /**
   * Jobs one tenant (tenant.ts) may have waiting; one more of its own is refused (COMPILE_QUEUE_PER_KEY_MAX).
   * Default: a quarter of `maxQueue`, at least 1 (never more than `maxQueue`).
   */
  perTenantQueueMax?: number;
  /** Heap limit of a worker thread, MB; a job that needs more fails alone (COMPILE_WORKER_MEMORY_MB). Default 512. */
  workerMemoryMb?: number;
  /** Scheduling niceness of the worker threads (Linux), so compiles yield the CPU to renders. Default 10. */
  nice?: number;
  /** Told when a worker thread crashes (it is replaced). */
  onWorkerError?: (error: unknown) => void;
  /**
   * Told when a job that a worker started ends: its kind, how (`timeout`: stopped past the deadline;
   * `error`: refused or failed) and its time in the worker, seconds (metrics; must not throw).
   */
  onJobDone?: (kind: string, outcome: 'ok' | 'error' | 'timeout', seconds: number) => void;
}

/** Which bound refused a job: the whole queue, or the tenant's share of it. */
export type CompileQueueLimit = 'COMPILE_QUEUE_MAX' | 'COMPILE_QUEUE_PER_KEY_MAX';

/**
 * Every worker is busy and the queue is full, or the job's tenant already has its share waiting (`limit`,
 * whose value is `max`; `queued`: jobs waiting in all, or the tenant's): retry after `retryAfterS` seconds
 * (503 `compile_queue_full`).
 */
export class CompileQueueFullError extends CodedError<'compile_queue_full'> {
  override readonly name = 'CompileQueueFullError';
  readonly code = 'compile_queue_full';
  constructor(
    readonly queued: number,
    readonly retryAfterS: number,
    readonly limit: CompileQueueLimit = 'COMPILE_QUEUE_MAX',
    readonly max: number = queued,
  ) {
    super(
      limit === 'COMPILE_QUEUE_MAX'
        ? `All compile workers are busy and ${queued} jobs are waiting, the most that may (COMPILE_QUEUE_MAX ${max}); retry in ${retryAfterS} s.`
        : `All compile workers are busy and this caller already has ${queued} jobs waiting, its share of the queue (COMPILE_QUEUE_PER_KEY_MAX ${max}); ` +
            `retry in ${retryAfterS} s, or send fewer at once.`,
    );
  }

  override report(): ErrorReport {
    return { extra: { queued: this.queued, limit: this.limit, max: this.max }, retryAfterS: this.retryAfterS };
  }
}

/** Jobs started outside any tenant (warm-up) share this one. */
const NO_TENANT = '';

export class CompilePool {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;
  private readonly onJobDone: CompilePoolOptions['onJobDone'];
  /** Who runs and who waits: at most one job per thread is handed to Piscina, so none waits there uncounted. Each job: its go-ahead. */
  private readonly queue: FairQueue<() => void>;
  private closed = false;

  constructor(options: CompilePoolOptions) {
    const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    const maxQueue = options.maxQueue ?? 32;
    const perTenantMax = Math.min(maxQueue, options.perTenantQueueMax ?? Math.max(1, Math.floor(maxQueue / 4)));
    this.queue = new FairQueue({ slots: threads, maxWaiting: maxQueue, perTenantMax });
    // Under tsx (dev, tests) the worker is the .ts source; in the build it is the emitted .js.
    const ext = extname(fileURLToPath(import.meta.url));
    this.pool = new Piscina({
      filename: new URL(`./worker${ext}`, import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      // We hand it at most one job per thread; one may wait inside it only while its thread restarts
      // (after a timeout). Not 0: Piscina would refuse that job ("No task queue available").
      maxQueue: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Not 'sync' (Piscina's default): a thread paused in Atomics.wait between jobs never turns its event
      // loop, so V8's idle-time GC and memory reducer never run there, and each compile's garbage stayed
      // resident until the heap neared its limit (issue 24: ~47 KB of RSS per template saved, none of it
      // live). Waiting on its message port instead costs a job well under a millisecond.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMb ?? 512 },
      workerData: { nice: options.nice ?? 10 },
    });
    this.timeoutMs = options.timeoutMs;
    this.onJobDone = options.onJobDone;
    // A worker that dies is replaced by Piscina; without a listener its 'error' event would end the process.
    this.pool.on('error', (error: unknown) => options.onWorkerError?.(error));
  }

  /** Run one small job per thread (each thread also warms itself when it starts). */
  async warmUp(): Promise<void> {
    const job: CompileJob = { kind: 'load', publishedHtml: '<p>{{x}}</p>', output: 'json' };
    // A thread's start-up (loading mjml) can exceed a tight deadline; warm-up gets a generous one.
    const warm = () =>
      this.run(job, { timeoutMs: Math.max(this.timeoutMs, 60_000) }).catch((error: unknown) => {
        if (!(error instanceof CompileQueueFullError)) throw error; // COMPILE_QUEUE_MAX 0 on a thread still starting
      });
    await Promise.all(Array.from({ length: this.pool.options.maxThreads }, warm));
  }

  /**
   * Run a job in a worker, at once when a thread is free, else after waiting its turn (fair-queue.ts).
   * `timeoutMs`: its deadline (default COMPILE_TIMEOUT_MS); `tenant`: whose share of the queue it takes
   * (default: `currentCompileTenant()`).
   * @throws CompileQueueFullError when `maxQueue` jobs already wait, or the tenant's share of them;
   *   TemplateError `mjml_compile_timeout` (500) past the deadline, `template_too_complex` when the job
   *   exhausts a worker's memory, or the job's own refusal (`invalid_mjml`, `template_too_large`, …).
   */
  async run<J extends CompileJob>(job: J, options: { timeoutMs?: number; tenant?: string } = {}): Promise<JobResults[J['kind']]> {
    const tenant = options.tenant ?? currentCompileTenant() ?? NO_TENANT;
    await this.admit(tenant);
    try {
      // A job whose turn came after `close`: Piscina would start a new thread for it, outliving the service.
      if (this.closed) throw new Error('The compile pool is closed: the service is stopping.');
      return await this.execute(job, options.timeoutMs ?? this.timeoutMs);
    } finally {
      this.queue.finish(tenant)?.(); // the freed thread's next job, if one waits
    }
  }

  /** Take a thread now, or a place in the queue and wait for one. @throws CompileQueueFullError. */
  private admit(tenant: string): Promise<void> | undefined {
    let go!: () => void;
    const turn = new Promise<void>((resolve) => (go = resolve));
    const verdict = this.queue.admit(tenant, go);
    if (verdict === 'run') return undefined;
    if (verdict === 'queued') return turn;
    const { maxWaiting, perTenantMax } = this.queue.bounds;
    throw verdict === 'queue_full'
      ? new CompileQueueFullError(this.queue.size, 1, 'COMPILE_QUEUE_MAX', maxWaiting)
      : new CompileQueueFullError(this.queue.waitingOf(tenant), 1, 'COMPILE_QUEUE_PER_KEY_MAX', perTenantMax);
  }

  private async execute<J extends CompileJob>(job: J, timeoutMs: number): Promise<JobResults[J['kind']]> {
    const { port1: started, port2: workerSide } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let startedAt: number | undefined;
    started.once('message', () => {
      startedAt = performance.now();
      timer = setTimeout(() => abort.abort(), timeoutMs);
    });
    // Only jobs a worker started are timed: a refusal from a full queue never ran.
    const done = (how: 'ok' | 'error' | 'timeout') => {
      if (startedAt !== undefined) this.onJobDone?.(job.kind, how, (performance.now() - startedAt) / 1000);
    };
    let outcome: JobOutcome<JobResults[J['kind']]>;
    try {
      outcome = await this.pool.run({ job, started: workerSide }, { transferList: [workerSide], signal: abort.signal });
    } catch (error) {
      done(abort.signal.aborted ? 'timeout' : 'error');
      throw this.translate(error, timeoutMs);
    } finally {
      clearTimeout(timer);
      started.close();
    }
    done(outcome.ok ? 'ok' : 'error');
    if (!outcome.ok) {
      const { code, message, problems, extra } = outcome.error;
      throw new TemplateError(code, message, problems, extra);
    }
    return outcome.value;
  }

  private translate(error: unknown, timeoutMs: number): unknown {
    const e = error as { name?: string; code?: string; message?: string };
    if (e.name === 'AbortError') {
      return new TemplateError('mjml_compile_timeout', `MJML compilation took longer than ${timeoutMs} ms and was stopped.`, [], {
        timeout_ms: timeoutMs,
      });
    }
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new TemplateError(
        'template_too_complex',
        'Compiling this template needs more memory than a compile worker has (COMPILE_WORKER_MEMORY_MB).',
        [],
      );
    }
    // Piscina's own refusals ("Task queue is at limit", "No task queue available and all Workers are
    // busy"): not expected, since it never holds more jobs than threads, but still a busy pool, not a 500.
    if (/queue is at limit|no task queue available/i.test(e.message ?? '')) return new CompileQueueFullError(this.pool.queueSize, 1);
    return error;
  }

  /** Number of worker threads (for /health). */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** Jobs waiting for a thread (for /health and metrics). */
  get queued(): number {
    return this.queue.size + this.pool.queueSize;
  }

  /** Stop the threads: running jobs fail, and so does each waiting one as its turn comes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}
