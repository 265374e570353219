/**
 * A real `src/server.ts` process on an ephemeral port (for what only separate processes show: shared
 * limits, start-up against a dead dependency, the log), with its JSON log lines kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { TEST_KEY } from './server.js';

export interface ServerProcess {
  url: string;
  /** Parsed JSON log lines written so far. */
  log(): Record<string, unknown>[];
  /** SIGTERM, and wait for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
}

/** Start one; `env` adds to or overrides the test defaults (BOOTSTRAP_API_KEY = TEST_KEY, LOG_LEVEL info). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BOOTSTRAP_API_KEY: TEST_KEY, LOG_LEVEL: 'info', COMPILE_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the child's last log lines may still be in the pipe when it exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (parsed['msg'] === 'letterpress listening') resolve(String(parsed['url']));
        } catch {
          // not a log line (the bootstrap banner)
        }
      }
    });
    void exited.then((code) => reject(new Error(`server exited early (${code}): ${stderr}`)));
  });
  return {
    url,
    log: () => lines,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
