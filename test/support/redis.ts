/**
 * The Redis the rate-limit suites use (`TEST_REDIS_URL`, default the local server), with a key prefix of
 * the test's own so parallel runs never share counters, and its keys deleted afterwards; null, with one
 * line saying why, when no server answers there.
 */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  url: string;
  /** A client of the test's own, for checking what the code under test stored. */
  client: Redis;
  /** A fresh key prefix, `letterpress-test:<pid>:<random>:`; every prefix made is cleaned up. */
  prefix(): string;
  /** Delete every key under the prefixes made, and disconnect. */
  cleanup(): Promise<void>;
}

let reported = false;

/** Connect, or print why not (once per run) and answer null. */
export async function connectTestRedis(): Promise<TestRedis | null> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause: string | undefined; // the socket's error says more than connect()'s "Connection is closed."
  client.on('error', (error: Error) => (cause ??= error.message));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    if (!reported)
      console.log(`      (Redis suites skipped: no server at TEST_REDIS_URL=${TEST_REDIS_URL}: ${cause ?? (error as Error).message})`);
    reported = true;
    return null;
  }
  const prefixes: string[] = [];
  return {
    url: TEST_REDIS_URL,
    client,
    prefix() {
      const prefix = `letterpress-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
      prefixes.push(prefix);
      return prefix;
    },
    async cleanup() {
      for (const prefix of prefixes) {
        const keys = await scan(client, `${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
      }
      client.disconnect();
    },
  };
}

/** Every key matching `pattern` (SCAN, not KEYS: the server may be shared). */
export async function scan(client: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * A `describe` block on Redis: connected before its tests, its keys deleted after; every test in it is
 * skipped (the reason printed once) when no server answers. `redis()` gives it to the tests.
 */
export function describeOnRedis(title: string, body: (redis: () => TestRedis) => void): void {
  describe(title, () => {
    let redis: TestRedis | null = null;
    before(async function () {
      redis = await connectTestRedis();
      if (!redis) this.skip();
    });
    after(async () => {
      await redis?.cleanup();
    });
    body(() => redis!);
  });
}

/** How many connections named `name` (CLIENT SETNAME) the server has. */
export async function connectionsNamed(client: Redis, name: string): Promise<number> {
  const list = String(await client.call('CLIENT', 'LIST'));
  return list.split('\n').filter((line) => line.includes(` name=${name} `)).length;
}

/** `connectionsNamed` once it is 0, polling for up to a second (a QUIT is acknowledged before the close). */
export async function connectionsNamedSettled(client: Redis, name: string): Promise<number> {
  let left = await connectionsNamed(client, name);
  for (let i = 0; i < 50 && left > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = await connectionsNamed(client, name);
  }
  return left;
}
