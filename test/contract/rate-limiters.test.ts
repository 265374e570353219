/**
 * Both rate limiters against the contract; the Redis one also against what it stores (key names and
 * expiry), a budget shared by two instances, and Redis going away and coming back (through a proxy the
 * test controls, so the shared server is never disturbed).
 */
import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { expect } from 'chai';
import { MemoryRateLimiter } from '../../src/adapters/memory/rate-limiter.js';
import { connectionName, RedisRateLimiter, type RateLimitLog } from '../../src/adapters/redis/rate-limiter.js';
import { connectionsNamed, connectionsNamedSettled, describeOnRedis, scan } from '../support/redis.js';
import { describeRateLimiterContract } from './rate-limiter.contract.js';

describeRateLimiterContract('memory', async () => ({ limiter: new MemoryRateLimiter(5), cleanup: async () => {} }));

/** A log that keeps what it is told. */
function recordingLog() {
  const lines: { level: 'warn' | 'info'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: RateLimitLog = {
    warn: (obj, msg = '') => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    info: (obj, msg = '') => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines, levels: () => lines.map((l) => l.level) };
}

/**
 * A TCP proxy in front of Redis: `forward` passes bytes both ways; `blackhole` keeps connections open
 * but passes nothing (a hung server); `stop` drops connections and stops listening (a dead one);
 * `start` listens again on the same port.
 */
class Proxy {
  mode: 'forward' | 'blackhole' = 'forward';
  port = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => {
          this.sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (d) => this.mode === 'forward' && upstream.write(d));
      upstream.on('data', (d) => this.mode === 'forward' && client.write(d));
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** Resolve once `check()` holds (polled every 20 ms), or fail after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeOnRedis('Redis rate limiter', (redis) => {
  describeRateLimiterContract('redis', async () => {
    const limiter = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: redis().prefix(), log: recordingLog().log });
    await limiter.ready();
    return { limiter, cleanup: () => limiter.close() };
  });

  it('keeps one counter per key under the prefix, expiring with its one-minute window', async () => {
    const prefix = redis().prefix();
    const limiter = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: prefix, log: recordingLog().log });
    try {
      await limiter.ready();
      for (let i = 0; i < 3; i++) await limiter.consume('key-a');
      await limiter.consume('key-b', 50);
      expect((await scan(redis().client, `${prefix}*`)).sort()).to.deep.equal([`${prefix}key-a`, `${prefix}key-b`]);
      expect(await redis().client.get(`${prefix}key-a`)).to.equal('3');
      expect(await redis().client.pttl(`${prefix}key-a`)).to.be.within(1, 60_000);
    } finally {
      await limiter.close();
    }
  });

  it('two instances on one Redis share one budget per key', async () => {
    const prefix = redis().prefix();
    const a = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: prefix, log: recordingLog().log });
    const b = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: prefix, log: recordingLog().log });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const seen = [];
      for (const limiter of [a, b, a, b, a]) seen.push(await limiter.consume('shared'));
      expect(seen.map((d) => [d.allowed, d.remaining])).to.deep.equal([
        [true, 4],
        [true, 3],
        [true, 2],
        [true, 1],
        [true, 0],
      ]);
      expect((await b.consume('shared')).allowed).to.equal(false);
      expect((await a.consume('shared')).allowed).to.equal(false);
      // Another prefix is another budget.
      const c = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: redis().prefix(), log: recordingLog().log });
      await c.ready();
      expect((await c.consume('shared')).remaining).to.equal(4);
      await c.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('closing quits its connection (gone from CLIENT LIST)', async () => {
    const prefix = redis().prefix();
    const limiter = new RedisRateLimiter({ url: redis().url, limit: 5, keyPrefix: prefix, log: recordingLog().log });
    await limiter.ready();
    expect(await connectionsNamed(redis().client, connectionName(prefix))).to.equal(1);
    await limiter.close();
    expect(await connectionsNamedSettled(redis().client, connectionName(prefix))).to.equal(0);
  });

  it('unreachable at start: local limits, one warning, degraded status, no rejection', async () => {
    const { log, lines, levels } = recordingLog();
    const limiter = new RedisRateLimiter({ url: 'redis://127.0.0.1:1', limit: 3, keyPrefix: redis().prefix(), log });
    try {
      await limiter.ready();
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push(await limiter.consume('k'));
      expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, true, false, false]);
      expect(levels()).to.deep.equal(['warn']);
      expect(lines[0]!.obj['redis']).to.equal('127.0.0.1:1');
      const status = limiter.status();
      expect([status.store, status.degraded]).to.deep.equal(['redis', true]);
      expect(status.reason).to.match(/ECONNREFUSED/);
      expect(Number.isNaN(Date.parse(status.since!)), `since: ${status.since}`).to.equal(false);
    } finally {
      await limiter.close();
    }
  });

  it('Redis gone later and back: local counts meanwhile, one warning, one recovery line, shared counts again', async function () {
    this.timeout(20_000);
    const target = new URL(redis().url);
    const proxy = new Proxy({ host: target.hostname, port: Number(target.port || 6379) });
    await proxy.start();
    const prefix = redis().prefix();
    const { log, levels } = recordingLog();
    const limiter = new RedisRateLimiter({
      url: `redis://127.0.0.1:${proxy.port}`,
      limit: 100,
      keyPrefix: prefix,
      log,
      probeIntervalMs: 50,
    });
    try {
      await limiter.ready();
      await limiter.consume('k');
      await limiter.consume('k');
      expect(await redis().client.get(`${prefix}k`)).to.equal('2');

      await proxy.stop(); // Redis dies
      await until(() => limiter.status().degraded, 5000, 'the outage to be seen');
      for (let i = 0; i < 5; i++) expect((await limiter.consume('k')).allowed).to.equal(true);
      expect(await redis().client.get(`${prefix}k`), 'nothing reached Redis during the outage').to.equal('2');
      expect(levels()).to.deep.equal(['warn']);

      await proxy.start(); // and comes back on the same port
      await until(() => !limiter.status().degraded, 10_000, 'the recovery');
      await limiter.consume('k');
      expect(await redis().client.get(`${prefix}k`)).to.equal('3');
      expect(levels()).to.deep.equal(['warn', 'info']);
    } finally {
      await limiter.close();
      await proxy.stop();
    }
  });

  it('a hung Redis costs at most the command timeout: the request is counted locally', async function () {
    this.timeout(20_000);
    const target = new URL(redis().url);
    const proxy = new Proxy({ host: target.hostname, port: Number(target.port || 6379) });
    await proxy.start();
    const { log, levels } = recordingLog();
    const limiter = new RedisRateLimiter({
      url: `redis://127.0.0.1:${proxy.port}`,
      limit: 2,
      keyPrefix: redis().prefix(),
      log,
      commandTimeoutMs: 200,
    });
    try {
      await limiter.ready();
      expect((await limiter.consume('k')).remaining).to.equal(1);
      proxy.mode = 'blackhole'; // connection open, no answers
      const decision = await limiter.consume('k'); // would never settle without the command timeout
      expect([decision.allowed, decision.remaining], 'a fresh local window').to.deep.equal([true, 1]);
      expect(limiter.status().degraded).to.equal(true);
      expect(limiter.status().reason).to.match(/timed out/i);
      expect(levels()).to.deep.equal(['warn']);
    } finally {
      await limiter.close();
      await proxy.stop();
    }
  });
});
