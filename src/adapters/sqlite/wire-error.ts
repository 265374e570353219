/**
 * An error as it crosses from the writer thread (structured clone keeps neither an error's class nor its
 * `code`). The thread side (`toWire`) imports no application code; `thread-writer.ts` rebuilds the classes.
 */
import Database from 'better-sqlite3';

/** The name a writer-thread error carries when the store is unusable (rebuilt as `DependencyUnavailableError`). */
export const UNAVAILABLE = 'DependencyUnavailableError';

/** An error as plain data. */
export interface WireError {
  name: string;
  message: string;
  /** SqliteError's result code, e.g. `SQLITE_CONSTRAINT_UNIQUE`. */
  code?: string;
}

/** `error` as plain data for `postMessage`. */
export function toWire(error: unknown): WireError {
  if (error instanceof Database.SqliteError) return { name: 'SqliteError', message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** An error named {@link UNAVAILABLE}: what the writer thread throws for an unusable store. */
export function unavailableOnThread(message: string): Error {
  return Object.assign(new Error(message), { name: UNAVAILABLE });
}
