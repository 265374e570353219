/**
 * What the KurrentDB adapter converts at its edge, as pure functions: expected revisions to the client's
 * stream states, `{ commit, prepare }` positions to the port's opaque strings, recorded events to the
 * port's, the client's errors to the port's, and event ids derived from an append so that a retried
 * append is idempotent. Source of the rules: KurrentDB docs, "Appending events" (expected revision,
 * idempotence by event id) and "Reading events" (`$all` positions).
 */
import { createHash } from 'node:crypto';
import { ANY, NO_STREAM, STREAM_EXISTS, WrongExpectedVersionError, isCommandError, ErrorType } from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent, AppendStreamState, Position as KurrentPosition, ResolvedEvent } from '@kurrent/kurrentdb-client';
import { DependencyUnavailableError } from '../../application/ports/errors.js';
import { WrongExpectedRevisionError, type EventData, type ExpectedRevision, type Position, type RecordedEvent } from '../../application/ports/event-store.js';

/** Digits of each half of an encoded position: a `bigint` commit or prepare position fits 20 (2^64 − 1 has 20). */
const HALF = 20;

/** The client's stream state for an expected revision (the same four cases in both). */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (typeof expected === 'number') return BigInt(expected);
  return expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : ANY;
}

/**
 * `{ commit, prepare }` as the port's `Position`: both halves as 20 zero-padded digits, commit first, so the
 * plain string order is `$all` order (commit position first, then prepare) and every engine's positions
 * stay comparable text.
 * @throws RangeError for a negative or too large half.
 */
export function encodePosition(position: KurrentPosition): Position {
  return half(position.commit) + half(position.prepare);
}

function half(value: bigint): string {
  const text = value.toString(10);
  if (value < 0n || text.length > HALF) throw new RangeError(`A KurrentDB position half must be 0…${'9'.repeat(HALF)}, got ${text}.`);
  return text.padStart(HALF, '0');
}

/** The `{ commit, prepare }` behind a position this adapter made. @throws RangeError for any other string. */
export function decodePosition(position: Position): KurrentPosition {
  if (!/^\d{40}$/.test(position)) throw new RangeError(`'${position}' is not a position of the KurrentDB store.`);
  return { commit: BigInt(position.slice(0, HALF)), prepare: BigInt(position.slice(HALF)) };
}

/** A client revision (`bigint`) as the port's number. @throws RangeError past `Number.MAX_SAFE_INTEGER`. */
export function toRevision(revision: bigint): number {
  if (revision > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Stream revision ${revision} is beyond what this service counts.`);
  return Number(revision);
}

/**
 * A recorded event as the port's. Data and metadata are JSON (this adapter writes nothing else); an event
 * without a position (read from a stream on an old server) gets `fallbackPosition`.
 * @throws TypeError for a resolved event with no event (a link to a deleted one) or binary data.
 */
export function toRecordedEvent(resolved: AllStreamResolvedEvent | ResolvedEvent): RecordedEvent {
  const event = resolved.event;
  if (!event) throw new TypeError('A resolved event without its event (a link to a deleted event) cannot be read.');
  if (!event.isJson) throw new TypeError(`Event ${event.id} in ${event.streamId} is not JSON.`);
  if (!event.position) throw new TypeError(`Event ${event.id} in ${event.streamId} was read without its $all position.`);
  const metadata = event.metadata;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: toRevision(event.revision),
    position: encodePosition(event.position),
    type: event.type,
    data: event.data,
    metadata: metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && !(metadata instanceof Uint8Array) ? (metadata as Record<string, unknown>) : {},
    recordedAt: event.created.toISOString(),
  };
}

/**
 * The id of event `index` of an append: the caller's, else derived from the stream, the expected revision
 * and the event itself, so that the same append retried (after a timeout whose outcome is unknown) carries
 * the same ids and KurrentDB writes it once. A different append at the same expected revision has other
 * content, hence other ids, and meets the revision check. Appends with `any` or `stream_exists` get random
 * ids: their retry is not tied to a revision, and identical events appended twice on purpose must both land.
 * The id is a UUID version 8 (RFC 9562 §5.8: custom, here the first 122 bits of a SHA-256).
 */
export function eventId(streamId: string, expected: ExpectedRevision, index: number, event: EventData, random: () => string): string {
  if (event.id) return event.id;
  if (expected === 'any' || expected === 'stream_exists') return random();
  const hash = createHash('sha256').update(JSON.stringify([streamId, expected, index, event.type, event.data, event.metadata ?? {}])).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80; // version 8
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The client's error in port terms: a wrong expected version → `WrongExpectedRevisionError`; a server
 * that cannot be reached or did not answer in time → `DependencyUnavailableError('kurrentdb')`; anything
 * else unchanged.
 */
export function toPortError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualState;
    return new WrongExpectedRevisionError(streamId, expected, actual === NO_STREAM || typeof actual !== 'bigint' || actual < 0n ? 'no_stream' : toRevision(actual));
  }
  return unavailable(error);
}

/** Client errors that mean "the server cannot answer now", not "the request is wrong". */
const UNAVAILABLE: ReadonlySet<ErrorType> = new Set([ErrorType.UNAVAILABLE, ErrorType.DEADLINE_EXCEEDED, ErrorType.TIMEOUT, ErrorType.NOT_LEADER, ErrorType.CANCELLED]);

/**
 * gRPC status codes with the same meaning, on errors the client passes through unconverted (an append
 * to an unreachable server rejects with the raw gRPC error: `14 UNAVAILABLE`). Source: gRPC status codes.
 */
const GRPC_UNAVAILABLE: ReadonlySet<number> = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/** A connection failure or deadline as `DependencyUnavailableError`; anything else unchanged. */
export function unavailable(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const grpcCode = (error as { code?: unknown }).code;
  if ((isCommandError(error) && UNAVAILABLE.has(error.type)) || (!isCommandError(error) && typeof grpcCode === 'number' && GRPC_UNAVAILABLE.has(grpcCode))) {
    return new DependencyUnavailableError('kurrentdb', `KurrentDB did not answer: ${error.message}`, { cause: error });
  }
  return error;
}
