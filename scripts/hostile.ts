/**
 * `npm run hostile`: every hostile case of the render-path issue, replayed over HTTP against a real
 * server with the DEFAULT template/render/body limits, in its own child process (so a case that blocks
 * or kills it cannot stall this script's clock). While each case is in flight, GET /v1/health is
 * polled every 10 ms on fresh connections; after it, the child must still be alive and a normal
 * template must still save and render. Prints a markdown table and writes hostile-report.json.
 * RATE_LIMIT_PER_MINUTE is the one default raised: the 10 ms poll alone is 6,000 requests a minute.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'lp_TESTKEY00001_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const BODY_LIMIT = 2048 * 1024; // BODY_LIMIT_KB default (2048), bytes
const SOURCE_LIMIT = 256 * 1024; // TEMPLATE_MAX_SOURCE_BYTES default, bytes
const ROOMY = {
  TEMPLATE_MAX_NODES: '1000000',
  TEMPLATE_MAX_EXPRESSIONS: '1000000',
  TEMPLATE_MAX_SOURCE_BYTES: '8388608',
  TEMPLATE_MAX_HTML_BYTES: '67108864',
  BODY_LIMIT_KB: '8192',
  COMPILE_TIMEOUT_MS: '2000',
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const HELLO = page('Hello {{name}}!');
const SECTION = '<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>';
const sections = (n: number) => `<mjml><mj-body>${SECTION.repeat(n)}</mj-body></mjml>`;

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  start: number;
  end: number;
  error?: string;
}
interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}
interface Shot {
  label: string;
  path: string;
  body: Buffer;
  delayMs?: number;
  expected: string;
  note?: (r: Reply) => string;
}
interface Row {
  case: string;
  request_kb: number;
  expected: string;
  status: number;
  code: string;
  limit: string;
  ms: number;
  health_max_ms: number | null;
  health_polls: number;
  health_failures: number;
  alive: boolean;
  normal_render: string;
  note: string;
  detail?: string;
}

/** One request on its own connection (keep-alive off); `start`/`end` in ms of performance.now(); never rejects. */
function send(url: string, method: string, path: string, body?: Buffer, timeoutMs = 120_000): Promise<Reply> {
  const start = performance.now();
  const headers: Record<string, string> = {
    Authorization: `Bearer ${KEY}`,
    Connection: 'close',
    ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}),
  };
  return new Promise((resolve) => {
    const req = request(url + path, { method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const end = performance.now();
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json, start, end });
      });
      res.on('error', (e) => resolve({ status: 0, json: undefined, start, end: performance.now(), error: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => resolve({ status: 0, json: undefined, start, end: performance.now(), error: e.message }));
    req.end(body);
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const alive = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Spawn `node --import tsx src/server.ts` over a fresh temp DATA_DIR; resolves once /v1/health answers 200 (60 s at most). */
async function startServer(name: string, extra: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'letterpress-hostile-'));
  const port = await freePort();
  // Drop any limit set in our own environment: the point is the service's defaults.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(PORT|HOST|DATA_DIR|STORE|BOOTSTRAP_API_KEY|RATE_LIMIT|COMPILE_|TEMPLATE_MAX_|RENDER_|API_KEY_CACHE|BODY_LIMIT|LOG_LEVEL)/.test(
          k,
        ),
    ),
  );
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: KEY,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...extra,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server: Server = { name, url: `http://127.0.0.1:${port}`, child, dataDir, output: [] };
  running.add(server);
  // Always drain both pipes (a full pipe would block the child) and keep them: case 6 reads them.
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (c: Buffer) => server.output.push(c.toString('utf8')));
  const deadline = performance.now() + 60_000;
  while (alive(server) && performance.now() < deadline) {
    if ((await send(server.url, 'GET', '/v1/health', undefined, 2000)).status === 200) return server;
    await sleep(100);
  }
  throw new Error(`${name} server did not answer /v1/health: ${server.output.join('').slice(-2000)}`);
}

