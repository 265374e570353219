/**
 * A write's wait for the stored checkpoints (`createReadSide`, `PROJECTOR=off`) is bounded by its timeout
 * even when the read-model store stalls or fails: the write is already stored, so its answer must neither
 * wait on the store's own timeout nor become a 503 (issue 19: a stalled MongoDB made a save answer 503
 * after ~10 s though its events were in KurrentDB).
 */
import { expect } from 'chai';
import { CurrentRevisions } from '../../src/application/read/index.js';
import type { EventStore, ProjectorLease, ReadModelStore } from '../../src/application/ports/index.js';
import { createReadSide } from '../../src/read-side.js';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child() {
    return silent;
  },
} as never;

function readSideOver(getCheckpoint: () => Promise<never>) {
  const readModels = { kind: 'stub', getCheckpoint, onCheckpointsMoved: () => () => undefined } as unknown as ReadModelStore;
  const config = { projector: 'off' as const, projectorLease: { intervalMs: 1000, ttlMs: 10_000 } };
  return createReadSide(
    config,
    { eventStore: {} as EventStore, readModels, projectorLease: {} as ProjectorLease },
    new CurrentRevisions(readModels),
    silent,
  );
}

describe('Read side: a write waiting for stored checkpoints', () => {
  it('answers false at its timeout while the store never answers', async () => {
    const started = Date.now();
    expect(await readSideOver(() => new Promise<never>(() => undefined)).waitFor('00000000000000000001', 150)).to.equal(false);
    expect(Date.now() - started).to.be.below(1000);
  });

  it('answers false, not an error, when the store fails', async () => {
    const failing = readSideOver(() =>
      Promise.reject(Object.assign(new Error('MongoDB is unavailable'), { name: 'DependencyUnavailableError' })),
    );
    expect(await failing.waitFor('00000000000000000001', 150)).to.equal(false);
  });
});
