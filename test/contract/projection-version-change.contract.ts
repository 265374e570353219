/**
 * Projection version changes without downtime (M2), on one engine: the new version is built beside the
 * live read model and switched to once caught up, while reads run — none finds a document missing — and
 * projectors of versions 1 and 2 taking the store's lease in turn (a rolling deploy, a rollback) delete no
 * served document and never flip the version back. Run by every engine:
 *
 *   describeProjectionVersionChange('sqlite', async () => ({ eventStore, readModels, lease, cleanup }));
 */
import { expect } from 'chai';
import { LeasedProjector } from '../../src/application/projector/index.js';
import type {
  EventStore,
  DocumentChange,
  DocumentLocation,
  ProjectionCheckpoint,
  ProjectorLease,
  ReadModelStore,
} from '../../src/application/ports/index.js';
import type { Projection, RecordedProjectEvent } from '../../src/application/ports/projection.js';
import { Projector, type ProjectorLogger } from '../../src/application/projector/projector.js';
import { projectStream, type ProjectEvent } from '../../src/domain/project.js';
import { created, saved, toEventData } from '../support/events.js';

export interface VersionChangeFixture {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** A projector lease of the store, as another process would open it. */
  lease(): ProjectorLease;
  cleanup(): Promise<void>;
}

interface BuiltDoc {
  revision: number;
  builtBy: number;
}

const quiet: ProjectorLogger = { info() {}, error() {} };
const PROJECTS = 60;

/** The store with commits slowed down (a build that spans many reads) and every reset recorded. */
class Observed implements ReadModelStore {
  readonly resets: string[] = [];
  constructor(
    private readonly inner: ReadModelStore,
    private readonly commitDelayMs: number,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  get<T>(collection: string, location: DocumentLocation) {
    return this.inner.get<T>(collection, location);
  }
  getMany<T>(collection: string, locations: DocumentLocation[]) {
    return this.inner.getMany<T>(collection, locations);
  }
  list<T>(collection: string, options: { partition: string; after?: string; limit: number }) {
    return this.inner.list<T>(collection, options);
  }
  async commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>) {
    await new Promise((resolve) => setTimeout(resolve, this.commitDelayMs));
    return this.inner.commit(changes, checkpoints);
  }
  getCheckpoint(projection: string) {
    return this.inner.getCheckpoint(projection);
  }
  reset(projection: string) {
    this.resets.push(projection);
    return this.inner.reset(projection);
  }
  activate(name: string, physical: string) {
    return this.inner.activate(name, physical);
  }
  onCheckpointsMoved(listener: () => void) {
    return this.inner.onCheckpointsMoved(listener);
  }
  close() {
    return Promise.resolve();
  }
}

