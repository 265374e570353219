/**
 * `Streams.Read`: stream reads and `$all` reads (the client sends these through its Rust bridge, over the
 * same protocol), and catch-up subscriptions to `$all` (the client's `subscribeToAll`, over grpc-js).
 * Copied from KurrentDB `Services/Transport/Grpc/Streams.Read.cs` and the enumerators it uses
 * (`Services/Transport/Enumerators/Enumerator.ReadStream*.cs`, `ReadAll*Filtered.cs`, `AllSubscriptionFiltered.cs`):
 *  - a read of a stream that does not exist answers one `stream_not_found` message;
 *  - `$all` forwards from a position includes the event at it; backwards from a position gives those before;
 *  - a filter matches a stream name or event type by prefix list or regex (`FilterOptions.Expression`),
 *    counting only matching events against `count`;
 *  - a subscription answers `confirmation`, then the events strictly after its start position, then ONE
 *    `caught_up` when it goes live (`GoLive` → `NotifyCaughtUp`, only since 23.10, kurrent-io/KurrentDB
 *    PR #3899), then every new matching event; nothing more is sent per live event.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { EventLog, StoredEvent } from './event-log.js';
import type { KurrentFaults } from './faults.js';
import { sharedPb, streamIdentifier, streamName, streamsPb, timestamp, type Proto } from './protocol.js';

const FORWARDS = 0; // ReadReq.Options.ReadDirection.Forwards

/** A predicate for `FilterOptions` (or everything, for `no_filter`). */
function matcher(options: Proto): (event: StoredEvent) => boolean {
  if (!options.hasFilter()) return () => true;
  const filter = options.getFilter();
  const onType = filter.hasEventType();
  const expression = onType ? filter.getEventType() : filter.getStreamIdentifier();
  const prefixes: string[] = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
  return (event) => {
    const subject = onType ? event.type : event.stream;
    return prefixes.length > 0 ? prefixes.some((prefix) => subject.startsWith(prefix)) : regex === null || regex.test(subject);
  };
}

/** `ReadResp.event` for a stored event: string UUID (the client asks for `uuid_option.string`), positions, `type`/`content-type`/`created` metadata. */
function eventResponse(event: StoredEvent): Proto {
  const id = new sharedPb.UUID();
  id.setString(event.id);
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(id);
  recorded.setStreamIdentifier(streamIdentifier(event.stream));
  recorded.setStreamRevision(String(event.revision));
  recorded.setPreparePosition(String(event.position));
  recorded.setCommitPosition(String(event.position));
  const metadata = recorded.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.contentType);
  metadata.set('created', String(event.created));
  recorded.setCustomMetadata(event.metadata);
  recorded.setData(event.data);
  const read = new streamsPb.ReadResp.ReadEvent();
  read.setEvent(recorded);
  read.setCommitPosition(String(event.position));
  const response = new streamsPb.ReadResp();
  response.setEvent(read);
  return response;
}

/** The `$all` position a request starts from: null for start, 'end', or a commit position. */
function allStart(all: Proto): bigint | null | 'end' {
  if (all.hasPosition()) return BigInt(all.getPosition().getCommitPosition());
  return all.hasEnd() ? 'end' : null;
}

/** Events a bounded read returns, in its direction, before `count` is applied. */
function bounded(log: EventLog, options: Proto): StoredEvent[] | 'not_found' {
  const forwards = options.getReadDirection() === FORWARDS;
  if (options.hasStream()) {
    const stream = options.getStream();
    const events = log.stream(streamName(stream.getStreamIdentifier()));
    if (!events) return 'not_found';
    const from = stream.hasRevision() ? Number(stream.getRevision()) : stream.hasEnd() ? Infinity : forwards ? 0 : -Infinity;
    return forwards ? events.filter((e) => e.revision >= from) : events.filter((e) => e.revision <= from).reverse();
  }
  const from = allStart(options.getAll());
  if (forwards) return from === 'end' ? [] : log.all.filter((e) => from === null || e.position >= from);
  return log.all.filter((e) => from === 'end' || (from !== null && e.position < from)).reverse();
}

/** An open subscription the double can drop. */
export type OpenSubscriptions = Set<grpc.ServerWritableStream<Proto, Proto>>;

/** The Read handler over `log`, obeying `faults`; subscriptions are kept in `open` while they run. */
export function readHandler(log: EventLog, faults: KurrentFaults, open: OpenSubscriptions) {
  return (call: grpc.ServerWritableStream<Proto, Proto>) => {
    const options = call.request.getOptions();
    call.on('error', () => {});
    if (options.hasAll() && faults.denyAll) {
      // A non-admin user reading $all on a secure cluster (client docs: "only admin users may subscribe to $all").
      call.emit('error', Object.assign(new Error('Access Denied'), { code: grpc.status.PERMISSION_DENIED }));
      return;
    }
    const matches = matcher(options);
    if (!options.hasSubscription() && faults.holdReads) return; // held open, unanswered, until the double stops
    if (!options.hasSubscription()) {
      const events = bounded(log, options);
      if (events === 'not_found') {
        const notFound = new streamsPb.ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(options.getStream().getStreamIdentifier());
        const response = new streamsPb.ReadResp();
        response.setStreamNotFound(notFound);
        call.write(response);
      } else {
        const count = options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
        for (const event of events.filter(matches).slice(0, count)) call.write(eventResponse(event));
      }
      call.end();
      return;
    }
    if (!options.hasAll()) {
      call.emit('error', Object.assign(new Error('the double subscribes to $all only'), { code: grpc.status.UNIMPLEMENTED }));
      return;
    }
    subscribe(log, faults, open, call, allStart(options.getAll()), matches);
  };
}

/** Confirmation, catch-up strictly after `from`, one CaughtUp (unless the server predates it), then live. */
function subscribe(
  log: EventLog,
  faults: KurrentFaults,
  open: OpenSubscriptions,
  call: grpc.ServerWritableStream<Proto, Proto>,
  from: bigint | null | 'end',
  matches: (event: StoredEvent) => boolean,
): void {
  const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new streamsPb.ReadResp();
  confirmed.setConfirmation(confirmation);
  call.write(confirmed);
  // Catch-up and going live happen in one turn of the event loop: no append can fall between them.
  const start = from === 'end' ? (log.all.at(-1)?.position ?? -1n) : from;
  for (const event of log.all) if ((start === null || event.position > start) && matches(event)) call.write(eventResponse(event));
  if (!faults.noCaughtUp) {
    const caughtUp = new streamsPb.ReadResp.CaughtUp();
    caughtUp.setTimestamp(timestamp(new Date()));
    const head = log.all.at(-1);
    if (head) {
      const position = new streamsPb.ReadResp.Position();
      position.setCommitPosition(String(head.position));
      position.setPreparePosition(String(head.position));
      caughtUp.setPosition(position);
    }
    const response = new streamsPb.ReadResp();
    response.setCaughtUp(caughtUp);
    call.write(response);
  }
  const stopListening = log.onWritten((events) => {
    for (const event of events) if (matches(event)) call.write(eventResponse(event));
  });
  open.add(call);
  const close = () => {
    stopListening();
    open.delete(call);
  };
  call.on('cancelled', close);
  call.on('close', close);
  call.on('finish', close);
}