const running = new Set<Server>();
/** SIGTERM (the service's graceful shutdown), SIGKILL after 5 s; then remove its data directory. */
async function stopServer(s: Server): Promise<void> {
  if (alive(s)) {
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    const force = setTimeout(() => s.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(force);
  }
  rmSync(s.dataDir, { recursive: true, force: true });
  running.delete(s);
}
process.once('exit', () => running.forEach((s) => (s.child.kill('SIGKILL'), rmSync(s.dataDir, { recursive: true, force: true }))));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/**
 * Fire `shots` (each after its `delayMs`) while polling /v1/health every 10 ms, one poll at a time;
 * per shot, the slowest poll whose interval overlaps the shot's (ms) and the polls that failed.
 */
async function inFlight(
  s: Server,
  shots: Shot[],
): Promise<Array<{ shot: Shot; reply: Reply; max: number | null; polls: number; failures: number }>> {
  // Undelayed shots go out first, in this same tick as the first poll, so even a 2 ms case overlaps a poll.
  const pending = Promise.all(
    shots.map((shot) =>
      shot.delayMs ? sleep(shot.delayMs).then(() => send(s.url, 'POST', shot.path, shot.body)) : send(s.url, 'POST', shot.path, shot.body),
    ),
  );
  const polls: Reply[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      polls.push(await send(s.url, 'GET', '/v1/health', undefined, 30_000));
      await sleep(10);
    }
  })();
  const replies = await pending;
  done = true;
  await poller;
  return shots.map((shot, i) => {
    const reply = replies[i]!;
    const seen = polls.filter((p) => p.start < reply.end && p.end > reply.start);
    const ok = seen.filter((p) => p.status === 200);
    return {
      shot,
      reply,
      max: ok.length ? Math.max(...ok.map((p) => p.end - p.start)) : null,
      polls: seen.length,
      failures: seen.length - ok.length,
    };
  });
}

let counter = 0;
/** Save a small template and render it: "yes" when 201 then 200 with the expected HTML. */
async function normalRender(s: Server): Promise<string> {
  const id = `normal-${++counter}`;
  const created = await send(s.url, 'POST', '/v1/projects', json({ id, mjml: HELLO }));
  const rendered = await send(s.url, 'POST', `/v1/templates/${id}/render`, json({ variables: { name: 'Ada' } }));
  const ok = created.status === 201 && rendered.status === 200 && String(rendered.json?.html).includes('Hello Ada!');
  return `${ok ? 'yes' : 'NO'} (${created.status}/${rendered.status})`;
}

/** Run one case: its shots in flight together, then the liveness and normal-render checks. */
async function runCase(s: Server, rows: Row[], shots: Shot[]): Promise<void> {
  const results = await inFlight(s, shots);
  await sleep(200); // let a dying child's exit (or its last log lines) arrive before we look
  const isAlive = alive(s);
  const normal = isAlive ? await normalRender(s) : 'NO (server gone)';
  for (const { shot, reply, max, polls, failures } of results) {
    rows.push({
      case: shot.label,
      request_kb: Math.round(shot.body.length / 102.4) / 10,
      expected: shot.expected,
      status: reply.status,
      code: reply.json?.code ?? reply.error ?? '',
      limit: reply.json?.limit ?? '',
      ms: Math.round(reply.end - reply.start),
      health_max_ms: max === null ? null : Math.round(max),
      health_polls: polls,
      health_failures: failures,
      alive: isAlive,
      normal_render: normal,
      note: shot.note?.(reply) ?? '',
      ...(reply.json?.detail ? { detail: String(reply.json.detail) } : {}),
    });
  }
}

/** Case 5: the slow compile, then the valid 120-byte template 20 ms later. */
const slowThenValid = (tag: string, mjml: string, expected: string): Shot[] => [
  {
    label: `5${tag} slow compile, ${Math.round(Buffer.byteLength(mjml) / 1024)} KB`,
    path: '/v1/projects',
    body: json({ id: `slow-${tag}`, mjml }),
    expected,
  },
  {
    label: `5${tag} valid ${Buffer.byteLength(HELLO)} B template, 20 ms later`,
    path: '/v1/projects',
    body: json({ id: `valid-${tag}`, mjml: HELLO }),
    delayMs: 20,
    expected: '201',
  },
];

