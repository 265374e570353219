/**
 * Issue 20, item 4: the README's curl session runs as written, so it cannot drift from the server.
 *
 * The ```sh block(s) under "## A session with curl" are read from README.md. The block sets `LP_URL` and
 * `LP_KEY` on its first lines; the test drops those two assignments and passes its own server's URL and key
 * in the environment instead. Every other assignment (`AUTH=…`) is kept as a prelude; each `curl` command
 * (backslash continuations joined) runs in bash, in order, in a temporary directory, and must exit 0 and
 * print what the comment after it says: `# HTTP/1.1 201 Created … Location: … … ETag: "0"` — every piece
 * between ` … ` must appear in curl's output (case-insensitively: a replayed answer may spell header
 * names in lower case).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { TEST_KEY, useTestServer } from '../support/server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SESSION_HEADING = '## A session with curl';

/** One command of the session and the pieces its output must show (from the `# HTTP/…` comment after it). */
export interface SessionStep {
  command: string;
  expect: string[];
}

/**
 * The session of a README: the shell assignments it makes (other than LP_URL and LP_KEY, which the caller
 * supplies) and its curl commands. Throws when the heading, a sh block, the LP_URL/LP_KEY lines or an
 * expectation comment after a command is missing — a README without them is no runnable session.
 */
export function parseSession(markdown: string): { prelude: string[]; steps: SessionStep[] } {
  const start = markdown.indexOf(`\n${SESSION_HEADING}\n`);
  if (start < 0) throw new Error(`README has no "${SESSION_HEADING}" heading`);
  const rest = markdown.slice(start + SESSION_HEADING.length + 2);
  const section = rest.slice(0, rest.search(/\n## |$/));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  if (blocks.length === 0) throw new Error(`"${SESSION_HEADING}" has no \`\`\`sh block`);
  const lines = blocks
    .join('\n')
    .replace(/\\\n\s*/g, '')
    .split('\n');
  if (!lines.some((l) => /^LP_URL=/.test(l)) || !lines.some((l) => /^LP_KEY=/.test(l))) {
    throw new Error('the session must set LP_URL and LP_KEY on lines of their own, for the test to replace');
  }
  const prelude: string[] = [];
  const steps: SessionStep[] = [];
  for (const [i, line] of lines.entries()) {
    if (/^curl /.test(line)) {
      const comment = lines[i + 1] ?? '';
      const m = /^# (HTTP\/1\.1 \d{3}.*)$/.exec(comment);
      if (!m) throw new Error(`no "# HTTP/1.1 <status> …" line after: ${line.slice(0, 80)}`);
      steps.push({
        command: line,
        expect: m[1]!
          .split(' … ')
          .map((s) => s.trim())
          .filter(Boolean),
      });
    } else if (/^[A-Z_]+=/.test(line) && !/^LP_(URL|KEY)=/.test(line)) {
      prelude.push(line);
    }
  }
  return { prelude, steps };
}

function bash(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Async, never execFileSync: the server answers from this same process.
    execFile('bash', ['-c', script], { env, cwd, timeout: 20_000, maxBuffer: 4 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("README's curl session (issue 20)", function () {
  this.timeout(60_000);
  const api = useTestServer();
  const session = parseSession(readFileSync(join(root, 'README.md'), 'utf8'));
  let cwd = '';
  before(async function () {
    cwd = mkdtempSync(join(tmpdir(), 'letterpress-readme-'));
    if ((await bash('curl --version', process.env, cwd)).code !== 0) {
      console.log('    (skipped: no curl on PATH; the README session runs with curl)');
      this.skip();
    }
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('has a session of a few curl commands, each followed by the status it shows', () => {
    expect(session.steps.length).to.be.within(3, 12);
    for (const step of session.steps) {
      expect(step.command).not.to.match(/uuidgen/);
      // The status line and headers must show: -i or -D -, never -s alone.
      expect(step.command, step.command).to.match(/ (-i|-D -) /);
    }
  });

  it('runs each command as written against a fresh server, in order, with the statuses and headers it promises', async () => {
    const env = { ...process.env, LP_URL: api.server.url, LP_KEY: TEST_KEY };
    for (const step of session.steps) {
      const run = await bash([...session.prelude, step.command].join('\n'), env, cwd);
      expect(run.code, `${step.command}\n${run.stderr}`).to.equal(0);
      const out = run.stdout.replace(/\r/g, '').toLowerCase();
      for (const piece of step.expect) {
        expect(out, `${step.command}\n→ expected "${piece}" in:\n${run.stdout.slice(0, 2000)}`).to.include(piece.toLowerCase());
      }
    }
    // The render wrote the email where the README says; it holds the variables sent.
    expect(readFileSync(join(cwd, 'order.html'), 'utf8')).to.include('Hi Ada, thanks for order 1042.');
  });
});
