/**
 * Server CPU per cached render, the render fast path (RENDER_FAST_PATH=1) against the Koa chain (=0): each
 * server in its own process, loaded by autocannon from this one, its CPU read as utime+stime from
 * /proc/<pid>/stat (Linux) around each run. Prints µs of server CPU per request and req/s, per scenario, for
 * `rounds` alternating rounds (docs/performance.md "The render fast path" quotes its numbers).
 *
 *   node --import tsx scripts/fast-path-cpu.ts [seconds=6] [rounds=3] [connections=50]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { mjmlPage, TEST_KEY } from './support/fixtures.js';
import { spawnServer } from './support/spawned-server.js';

const seconds = Number(process.argv[2] ?? 6);
const rounds = Number(process.argv[3] ?? 3);
const connections = Number(process.argv[4] ?? 50);
/** Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_S = 100;

const scenarios: { name: string; headers: Record<string, string> }[] = [
  { name: 'small JSON', headers: {} },
  { name: 'small text/html', headers: { Accept: 'text/html' } },
  { name: 'small JSON, gzip', headers: { 'Accept-Encoding': 'gzip' } },
];

/** utime + stime of process `pid`, µs. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_S;
}

async function measure(fast: '1' | '0'): Promise<Record<string, { cpuUs: number; rps: number }>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-fastpath-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RENDER_FAST_PATH: fast, RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const auth = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${server.url}/v1/projects`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: 'small', mjml: mjmlPage('Hello {{name}}, your order {{order}} has shipped.') }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    const body = JSON.stringify({ variables: { name: 'Ada', order: 'A-1' } });
    const results: Record<string, { cpuUs: number; rps: number }> = {};
    for (const scenario of scenarios) {
      const options = {
        url: `${server.url}/v1/templates/small/render`,
        method: 'POST' as const,
        headers: { ...auth, ...scenario.headers },
        body,
      };
      await autocannon({ ...options, connections, duration: 2 }); // warm-up: JIT, cache
      const before = cpuMicros(server.child.pid!);
      const run = await autocannon({ ...options, connections, duration: seconds });
      const used = cpuMicros(server.child.pid!) - before;
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${scenario.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      results[scenario.name] = { cpuUs: used / run.requests.total, rps: run.requests.average };
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let round = 1; round <= rounds; round++) {
  // alternate which goes first, so that a machine getting busier does not favour one side
  const order: ('1' | '0')[] = round % 2 === 1 ? ['1', '0'] : ['0', '1'];
  const measured: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const fast of order) measured[fast] = await measure(fast);
  for (const { name } of scenarios) {
    const f = measured['1']![name]!;
    const k = measured['0']![name]!;
    console.log(
      `round ${round} ${name.padEnd(18)} fast ${f.cpuUs.toFixed(1)} µs ${Math.round(f.rps)} req/s | koa ${k.cpuUs.toFixed(1)} µs ${Math.round(k.rps)} req/s | koa/fast ${(k.cpuUs / f.cpuUs).toFixed(2)}`,
    );
  }
}
