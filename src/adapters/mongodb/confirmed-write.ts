/**
 * Single-document writes that tell the truth after a write concern error (review finding M6).
 *
 * A `writeConcernError` says the primary applied the write but a majority did not acknowledge it in time
 * (MongoDB manual, "Write Concern", wtimeout: "the write operation may have succeeded… MongoDB does not undo
 * successful data modifications performed before the write concern exceeded the wtimeout time limit"). So a
 * 503 for it may be a lie: an API key that exists, an idempotency claim that refuses the client's retry.
 * Instead the adapter reads the document back at read concern majority: if the write is there, it is durable
 * and counts as done; if not, the adapter sends a best-effort undo (it lands on the primary after the write,
 * so it replicates after it) and answers DependencyUnavailableError.
 */
import { MongoWriteConcernError } from 'mongodb';
import { guardMongo } from './database.js';

/**
 * Run `write`; after a write concern error, `readBack()` (a majority read) decides: its non-null value is
 * returned as the write's result; `null` (not there) sends `undo` without waiting for it and rethrows.
 * @throws DependencyUnavailableError (outages, and a write a majority does not have); other errors as they are.
 */
export async function confirmedWrite<T>(
  write: () => Promise<T>,
  readBack: () => Promise<T | null>,
  undo?: () => Promise<unknown>,
): Promise<T> {
  try {
    return await guardMongo(write);
  } catch (error) {
    if (!hasWriteConcernError(error)) throw error;
    const landed = await guardMongo(readBack);
    if (landed !== null) return landed;
    // Not awaited: under the same outage it waits as long as the write did; the answer need not.
    if (undo) void undo().catch(() => undefined);
    throw error;
  }
}

function hasWriteConcernError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  return error instanceof MongoWriteConcernError || hasWriteConcernError(error.cause, depth + 1);
}
