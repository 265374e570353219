/**
 * The writer thread (issue 24, item 4): a Piscina task module that owns a connection of its own to the
 * store file and runs the write operations (writes.ts) `thread-writer.ts` sends. better-sqlite3 commits
 * synchronously (with fsync, `synchronous=FULL`); here that wait stops this thread only, never the
 * service's event loop. Piscina runs one task at a time on the one thread: writes run in the order sent.
 * It imports better-sqlite3 and this folder's driver-level files only, so it starts in well under a
 * second (the application's ports import the renderer).
 *
 * Task in: `{ op, args }`. Answer: `{ ok: true, value }` or `{ ok: false, error: WireError }`; the error
 * travels as data because a thrown one would lose its class and fields on the way (structured clone).
 */
import { workerData } from 'node:worker_threads';
import { openDatabase } from './database.js';
import { retryWhileLocked } from './lock-retry.js';
import { toWire, unavailableOnThread, type WireError } from './wire-error.js';
import { inlineWriter, type SqliteWriter } from './writer.js';
import type { WriteOp } from './writes.js';

/** What the thread is started with (Piscina's `workerData`). */
export interface WriterThreadData {
  /** The store file (never `:memory:`: a thread cannot share one). */
  file: string;
  /** Lock-wait bound of this connection, ms (`openDatabase`'s `lockWaitMs`). */
  lockWaitMs?: number;
}

/** One write to run. */
export interface WriterTask {
  op: WriteOp;
  args: unknown[];
}

/** A write's answer. */
export type WriterAnswer = { ok: true; value: unknown } | { ok: false; error: WireError };

let writer: SqliteWriter | undefined;

/** Open the connection on the first write (an open that fails answers 503, and the next write tries again). */
function connection(): SqliteWriter {
  if (writer) return writer;
  const { file, lockWaitMs } = workerData as WriterThreadData;
  let db;
  try {
    db = openDatabase(file, { lockWaitMs });
  } catch (error) {
    throw unavailableOnThread(`The SQLite writer thread cannot open ${file}: ${String(error)}`);
  }
  writer = inlineWriter(db, (on, operation) => retryWhileLocked(on, operation, (message) => unavailableOnThread(message)));
  return writer;
}

/** Run `task` on this thread's connection, with lock-retry.ts's lock waits; never throws. */
export default async function runWrite(task: WriterTask): Promise<WriterAnswer> {
  try {
    const value = await (connection().run as (op: WriteOp, ...args: unknown[]) => Promise<unknown>)(task.op, ...task.args);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toWire(error) };
  }
}
