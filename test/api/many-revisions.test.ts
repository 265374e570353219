/**
 * A project with 2,000 revisions (appended through the event store directly: fast), read over HTTP once
 * `revision-history` (version 2: one document per revision, finding M4) has caught up: GET /revisions pages
 * through all of them, and `?at=` / `?revision=` answer the revision live then with the creation it belongs to.
 */
import { expect } from 'chai';
import { allProjections } from '../../projections/index.js';
import { Projector } from '../../src/application/projector/index.js';
import { projectStream } from '../../src/domain/project.js';
import { openStores } from '../../src/wiring.js';
import { created, deleted, saved, toEventData } from '../support/events.js';
import { describeOnPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

const REF = { workspace: 'default', projectId: 'many' };
const REVISIONS = 2_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const time = (revision: number) => new Date(START + revision * 1000).toISOString();
/** Created 0, saved 1…1,199, deleted 1,200, created again 1,201, saved to 1,999. */
const kind = (r: number) => (r === 0 || r === 1_201 ? 'created' : r === 1_200 ? 'deleted' : 'saved');
const quiet = { info() {}, error() {} };

function event(r: number) {
  const occurredAt = time(r);
  if (kind(r) === 'deleted') return deleted({ ...REF, occurredAt });
  const make = kind(r) === 'created' ? created : saved;
  return make({ ...REF, occurredAt, metadata: { name: `rev ${r}` }, publishedHtml: `<p>${r}</p>` });
}

async function withManyRevisions(
  env: Record<string, string>,
  storeConfig: { store?: 'sqlite' | 'postgres'; databaseUrl?: string },
  check: (server: TestServer) => Promise<void>,
): Promise<void> {
  const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', ...env, PROJECTOR: 'off' } });
  const stores = await openStores({ dataDir: server.dataDir, ...storeConfig });
  try {
    for (let from = 0; from < REVISIONS; from += 250) {
      const batch = Array.from({ length: 250 }, (_, i) => event(from + i));
      await stores.eventStore.appendToStream(projectStream(REF), toEventData(...batch), {
        expectedRevision: from === 0 ? 'no_stream' : from - 1,
      });
    }
    await new Projector({
      eventStore: stores.eventStore,
      readModels: stores.readModels,
      projections: allProjections,
      logger: quiet,
    }).catchUp();
    await check(server);
  } finally {
    await stores.close();
    await server.stop();
    server.cleanup();
  }
}

async function pagesAndInstants(server: TestServer): Promise<void> {
  const seen: Array<{ revision: number; event: string; updated_at: string; name: string | null }> = [];
  let pages = 0;
  for (let cursor: string | null = ''; cursor !== null; pages++) {
    const res = await server.request('GET', `/v1/projects/many/revisions?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.text).to.equal(200);
    seen.push(...res.json.items);
    cursor = res.json.next_cursor;
  }
  expect(pages).to.equal(10);
  expect(seen.map((item) => item.revision)).to.deep.equal(Array.from({ length: REVISIONS }, (_, r) => r));
  expect(seen.every((item) => item.event === kind(item.revision) && item.updated_at === time(item.revision))).to.equal(true);
  expect(seen[1_201]).to.deep.include({ event: 'created', name: 'rev 1201' });

  const at = async (instant: number) =>
    server.request('GET', `/v1/projects/many?at=${encodeURIComponent(new Date(instant).toISOString())}`);
  const live = async (instant: number) => {
    const res = await at(instant);
    expect(res.status, res.text).to.equal(200);
    return [res.json.revision, res.json.created_at, res.json.updated_at, res.json.metadata.name, res.json.published_html];
  };
  expect(await live(START)).to.deep.equal([0, time(0), time(0), 'rev 0', '<p>0</p>']);
  expect(await live(START + 777_500)).to.deep.equal([777, time(0), time(777), 'rev 777', '<p>777</p>']);
  expect(await live(START + 1_201_000)).to.deep.equal([1_201, time(1_201), time(1_201), 'rev 1201', '<p>1201</p>']);
  expect(await live(START + 1_500_999)).to.deep.equal([1_500, time(1_201), time(1_500), 'rev 1500', '<p>1500</p>']);
  expect(await live(START + 99_999_999)).to.deep.equal([1_999, time(1_201), time(1_999), 'rev 1999', '<p>1999</p>']);
  const before = await at(START - 1);
  expect([before.status, before.json.code, before.json.detail]).to.deep.equal([
    404,
    'revision_not_found',
    `Project 'many' did not exist yet at ${new Date(START - 1).toISOString()}.`,
  ]);
  const gone = await at(START + 1_200_500);
  expect([gone.status, gone.json.code]).to.deep.equal([404, 'project_deleted']);
  expect(gone.json.detail).to.equal(`Project 'many' had been deleted by ${new Date(START + 1_200_500).toISOString()} (at ${time(1_200)}).`);

  // A past revision from before the re-creation keeps the first creation's time.
  const old = await server.request('GET', '/v1/projects/many?revision=1000');
  expect([old.status, old.json.revision, old.json.created_at, old.json.updated_at]).to.deep.equal([200, 1_000, time(0), time(1_000)]);
}

describe(`A project with ${REVISIONS.toLocaleString('en')} revisions (revision-history version 2)`, function () {
  this.timeout(120_000);

  it('on SQLite: GET /revisions pages through all of them; ?at= and ?revision= answer the revision live then', () =>
    withManyRevisions({}, {}, pagesAndInstants));

  describeOnPostgres('on PostgreSQL', (database) => {
    it('GET /revisions pages through all of them; ?at= and ?revision= answer the revision live then', () =>
      withManyRevisions(
        { STORE: 'postgres', DATABASE_URL: database().url },
        { store: 'postgres', databaseUrl: database().url },
        pagesAndInstants,
      ));
  });
});
