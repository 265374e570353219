/**
 * The one-time bootstrap key is printed, and stored, only once the server listens: a start that fails on a
 * port already taken leaves no key behind, so the next start generates one, prints it, and it works.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `src/server.ts` with no BOOTSTRAP_API_KEY; resolves when it exits, or once it listens (then `stop` it). */
function start(env: Record<string, string>): Promise<Run & { key?: string; url?: string; stop?: () => Promise<void> }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', COMPILE_THREADS: '1', ...env };
  delete childEnv['BOOTSTRAP_API_KEY'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return new Promise((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const key = /^\s+(lp_\S+)$/m.exec(stdout)?.[1];
      const url = /"url":"([^"]+)"[^\n]*"msg":"letterpress listening"/.exec(stdout)?.[1];
      const stop = async () => void (child.kill('SIGTERM'), await exited);
      if (url) resolve({ code: null, stdout, stderr, ...(key ? { key } : {}), url, stop });
    });
    void exited.then((code) => resolve({ code, stdout, stderr }));
  });
}

function occupy(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('The bootstrap key is printed once the server listens', function () {
  this.timeout(90_000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'letterpress-bootstrap-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a start on a port already taken fails and prints no key; the next start prints one, and it works', async () => {
    const taken = await occupy();
    const port = (taken.address() as { port: number }).port;
    try {
      const failed = await start({ PORT: String(port), DATA_DIR: dataDir });
      expect(failed.code).to.equal(1);
      expect(failed.stderr).to.include('EADDRINUSE');
      expect(failed.stdout).not.to.include('generated an API key');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }

    const started = await start({ PORT: '0', DATA_DIR: dataDir });
    try {
      expect(started.stdout).to.include('generated an API key');
      // Printed before the "listening" line, which announces a server ready for it.
      expect(started.stdout.indexOf('generated an API key')).to.be.lessThan(started.stdout.indexOf('letterpress listening'));
      const answer = await fetch(`${started.url}/v1/projects`, { headers: { Authorization: `Bearer ${started.key}` } });
      expect(answer.status).to.equal(200);
    } finally {
      await started.stop?.();
    }
  });
});
