/**
 * The main thread's side of the writer thread (writer-thread.ts): one Piscina thread (the library the
 * compile pool uses, so the thread module resolves alike under tsx and in the build), each write a task
 * whose answer is awaited never longer than a bound. An idle thread does not keep the process alive.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Piscina } from 'piscina';
import { DependencyUnavailableError } from '../../application/ports/index.js';
import { DEFAULT_LOCK_WAIT_MS } from './lock-retry.js';
import { UNAVAILABLE, type WireError } from './wire-error.js';
import type { SqliteWriter } from './writer.js';
import type { WriterAnswer, WriterTask, WriterThreadData } from './writer-thread.js';
import type { WriteOp, WriteOps } from './writes.js';

/** How much longer than the lock-wait bound a write may take before the caller is answered 503, ms. */
const ANSWER_MARGIN_MS = 10_000;

/** Under tsx (dev, tests) the thread runs the .ts source; in the build the emitted .js (as the compile pool does). */
const WRITER_THREAD_URL = new URL(`./writer-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** What a {@link ThreadWriter} is made with. */
export interface ThreadWriterOptions {
  /** The thread's connection's lock-wait bound, ms. Default {@link DEFAULT_LOCK_WAIT_MS}. */
  lockWaitMs?: number;
  /** Longest wait for one write's answer, ms. Default the lock-wait bound + 10 s. */
  answerTimeoutMs?: number;
  /** The thread's module (tests start a failing one); default writer-thread.ts beside this file. */
  threadUrl?: URL;
}

/**
 * {@link SqliteWriter} on a worker thread owning its own connection to `file` (WAL: the main thread's
 * connection goes on reading meanwhile, and sees each write once it is answered).
 *
 * A write whose thread fails (crashes, cannot open the file) or that is not answered within
 * `answerTimeoutMs` rejects with `DependencyUnavailableError` (503); a write past the bound has its thread
 * ended, and may or may not have committed (as with any storage timeout: the client's retry with an
 * Idempotency-Key, or its expected revision, tells). Piscina starts a new thread for the next write.
 */
export class ThreadWriter implements SqliteWriter {
  readonly #pool: Piscina<WriterTask, WriterAnswer>;
  readonly #answerTimeoutMs: number;
  #closed = false;

  /** @param file the store file, already created and migrated (`openDatabase`); never `:memory:`. */
  constructor(file: string, options: ThreadWriterOptions = {}) {
    const lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
    this.#answerTimeoutMs = options.answerTimeoutMs ?? lockWaitMs + ANSWER_MARGIN_MS;
    const workerData: WriterThreadData = { file, lockWaitMs };
    this.#pool = new Piscina<WriterTask, WriterAnswer>({
      filename: (options.threadUrl ?? WRITER_THREAD_URL).href,
      // One writer: SQLite takes one write at a time anyway, and one thread keeps the writes in the order sent.
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    // A thread that dies fails its task (answered below) and is replaced; without a listener its 'error' would end the process.
    this.#pool.on('error', () => {});
  }

  /**
   * Run `op` on the writer thread and answer its result.
   * @throws DependencyUnavailableError when the writer is closed, its thread fails, or no answer comes in time;
   *   otherwise what the operation threw (see {@link SqliteWriter}).
   */
  async run<K extends WriteOp>(op: K, ...args: Parameters<WriteOps[K]>): Promise<ReturnType<WriteOps[K]>> {
    if (this.#closed) throw new DependencyUnavailableError('sqlite', 'The SQLite writer is closed.');
    const signal = AbortSignal.timeout(this.#answerTimeoutMs);
    let answer: WriterAnswer;
    try {
      answer = await this.#pool.run({ op, args }, { signal });
    } catch (error) {
      // Aborted: Piscina ends the thread that was running the write (a stuck commit does not stay stuck).
      const message = signal.aborted
        ? `The SQLite writer thread did not answer within ${this.#answerTimeoutMs} ms.`
        : `The SQLite writer thread failed: ${error instanceof Error ? error.message : String(error)}`;
      throw new DependencyUnavailableError('sqlite', message, { cause: error });
    }
    if (!answer.ok) throw fromWire(answer.error);
    return answer.value as ReturnType<WriteOps[K]>;
  }

  /** Let the writes already sent finish, then end the thread (its connection closes with it). Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.close();
  }
}

/** The error of the writer thread's class again: 503 for an unusable store, SqliteError with its code, else by name. */
function fromWire(wire: WireError): Error {
  switch (wire.name) {
    case UNAVAILABLE:
      return new DependencyUnavailableError('sqlite', wire.message);
    case 'SqliteError':
      return new Database.SqliteError(wire.message, wire.code ?? 'SQLITE_ERROR');
    case 'TypeError':
      return new TypeError(wire.message);
    case 'RangeError':
      return new RangeError(wire.message);
    default:
      return Object.assign(new Error(wire.message), { name: wire.name });
  }
}
