/**
 * Child processes for the HTTP bench: every server under test runs in its own `node --import tsx`
 * process, so the load generator (autocannon, in the bench process) never shares an event loop with
 * the server it measures, and all of them are killed at the end, even when the bench fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What children of this folder print on stdout once they listen: `LISTENING http://127.0.0.1:PORT`. */
export const LISTENING_PREFIX = 'LISTENING ';

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
  /** The last lines the child wrote (stdout and stderr), for failure messages. */
  tail(): string;
}

const children = new Set<ChildProcess>();
/**
 * Preloaded (`--import`) into every child, the Letterpress service included: the bench holds the
 * child's stdin, so when the bench goes away, even by SIGKILL where no `finally` runs, stdin ends and
 * the child sends itself SIGTERM (the service's own graceful shutdown) instead of outliving the run.
 * A data: URL because Node 20 loads a second `--import` without tsx's hooks (a .ts file fails there).
 */
const EXIT_WITH_PARENT = `data:text/javascript,${encodeURIComponent(
  // Main thread only: the preload also runs in worker threads (the compile pool), whose stdin ends at once.
  // It also answers the bench's IPC `bench:usage` with `process.cpuUsage()` (µs, every thread of the process,
  // GC helpers and the compile pool included) and the RSS (bytes): the same reading for every server, the
  // Letterpress service included, without an endpoint in src/. `bench:gc` runs two full collections of the main
  // thread's heap when the child was started with --expose-gc (memory.ts) and answers whether it could. The
  // channel is unref'd so it never holds a child's shutdown.
  "import{isMainThread}from'node:worker_threads';if(isMainThread){process.stdin.on('end',()=>process.kill(process.pid,'SIGTERM'));process.stdin.resume();" +
    "if(process.send){process.on('message',(m)=>{if(m==='bench:usage')process.send({cpu:process.cpuUsage(),rss:process.memoryUsage().rss});" +
    "if(m==='bench:gc'){const g=globalThis.gc;if(typeof g==='function'){g();g();}process.send({collected:typeof g==='function'})}});process.channel?.unref();}}",
)}`;
const TAIL_LINES = 30;

/** The repository root: children run there, so `file` paths and tsx's tsconfig resolve whatever our cwd. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Spawn `node --import tsx <file>` (`file` relative to the repository root, plus the EXIT_WITH_PARENT
 * preload) with `env` added to ours. `ready` resolves the child's base URL: by default from its
 * `LISTENING <url>` line; the Letterpress service (whose own "listening" line is an info log we mute)
 * passes a function that polls it instead. Rejects after `timeoutMs` (ms) or when the child exits first.
 */
export async function spawnServer(
  name: string,
  file: string,
  env: Record<string, string>,
  options: { timeoutMs?: number; ready?: (child: ChildProcess) => Promise<string> } = {},
): Promise<Child> {
  // stdin stays a pipe: EXIT_WITH_PARENT stops the child when it closes, i.e. when the bench dies.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines: string[] = [];
  let announced: ((url: string) => void) | undefined;
  // Always drain both pipes: a full pipe buffer would block the child mid-benchmark.
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (line.startsWith(LISTENING_PREFIX)) announced?.(line.slice(LISTENING_PREFIX.length).trim());
        lines.push(line);
        if (lines.length > TAIL_LINES) lines.shift();
      }
    });
  }
  const tail = () => lines.join('\n');
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await Promise.race([
      options.ready ? options.ready(child) : new Promise<string>((resolve) => (announced = resolve)),
      new Promise<never>((_, reject) =>
        child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${tail()}`))),
      ),
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`${name} did not listen within ${timeoutMs} ms:\n${tail()}`)), timeoutMs)),
      ),
    ]);
    byUrl.set(url, child);
    child.once('exit', () => byUrl.delete(url));
    return { name, url, process: child, tail };
  } catch (error) {
    await stop(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The running child serving each base URL, so `usageOf` needs only the URL a scenario measures. */
const byUrl = new Map<string, ChildProcess>();

/** What a child's process used so far: CPU (user + system, µs, all its threads) and RSS (bytes). */
export interface Usage {
  cpuUs: number;
  rssBytes: number;
}

/**
 * Asks the child serving `url` (a `spawnServer` child) for its `process.cpuUsage()` and RSS over IPC.
 * Resolves null when no child of ours serves that URL, or it does not answer within 2 s.
 */
export function usageOf(url: string): Promise<Usage | null> {
  return askChild(url, 'bench:usage', 2000, (m: { cpu?: { user: number; system: number }; rss?: number }) =>
    m?.cpu ? { cpuUs: m.cpu.user + m.cpu.system, rssBytes: m.rss ?? 0 } : undefined,
  );
}

/**
 * Asks the child serving `url` to run full collections of its main thread's heap (it must have been started
 * with `--expose-gc`). Resolves true once done, false when it cannot (no such child, no `gc`, no answer in 10 s).
 */
export async function collectGarbage(url: string): Promise<boolean> {
  const answer = await askChild(url, 'bench:gc', 10_000, (m: { collected?: boolean }) =>
    typeof m?.collected === 'boolean' ? m.collected : undefined,
  );
  return answer ?? false;
}

/**
 * Send `request` to the child serving `url` over IPC and resolve the first message `pick` makes something of
 * (undefined: not the answer); null when no child of ours serves that URL or none answers within `timeoutMs`.
 */
function askChild<M, T>(url: string, request: string, timeoutMs: number, pick: (message: M) => T | undefined): Promise<T | null> {
  const child = byUrl.get(url);
  if (!child?.connected) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onMessage = (message: M) => {
      const answer = pick(message);
      if (answer !== undefined) done(answer);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    const done = (answer: T | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer);
    };
    child.on('message', onMessage);
    child.send(request);
  });
}

/** A TCP port free on 127.0.0.1 right now (the service must be given a fixed one: see `waitForHealth`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `GET url/v1/health` every 100 ms until it answers 200; resolves `url`. */
export async function waitForHealth(url: string, key: string, child: ChildProcess): Promise<string> {
  while (child.exitCode === null && child.signalCode === null) {
    try {
      const res = await fetch(`${url}/v1/health`, { headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      if (res.status === 200) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return new Promise<never>(() => {}); // the exit is reported by spawnServer's race
}

/** SIGTERM, then SIGKILL after 3 s; resolves once the process has exited. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const tempDirs = new Set<string>();

/** A fresh directory under the OS temp dir, removed by `stopAll` (after the children using it stopped). */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Stops every child still running, then removes every `makeTempDir` directory (the bench's `finally`, and its SIGINT handler). */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
