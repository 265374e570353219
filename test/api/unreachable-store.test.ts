/**
 * Starting against a store that does not answer: the process prints one paragraph naming the URL and what
 * to check, and exits non-zero, without a stack trace. Needs no server (nothing listens on port 1).
 */
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { startKurrentDouble } from '../support/kurrentdb-double/server.js';

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr, stdout })));
}

describe('Starting on a store that cannot be reached', function () {
  this.timeout(60_000);

  for (const script of ['src/server.ts', 'src/projector-process.ts']) {
    it(`${script}: one paragraph naming KurrentDB's URL and what to check, exit 1, no stack trace`, async () => {
      const { code, stderr } = await run(script, {
        STORE: 'kurrentdb',
        KURRENTDB_URL: 'kurrentdb://admin:secret@127.0.0.1:1?tls=false',
        MONGODB_URL: 'mongodb://127.0.0.1:1/x',
      });
      expect(code).to.equal(1);
      expect(stderr).to.include('KurrentDB cannot be reached at kurrentdb://127.0.0.1:1?tls=false (KURRENTDB_URL)');
      expect(stderr).to.include('tls');
      expect(stderr).not.to.include('secret');
      expect(stderr).not.to.match(/^\s+at /m);
    });
  }

  it('names MongoDB when KurrentDB answers but MongoDB does not', async function () {
    if (!process.env['KURRENTDB_URL']) {
      console.log('      (skipped: needs a KurrentDB that answers; set KURRENTDB_URL)');
      return this.skip();
    }
    const { code, stderr } = await run('src/server.ts', { STORE: 'kurrentdb', MONGODB_URL: 'mongodb://127.0.0.1:1/x' });
    expect(code).to.equal(1);
    expect(stderr).to.include('MongoDB cannot be reached at mongodb://127.0.0.1:1/x (MONGODB_URL)');
  });

  it('fails the start naming the permission when the KurrentDB user may not read $all (K7), before any request', async () => {
    const double = await startKurrentDouble({ faults: { denyAll: true } });
    try {
      const { code, stderr } = await run('src/server.ts', {
        STORE: 'kurrentdb',
        KURRENTDB_URL: double.url,
        MONGODB_URL: 'mongodb://127.0.0.1:1/x',
      });
      expect(code).to.equal(1);
      expect(stderr).to.include('KurrentDB refused access to the user in KURRENTDB_URL').and.to.include('admin user');
      expect(stderr).not.to.match(/^\s+at /m);
    } finally {
      await double.stop();
    }
  });

  it("names PostgreSQL's URL the same way", async () => {
    const { code, stderr } = await run('src/server.ts', { STORE: 'postgres', DATABASE_URL: 'postgres://app:pw@127.0.0.1:1/none' });
    expect(code).to.equal(1);
    expect(stderr).to.include('PostgreSQL cannot be reached at postgres://127.0.0.1:1/none (DATABASE_URL)');
    expect(stderr).not.to.match(/^\s+at /m);
  });
});
