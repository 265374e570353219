/**
 * ReceiptKeys (src/application/receipts/receipt-keys.ts) over an in-memory stream: the first signing adds one key;
 * a first key raced for by another writer is theirs; a refresh the store cannot answer keeps the keys already read
 * signing (a render never fails for it) while a verification's fresh read reports the store's error.
 */
import { expect } from 'chai';
import { ReceiptKeys } from '../../src/application/receipts/index.js';
import { WrongExpectedRevisionError, type EventData, type EventStore, type RecordedEvent } from '../../src/application/ports/index.js';

/** One stream in memory, with switches: reads that fail, and an append of another writer's key before ours. */
function memoryStore() {
  const events: RecordedEvent[] = [];
  const state = { failReads: false, reads: 0, raceWith: undefined as EventData | undefined };
  const record = (event: EventData): void => {
    events.push({ ...event, id: String(events.length), streamId: 's', revision: events.length } as unknown as RecordedEvent);
  };
  const store = {
    async readStream() {
      state.reads += 1;
      if (state.failReads) throw new Error('store down');
      return [...events];
    },
    async appendToStream(_stream: string, added: EventData[], { expectedRevision }: { expectedRevision: number | 'no_stream' }) {
      if (state.raceWith) {
        record(state.raceWith);
        state.raceWith = undefined;
      }
      const actual = events.length === 0 ? 'no_stream' : events.length - 1;
      if (actual !== expectedRevision) throw new WrongExpectedRevisionError('s', expectedRevision, actual);
      added.forEach(record);
      return { nextExpectedRevision: events.length - 1 };
    },
  } as unknown as EventStore;
  return { store, state, events };
}

const now = () => new Date().toISOString();

describe('receipt keys', () => {
  it('the first signing adds one key; later signings reuse it without reading the store again', async () => {
    const { store, state, events } = memoryStore();
    const keys = new ReceiptKeys(store, now, 60_000);
    const first = await keys.signing('w');
    const reads = state.reads;
    expect((await keys.signing('w')).kid).to.equal(first.kid);
    expect(state.reads).to.equal(reads);
    expect(events.map((e) => e.type)).to.deep.equal(['ReceiptKeyAdded']);
    expect(first.kid).to.match(/^r[0-9a-f]{16}$/);
  });

  it('a first key raced for: the other writer appended first, so its key signs and ours is not added', async () => {
    const { store, state, events } = memoryStore();
    const other = memoryStore();
    await new ReceiptKeys(other.store, now).signing('w'); // a key made elsewhere, to replay as the race
    state.raceWith = other.events[0];
    const key = await new ReceiptKeys(store, now).signing('w');
    expect(events).to.have.length(1);
    expect(key.kid).to.equal((other.events[0]!.data as { kid: string }).kid);
  });

  it('a refresh the store cannot answer keeps the keys read signing; a fresh read for a verification reports the error', async () => {
    const { store, state } = memoryStore();
    const keys = new ReceiptKeys(store, now, 0); // every signing refreshes
    const first = await keys.signing('w');
    state.failReads = true;
    expect((await keys.signing('w')).kid).to.equal(first.kid);
    expect((await keys.signing('w')).kid).to.equal(first.kid);
    let refused: unknown;
    await keys.find('w', 'r0000000000000000').catch((error: unknown) => (refused = error));
    expect((refused as Error).message).to.equal('store down');
  });
});
