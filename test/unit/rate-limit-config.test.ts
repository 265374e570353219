/**
 * The rate-limit configuration: REDIS_URL must name Redis (a typo stops the start, naming the variable),
 * the counter prefix has a fixed default.
 */
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

describe('Rate-limit configuration', () => {
  it('counts in process without REDIS_URL, under the default prefix', () => {
    const config = loadConfig({});
    expect([config.redisUrl, config.rateLimitRedisPrefix, config.rateLimitPerMinute]).to.deep.equal([undefined, 'letterpress:rl:', 600]);
  });

  it('takes redis:// and rediss:// URLs and a prefix of its own', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache:6380/2' }).redisUrl).to.equal('redis://:pw@cache:6380/2');
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380', RATE_LIMIT_REDIS_PREFIX: 'eu:rl:' }).rateLimitRedisPrefix).to.equal('eu:rl:');
  });

  it('refuses a URL that is not Redis, naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).to.throw(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});
