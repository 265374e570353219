/**
 * `npm start` under a supervisor: SIGTERM to the npm process stops the server (its "start" script `exec`s
 * node, so npm's forwarded signal reaches the server rather than a shell): the port is freed and no process
 * of the tree is left behind. POSIX only (the process tree is read with `ps`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { TEST_KEY } from '../support/server.js';

/** A test server's compile pool (one thread), and the log level whose lines tell when it listens. */
const ONE_THREAD = { COMPILE_THREADS: '1', LOG_LEVEL: 'info' };

/** Every process below `pid` (children, grandchildren…). */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start forwards SIGTERM to the server', function () {
  // The prestart hook builds dist/ when a source is newer than the last build.
  this.timeout(240_000);

  it('SIGTERM to `npm start`: the server stops, its port is freed, no orphan is left', async function () {
    if (process.platform === 'win32') return this.skip();
    const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-npm-start-'));
    const npm = spawn('npm', ['start'], {
      env: { ...process.env, ...ONE_THREAD, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BOOTSTRAP_API_KEY: TEST_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tree: number[] = [];
    try {
      let stdout = '';
      let stderr = '';
      npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // 'exit', not 'close': an orphaned server would hold the pipes open, and the test would hang instead of failing.
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const found = /"url":"([^"]+)"[^\n]*"msg":"letterpress listening"/.exec(stdout)?.[1];
          if (found) resolve(found);
        });
        void exited.then((code) => reject(new Error(`npm start exited (${code}) before listening:\n${stdout}\n${stderr}`)));
      });
      expect((await fetch(`${url}/v1/health`, { headers: { Authorization: `Bearer ${TEST_KEY}` } })).status).to.equal(200);
      tree = descendants(npm.pid!);
      expect(tree.length, 'processes below npm (the server)').to.be.greaterThan(0);

      const signalled = Date.now();
      npm.kill('SIGTERM');
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000).unref());
      // npm exits with the server's code: 0 after its graceful stop (a shell killed under it would be 143).
      expect(await Promise.race([exited, timeout])).to.equal(0);
      const deadline = signalled + 5000;
      while (tree.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tree.filter(alive), 'processes left running after SIGTERM to npm start').to.deep.equal([]);
      const after = await fetch(`${url}/v1/health`).then(
        (response) => `answered ${response.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect(after).to.equal('ECONNREFUSED');
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
      // An orphan a failed run left (reparented, so found by the pids seen while npm ran).
      for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
