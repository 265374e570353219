/**
 * `npm run corpus:fetch` (scripts/corpus-fetch.ts) against a local server laid out like
 * raw.githubusercontent.com (`/<owner>/<name>/<commit>/<path>`), serving the files of the corpus found here:
 * every pinned file arrives byte for byte, a corpus suite finds the result, and a changed or missing file
 * keeps nothing. Needs the corpus (it is what the server serves), so it skips without it.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { CORPUS_DIR, describeCorpus, holdsCorpus, isFetchedCorpus } from '../support/corpus.js';

interface Source {
  file: string;
  repository: string;
  commit: string;
  path: string;
  sha256: string;
}
const SOURCES = JSON.parse(readFileSync('scripts/corpus/sources.json', 'utf8')) as Source[];

/** Runs a node script with tsx, bounded; resolves with its exit code and output. */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { env, timeout: 90_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describeCorpus('npm run corpus:fetch', function () {
  this.timeout(120_000);
  let server: Server;
  let baseUrl = '';
  /** What the server does to one file: serve other bytes, or answer 404. */
  let tamper: { file: string; how: 'bytes' | '404' } | undefined;
  let work = '';

  before(async () => {
    const byUrl = new Map(SOURCES.map((s) => [`/${s.repository}/${s.commit}/${s.path}`, s.file]));
    server = createServer((request, response) => {
      const file = byUrl.get(decodeURIComponent(request.url ?? ''));
      if (!file || (tamper?.file === file && tamper.how === '404')) return void response.writeHead(404).end('404: Not Found');
      const bytes = readFileSync(join(CORPUS_DIR, file));
      response.end(tamper?.file === file ? Buffer.concat([bytes, Buffer.from('\n')]) : bytes);
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    work = mkdtempSync(join(tmpdir(), 'lp-corpus-fetch-'));
  });
  after(async () => {
    await new Promise((closed) => server.close(closed));
    rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => (tamper = undefined));

  const fetchInto = (out: string) => run(['--import', 'tsx', 'scripts/corpus-fetch.ts', '--base-url', baseUrl, '--out', out]);

  it('lists every file of the corpus, each with a full commit and a SHA-256', () => {
    expect(SOURCES.length).to.equal(48);
    expect(SOURCES.every((s) => /^[0-9a-f]{40}$/.test(s.commit) && /^[0-9a-f]{64}$/.test(s.sha256))).to.equal(true);
  });

  it('downloads every pinned file byte for byte, with a MANIFEST.md, where a corpus suite finds it', async () => {
    const out = join(work, 'ok');
    const fetched = await fetchInto(out);
    expect(fetched.code, fetched.stderr).to.equal(0);
    expect(fetched.stdout).to.include('48 files in');
    for (const source of SOURCES) {
      expect(readFileSync(join(out, source.file)).equals(readFileSync(join(CORPUS_DIR, source.file))), source.file).to.equal(true);
    }
    expect(holdsCorpus(out)).to.equal(true);
    expect(isFetchedCorpus(out)).to.equal(true);
    const suite = await run(['node_modules/mocha/bin/mocha.js', 'test/unit/go-syntax.test.ts'], {
      ...process.env,
      LETTERPRESS_CORPUS: out,
    });
    expect(suite.code, suite.stdout + suite.stderr).to.equal(0);
    expect(suite.stdout).to.not.match(/pending/);
  });

  it('keeps nothing and names the file when one arrives with other bytes', async () => {
    tamper = { file: 'saleor-gift_card.mjml', how: 'bytes' };
    const out = join(work, 'tampered');
    const fetched = await fetchInto(out);
    expect(fetched.code).to.equal(1);
    expect(fetched.stderr).to.match(/1 of 48 files not fetched, nothing kept/);
    expect(fetched.stderr).to.match(
      /saleor-gift_card\.mjml from http:\/\/127\.0\.0\.1:\d+\/saleor\/saleor-email-templates\/bb273d9704\w+\/templated_email\/source\/gift_card\.mjml: SHA-256 [0-9a-f]{64}, expected/,
    );
    expect(existsSync(out)).to.equal(false);
    expect(existsSync(`${out}.partial`)).to.equal(false);
  });

  it('keeps nothing and names the URL and status when one is missing', async () => {
    tamper = { file: 'partials/style.css', how: '404' };
    const fetched = await fetchInto(join(work, 'missing'));
    expect(fetched.code).to.equal(1);
    expect(fetched.stderr).to.match(
      /partials\/style\.css from http:\S+\/mattermost\/mattermost\/1bda8753\w+\/server\/templates\/partials\/style\.css: HTTP 404/,
    );
    expect(existsSync(join(work, 'missing'))).to.equal(false);
  });

  it('refuses a usage error with exit code 2', async () => {
    const refused = await run(['--import', 'tsx', 'scripts/corpus-fetch.ts', '--no-such-option']);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.include('usage: npm run corpus:fetch');
  });
});
