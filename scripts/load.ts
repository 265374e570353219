/**
 * A bounded mixed workload on loopback, then a check that nothing was lost.
 *
 *   npm run load                                   # 60 s, 16 connections, 50 projects
 *   npm run load -- --duration 10s --connections 32
 *
 * Starts its own server (a child process over a temporary DATA_DIR, SQLite, RATE_LIMIT_PER_MINUTE raised,
 * AUTH_FAILURES_PER_MINUTE off and MAX_CONNECTIONS_PER_CLIENT raised: all of it comes from one address and
 * its bad keys must reach authentication, LOG_LEVEL warn) with two keys of its own made in the store beforehand: one to work with and one revoked.
 * Over 50 projects, `--connections` loops each send one request at a time, drawn from: renders with the same
 * variables (cache hits) and with varying ones, saves with `If-Match` (a 412 from a racing writer is
 * expected, and counted), project reads, lists, and key checks (an unknown key and the revoked one → 401).
 * Reports requests/s, p50/p99/max latency per kind and statuses; then, once the projector has caught up,
 * that every acknowledged save is there at its revision with its content (a marker in metadata), every
 * stream is whole and every read model equals the fold of its stream. Exits 1 on lost data, on any 5xx or
 * on any status a kind should never get.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiKeys, DEFAULT_WORKSPACE } from '../src/application/keys/index.js';
import { SCOPES } from '../src/application/ports/index.js';
import { openStores } from '../src/wiring.js';
import { checkAcknowledged, checkStore, waitCaughtUp, type Acknowledged } from './support/durability.js';
import { mjmlPage } from './support/fixtures.js';
import { spawnServer } from './support/spawned-server.js';
import { runWorkload, type Kind } from './load-workload.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60s' },
    connections: { type: 'string', default: '16' },
    projects: { type: 'string', default: '50' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('Usage: npm run load -- [--duration 60s|2m|500ms] [--connections 16] [--projects 50]');
  process.exit(0);
}
const durationMs = parseDuration(values.duration);
const connections = Number(values.connections);
const projects = Number(values.projects);
if (!Number.isInteger(connections) || connections < 1 || !Number.isInteger(projects) || projects < 1) {
  console.error('--connections and --projects take positive integers.');
  process.exit(2);
}

/** `60s`, `2m`, `500ms`, or a number of seconds → ms. */
function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) {
    console.error(`--duration ${text}: expected e.g. 60s, 2m or 500ms.`);
    process.exit(2);
  }
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000);
}

const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-load-'));
let failed = false;
try {
  // Keys made in the store before the server starts (BOOTSTRAP_API_KEY is then ignored): one to use, one revoked.
  const stores = await openStores({ dataDir, store: 'sqlite' });
  const keys = new ApiKeys(stores.apiKeys);
  const { token: key } = await keys.issue({ name: 'load', workspace: DEFAULT_WORKSPACE, scopes: [...SCOPES] });
  const revoked = await keys.issue({ name: 'load-revoked', workspace: DEFAULT_WORKSPACE, scopes: [...SCOPES] });
  await keys.revoke(revoked.record.id);
  await stores.close();

  const server = await spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_FAILURES_PER_MINUTE: '0',
    MAX_CONNECTIONS_PER_CLIENT: '1000000',
    MAX_CONNECTIONS: '1000000',
    COMPILE_THREADS: process.env['COMPILE_THREADS'] ?? '2',
  });
  const acks: Acknowledged[] = [];
  try {
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    for (let p = 0; p < projects; p++) {
      const marker = `load-${p}-created`;
      const res = await fetch(`${server.url}/v1/projects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          id: `load-${p}`,
          mjml: mjmlPage(`Hi {{name}}, order {{order}} of project ${p}.`),
          metadata: { subject: `Load ${p}`, marker },
        }),
      });
      if (res.status !== 201) throw new Error(`creating load-${p}: ${res.status} ${await res.text()}`);
      acks.push({ projectId: `load-${p}`, revision: 0, marker });
    }
    console.log(`${projects} projects created; ${connections} connections for ${durationMs / 1000} s on ${server.url}`);
    const result = await runWorkload({ url: server.url, key, revokedKey: revoked.token, projects, connections, durationMs, acks });
    printReport(result.stats, result.elapsedMs);
    if (result.unexpected.length > 0) {
      failed = true;
      console.error(`Unexpected answers (first 10 of ${result.unexpected.length}):\n  ${result.unexpected.slice(0, 10).join('\n  ')}`);
    }
    await waitCaughtUp(server.url, key, 60_000);
    const check = await checkAcknowledged(server.url, acks, key);
    console.log(
      `Acknowledged saves (creates included): ${check.acknowledged}; found at their revision with their content: ${check.found}.`,
    );
    if (check.lost.length > 0) {
      failed = true;
      console.error(`LOST ${check.lost.length}:\n  ${check.lost.slice(0, 20).join('\n  ')}`);
    }
    if (server.errors.length > 0) {
      failed = true;
      console.error(`The server logged ${server.errors.length} error(s), first: ${JSON.stringify(server.errors[0]).slice(0, 500)}`);
    }
  } finally {
    await server.stop();
  }
  const store = await checkStore({ dataDir });
  console.log(
    `Store: ${store.streams} streams, ${store.events} events, no gap: ${store.gaps.length === 0}; ${store.documents} read-model documents, equal to the fold: ${store.mismatches.length === 0}.`,
  );
  if (store.gaps.length > 0 || store.mismatches.length > 0) {
    failed = true;
    console.error([...store.gaps, ...store.mismatches].slice(0, 20).join('\n'));
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? 'FAILED' : 'OK: no 5xx, nothing lost.');
process.exit(failed ? 1 : 0);

function printReport(stats: Map<Kind, { latencies: number[]; statuses: Map<number, number> }>, elapsedMs: number): void {
  const pct = (sorted: number[], q: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;
  const rows = [['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'statuses']];
  let total = 0;
  for (const [kind, s] of stats) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    total += sorted.length;
    const statuses = [...s.statuses]
      .sort(([a], [b]) => a - b)
      .map(([st, n]) => `${st}×${n}`)
      .join(' ');
    rows.push([
      kind,
      String(sorted.length),
      (sorted.length / (elapsedMs / 1000)).toFixed(1),
      pct(sorted, 0.5).toFixed(1),
      pct(sorted, 0.99).toFixed(1),
      (sorted.at(-1) ?? 0).toFixed(1),
      statuses,
    ]);
  }
  rows.push(['all', String(total), (total / (elapsedMs / 1000)).toFixed(1), '', '', '', '']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows)
    console.log(r.map((cell, c) => (c === 0 || c === 6 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
}
