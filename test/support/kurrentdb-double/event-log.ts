/**
 * The double's storage: `$all` as an array in commit order and each stream's events by revision, with
 * the server's append rules. Sources, cited where each rule is applied:
 *  - expected revision and idempotence: KurrentDB docs, "Appending events" → "Optimistic concurrency and
 *    idempotence" (EventStore/documentation `docs/clients/dotnet/21.2/appending/optimistic-concurrency-and-idempotence.md`),
 *    and the server's `IndexWriter.CheckCommit`, whose tests expect `Idempotent` for the same ids retried at
 *    NoStream (−1) and at Any (`check_commit_with_same_expectedversion_should_return_idempotent_decision`);
 *  - an idempotent write completes with no position: KurrentDB `Streams.BatchAppend.cs` answers
 *    `Success.Completed(commit, prepare, last)` with the write's positions, −1 when nothing was written
 *    (the review's K5; users meeting −1: kurrent-io/KurrentDB#2033);
 *  - size: `Event.SizeOnDisk(type, data, metadata)` = data bytes + metadata bytes + 2 × type length,
 *    summed over the append and compared with `MaxAppendSize` (`Streams.BatchAppend.cs`, `AddEvents`).
 */
import type { ExpectedState } from './protocol.js';

/** One stored event, as `ReadResp.ReadEvent.RecordedEvent` reports it. */
export interface StoredEvent {
  id: string;
  stream: string;
  revision: number;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as the server's `created` metadata entry. */
  created: bigint;
  /** Commit and prepare positions in `$all`; both the same here, increasing with the bytes written. */
  position: bigint;
}

/** An event an append proposes (`BatchAppendReq.ProposedMessage`). */
export type ProposedEvent = Pick<StoredEvent, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>;

export type AppendOutcome =
  | { kind: 'written'; lastRevision: number; position: bigint }
  | { kind: 'idempotent'; lastRevision: number }
  | { kind: 'wrong_expected_version'; current: number | 'no_stream' };

/** `Event.SizeOnDisk`: data + metadata bytes + two bytes per UTF-16 unit of the type (a .NET string's Length). */
export function sizeOnDisk(event: Pick<ProposedEvent, 'type' | 'data' | 'metadata'>): number {
  return event.data.length + event.metadata.length + event.type.length * 2;
}

export class EventLog {
  readonly all: StoredEvent[] = [];
  readonly #streams = new Map<string, StoredEvent[]>();
  readonly #listeners = new Set<(events: StoredEvent[]) => void>();
  /** Real positions are byte offsets in the transaction log: start past 0 and leave gaps, so nothing may count them. */
  #nextPosition = 1024n;

  stream(name: string): StoredEvent[] | undefined {
    return this.#streams.get(name);
  }

  /** Called with each batch written, synchronously, after it is stored (live subscriptions). */
  onWritten(listener: (events: StoredEvent[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Apply the expected-state check and the idempotence rule, then write. The docs' rule: with an expected
   * revision below the current one, the proposed ids are compared with the events after it — all there:
   * success, nothing written; otherwise WrongExpectedVersion. With `any`: all ids already in the stream →
   * success, nothing written; none → written; some → WrongExpectedVersion ("a bad request").
   */
  append(name: string, expected: ExpectedState, proposed: ProposedEvent[], now = new Date()): AppendOutcome {
    const events = this.#streams.get(name) ?? [];
    const current = events.length === 0 ? 'no_stream' : events.length - 1;
    const retried = this.#retried(events, expected, proposed);
    if (retried === 'partial') return { kind: 'wrong_expected_version', current };
    if (retried !== null) return { kind: 'idempotent', lastRevision: retried };
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof expected === 'object' && expected.revision === current);
    if (!ok) return { kind: 'wrong_expected_version', current };
    if (proposed.length === 0) return { kind: 'idempotent', lastRevision: current === 'no_stream' ? -1 : current };
    const created = BigInt(now.getTime()) * 10_000n;
    const written = proposed.map((event, i): StoredEvent => {
      const position = this.#nextPosition;
      this.#nextPosition += BigInt(64 + sizeOnDisk(event));
      return { ...event, stream: name, revision: events.length + i, created, position };
    });
    events.push(...written);
    this.#streams.set(name, events);
    this.all.push(...written);
    for (const listener of this.#listeners) listener(written);
    return { kind: 'written', lastRevision: events.length - 1, position: written.at(-1)!.position };
  }

  /** The last revision of an earlier write of exactly these events; null when it is not a retry; 'partial' when only some ids were written. */
  #retried(events: StoredEvent[], expected: ExpectedState, proposed: ProposedEvent[]): number | null | 'partial' {
    if (proposed.length === 0) return null;
    if (expected === 'any' || expected === 'stream_exists') {
      const found = proposed.map((event) => events.find((stored) => stored.id === event.id));
      if (found.every((event) => event === undefined)) return null;
      return found.every((event) => event !== undefined) ? found.at(-1)!.revision : 'partial';
    }
    const from = expected === 'no_stream' ? 0 : expected.revision + 1;
    if (from >= events.length) return null; // at or beyond the head: a plain check
    const matched = proposed.filter((event, i) => events[from + i]?.id === event.id).length;
    if (matched === proposed.length) return from + proposed.length - 1;
    return matched === 0 ? null : 'partial';
  }
}
