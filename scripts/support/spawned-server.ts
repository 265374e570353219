/**
 * The service in a child process (`node --import tsx src/server.ts`), for tests and scripts that must
 * survive what happens to it: a crash, a hang or a `kill -9` would take an in-process server, and mocha
 * with it, down. Its JSON log lines are kept (the `error` ones hold the stack of a 500, keyed by request id).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_KEY } from './fixtures.js';

/** Root of the repository (cwd of the child, so `src/server.ts` resolves whatever the caller's cwd). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A pino line of the child's log: `level` 50 is error, 60 fatal. */
export interface LogLine {
  level: number;
  msg?: string;
  request_id?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Exit code or signal once the child is gone; null while it runs. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Log lines at `error` or above seen so far (a 500 logs its error with the request id). */
  errors: LogLine[];
  /** The child's stderr so far (uncaught exceptions land here), capped at 64 KB. */
  stderr(): string;
  /** `kill -9`; resolves when the child is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful stop); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** A port free on the loopback interface now (the kernel picks it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Start the service on a free loopback port over `env.DATA_DIR` (required) with the test key as its first key.
 * With `LOG_LEVEL` info (the default here) the URL comes from its "listening" log line; with a quieter level
 * (a load run, where a log line per request would cost) it listens on a port picked beforehand and is polled.
 * @param env added to (and overriding) this process's environment.
 * @throws Error when the child exits, or does not listen within `startTimeoutMs`.
 */
export async function spawnServer(env: Record<string, string> & { DATA_DIR: string }, startTimeoutMs = 60_000): Promise<SpawnedServer> {
  const level = env['LOG_LEVEL'] ?? 'info';
  const quiet = !['info', 'debug', 'trace'].includes(level);
  const port = quiet ? String(await freePort()) : '0';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', BOOTSTRAP_API_KEY: TEST_KEY, COMPILE_THREADS: '1', ...env, LOG_LEVEL: level },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const errors: LogLine[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 65_536) stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`server did not listen within ${startTimeoutMs} ms`)), startTimeoutMs);
    // Read every line (an unread pipe would block the child once its buffer fills).
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const text of lines) {
        if (!text.startsWith('{')) continue;
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          continue;
        }
        if (line.level >= 50) errors.push(line);
        if (line.msg === 'letterpress listening') {
          clearTimeout(timer);
          resolve(String(line['url']));
        }
      }
    });
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (${JSON.stringify(exit)}): ${stderr.slice(0, 2000)}`));
    });
    const deadline = Date.now() + startTimeoutMs;
    if (quiet)
      void pollUntilListening(`http://127.0.0.1:${port}`, () => exit !== null || Date.now() > deadline).then((url) => {
        clearTimeout(timer);
        if (url) resolve(url);
      });
  });
  return {
    url,
    child,
    exited: () => exit,
    errors,
    stderr: () => stderr,
    async kill() {
      if (exit) return;
      child.kill('SIGKILL');
      await gone;
    },
    async stop(graceMs = 10_000) {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Any HTTP answer (a 401 will do) at `url` means the server listens. @returns the url, or null once `gave up`. */
async function pollUntilListening(url: string, gaveUp: () => boolean): Promise<string | null> {
  while (!gaveUp()) {
    const answered = await fetch(`${url}/v1/health`).then(
      () => true,
      () => false,
    );
    if (answered) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}
