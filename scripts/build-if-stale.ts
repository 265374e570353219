/**
 * `npm start`'s prestart (and `npm run projector`'s): run `npm run build` only when dist/ is older than a
 * file the compiler reads, so a start after no edit starts at once. docs/operations.md "Starting" says why
 * modification times and a stamp file, not tsc's incremental build.
 *
 * The stamp `dist/.build-stamp` is written after a build that succeeded, dated when that build began: a file
 * edited during the build is newer, so the next start builds again. A build that fails leaves no stamp.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the stamp lives, relative to the package root (inside dist/: deleting dist/ forgets it). */
export const STAMP = join('dist', '.build-stamp');

/** What tsc compiles from: the files of the tsconfig's `include` folders with these endings. */
const COMPILED = /\.([cm]?ts|tsx|json)$/;

/** The newest input: a compiled file under tsconfig.json's `include`, tsconfig.json, or the compiler's package.json. */
export function newestInput(root: string): { path: string; mtimeMs: number } {
  const tsconfig = join(root, 'tsconfig.json');
  const include = (JSON.parse(readFileSync(tsconfig, 'utf8')) as { include?: string[] }).include ?? ['.'];
  let newest = { path: tsconfig, mtimeMs: statSync(tsconfig).mtimeMs };
  const consider = (path: string) => {
    const mtimeMs = statSync(path).mtimeMs;
    if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  };
  // Another compiler version may emit differently.
  const compiler = join(root, 'node_modules', 'typescript', 'package.json');
  if (existsSync(compiler)) consider(compiler);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && COMPILED.test(entry.name)) consider(path);
    }
  };
  for (const folder of include) if (existsSync(join(root, folder))) walk(join(root, folder));
  return newest;
}

/** Whether dist/ is current: the stamp exists and no input is newer. `reason` says why not, or what was compared. */
export function buildState(root: string): { current: boolean; reason: string } {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return { current: false, reason: `no ${STAMP} (never built here, or the last build failed)` };
  const built = statSync(stamp).mtimeMs;
  const newest = newestInput(root);
  if (newest.mtimeMs > built) return { current: false, reason: `${newest.path.slice(root.length + 1)} changed since the last build` };
  return { current: true, reason: `no source changed since the build of ${new Date(built).toISOString()}` };
}

/** Mark dist/ as built from the inputs as they were at `startedMs` (Unix ms). */
export function writeStamp(root: string, startedMs: number): void {
  const stamp = join(root, STAMP);
  writeFileSync(stamp, `${new Date(startedMs).toISOString()}\n`);
  utimesSync(stamp, startedMs / 1000, startedMs / 1000);
}

/** Build when needed; returns the exit code (the build's, when it ran). */
export function buildIfStale(root: string, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): number {
  const state = buildState(root);
  if (state.current) {
    log(`dist/ is current (${state.reason}); not rebuilding. \`npm run build\` builds anyway.`);
    return 0;
  }
  log(`building dist/: ${state.reason}`);
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) return build.status ?? 1;
  writeStamp(root, started);
  return 0;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) process.exitCode = buildIfStale(process.cwd());
