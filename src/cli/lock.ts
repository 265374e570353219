/**
 * The lock file `<dir>/letterpress.lock.json`: per project, the server revision and `updated_at` the local
 * files were pulled or pushed at, and the hash of those files' content. Like a package manager's lock file it
 * is committed with the templates: push sends `If-Match` on its revision (so a save made on the server since
 * is a 412, never overwritten), and pull fetches only what moved on the server. `layouts` and `partials` keep
 * the same entries for the workspace's layouts and shared partials (shared-files.ts); a lock file without them
 * (written before they existed) reads as having none, so the version stays 1.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from './files.js';
import { UsageError } from './errors.js';

export const LOCK_FILE = 'letterpress.lock.json';
const LOCK_VERSION = 1;

/** One project's entry. */
export interface LockEntry {
  revision: number;
  /** RFC 3339, as the server reported it for `revision`. */
  updated_at: string;
  /** `contentHash` of the local files when they were last in sync with the server. */
  sha256: string;
}

export interface LockFile {
  lockfile_version: number;
  projects: Record<string, LockEntry>;
  /** Layouts by id (`revision`: the layout stream's, the `ETag`); absent in an older lock: none. */
  layouts?: Record<string, LockEntry>;
  /** Shared partials by id, as `layouts`. */
  partials?: Record<string, LockEntry>;
}

/** Read `<dir>/letterpress.lock.json`; an empty lock when there is none. @throws UsageError when it is unreadable. */
export function readLock(dir: string): LockFile {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return { lockfile_version: LOCK_VERSION, projects: {} };
  let parsed: Partial<LockFile>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockFile>;
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}); restore it from git, or delete it and pull again.`);
  }
  if (parsed.lockfile_version !== LOCK_VERSION || parsed.projects === null || typeof parsed.projects !== 'object') {
    throw new UsageError(`${path} is not a lock file of version ${LOCK_VERSION}.`);
  }
  for (const member of ['layouts', 'partials'] as const) {
    const value = parsed[member];
    if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value)))
      throw new UsageError(`${path}: "${member}" must be an object of entries by id; restore it from git, or delete it and pull again.`);
  }
  return {
    lockfile_version: LOCK_VERSION,
    projects: parsed.projects,
    ...(parsed.layouts ? { layouts: parsed.layouts } : {}),
    ...(parsed.partials ? { partials: parsed.partials } : {}),
  };
}

/** Write the lock canonically (ids sorted; empty `layouts` / `partials` left out), through a temporary file so an interrupted write leaves the old one. */
export function writeLock(dir: string, lock: LockFile): void {
  const path = join(dir, LOCK_FILE);
  const { layouts, partials, ...rest } = lock;
  const shared = {
    ...(layouts && Object.keys(layouts).length > 0 ? { layouts } : {}),
    ...(partials && Object.keys(partials).length > 0 ? { partials } : {}),
  };
  writeFileSync(`${path}.tmp`, canonicalJson({ ...rest, ...shared }));
  renameSync(`${path}.tmp`, path);
}

/** A project as GET /projects lists it (the fields pull compares). */
export interface ListedProject {
  id: string;
  revision: number;
  updated_at: string;
}

/** What pull does with each project. */
export interface PullPlan {
  /** Moved on the server (or never pulled): fetch and write. */
  fetch: string[];
  /** Same revision and `updated_at` as the lock, files present: nothing to do. */
  unchanged: string[];
  /** Moved on the server, but the local files were edited since the last sync: left alone unless forced. */
  localEdits: string[];
  /** In the lock, gone from the server's list: deleted there. */
  deleted: string[];
}

/**
 * Decide what to fetch. `localHash(id)` is the hash of the local files, or null when there are none.
 * A project whose server revision moved while its local files differ from the lock's hash has unpushed
 * edits: fetching would overwrite them, so it is reported instead (unless `force`).
 */
export function planPull(listed: ListedProject[], lock: LockFile, localHash: (id: string) => string | null, force = false): PullPlan {
  const plan: PullPlan = { fetch: [], unchanged: [], localEdits: [], deleted: [] };
  const onServer = new Set<string>();
  for (const item of [...listed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    onServer.add(item.id);
    const entry = lock.projects[item.id];
    const hash = localHash(item.id);
    if (entry && hash !== null && entry.revision === item.revision && entry.updated_at === item.updated_at) plan.unchanged.push(item.id);
    else if (!force && entry && hash !== null && hash !== entry.sha256) plan.localEdits.push(item.id);
    else if (!force && !entry && hash !== null) plan.localEdits.push(item.id);
    else plan.fetch.push(item.id);
  }
  plan.deleted = Object.keys(lock.projects)
    .filter((id) => !onServer.has(id))
    .sort();
  return plan;
}
