/**
 * KurrentDB's expected-revision rule and the position text made from a row sequence, with no runtime
 * imports: the SQLite writer thread (adapters/sqlite/writer-thread.ts) loads this, and nothing heavier.
 */
import type { ExpectedRevision, Position } from '../../application/ports/index.js';

/**
 * Whether an append expecting `expected` may go on over the stream's `last` revision (undefined: no stream).
 * Source: KurrentDB "Appending events", expected revision.
 */
export function expectedRevisionHolds(expected: ExpectedRevision, last: number | undefined): boolean {
  if (typeof expected === 'number') return last === expected;
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return last === undefined;
    case 'stream_exists':
      return last !== undefined;
    default: {
      const unknown: never = expected;
      throw new Error(`Unexpected expected revision: ${String(unknown)}`);
    }
  }
}

/**
 * A row id as a `Position`: 20 digits, zero-padded, so the string order is the numeric order (a signed
 * 64-bit row id has at most 19 digits).
 */
export function encodePosition(rowid: number | string): Position {
  return String(rowid).padStart(20, '0');
}
