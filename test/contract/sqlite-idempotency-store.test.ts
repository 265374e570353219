/** The SQLite idempotency store against the IdempotencyStore contract, and the migration that adds its table. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase, SCHEMA_VERSION } from '../../src/adapters/sqlite/database.js';
import { SqliteIdempotencyStore } from '../../src/adapters/sqlite/idempotency-store.js';
import { describeIdempotencyStoreContract } from './idempotency-store.contract.js';

describeIdempotencyStoreContract('sqlite', async () => {
  const db = openDatabase(':memory:');
  return { store: new SqliteIdempotencyStore(db), cleanup: async () => void db.close() };
});

describeIdempotencyStoreContract('sqlite, two connections to one file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'letterpress-idem-'));
  const [a, b] = [openDatabase(join(dir, 'store.db')), openDatabase(join(dir, 'store.db'))];
  return {
    store: new SqliteIdempotencyStore(a),
    other: new SqliteIdempotencyStore(b),
    cleanup: async () => {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite migration 8 (idempotency keys)', () => {
  it('upgrades a database written before it, keeping its data, and the store works on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'letterpress-idem-'));
    try {
      const file = join(dir, 'store.db');
      // A file as the release before migration 8 left it: schema 7.
      const old = openDatabase(file);
      old.exec("DROP TABLE idempotency_keys; INSERT INTO leases (name, holder, expires_at) VALUES ('kept', 'x', 1)");
      old.pragma('user_version = 7');
      old.close();
      const db = openDatabase(file);
      try {
        expect(db.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
        expect(db.prepare("SELECT holder FROM leases WHERE name = 'kept'").pluck().get()).to.equal('x');
        const store = new SqliteIdempotencyStore(db);
        expect(await store.claim({ scope: 's', key: 'k', fingerprint: 'f', owner: 'o', expiresAt: 2 }, 1)).to.deep.equal({ claimed: true });
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite migration 9 (idempotency leases and targets)', () => {
  it('reads a record written before it as leased until its expiry, nothing noted, and the store works on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'letterpress-idem-'));
    try {
      const file = join(dir, 'store.db');
      const old = openDatabase(file);
      old.exec('ALTER TABLE idempotency_keys DROP COLUMN lease_until; ALTER TABLE idempotency_keys DROP COLUMN target');
      old.exec("INSERT INTO idempotency_keys (scope, key, fingerprint, owner, expires_at) VALUES ('s', 'old', 'f', 'o', 50)");
      old.pragma('user_version = 8');
      old.close();
      const db = openDatabase(file);
      try {
        expect(db.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
        const store = new SqliteIdempotencyStore(db);
        expect(await store.get('s', 'old', 1)).to.deep.equal({
          scope: 's',
          key: 'old',
          fingerprint: 'f',
          owner: 'o',
          response: null,
          expiresAt: 50,
          leaseUntil: 50,
          target: null,
        });
        expect(await store.renew('s', 'old', 'o', 40, 't')).to.equal(true);
        expect((await store.get('s', 'old', 1))?.target).to.equal('t');
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
