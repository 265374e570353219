/**
 * LeasedProjector under faults, over the SQLite lease (two contenders on one database): renewal during a
 * first catch-up longer than the TTL (M3), a renewal that fails, a renewal that comes late, and an older
 * image that finds a newer projection version stored (it stands by and gives the lease back).
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteProjectorLease } from '../../src/adapters/sqlite/projector-lease.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { LeasedProjector } from '../../src/application/projector/index.js';
import {
  DependencyUnavailableError,
  type DocumentChange,
  type ProjectionCheckpoint,
  type ProjectorLease,
} from '../../src/application/ports/index.js';
import type { Projection, RecordedProjectEvent } from '../../src/application/ports/projection.js';
import { Projector, type ProjectorLogger } from '../../src/application/projector/projector.js';
import { projectStream } from '../../src/domain/project.js';
import { created, toEventData } from '../support/events.js';

const TTL_MS = 300;
const INTERVAL_MS = 30;
const quiet: ProjectorLogger = { info() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who is active, as the projectors see it: every start and stop, in order; `most` is the highest count seen. */
class Timeline {
  active = 0;
  most = 0;
  readonly entries: string[] = [];
  started(who: string): void {
    this.active += 1;
    this.most = Math.max(this.most, this.active);
    this.entries.push(`${who} started`);
  }
  stopped(who: string): void {
    this.active -= 1;
    this.entries.push(`${who} stopped`);
  }
}

/** A stand-in projector that records its starts and stops (stop() only counts after a start). */
function fakeProjector(who: string, timeline: Timeline, startMs = 0): Projector {
  let running = false;
  return {
    async start() {
      running = true;
      timeline.started(who);
      if (startMs > 0) await sleep(startMs);
    },
    async stop() {
      if (running) timeline.stopped(who);
      running = false;
    },
  } as unknown as Projector;
}

/** A read-model store whose commits take `delayMs`: a slow store, or a projection slow to catch up. */
class SlowReadModels extends SqliteReadModelStore {
  constructor(
    db: SqliteDatabase,
    private readonly delayMs: number,
  ) {
    super(db);
  }
  override async commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void> {
    await sleep(this.delayMs);
    return super.commit(changes, checkpoints);
  }
}

const counter: Projection<{ revision: number }> = {
  name: 'counter',
  version: 1,
  locate: (event: RecordedProjectEvent) => ({ partition: event.data.workspace, key: event.data.projectId }),
  evolve: (_doc, event) => ({ revision: event.revision }),
};

/**
 * The store's lease, until `mode` is switched: then every call fails (`'fail'`), never answers (`'hang'`),
 * or is made at once and answered only after the TTL (`'late'`).
 */
function faultyLease(inner: ProjectorLease): ProjectorLease & { mode: 'ok' | 'fail' | 'hang' | 'late' } {
  const lease = {
    mode: 'ok' as 'ok' | 'fail' | 'hang' | 'late',
    async tryAcquire(holder: string, ttlMs: number): Promise<boolean> {
      if (lease.mode === 'late') {
        const held = await inner.tryAcquire(holder, ttlMs);
        await sleep(ttlMs + 20);
        return held;
      }
      if (lease.mode === 'fail') return Promise.reject(new DependencyUnavailableError('sqlite', 'injected: the store cannot be reached'));
      if (lease.mode === 'hang') return new Promise<boolean>(() => {});
      return inner.tryAcquire(holder, ttlMs);
    },
    release: (holder: string) => inner.release(holder),
  };
  return lease;
}

