/**
 * The dependency bounds in the configuration (docs/dependency-timeouts.md): defaults of a few seconds,
 * validated ranges, and the one rule between two of them.
 */
import { expect } from 'chai';
import { DEFAULT_POSTGRES_TIMEOUTS } from '../../src/adapters/postgres/timeouts.js';
import { loadConfig } from '../../src/config.js';

describe('Dependency timeout configuration', () => {
  it('defaults: PostgreSQL, KurrentDB, MongoDB and /health bounded in a few seconds', () => {
    const config = loadConfig({});
    expect(config.postgresTimeouts).to.deep.equal({ connectMs: 2000, queryMs: 2500, statementMs: 2000, idleInTransactionMs: 5000 });
    expect(config.postgresTimeouts).to.deep.equal(DEFAULT_POSTGRES_TIMEOUTS);
    expect(config.kurrentdbDeadlineMs).to.equal(3000);
    expect(config.mongodbTimeouts).to.deep.equal({ serverSelectionMs: 3000, connectMs: 2000, socketMs: 6000 });
    expect(config.healthTimeoutMs).to.equal(700);
  });

  it('reads each variable', () => {
    const config = loadConfig({
      POSTGRES_CONNECT_TIMEOUT_MS: '1000',
      POSTGRES_QUERY_TIMEOUT_MS: '60000',
      POSTGRES_STATEMENT_TIMEOUT_MS: '55000',
      POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000',
      KURRENTDB_DEADLINE_MS: '4000',
      MONGODB_SERVER_SELECTION_TIMEOUT_MS: '2000',
      MONGODB_CONNECT_TIMEOUT_MS: '1000',
      MONGODB_SOCKET_TIMEOUT_MS: '3000',
      HEALTH_TIMEOUT_MS: '400',
    });
    expect(config.postgresTimeouts).to.deep.equal({ connectMs: 1000, queryMs: 60000, statementMs: 55000, idleInTransactionMs: 9000 });
    expect([config.kurrentdbDeadlineMs, config.healthTimeoutMs]).to.deep.equal([4000, 400]);
    expect(config.mongodbTimeouts).to.deep.equal({ serverSelectionMs: 2000, connectMs: 1000, socketMs: 3000 });
  });

  it('refuses a statement timeout above the query timeout, and values out of range, naming the variable', () => {
    expect(() => loadConfig({ POSTGRES_STATEMENT_TIMEOUT_MS: '5000' })).to.throw(
      /POSTGRES_STATEMENT_TIMEOUT_MS: must not exceed POSTGRES_QUERY_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ POSTGRES_QUERY_TIMEOUT_MS: '0' })).to.throw(/POSTGRES_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ HEALTH_TIMEOUT_MS: 'soon' })).to.throw(/HEALTH_TIMEOUT_MS/);
  });
});
