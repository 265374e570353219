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
      // A file as the previous release left it: everything but migration 8.
      const old = openDatabase(file);
      old.exec("DROP TABLE idempotency_keys; INSERT INTO leases (name, holder, expires_at) VALUES ('kept', 'x', 1)");
      old.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
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
