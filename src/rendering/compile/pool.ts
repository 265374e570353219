/**
 * MJML compile pool: `mjml2html` in worker threads (Piscina) with a deadline. A compile that exceeds
 * `timeoutMs` is aborted (its worker is terminated and replaced) and reported as
 * `mjml_compile_timeout` (500, ARCHITECTURE §4).
 */
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ParsedNode } from '../mjml/runtime.js';
import { TemplateError } from '../template-error.js';

/** A validator finding; `line` is null for trees that carry no source lines (an `ast` request). */
export interface CompileFinding {
  line: number | null;
  tagName: string;
  message: string;
}

export type CompileOutcome = { ok: true; html: string; errors: CompileFinding[] } | { ok: false; message: string };

export interface CompilePoolOptions {
  /** Compile deadline in ms, queueing included. */
  timeoutMs: number;
  /** Worker threads; default: one less than the cores, at least 1, at most 4. */
  threads?: number;
  /** Told when a worker thread crashes (it is replaced). */
  onWorkerError?: (error: unknown) => void;
}

export class CompilePool {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;

  constructor(options: CompilePoolOptions) {
    const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    // Under tsx (dev, tests) the worker is the .ts source; in the build it is the emitted .js.
    const ext = extname(fileURLToPath(import.meta.url));
    this.pool = new Piscina({
      filename: new URL(`./worker${ext}`, import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
    this.timeoutMs = options.timeoutMs;
    // A worker that dies is replaced by Piscina; without a listener its 'error' event would end the process.
    this.pool.on('error', (error: unknown) => options.onWorkerError?.(error));
  }

  /**
   * The first compile in a thread is ~10x slower than later ones (notes/performance.md): pay it at start
   * with one small compile per thread. (Top-level await in the worker module breaks Piscina's loader.)
   */
  async warmUp(): Promise<void> {
    const tree: ParsedNode = {
      tagName: 'mjml',
      attributes: {},
      children: [{ tagName: 'mj-body', attributes: {}, children: [{ tagName: 'mj-section', attributes: {}, children: [{ tagName: 'mj-column', attributes: {}, children: [{ tagName: 'mj-text', attributes: {}, content: 'warm-up {{x}}' }] }] }] }],
    };
    // A thread's start-up plus first compile can exceed a tight deadline; warm-up gets a generous one.
    await Promise.all(Array.from({ length: this.pool.options.maxThreads }, () => this.compile(tree, Math.max(this.timeoutMs, 60_000))));
  }

  /**
   * Compile an MJML tree to HTML (validation 'soft': findings are returned, never thrown).
   * @throws TemplateError `mjml_compile_timeout` (status 500) past the deadline.
   */
  async compile(tree: ParsedNode, timeoutMs = this.timeoutMs): Promise<CompileOutcome> {
    try {
      return (await this.pool.run({ tree }, { signal: AbortSignal.timeout(timeoutMs) })) as CompileOutcome;
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        throw new TemplateError('mjml_compile_timeout', `MJML compilation took longer than ${timeoutMs} ms and was stopped.`, [], 500, {
          timeout_ms: timeoutMs,
        });
      }
      throw error;
    }
  }

  /** Number of worker threads (for /health). */
  get threads(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
