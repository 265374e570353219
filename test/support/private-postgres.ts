/**
 * A PostgreSQL cluster of the test's own, started with the installed server binaries (`initdb`, `pg_ctl`)
 * in a temporary directory on a spare port, so that a test may stop it with SIGSTOP (a stalled database:
 * connections stay open, nothing answers) without touching anybody else's server.
 *
 * Runs the binaries as the `postgres` user when the test runs as root (initdb refuses root). Null, with
 * the reason, where the binaries or that user are absent.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running private cluster. */
export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  /** SIGSTOP the postmaster, then every backend it forked: the server keeps its sockets and answers nothing. */
  freeze(): void;
  /** SIGCONT every process frozen by `freeze` (idempotent). */
  thaw(): void;
  /** Thaw, stop the cluster (immediate mode) and remove its directory (idempotent, never throws). */
  destroy(): void;
}

/** Where `pg_ctl` and `initdb` are: `PG_BIN`, else the newest /usr/lib/postgresql/<version>/bin. */
function findBinaries(): string | null {
  const candidates = process.env['PG_BIN'] ? [process.env['PG_BIN']] : [];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(root, v, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) ?? null;
}

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The uid/gid to run the server as: ours, or the `postgres` user's when we are root. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return { uid: process.getuid!(), gid: process.getgid!() };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Direct children of `pid` (from /proc; the backends and helpers of a postmaster). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

/**
 * Start a private cluster (trust authentication, fsync off: a throw-away fixture).
 * @returns `{ reason }`, having printed nothing, when it cannot be started here (no binaries, no `postgres`
 *   user as root). @throws when initdb or pg_ctl fail otherwise (with the server log).
 */
export async function startPrivateCluster(): Promise<PrivateCluster | { reason: string }> {
  const bin = findBinaries();
  if (!bin) return { reason: 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN' };
  const user = serverUser();
  if (!user) return { reason: 'running as root and there is no postgres user to run initdb as' };
  const dir = mkdtempSync(join(tmpdir(), 'letterpress-pg-'));
  chmodSync(dir, 0o700);
  chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await sparePort();
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, { uid: user.uid, gid: user.gid, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  let postmaster = 0;
  const frozen = new Set<number>();
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze() {
      signal(postmaster, 'SIGSTOP');
      frozen.add(postmaster);
      // The postmaster cannot fork while stopped, so this list is complete.
      for (const child of childrenOf(postmaster)) {
        signal(child, 'SIGSTOP');
        frozen.add(child);
      }
    },
    thaw() {
      for (const pid of frozen) signal(pid, 'SIGCONT');
      frozen.clear();
    },
    destroy() {
      cluster.thaw();
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        if (postmaster) signal(postmaster, 'SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    ]);
    postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch (error) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    cluster.destroy();
    throw new Error(`private PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }
  return cluster;
}
