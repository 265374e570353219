/**
 * What the KurrentDB adapter converts at its edge, as pure functions: expected revisions to the client's
 * stream states, `{ commit, prepare }` positions to the port's opaque strings, recorded events to the
 * port's, the client's errors to the port's, and event ids. Source of the rules: KurrentDB docs,
 * "Appending events" (expected revision, idempotence by event id) and "Reading events" (`$all` positions).
 */
import {
  ANY,
  AccessDeniedError,
  MaxAppendSizeExceededError,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  isCommandError,
  ErrorType,
} from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent, AppendStreamState, Position as KurrentPosition, ResolvedEvent } from '@kurrent/kurrentdb-client';
import {
  DependencyUnavailableError,
  AppendTooLargeError,
  WrongExpectedRevisionError,
  type EventData,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
} from '../../application/ports/index.js';

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
 * A recorded event as the port's. Data and metadata are JSON (this adapter writes nothing else).
 * @throws TypeError for a resolved event with no event (a link to a deleted one), binary data, or no
 *   `$all` position; a subscription skips such an event (see `KurrentSubscription`), a read fails.
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
    metadata:
      metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && !(metadata instanceof Uint8Array) ? metadata : {},
    recordedAt: event.created.toISOString(),
  };
}

/**
 * What to report of an event a subscription skips: its position and stream when the client gave them
 * (a link to a deleted event has only the link and the `$all` commit position), and why.
 */
export function skippedEvent(
  resolved: AllStreamResolvedEvent,
  error: unknown,
): { position: Position | null; streamId: string | null; reason: string } {
  const event = resolved.event ?? resolved.link;
  const position = event?.position
    ? encodePosition(event.position)
    : resolved.commitPosition !== undefined
      ? encodePosition({ commit: resolved.commitPosition, prepare: resolved.commitPosition })
      : null;
  return { position, streamId: event?.streamId ?? null, reason: error instanceof Error ? error.message : String(error) };
}

/**
 * The id of an event to append: the caller's, else a random UUID. KurrentDB treats an append whose ids are
 * already in the stream after the expected revision as a retry and writes nothing (docs: "Optimistic
 * concurrency and idempotence"; server `IndexWriter.CheckCommit`, NoStream included). Ids derived from the
 * content made two identical appends at a stale revision succeed, where every store must refuse the second
 * (the EventStore contract): a caller that wants a retry to be idempotent gives the ids itself.
 */
export function eventId(event: EventData, random: () => string): string {
  return event.id ?? random();
}

/**
 * The client's error of an append in port terms: a wrong expected version → `WrongExpectedRevisionError`;
 * the server's `MaxAppendSize` → `AppendTooLargeError`; a server that cannot be reached or did not answer
 * in time → `DependencyUnavailableError('kurrentdb')`; access denied → `KurrentAccessDeniedError`;
 * anything else unchanged.
 */
export function toPortError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualState;
    return new WrongExpectedRevisionError(
      streamId,
      expected,
      actual === NO_STREAM || typeof actual !== 'bigint' || actual < 0n ? 'no_stream' : toRevision(actual),
    );
  }
  if (error instanceof MaxAppendSizeExceededError) return new AppendTooLargeError(streamId, error.maxAppendSize);
  return unavailable(error);
}

/**
 * The user in `KURRENTDB_URL` may not do what the service needs: a configuration error, not a client's
 * request nor an outage. Reading `$all` and filtered subscriptions need an admin user or `$all` read ACLs
 * (client docs, "Reading events" and "Catch-up subscriptions"); the project streams need write ACLs.
 */
export class KurrentAccessDeniedError extends Error {
  override readonly name = 'KurrentAccessDeniedError';
  constructor(cause: unknown) {
    super(
      `KurrentDB refused access to the user in KURRENTDB_URL (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Letterpress reads $all with a stream filter and subscribes to it, which needs an admin user (or read ACLs on $all), and writes streams starting with project-: see docs/kurrentdb.md.',
      { cause },
    );
  }
}

/** Client errors that mean "the server cannot answer now", not "the request is wrong". */
const UNAVAILABLE: ReadonlySet<ErrorType> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
  ErrorType.CANCELLED,
]);

/**
 * gRPC status codes with the same meaning, on errors the client passes through unconverted (an append
 * to an unreachable server rejects with the raw gRPC error: `14 UNAVAILABLE`). Source: gRPC status codes.
 */
const GRPC_UNAVAILABLE: ReadonlySet<number> = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/** A connection failure or deadline as `DependencyUnavailableError`, access denied as `KurrentAccessDeniedError`; anything else unchanged. */
export function unavailable(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error instanceof AccessDeniedError || (!isCommandError(error) && (error as { code?: unknown }).code === 7) /* PERMISSION_DENIED */)
    return new KurrentAccessDeniedError(error);
  const grpcCode = (error as { code?: unknown }).code;
  if (
    (isCommandError(error) && UNAVAILABLE.has(error.type)) ||
    (!isCommandError(error) && typeof grpcCode === 'number' && GRPC_UNAVAILABLE.has(grpcCode))
  ) {
    return new DependencyUnavailableError('kurrentdb', `KurrentDB did not answer: ${error.message}`, { cause: error });
  }
  return error;
}
