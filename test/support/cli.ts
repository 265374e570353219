/**
 * The `letterpress` CLI as a child process, for tests that drive it as a user does: spawned from the
 * repository's root through tsx (no build), its output collected.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: where the CLI runs from. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a spawned command printed and its exit code (null when a signal ended it). */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `command` with `args` from the root and collect what it prints (the CLI, or a shell or script(1) around it). */
export function spawned(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The CLI as a shell line runs it (for script(1) and pipes). */
export const CLI_LINE = `${process.execPath} --import tsx src/cli/main.ts`;

/** Run the CLI with `args`; the key and URL from the environment unless `env` overrides them. */
export const cli = (args: string[], env: Record<string, string | undefined> = {}): Promise<Run> =>
  spawned(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], env);
