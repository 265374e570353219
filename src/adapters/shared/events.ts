/**
 * What every event-store adapter does the same way: KurrentDB's expected-revision rules, the checks an
 * event must pass before it is written, and positions made from a row sequence.
 */
import { encodePosition, expectedRevisionHolds } from './expected-revision.js';
import { Hints } from './hints.js';
import {
  WrongExpectedRevisionError,
  type EventData,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
} from '../../application/ports/index.js';

/**
 * Refuse an append whose expected revision does not hold over the stream's `last` revision (undefined:
 * no stream). Source: KurrentDB "Appending events", expected revision.
 * @throws WrongExpectedRevisionError.
 */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, last: number | undefined): void {
  if (!expectedRevisionHolds(expected, last)) throw new WrongExpectedRevisionError(streamId, expected, last ?? 'no_stream');
}

/** @throws TypeError when an event has no type. */
export function requireType(event: EventData): string {
  if (typeof event.type !== 'string' || event.type === '') throw new TypeError('Every event needs a non-empty type.');
  return event.type;
}

/** An event's data or metadata as JSON text. @throws TypeError when it is not JSON-serialisable. */
export function toJson(value: unknown, field: string): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`Event ${field} must be JSON-serialisable; got ${typeof value}.`);
  return json;
}

/** @throws RangeError on a numeric expected revision that is not a non-negative integer. */
export function checkExpectedRevisionShape(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Expected revision must be a non-negative integer, 'no_stream', 'stream_exists' or 'any'; got ${expected}.`);
  }
}

export { encodePosition } from './expected-revision.js';

/** @throws RangeError for a string `encodePosition` does not make. */
export function decodePosition(position: Position): number {
  if (!/^\d{20}$/.test(position)) throw new RangeError(`'${position}' is not a position of this store.`);
  return Number(position);
}

/** An event row as both SQL stores keep it (JSON as text, the position as the row sequence). */
export interface EventRow {
  position: number | string;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/** An event row as the port's `RecordedEvent`. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: encodePosition(row.position),
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    recordedAt: row.recorded_at,
  };
}

/** The `onAppended` listeners of one store instance: told the position of the last event of each non-empty append. */
export class AppendListeners extends Hints<Position> {}
