/**
 * The settings of docs/hardening.md: their defaults, their ranges, and a refusal that names the variable.
 */
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

describe('Hardening configuration (docs/hardening.md)', () => {
  it('defaults: unknown keys remembered 5 s, 60 refused keys per address per minute, 1,024 connections, 64 per address, 10 s to stop', () => {
    const config = loadConfig({});
    expect([
      config.unknownApiKeyCacheTtlMs,
      config.authFailuresPerMinute,
      config.http.maxConnections,
      config.http.maxConnectionsPerClient,
      config.stopGraceMs,
    ]).to.deep.equal([5000, 60, 1024, 64, 10_000]);
  });

  it('takes 0 to turn the unknown-key cache and the refused-key limit off', () => {
    const config = loadConfig({
      UNKNOWN_API_KEY_CACHE_TTL_MS: '0',
      AUTH_FAILURES_PER_MINUTE: '0',
      MAX_CONNECTIONS: '10',
      MAX_CONNECTIONS_PER_CLIENT: '2',
    });
    expect([
      config.unknownApiKeyCacheTtlMs,
      config.authFailuresPerMinute,
      config.http.maxConnections,
      config.http.maxConnectionsPerClient,
    ]).to.deep.equal([0, 0, 10, 2]);
  });

  it('refuses values out of range, naming the variable', () => {
    expect(() => loadConfig({ UNKNOWN_API_KEY_CACHE_TTL_MS: '60001' })).to.throw(/UNKNOWN_API_KEY_CACHE_TTL_MS/);
    expect(() => loadConfig({ AUTH_FAILURES_PER_MINUTE: '-1' })).to.throw(/AUTH_FAILURES_PER_MINUTE/);
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).to.throw(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: 'many' })).to.throw(/MAX_CONNECTIONS_PER_CLIENT/);
    expect(() => loadConfig({ STOP_GRACE_MS: '600001' })).to.throw(/STOP_GRACE_MS/);
  });
});
