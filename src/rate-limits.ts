/**
 * The composition root's part that picks the rate limiter: Redis counters shared by every instance when
 * REDIS_URL is set, in-process ones otherwise (docs/access.md "Rate limits").
 */
import { MemoryRateLimiter } from './adapters/memory/rate-limiter.js';
import { RedisRateLimiter, type RateLimitLog } from './adapters/redis/rate-limiter.js';
import type { RateLimiter } from './application/ports/index.js';
import type { Config } from './config.js';
import { withoutPassword } from './startup-failure.js';

/**
 * Open the rate limiter the configuration names. With Redis, waits for the first connection attempt
 * (at most its connect timeout, 2 s) and never fails: an unreachable Redis means local counters, a
 * warning in the log and `degraded` in /health, not a refused start.
 */
export async function openRateLimiter(
  config: Pick<Config, 'rateLimitPerMinute' | 'redisUrl' | 'rateLimitRedisPrefix'>,
  log: RateLimitLog,
): Promise<RateLimiter> {
  if (config.redisUrl === undefined) return new MemoryRateLimiter(config.rateLimitPerMinute);
  const limiter = new RedisRateLimiter({
    url: config.redisUrl,
    label: withoutPassword(config.redisUrl),
    limit: config.rateLimitPerMinute,
    keyPrefix: config.rateLimitRedisPrefix,
    log,
  });
  await limiter.ready();
  return limiter;
}
