/**
 * The Idempotency-Key claim's lease (issue 19, item 2) on a real clock with a 300 ms lease: a first attempt
 * that is alive keeps its key however long it runs (renewed, so every retry meanwhile is 409), and one that
 * failed after noting where its write lands leaves the key to the event store's word (`findCommitted`), not
 * to a blind re-run. The middleware alone, as in idempotency.test.ts, over an in-memory SQLite store.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteIdempotencyStore } from '../../src/adapters/sqlite/idempotency-store.js';
import type { CommittedWrite, WriteTag, WriteTarget } from '../../src/application/write/index.js';
import { idempotent } from '../../src/http/idempotency.js';
import { jsonBody, type AppState } from '../../src/http/middleware.js';
import { ProblemError, problemDetails } from '../../src/http/problem.js';

const LEASE_MS = 300;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idempotent middleware: the claim lease', function () {
  this.timeout(10_000);
  let db: SqliteDatabase;
  let server: Server;
  let base: string;
  let runs: number;
  let handler: (ctx: Koa.ParameterizedContext<AppState>) => Promise<void>;
  /** What the fake event store holds: the write committed for a noted target, if any. */
  let committed: CommittedWrite | null;
  let lookups: { target: WriteTarget; tag: WriteTag }[];

  beforeEach(async () => {
    db = openDatabase(':memory:');
    runs = 0;
    committed = null;
    lookups = [];
    const app = new Koa<AppState>();
    app.use(problemDetails(silent));
    app.use(async (ctx, next) => {
      ctx.state.requestId = 'req';
      ctx.state.principal = { keyId: 'lp_a', workspace: 'w', scopes: new Set() };
      await next();
    });
    app.use(jsonBody(1024 * 1024));
    app.use(
      idempotent({
        store: new SqliteIdempotencyStore(db),
        logger: silent,
        inFlightTtlMs: LEASE_MS,
        replayAs: 'saved',
        findCommitted: async (target, tag) => {
          lookups.push({ target, tag });
          return committed;
        },
      }),
    );
    app.use(async (ctx) => {
      runs++;
      await handler(ctx);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.close();
  });

  const send = async () => {
    const response = await fetch(`${base}/items/p`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
      body: '{"v":1}',
    });
    const text = await response.text();
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), json: text ? JSON.parse(text) : undefined };
  };
  const saved = (ctx: Koa.ParameterizedContext<AppState>) => {
    ctx.status = 200;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify({ run: runs });
  };

  it('holds the key while the first attempt runs, four leases long: every retry meanwhile is 409, then the answer is replayed', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    handler = async (ctx) => {
      await ctx.state.idempotency!.beforeAppend({ workspace: 'w', projectId: 'p', after: 0 });
      if (runs === 1) await held; // the first attempt: the test lets it finish after its retries
      saved(ctx);
    };
    const first = send();
    const during: number[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        await sleep(LEASE_MS);
        during.push((await send()).status);
      }
    } finally {
      finish();
    }
    expect(during).to.deep.equal([409, 409, 409, 409]);
    expect((await first).status).to.equal(200);
    const after = await send();
    expect([after.status, after.replayed, runs, lookups.length]).to.deep.equal([200, 'true', 1, 0]);
  });

  it('after a failure that followed the note (the write may have committed), the retry asks the event store and replays what it finds', async () => {
    handler = async (ctx) => {
      await ctx.state.idempotency!.beforeAppend({ workspace: 'w', projectId: 'p', after: 4 });
      throw new ProblemError(503, 'store_unavailable', 'The store did not answer the commit.');
    };
    expect((await send()).status).to.equal(503);
    committed = {
      ref: { workspace: 'w', projectId: 'p' },
      revision: 5,
      position: '00000000000000000005',
      view: {
        workspace: 'w',
        projectId: 'p',
        revision: 5,
        createdAt: 'c',
        updatedAt: 'u',
        metadata: {},
        ast: {},
        publishedHtml: '<p>',
        mjmlVersion: '4',
        partials: {},
        helpers: {},
        renderMode: 'static',
      } as unknown as CommittedWrite['view'],
    };
    handler = async (ctx) => saved(ctx);
    const retry = await send();
    expect([retry.status, retry.replayed, retry.json.revision, retry.json.warnings, runs]).to.deep.equal([200, 'true', 5, [], 1]);
    expect(lookups).to.deep.equal([
      { target: { workspace: 'w', projectId: 'p', after: 4 }, tag: { keyId: 'lp_a', key: 'k1', fingerprint: lookups[0]!.tag.fingerprint } },
    ]);
  });

  it('after such a failure with nothing committed, the retry runs it, once', async () => {
    handler = async (ctx) => {
      await ctx.state.idempotency!.beforeAppend({ workspace: 'w', projectId: 'p', after: 4 });
      throw new ProblemError(503, 'store_unavailable', 'The store did not answer the commit.');
    };
    expect((await send()).status).to.equal(503);
    handler = async (ctx) => saved(ctx);
    const retry = await send();
    const again = await send();
    expect([retry.status, retry.replayed, again.replayed, runs, lookups.length]).to.deep.equal([200, null, 'true', 2, 1]);
  });
});
