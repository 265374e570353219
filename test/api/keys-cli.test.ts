/**
 * `npm run keys` (scripts/keys.ts), spawned as a separate process on the DATA_DIR of a running test server:
 * the key it prints (alone, on the last line of stdout) works against that server; list, revoke and rotate
 * act on the same store; --help prints usage; bad input exits 2 with a message and never a stack trace.
 * The server runs with API_KEY_CACHE_TTL_MS=0 so that another process's revocation holds at once.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { useTestServer } from '../support/server.js';

const TOKEN = /^lp_([A-Za-z0-9]{12})_[A-Za-z0-9_-]{43}$/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last non-empty line of stdout. */
  last: string;
}

/** Run `node --import tsx scripts/keys.ts …args` (or another script) with only DATA_DIR and PATH set. */
function keys(dataDir: string, args: string[], script = 'scripts/keys.ts'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, last: stdout.trimEnd().split('\n').at(-1) ?? '' }));
  });
}

const noStack = (run: Run) => {
  expect(run.stderr + run.stdout).to.not.match(/\n\s+at .+:\d+:\d+/);
  expect(run.stderr + run.stdout).to.not.match(/Error: /);
};

describe('npm run keys (CLI) against a running server', function () {
  this.timeout(180_000); // each run that opens the store loads the whole wiring: seconds on a busy machine
  const t = useTestServer({ env: { API_KEY_CACHE_TTL_MS: '0' } });
  const cli = (...args: string[]) => keys(t.server.dataDir, args);

  it('create prints the key alone on the last line of stdout; the running server accepts it with its workspace, scopes and limit', async () => {
    const before = Date.now();
    const run = await cli(
      'create',
      '--workspace',
      'acme',
      '--scopes',
      'keys:admin,projects:read',
      '--name',
      'ci',
      '--expires-in',
      '12h',
      '--rate-limit',
      '120',
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(run.last).to.match(TOKEN);
    expect(run.stdout.trim().split('\n')).to.have.length(1);
    const id = TOKEN.exec(run.last)![1]!;
    const res = await t.server.request('GET', `/v1/api-keys/${id}`, { key: run.last });
    expect(res.status).to.equal(200);
    expect(res.json).to.include({ workspace: 'acme', name: 'ci', rate_limit_per_minute: 120, status: 'active' });
    expect(res.json.scopes).to.deep.equal(['keys:admin', 'projects:read']);
    expect(Date.parse(res.json.expires_at)).to.be.within(before + 12 * 3_600_000, Date.now() + 12 * 3_600_000);
    expect((await t.server.request('POST', '/v1/projects', { key: run.last, body: { mjml: '<mjml></mjml>' } })).json.code).to.equal(
      'insufficient_scope',
    );
  });

  it('list shows keys without tokens; rotate prints a new key and revokes the old with --overlap 0; revoke refuses a key at once', async () => {
    const made = await cli('create', '--workspace', 'rot', '--scopes', 'projects:read', '--name', 'svc');
    const oldId = TOKEN.exec(made.last)![1]!;
    const listed = await cli('list', '--workspace', 'rot');
    expect(listed.code).to.equal(0);
    expect(listed.stdout).to.include(oldId).and.include('svc').and.not.include(made.last);
    expect((await cli('list')).stdout).to.include(oldId);

    const rotated = await cli('rotate', oldId, '--overlap', '0');
    expect(rotated.code, rotated.stderr).to.equal(0);
    expect(rotated.last).to.match(TOKEN);
    expect((await t.server.request('GET', '/v1/projects', { key: made.last })).json.code).to.equal('revoked_api_key');
    expect((await t.server.request('GET', '/v1/projects', { key: rotated.last })).status).to.equal(200);

    const overlapping = await cli('rotate', TOKEN.exec(rotated.last)![1]!, '--overlap', '1h');
    expect(overlapping.code).to.equal(0);
    expect((await t.server.request('GET', '/v1/projects', { key: rotated.last })).status).to.equal(200); // still in its hour
    const revoked = await cli('revoke', TOKEN.exec(overlapping.last)![1]!);
    expect(revoked.code).to.equal(0);
    expect((await t.server.request('GET', '/v1/projects', { key: overlapping.last })).json.code).to.equal('revoked_api_key');
    const unknown = await cli('revoke', 'NoSuchKey123');
    expect([unknown.code, unknown.stderr]).to.deep.equal([1, "keys: No API key 'NoSuchKey123'.\n"]);
  });

  it('create without --scopes grants rendering only (never keys:admin) and says so; list shows the default limit as a number', async () => {
    const run = await cli('create', '--name', 'renderer');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.include('scopes templates:render;');
    expect(run.stderr).to.include('No --scopes given: it may only render (templates:render); pass --scopes to grant more.');
    const id = TOKEN.exec(run.last)![1]!;
    const admin = await t.server.request('GET', `/v1/api-keys/${id}`);
    expect(admin.json.scopes).to.deep.equal(['templates:render']);
    expect((await t.server.request('GET', '/v1/projects', { key: run.last })).json.code).to.equal('insufficient_scope');
    expect((await t.server.request('GET', '/v1/api-keys', { key: run.last })).json.code).to.equal('insufficient_scope');
    await cli('create', '--name', 'limited', '--scopes', 'projects:read', '--rate-limit', '120');
    const listed = (await cli('list', '--workspace', 'default')).stdout;
    // The service default (RATE_LIMIT_PER_MINUTE, 600 here) as a number, said to be the default; a key's own as it is.
    expect(listed).to.match(new RegExp(`^${id}  renderer .*  600/min \\(default\\)$`, 'm'));
    expect(listed)
      .to.match(/^\S+ {2}limited .* {2}120\/min$/m)
      .and.not.include('default/min');
  });

  it('--help, -h, help and per-command help print usage on stdout and exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['create', '--help'], ['rotate', '-h']]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).to.equal(0);
      expect(run.stdout, args.join(' ')).to.include('npm run keys --');
      noStack(run);
    }
    expect((await cli('create', '--help')).stdout)
      .to.include('--expires-in')
      .and.not.include('revoke <id>');
  });

  it('refuses an expiry in the past, unknown flags, commands and scopes with exit 2 and a clear message; nothing is created', async () => {
    const count = async () => (await cli('list')).stdout.trim().split('\n').length;
    const before = await count();
    const cases: Array<[string[], RegExp]> = [
      [['create', '--expires-at', '2020-01-01T00:00:00Z'], /not in the future/],
      [['create', '--expires', '2020-01-01T00:00:00Z'], /not in the future/],
      [['create', '--expires-in', '0s'], /not in the future/],
      [['create', '--expires-in', 'soon'], /--expires-in must be/],
      [['create', '--colour', 'red'], /Unknown option '--colour'/],
      [['create', '--scopes', 'projects:reed'], /unknown scope\(s\): projects:reed/],
      [['create', '--rate-limit', 'lots'], /--rate-limit must be/],
      [['create', '--name'], /--name/],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['revoke'], /revoke takes one key id/],
      [['rotate', 'x', '--overlap', 'forever'], /--overlap must be/],
      [[], /Manage API keys/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr, args.join(' ')).to.match(message);
      expect(run.stdout, args.join(' ')).to.equal('');
      noStack(run);
    }
    expect(await count()).to.equal(before);
  });

  it('keeps the old name: scripts/api-keys.ts and `npm run api-keys` run the same tool', async () => {
    const run = await keys(t.server.dataDir, ['create', '--workspace', 'old', '--scopes', 'projects:read'], 'scripts/api-keys.ts');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.last).to.match(TOKEN);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['keys']).to.equal('node --import tsx scripts/keys.ts');
    expect(scripts['api-keys']).to.equal(scripts['keys']);
  });
});
