/**
 * The KurrentDB v1 gRPC protocol as the client package itself defines it: its generated service
 * definitions and message classes (`@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1`), loaded
 * at run time, nothing copied. Loading them through the client's own `require` gives the very classes
 * (and `google-protobuf` instance) the client serialises with, so the double speaks exactly its protocol.
 * Also the error replies the server builds (KurrentDB `Services/Transport/Grpc/RpcExceptions.cs` and the
 * `Status.*` helpers used by `Streams.BatchAppend.cs`): a `google.rpc.Status` whose `details` is an `Any`
 * packing `event_store.client.<Name>`, which the client unpacks by that type name (`unpackError.js`).
 */
import { createRequire } from 'node:module';

const clientRequire = createRequire(createRequire(import.meta.url).resolve('@kurrent/kurrentdb-client'));
/**
 * A generated protobuf message, service definition or message class. They are loaded from the client's
 * JavaScript at run time (no type declarations ship with them), so the type checker cannot know them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generated protobuf JavaScript has no types to name
export type Proto = any;

const load = (path: string): Proto => clientRequire(`../generated/kurrentdb/protocols/v1/${path}`);

export const streamsGrpc: { StreamsService: Proto } = load('streams_grpc_pb.js');
export const featuresGrpc: { ServerFeaturesService: Proto } = load('serverfeatures_grpc_pb.js');
export const streamsPb: Proto = load('streams_pb.js');
export const sharedPb: Proto = load('shared_pb.js');
export const statusPb: Proto = load('status_pb.js');
export const featuresPb: Proto = load('serverfeatures_pb.js');
const { Any } = clientRequire('google-protobuf/google/protobuf/any_pb.js');
const { Timestamp } = clientRequire('google-protobuf/google/protobuf/timestamp_pb.js');
const { Empty } = clientRequire('google-protobuf/google/protobuf/empty_pb.js');

/** `google.protobuf.Empty` as the streams protocol uses it (BatchAppend's oneofs). */
export const googleEmpty = () => new Empty();

/** A `google.protobuf.Timestamp` for `date`. */
export const timestamp = (date: Date) => Timestamp.fromDate(date);

/** The expected state of an append, as the request carries it (`BatchAppendReq.Options.expected_stream_position`). */
export type ExpectedState = { revision: number } | 'no_stream' | 'any' | 'stream_exists';

/** google.rpc.Code values the double answers with (code.proto). */
export const Code = { DEADLINE_EXCEEDED: 4, PERMISSION_DENIED: 7, RESOURCE_EXHAUSTED: 8, FAILED_PRECONDITION: 9, UNAVAILABLE: 14 } as const;

function status(code: number, message: string, detailName: string, detail: { serializeBinary(): Uint8Array }) {
  const any = new Any();
  any.pack(detail.serializeBinary(), `event_store.client.${detailName}`);
  const result = new statusPb.Status();
  result.setCode(code);
  result.setMessage(message);
  result.setDetails(any);
  return result;
}

/** `Status.WrongExpectedVersion(current, expected)`: the current revision (or no stream) and what was expected. */
export function wrongExpectedVersion(current: number | 'no_stream', expected: ExpectedState) {
  const detail = new sharedPb.WrongExpectedVersion();
  if (current === 'no_stream') detail.setCurrentNoStream(googleEmpty());
  else detail.setCurrentStreamRevision(String(current));
  if (expected === 'any') detail.setExpectedAny(googleEmpty());
  else if (expected === 'no_stream') detail.setExpectedNoStream(googleEmpty());
  else if (expected === 'stream_exists') detail.setExpectedStreamExists(googleEmpty());
  else detail.setExpectedStreamPosition(String(expected.revision));
  return status(Code.FAILED_PRECONDITION, 'WrongExpectedVersion', 'WrongExpectedVersion', detail);
}

/** `Status.MaximumAppendSizeExceeded(max)`: the append's events are larger than `MaxAppendSize` bytes. */
export function maximumAppendSizeExceeded(max: number) {
  const detail = new sharedPb.MaximumAppendSizeExceeded();
  detail.setMaxappendsize(max);
  return status(Code.RESOURCE_EXHAUSTED, `Maximum Append Size of ${max} Exceeded.`, 'MaximumAppendSizeExceeded', detail);
}

/** `Status.Timeout`: the write did not complete before its deadline (its outcome is unknown to the client). */
export const timeoutStatus = () => status(Code.DEADLINE_EXCEEDED, 'Timeout', 'Timeout', new sharedPb.Timeout());

/** `Status.AccessDenied`: the user may not write this stream. */
export const accessDeniedStatus = () => status(Code.PERMISSION_DENIED, 'Access Denied', 'AccessDenied', new sharedPb.AccessDenied());

/** A `StreamIdentifier` for `name` (UTF-8 bytes). */
export function streamIdentifier(name: string) {
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(Buffer.from(name, 'utf8'));
  return identifier;
}

/** The stream name of a `StreamIdentifier`. */
export const streamName = (identifier: { getStreamName_asU8(): Uint8Array }) =>
  Buffer.from(identifier.getStreamName_asU8()).toString('utf8');

/** A `shared.UUID` as a string, whichever form (string or structured) it came in. */
export function uuidText(uuid: {
  hasString(): boolean;
  getString(): string;
  getStructured(): { getMostSignificantBits(): string; getLeastSignificantBits(): string };
}): string {
  if (uuid.hasString()) return uuid.getString();
  const s = uuid.getStructured();
  const hex = (value: string) => BigInt.asUintN(64, BigInt(value)).toString(16).padStart(16, '0');
  const text = hex(s.getMostSignificantBits()) + hex(s.getLeastSignificantBits());
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
