/**
 * The message a process prints when it cannot start: the store, its URL without the password, what to check.
 */
import { expect } from 'chai';
import { DependencyUnavailableError } from '../../src/application/ports/index.js';
import { describeStartupFailure, withoutPassword } from '../../src/startup-failure.js';

describe('describeStartupFailure', () => {
  it('names the unreachable store, its URL and variable, and what to check', () => {
    const text = describeStartupFailure(new DependencyUnavailableError('kurrentdb', 'KurrentDB did not answer: 14 UNAVAILABLE'), {
      kurrentdbUrl: 'kurrentdb://admin:changeit@db.internal:2113?tls=false',
    });
    expect(text).to.include('KurrentDB cannot be reached at kurrentdb://db.internal:2113?tls=false (KURRENTDB_URL)');
    expect(text).to.include('?tls=false');
    expect(text).not.to.include('changeit');
    expect(text).to.include('(KurrentDB did not answer: 14 UNAVAILABLE)');
    const mongo = describeStartupFailure(new DependencyUnavailableError('mongodb', 'down'), {});
    expect(mongo).to.include('MongoDB cannot be reached (MONGODB_URL is not set)');
  });

  it("passes any other error's message through, without a stack", () => {
    const text = describeStartupFailure(new Error('Invalid configuration:\n  PORT: too big'));
    expect(text).to.equal('Letterpress could not start: Invalid configuration:\n  PORT: too big');
  });

  it('hides user and password of URLs it prints', () => {
    expect(withoutPassword('postgres://app:s3cret@db:5432/letterpress')).to.equal('postgres://db:5432/letterpress');
    expect(withoutPassword('mongodb://127.0.0.1:27017/letterpress')).to.equal('mongodb://127.0.0.1:27017/letterpress');
    expect(withoutPassword('mongodb+srv://u:p@cluster0.example.net/db')).to.equal('mongodb+srv://cluster0.example.net/db');
  });
});