describe('LeasedProjector', () => {
  let db: SqliteDatabase;
  const running: LeasedProjector[] = [];
  const leased = (projector: Projector, lease: ProjectorLease) => {
    const l = new LeasedProjector(projector, lease, { ttlMs: TTL_MS, intervalMs: INTERVAL_MS, logger: quiet });
    running.push(l);
    return l;
  };
  /** Resolve once `check` holds, checking every few ms (a state to reach, not a duration to assert). */
  const until = async (check: () => boolean) => {
    while (!check()) await sleep(5);
  };

  beforeEach(() => {
    db = openDatabase(':memory:');
  });
  afterEach(async () => {
    for (const l of running.splice(0)) await l.stop();
    db.close();
  });

  it('renews during a first catch-up longer than the TTL: the standby never becomes active meanwhile (M3)', async () => {
    const eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 });
    for (let i = 0; i < 40; i++) {
      const event = created({ projectId: `p${i}` });
      await eventStore.appendToStream(projectStream(event.data), toEventData(event), { expectedRevision: 'any' });
    }
    // 40 pages of one event, 25 ms a commit: a catch-up of about 1 s, more than three TTLs.
    const slow = new Projector({ eventStore, readModels: new SlowReadModels(db, 25), projections: [counter], batchSize: 1, logger: quiet });
    const timeline = new Timeline();
    const first = leased(slow, new SqliteProjectorLease(db));
    const standby = leased(fakeProjector('standby', timeline), new SqliteProjectorLease(db));
    const catchingUp = first.start();
    await until(() => first.active);
    await standby.start();
    await catchingUp;
    expect(first.active, 'the first finished its catch-up holding the lease').to.equal(true);
    expect(timeline.entries, 'the standby never started').to.deep.equal([]);
    expect(standby.active).to.equal(false);
  });

  /** A holder on a lease whose faults a test switches on (`lease.mode`), and a standby on a plain lease: both started. */
  async function holderAndStandby() {
    const timeline = new Timeline();
    const lease = faultyLease(new SqliteProjectorLease(db));
    const holder = leased(fakeProjector('holder', timeline), lease);
    const standby = leased(fakeProjector('standby', timeline), new SqliteProjectorLease(db));
    await holder.start();
    await standby.start();
    return { timeline, lease, holder, standby };
  }

  it('a holder whose renewals fail stops projecting before the standby takes over: never two active', async () => {
    const { timeline, lease, standby } = await holderAndStandby();
    lease.mode = 'fail';
    await until(() => standby.active);
    expect(timeline.entries).to.deep.equal(['holder started', 'holder stopped', 'standby started']);
    expect(timeline.most).to.equal(1);
  });

  it('a holder whose renewal hangs past the TTL (a late renewal) stops at its own deadline, before the standby may take over', async () => {
    const { timeline, lease, holder, standby } = await holderAndStandby();
    lease.mode = 'hang';
    await until(() => standby.active);
    expect(timeline.entries).to.deep.equal(['holder started', 'holder stopped', 'standby started']);
    expect(timeline.most).to.equal(1);
    expect(holder.active).to.equal(false);
  });

  it('a renewal granted in time but answered after the lease may have run out proves nothing: the holder does not resume on it', async () => {
    const { timeline, lease } = await holderAndStandby();
    lease.mode = 'late';
    await until(() => timeline.entries.includes('holder stopped'));
    await sleep(3 * TTL_MS); // late answers keep arriving, some of them true
    expect(timeline.entries.slice(0, 2)).to.deep.equal(['holder started', 'holder stopped']);
    expect(
      timeline.entries.filter((e) => e === 'holder started'),
      'never resumed on a late answer',
    ).to.have.length(1);
    expect(timeline.most).to.equal(1);
  });

  it('an older image finding a newer projection version stored stands by and gives the lease back; the newer image takes it', async () => {
    const eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 });
    const readModels = new SqliteReadModelStore(db);
    await readModels.commit([], [{ projection: 'counter', version: 2, position: null }]);
    const infos: string[] = [];
    const older = new LeasedProjector(
      new Projector({ eventStore, readModels, projections: [counter], logger: quiet }),
      new SqliteProjectorLease(db),
      {
        ttlMs: TTL_MS,
        intervalMs: INTERVAL_MS,
        logger: { info: (_obj, msg) => infos.push(msg ?? ''), error() {} },
      },
    );
    running.push(older);
    await older.start(); // no throw: standing by is not a failure
    expect(older.active).to.equal(false);
    expect(infos.filter((m) => m.includes('newer than this code'))).to.have.length(1);
    const timeline = new Timeline();
    const newer = leased(fakeProjector('newer', timeline), new SqliteProjectorLease(db));
    await newer.start();
    await until(() => newer.active); // at once when the lease was free, or at its next try
    expect(await readModels.getCheckpoint('counter')).to.deep.equal({ version: 2, position: null });
    await sleep(5 * INTERVAL_MS);
    expect(
      infos.filter((m) => m.includes('newer than this code')),
      'logged once, not at every try',
    ).to.have.length(1);
  });
});
