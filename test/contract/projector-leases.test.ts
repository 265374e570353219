/**
 * The ProjectorLease contract on every engine: SQLite (contenders on connections of their own to one
 * file), PostgreSQL (each contender's own advisory-lock connection; skipped with one line without a server)
 * and MongoDB (each contender's own client; through `describeOnMongo`, skipped with one line without one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { COLLECTIONS, type MongoConnection, openMongo } from '../../src/adapters/mongodb/database.js';
import { MongoProjectorLease } from '../../src/adapters/mongodb/projector-lease.js';
import { PostgresProjectorLease } from '../../src/adapters/postgres/projector-lease.js';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteProjectorLease } from '../../src/adapters/sqlite/projector-lease.js';
import type { ProjectorLease } from '../../src/application/ports/index.js';
import { describeOnMongo } from '../support/mongodb.js';
import { describeOnPostgres } from '../support/postgres.js';
import { describeProjectorLeaseContract } from './projector-lease.contract.js';

describeProjectorLeaseContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'letterpress-lease-'));
  const path = join(dir, 'letterpress.db');
  openDatabase(path).close(); // the schema, once
  const connections = new Map<ProjectorLease, SqliteDatabase>();
  return {
    expiry: 'clock',
    async contender(now) {
      const db = openDatabase(path);
      const lease = new SqliteProjectorLease(db, { now });
      connections.set(lease, db);
      return lease;
    },
    async crash(lease) {
      connections.get(lease)!.close();
    },
    async cleanup() {
      for (const db of connections.values()) if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeOnPostgres('PostgreSQL projector lease', (database) => {
  describeProjectorLeaseContract('postgres', async () => {
    const leases: PostgresProjectorLease[] = [];
    return {
      expiry: 'connection',
      async contender() {
        const lease = new PostgresProjectorLease(database().url);
        leases.push(lease);
        return lease;
      },
      async crash() {
        // The server ends the holder's session, as when its process dies or the network cuts it off.
        const admin = new pg.Client({ connectionString: database().url });
        await admin.connect();
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        await admin.end();
      },
      async cleanup() {
        // Each contender ends its connection on release; release every holder it may have.
        for (const lease of leases)
          for (const holder of ['a', 'b', 'c', 'h0', 'h1', 'h2', 'h3', 'r0', 'r1', 'r2']) await lease.release(holder);
      },
    };
  });
});

describeOnMongo('MongoDB projector lease', (mongo) => {
  describeProjectorLeaseContract('mongodb', async () => {
    await mongo().db.collection(COLLECTIONS.leases).deleteMany({});
    const connections = new Map<ProjectorLease, MongoConnection>();
    return {
      expiry: 'clock',
      async contender(now) {
        const connection = await openMongo(mongo().url);
        const lease = new MongoProjectorLease(connection.db, { now });
        connections.set(lease, connection);
        return lease;
      },
      async crash(lease) {
        await connections.get(lease)!.client.close();
      },
      async cleanup() {
        for (const connection of connections.values()) await connection.client.close();
      },
    };
  });
});