async function defaultCases(s: Server, rows: Row[]): Promise<void> {
  const nested = await send(
    s.url,
    'POST',
    '/v1/projects',
    json({ id: 'nested-each', mjml: page('{{#each a}}{{#each ../a}}x{{/each}}{{/each}}') }),
  );
  if (nested.status !== 201) throw new Error(`saving nested-each answered ${nested.status}: ${JSON.stringify(nested.json)}`);
  for (const n of [13_000, 10_000]) {
    await runCase(s, rows, [
      {
        label: `1 nested #each render, ${n.toLocaleString('en')} items`,
        path: '/v1/templates/nested-each/render',
        body: json({ variables: { a: new Array(n).fill(0) } }),
        expected: '400 render_limit_exceeded',
      },
    ]);
  }
  const manyA = json({ id: 'expr-380k', mjml: page('{{a}}'.repeat(380_000)) });
  if (manyA.length >= 2_000 * 1024) throw new Error(`case 2 body is ${manyA.length} bytes`);
  await runCase(s, rows, [
    { label: '2 380,000 {{a}} in one mj-text', path: '/v1/projects', body: manyA, expected: '413 template_too_large' },
  ]);
  await runCase(s, rows, [
    {
      label: '3 10,000 {{a}} expressions',
      path: '/v1/projects',
      body: json({ id: 'expr-10k', mjml: page('{{a}}'.repeat(10_000)) }),
      expected: '400 template_too_complex',
    },
  ]);
  const deep = (n: number) =>
    json({ id: `deep-${n}`, mjml: `<mjml><mj-body><mj-raw>${'<div>'.repeat(n)}${'</div>'.repeat(n)}</mj-raw></mj-body></mjml>` });
  const levels = Math.floor((BODY_LIMIT - 1 - deep(0).length) / 11); // 11 bytes a level: as deep as the body limit allows
  await runCase(s, rows, [
    {
      label: `4 ${levels.toLocaleString('en')} levels deep in mj-raw`,
      path: '/v1/projects',
      body: deep(levels),
      expected: '413 template_too_large',
    },
  ]);
  await runCase(s, rows, [
    { label: '4 18,000 levels deep in mj-raw (~198 KB)', path: '/v1/projects', body: deep(18_000), expected: '400 template_too_complex' },
  ]);
  const fit = Math.floor((SOURCE_LIMIT - sections(0).length) / SECTION.length);
  await runCase(s, rows, slowThenValid('a', sections(fit), '400 template_too_complex'));
  // `{{log}}` is refused at save (unknown_helper) since the helper library landed, so the render finds no
  // template (404); the row still checks that nothing forged reached the log.
  await send(s.url, 'POST', '/v1/projects', json({ id: 'logger', mjml: page('A{{log line}}B') }));
  const before = s.output.join('').length;
  await runCase(s, rows, [
    {
      label: '6 {{log}} with a forged log line',
      path: '/v1/templates/logger/render',
      body: json({ variables: { line: 'x\n{"level":60,"msg":"forged"}' } }),
      expected: '404 (the save was refused), nothing logged',
      note: () => `child output has "forged": ${s.output.join('').slice(before).includes('forged')}`,
    },
  ]);
  await runCase(s, rows, [
    {
      label: '7 1.5 MB text in mj-text',
      path: '/v1/projects',
      body: json({ id: 'text-1m5', mjml: page('lorem ipsum '.repeat(125_000)) }),
      expected: '413 template_too_large',
    },
  ]);
  await runCase(s, rows, [
    {
      label: '8 1.1 MB metadata string',
      path: '/v1/projects',
      body: json({ id: 'fat', mjml: HELLO, metadata: { notes: 'n'.repeat(1_100_000) } }),
      expected: '413 field_too_large METADATA_MAX_BYTES',
    },
  ]);
}

const cell = (v: unknown) => String(v ?? '–').replace(/\|/g, '\\|');
function table(rows: Row[]): string {
  const head = [
    'case',
    'request KB',
    'expected',
    'status',
    'code',
    'limit',
    'ms',
    'slowest /health ms (polls)',
    'alive',
    'normal render',
    'note',
  ];
  const lines = rows.map((r) => [
    r.case,
    r.request_kb,
    r.expected,
    r.status,
    r.code,
    r.limit,
    r.ms,
    `${r.health_max_ms ?? '–'} (${r.health_polls}${r.health_failures ? `, ${r.health_failures} failed` : ''})`,
    r.alive ? 'yes' : 'NO',
    r.normal_render,
    r.note,
  ]);
  return [head, head.map(() => '---'), ...lines].map((l) => `| ${l.map(cell).join(' | ')} |`).join('\n');
}

const rows: Row[] = [];
try {
  const server = await startServer('default');
  try {
    await defaultCases(server, rows);
  } finally {
    await stopServer(server);
  }
  const roomy = await startServer('roomy', ROOMY);
  try {
    await runCase(roomy, rows, slowThenValid('b', sections(6000), '500 mjml_compile_timeout'));
  } finally {
    await stopServer(roomy);
  }
} finally {
  if (rows.length) {
    console.log(
      `# Letterpress hostile cases\n\nNode ${process.version}, ${cpus().length} CPUs. Default limits except RATE_LIMIT_PER_MINUTE=1000000; case 5b: ${Object.entries(
        ROOMY,
      )
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}.\n`,
    );
    console.log(table(rows));
    writeFileSync(
      join(ROOT, 'hostile-report.json'),
      `${JSON.stringify({ node: process.version, cpus: cpus().length, at: new Date().toISOString(), roomy_env: ROOMY, rows }, null, 2)}\n`,
    );
  }
}
