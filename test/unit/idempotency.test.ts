/**
 * The Idempotency-Key middleware on its own: a small Koa app (problem details, a principal per `X-Key`, JSON
 * body, the middleware, a handler the test steers) over an in-memory SQLite store and a clock the test moves.
 * The handler counts its runs: "did the work happen twice" is read from there, not from the middleware.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteIdempotencyStore } from '../../src/adapters/sqlite/idempotency-store.js';
import type { IdempotencyStore } from '../../src/application/ports/index.js';
import { idempotent, parseIdempotencyKey, requestFingerprint } from '../../src/http/idempotency.js';
import { jsonBody, type AppState } from '../../src/http/middleware.js';
import { ProblemError, problemDetails } from '../../src/http/problem.js';

const HOUR = 60 * 60 * 1000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('parseIdempotencyKey', () => {
  const refused = (value: string | string[]) => {
    try {
      parseIdempotencyKey(value);
    } catch (error) {
      return [(error as ProblemError).status, (error as ProblemError).code];
    }
    return null;
  };

  it('takes a bare key or an RFC 8941 sf-string (unescaping \\" and \\\\), and nothing when the header is absent', () => {
    expect(parseIdempotencyKey(undefined)).to.equal(undefined);
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).to.equal('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseIdempotencyKey('"8e03978e-40d5"')).to.equal('8e03978e-40d5');
    expect(parseIdempotencyKey('"a \\"b\\" \\\\c"')).to.equal('a "b" \\c');
    expect(parseIdempotencyKey('k'.repeat(255))).to.have.length(255);
  });

  it('refuses with 400 invalid_idempotency_key an empty, too long, non-ASCII, malformed or repeated key', () => {
    const bad = [
      '',
      '   ',
      '""',
      'k'.repeat(256),
      `"${'k'.repeat(256)}"`,
      'clé',
      'a b',
      'a\tb',
      'a, b',
      '"open',
      '"bad \\n escape"',
      '"tab\there"',
      ['a', 'b'],
    ];
    for (const value of bad) expect(refused(value), JSON.stringify(value)).to.deep.equal([400, 'invalid_idempotency_key']);
  });
});

describe('requestFingerprint', () => {
  const hash = /^[0-9a-f]{64}$/;

  it('is the same for the same JSON however it is spelled (RFC 8785 canonical form)', () => {
    const a = requestFingerprint('POST', '/v1/projects', JSON.parse('{"id":"x","metadata":{"b":1,"a":[1,2.0,"é"]}}'));
    const b = requestFingerprint('POST', '/v1/projects', JSON.parse('{ "metadata": { "a": [1, 2, "\\u00e9"], "b": 1.0 }, "id": "x" }'));
    expect(a).to.match(hash).and.equal(b);
  });

  it('differs with the method, the path, or the body', () => {
    const base = requestFingerprint('PUT', '/v1/projects/x', { mjml: 'a' });
    const others = [
      requestFingerprint('POST', '/v1/projects/x', { mjml: 'a' }),
      requestFingerprint('PUT', '/v1/projects/y', { mjml: 'a' }),
      requestFingerprint('PUT', '/v1/projects/x', { mjml: 'b' }),
      requestFingerprint('PUT', '/v1/projects/x', { mjml: 'a', metadata: {} }),
      requestFingerprint('PUT', '/v1/projects/x', undefined),
    ];
    expect(new Set([base, ...others]).size).to.equal(6);
  });

  it('still fingerprints a body canonical JSON refuses (a lone surrogate)', () => {
    expect(requestFingerprint('POST', '/p', { s: '\ud800' }))
      .to.match(hash)
      .and.not.equal(requestFingerprint('POST', '/p', { s: '\ud801' }));
  });
});

describe('idempotent middleware', () => {
  let db: SqliteDatabase;
  let store: IdempotencyStore;
  let server: Server;
  let base: string;
  let clock: number;
  let runs: number;
  /** What the handler does next: answer, throw, or wait for the test. */
  let behave: (ctx: Koa.ParameterizedContext<AppState>) => Promise<void>;

  const created = async (ctx: Koa.ParameterizedContext<AppState>) => {
    ctx.status = 201;
    ctx.set('ETag', `"${runs}"`);
    ctx.set('Location', `/items/${runs}`);
    ctx.set('X-Other', 'not replayed');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify({ run: runs, got: ctx.state.body });
  };

  /** The next request starts, then waits inside the handler until `finish()`; `started` settles when it is held. */
  function holdNextRequest(): { started: Promise<void>; finish: () => void } {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolveStarted) => {
      behave = async (ctx) => {
        resolveStarted();
        await held;
        await created(ctx);
      };
    });
    return { started, finish: () => release() };
  }

  beforeEach(async () => {
    db = openDatabase(':memory:');
    store = new SqliteIdempotencyStore(db);
    clock = Date.UTC(2026, 0, 1);
    runs = 0;
    behave = created;
    const app = new Koa<AppState>();
    app.use(problemDetails(silent));
    app.use(async (ctx, next) => {
      ctx.state.requestId = 'req';
      ctx.state.principal = { keyId: ctx.get('X-Key') || 'lp_a', workspace: 'w', scopes: new Set() };
      await next();
    });
    app.use(jsonBody(1024 * 1024));
    app.use(idempotent({ store, logger: silent, now: () => clock }));
    app.use(async (ctx) => {
      runs++;
      await behave(ctx);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.close();
  });

  const send = async (body: unknown, headers: Record<string, string> = {}, method = 'POST', path = '/items') => {
    const response = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  };
  const key = (value: string, more: Record<string, string> = {}) => ({ 'Idempotency-Key': value, ...more });

  it('runs a retry with the same key and body once, replaying status, body, ETag, Location and Content-Type', async () => {
    const first = await send({ name: 'a' }, key('k1'));
    const retry = await send({ name: 'a' }, key('k1'));
    expect(runs).to.equal(1);
    expect([first.status, first.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    expect([retry.status, retry.text, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, first.text, 'true']);
    for (const name of ['etag', 'location', 'content-type']) expect(retry.headers.get(name), name).to.equal(first.headers.get(name));
    expect(retry.headers.get('x-other')).to.equal(null);
  });

  it('passes requests without the header straight through, every time', async () => {
    await send({ name: 'a' });
    await send({ name: 'a' });
    expect(runs).to.equal(2);
  });

  it('treats the quoted and the bare form of a key as one key', async () => {
    await send({ name: 'a' }, key('k1'));
    const retry = await send({ name: 'a' }, key('"k1"'));
    expect([runs, retry.headers.get('idempotent-replayed')]).to.deep.equal([1, 'true']);
  });

  it('refuses the same key with another body, path or method: 422 idempotency_key_reused, nothing run', async () => {
    await send({ name: 'a' }, key('k1'));
    const codes = [
      await send({ name: 'b' }, key('k1')),
      await send({ name: 'a' }, key('k1'), 'POST', '/elsewhere'),
      await send({ name: 'a' }, key('k1'), 'PUT'),
    ].map((r) => [r.status, r.json.code]);
    expect(codes).to.deep.equal(Array(3).fill([422, 'idempotency_key_reused']));
    expect(runs).to.equal(1);
  });

  it('keeps keys per API key: the same key sent with another API key is another request', async () => {
    await send({ name: 'a' }, key('k1'));
    const other = await send({ name: 'b' }, key('k1', { 'X-Key': 'lp_b' }));
    expect([other.status, other.json.run, other.headers.get('idempotent-replayed'), runs]).to.deep.equal([201, 2, null, 2]);
  });

  it('answers 409 idempotency_key_in_use while the first request runs, then replays it once it is done', async () => {
    const { started, finish } = holdNextRequest();
    const first = send({ name: 'a' }, key('k1'));
    await started; // the first request holds the key and waits
    const during = await send({ name: 'a' }, key('k1'));
    expect([during.status, during.json.code, during.headers.get('retry-after')]).to.deep.equal([409, 'idempotency_key_in_use', '1']);
    const reused = await send({ name: 'other' }, key('k1'));
    expect([reused.status, reused.json.code]).to.deep.equal([422, 'idempotency_key_reused']);
    finish();
    expect((await first).status).to.equal(201);
    const after = await send({ name: 'a' }, key('k1'));
    expect([after.status, after.headers.get('idempotent-replayed'), runs]).to.deep.equal([201, 'true', 1]);
  });

  it('does not keep a 5xx or a thrown server error: the retry runs for real', async () => {
    behave = async (ctx) => {
      ctx.status = 503;
      ctx.body = '{"busy":true}';
    };
    expect((await send({}, key('k1'))).status).to.equal(503);
    behave = async () => {
      throw new Error('boom');
    };
    expect((await send({}, key('k1'))).status).to.equal(500);
    behave = created;
    const third = await send({}, key('k1'));
    expect([third.status, third.headers.get('idempotent-replayed'), runs]).to.deep.equal([201, null, 3]);
  });

  it('keeps a client error the handler threw (as problem details) and replays it', async () => {
    behave = async () => {
      throw new ProblemError(409, 'project_exists', 'A project with id x already exists.');
    };
    const first = await send({ id: 'x' }, key('k1'));
    behave = created;
    const retry = await send({ id: 'x' }, key('k1'));
    expect([first.status, first.json.code, first.headers.get('content-type')]).to.deep.equal([
      409,
      'project_exists',
      'application/problem+json',
    ]);
    expect([retry.status, retry.text, retry.headers.get('content-type'), retry.headers.get('idempotent-replayed'), runs]).to.deep.equal([
      409,
      first.text,
      'application/problem+json',
      'true',
      1,
    ]);
  });

  it('replays a 204 without a body', async () => {
    behave = async (ctx) => {
      ctx.status = 204;
    };
    await send({}, key('k1'), 'DELETE', '/items/1');
    const retry = await send({}, key('k1'), 'DELETE', '/items/1');
    expect([retry.status, retry.text, retry.headers.get('idempotent-replayed'), runs]).to.deep.equal([204, '', 'true', 1]);
  });

  it('forgets a response after 24 hours: the same key then runs the request again', async () => {
    await send({ name: 'a' }, key('k1'));
    clock += 24 * HOUR - 1;
    expect((await send({ name: 'a' }, key('k1'))).headers.get('idempotent-replayed')).to.equal('true');
    clock += 1;
    const later = await send({ name: 'b' }, key('k1')); // even another body: the key is free again
    expect([later.status, later.json.run, later.headers.get('idempotent-replayed'), runs]).to.deep.equal([201, 2, null, 2]);
  });

  it('frees the key of a request that has not finished after 60 s (a crashed instance); the late one keeps nothing', async () => {
    const { started, finish } = holdNextRequest();
    const stuck = send({ name: 'a' }, key('k1'));
    await started;
    behave = created;
    clock += 60_000 - 1;
    expect((await send({ name: 'a' }, key('k1'))).status).to.equal(409);
    clock += 1;
    const retry = await send({ name: 'a' }, key('k1'));
    expect([retry.status, retry.json.run, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, 2, null]);
    finish(); // the first request ends after all: its claim was taken over, so its response is not kept
    expect((await stuck).json.run).to.equal(2); // `runs` is shared: it answered after the retry ran
    const again = await send({ name: 'a' }, key('k1'));
    expect([again.text, again.headers.get('idempotent-replayed')]).to.deep.equal([retry.text, 'true']);
  });

  it('refuses a malformed key with 400 before running anything', async () => {
    const response = await send({}, key('a'.repeat(256)));
    expect([response.status, response.json.code, runs]).to.deep.equal([400, 'invalid_idempotency_key', 0]);
  });

  it('purges expired records as requests come, at most once a minute', async () => {
    await send({ name: 'a' }, key('k1')); // purges nothing, stores k1
    clock += 25 * HOUR;
    await send({ name: 'b' }, key('k2')); // purges k1, stores k2
    await new Promise((resolve) => setTimeout(resolve, 20)); // the purge runs in the background
    const keys = db.prepare('SELECT key FROM idempotency_keys ORDER BY key').pluck().all();
    expect(keys).to.deep.equal(['k2']);
  });
});
