/**
 * `Streams.BatchAppend`, the bidirectional stream the client appends through once ServerFeatures lists it
 * (client `appendToStream/index.js`). Copied from KurrentDB `Services/Transport/Grpc/Streams.BatchAppend.cs`:
 * requests are gathered by correlation id (options on the first, proposed messages on each, `is_final` on the
 * last); the size is checked as events arrive; the write's outcome becomes one `BatchAppendResp` with the
 * same correlation id — `Success` with the current revision and position (or `no_position` when nothing
 * was written), or an `Error` status: WrongExpectedVersion with details, MaximumAppendSizeExceeded, or
 * Timeout when the deadline passes first (`ClientWriteRequest`'s `onTimeout`).
 */
import * as grpc from '@grpc/grpc-js';
import { sizeOnDisk, type EventLog, type ProposedEvent } from './event-log.js';
import type { KurrentFaults } from './faults.js';
import {
  accessDeniedStatus,
  googleEmpty,
  maximumAppendSizeExceeded,
  sharedPb,
  streamIdentifier,
  streamName,
  streamsPb,
  timeoutStatus,
  uuidText,
  wrongExpectedVersion,
  type ExpectedState,
  type Proto,
} from './protocol.js';

interface PendingWrite {
  stream: string;
  expected: ExpectedState;
  deadline: Date;
  events: ProposedEvent[];
  size: number;
}

function expectedState(options: Proto): ExpectedState {
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasAny()) return 'any';
  if (options.hasStreamExists()) return 'stream_exists';
  return { revision: Number(options.getStreamPosition()) };
}

function deadlineOf(options: Proto): Date {
  if (options.hasDeadline())
    return new Date(Date.now() + Number(options.getDeadline().getSeconds()) * 1000 + options.getDeadline().getNanos() / 1e6);
  return options.hasDeadline21100() ? options.getDeadline21100().toDate() : new Date(Date.now() + 60_000);
}

function proposedEvent(message: Proto): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: uuidText(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}

/** The BatchAppend handler over `log`, obeying `faults` (read at each request). */
export function batchAppendHandler(log: EventLog, faults: KurrentFaults, timers: Set<NodeJS.Timeout>) {
  return (call: grpc.ServerDuplexStream<Proto, Proto>) => {
    const pending = new Map<string, PendingWrite>();
    const reply = (correlation: Proto, stream: string, fill: (response: Proto) => void) => {
      const response = new streamsPb.BatchAppendResp();
      response.setCorrelationId(correlation);
      response.setStreamIdentifier(streamIdentifier(stream));
      fill(response);
      call.write(response);
    };
    call.on('error', () => {}); // a client that goes away mid-call
    call.on('end', () => call.end());
    call.on('data', (request: Proto) => {
      if (faults.unavailableAppends > 0) {
        faults.unavailableAppends -= 1;
        call.emit(
          'error',
          Object.assign(new Error('the double refuses appends (fault: unavailableAppends)'), { code: grpc.status.UNAVAILABLE }),
        );
        return;
      }
      const correlation = request.getCorrelationId();
      const key = uuidText(correlation);
      if (request.hasOptions()) {
        const options = request.getOptions();
        pending.set(key, {
          stream: streamName(options.getStreamIdentifier()),
          expected: expectedState(options),
          deadline: deadlineOf(options),
          events: [],
          size: 0,
        });
      }
      const write = pending.get(key);
      if (!write) return; // refused earlier (size): later parts are ignored, as the server does
      for (const message of request.getProposedMessagesList()) {
        const event = proposedEvent(message);
        write.events.push(event);
        write.size += sizeOnDisk(event);
      }
      if (write.size > faults.maxAppendSize) {
        pending.delete(key);
        reply(correlation, write.stream, (r) => r.setError(maximumAppendSizeExceeded(faults.maxAppendSize)));
        return;
      }
      if (!request.getIsFinal()) return;
      pending.delete(key);
      if (faults.deniedStreamPrefix !== null && write.stream.startsWith(faults.deniedStreamPrefix)) {
        reply(correlation, write.stream, (r) => r.setError(accessDeniedStatus()));
        return;
      }
      faults.beforeWrite?.(write.stream);
      if (faults.holdAppends) {
        // The write may or may not happen; the answer is the server's Timeout at the request's deadline.
        if (faults.holdAppends.commit) log.append(write.stream, write.expected, write.events);
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            reply(correlation, write.stream, (r) => r.setError(timeoutStatus()));
          },
          Math.max(0, write.deadline.getTime() - Date.now()),
        );
        timers.add(timer);
        return;
      }
      const outcome = log.append(write.stream, write.expected, write.events);
      reply(correlation, write.stream, (response) => {
        if (outcome.kind === 'wrong_expected_version') {
          response.setError(wrongExpectedVersion(outcome.current, write.expected));
          return;
        }
        const success = new streamsPb.BatchAppendResp.Success();
        if (outcome.lastRevision < 0) success.setNoStream(googleEmpty());
        else success.setCurrentRevision(String(outcome.lastRevision));
        if (outcome.kind === 'written') {
          const position = new sharedPb.AllStreamPosition();
          position.setCommitPosition(String(outcome.position));
          position.setPreparePosition(String(outcome.position));
          success.setPosition(position);
        } else success.setNoPosition(googleEmpty());
        response.setSuccess(success);
      });
    });
  };
}