/** Register `Projection version change: <name>`; `factory` runs before each test and gives empty stores. */
export function describeProjectionVersionChange(name: string, factory: () => Promise<VersionChangeFixture>): void {
  describe(`Projection version change: ${name}`, function () {
    this.timeout(60_000);
    let fixture: VersionChangeFixture;
    let collection: string;
    let workspace: string;
    const stops: Array<() => Promise<void>> = [];
    beforeEach(async () => {
      fixture = await factory();
      // Names of their own: a server-backed engine may keep one database for every test of the suite.
      const unique = Math.random().toString(36).slice(2, 8);
      collection = `built-${unique}`;
      workspace = `ws-${unique}`;
    });
    afterEach(async () => {
      for (const stop of stops.splice(0)) await stop();
      await fixture.cleanup();
    });

    const definition = (version: number): Projection<BuiltDoc> => ({
      name: collection,
      version,
      locate: (event: RecordedProjectEvent) =>
        event.data.workspace === workspace ? { partition: workspace, key: event.data.projectId } : null,
      evolve: (doc, event) => (doc && event.revision <= doc.revision ? doc : { revision: event.revision, builtBy: version }),
    });
    const append = async (...events: ProjectEvent[]) => {
      for (const event of events)
        await fixture.eventStore.appendToStream(projectStream(event.data), toEventData(event), { expectedRevision: 'any' });
    };
    const ids = Array.from({ length: PROJECTS }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const seed = () => append(...ids.map((projectId) => created({ workspace, projectId })));

    /** Reads every document over and over until `done`; records misses, short lists and version flips back. */
    function readContinuously(readModels: ReadModelStore) {
      const state = { running: true, reads: 0, failures: [] as string[], newest: 0 };
      const loop = (async () => {
        while (state.running) {
          const docs = await readModels.getMany<BuiltDoc>(
            collection,
            ids.map((key) => ({ partition: workspace, key })),
          );
          const list = await readModels.list<BuiltDoc>(collection, { partition: workspace, limit: PROJECTS });
          state.reads += 2;
          docs.forEach((doc, i) => doc === null && state.failures.push(`${ids[i]}: missing`));
          if (list.length !== PROJECTS) state.failures.push(`list: ${list.length} of ${PROJECTS}`);
          for (const doc of [...docs, ...list.map((l) => l.doc)]) {
            if (!doc) continue;
            if (doc.builtBy < state.newest) state.failures.push(`version ${doc.builtBy} served after ${state.newest}`);
            state.newest = Math.max(state.newest, doc.builtBy);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      return { state, stop: async () => ((state.running = false), await loop) };
    }

    it('builds the new version beside the live read model and switches once caught up: no read finds a document missing', async () => {
      await seed();
      const v1 = new Projector({
        eventStore: fixture.eventStore,
        readModels: fixture.readModels,
        projections: [definition(1)],
        logger: quiet,
      });
      await v1.start();
      await v1.stop();
      const observed = new Observed(fixture.readModels, 15);
      const reader = readContinuously(fixture.readModels);
      stops.push(reader.stop);
      const readsBefore = reader.state.reads;
      const v2 = new Projector({
        eventStore: fixture.eventStore,
        readModels: observed,
        projections: [definition(2)],
        batchSize: 10,
        logger: quiet,
      });
      stops.push(() => v2.stop());
      await v2.start(); // resolves once caught up and switched
      const readsDuring = reader.state.reads - readsBefore;
      await append(saved({ workspace, projectId: 'p000' })); // the new read model goes on live
      await v2.waitFor((await fixture.eventStore.readStream(projectStream({ workspace, projectId: 'p000' }))).at(-1)!.position, 10_000);
      await reader.stop();
      expect(reader.state.failures.slice(0, 5), `${reader.state.failures.length} of ${reader.state.reads} reads failed`).to.deep.equal([]);
      expect(readsDuring, 'reads ran while the new version was built').to.be.above(0);
      expect(
        observed.resets.filter((c) => c === collection),
        'the live read model is never reset',
      ).to.deep.equal([]);
      expect(await fixture.readModels.getCheckpoint(collection)).to.include({ version: 2 });
      const docs = await fixture.readModels.getMany<BuiltDoc>(
        collection,
        ids.map((key) => ({ partition: workspace, key })),
      );
      expect(docs.map((d) => d?.builtBy)).to.deep.equal(ids.map(() => 2));
      expect(docs[0]).to.deep.equal({ revision: 1, builtBy: 2 });
    });

    it('projectors of versions 1 and 2 taking the lease in turn delete no served document and never flip the version back', async () => {
      await seed();
      const observed = new Observed(fixture.readModels, 0);
      /** One projector process of `version` taking the lease, running until caught up, then stopping. */
      const run = async (version: number) => {
        const projector = new Projector({
          eventStore: fixture.eventStore,
          readModels: observed,
          projections: [definition(version)],
          batchSize: 10,
          logger: quiet,
        });
        const leased = new LeasedProjector(projector, fixture.lease(), { ttlMs: 5_000, intervalMs: 50, logger: quiet });
        await leased.start();
        const active = leased.active;
        await leased.stop();
        return active;
      };
      expect(await run(1), 'v1 builds the first read model').to.equal(true);
      const builtBy = async () =>
        (
          await fixture.readModels.getMany<BuiltDoc>(
            collection,
            ids.map((key) => ({ partition: workspace, key })),
          )
        ).map((d) => d?.builtBy);
      expect(await builtBy()).to.deep.equal(ids.map(() => 1));
      const resetsOfV1 = observed.resets.length;
      const reader = readContinuously(fixture.readModels); // from the first read model on
      stops.push(reader.stop);
      for (const [round, version] of [2, 1, 2, 1, 1, 2].entries()) {
        await append(saved({ workspace, projectId: ids[round]! })); // work for whoever projects
        const active = await run(version);
        expect(active, `round ${round}: v${version} ${version === 2 ? 'projects' : 'stands by'}`).to.equal(version === 2);
        expect(await fixture.readModels.getCheckpoint(collection), `round ${round}`).to.include({ version: 2 });
        expect(await builtBy(), `round ${round}`).to.deep.equal(ids.map(() => 2));
      }
      await reader.stop();
      expect(reader.state.failures.slice(0, 5), `${reader.state.failures.length} of ${reader.state.reads} reads failed`).to.deep.equal([]);
      expect(observed.resets.slice(resetsOfV1), 'only the side collection v2 is built in is ever reset').to.deep.equal([
        `${collection}@v2`,
      ]);
    });
  });
}
