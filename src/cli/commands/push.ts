/**
 * `letterpress push [--dir D] [--dry-run] [ids…]`: send the projects whose local files changed since the
 * last pull or push. A project in the lock is saved with PUT and `If-Match` on the lock's revision, so a
 * save made on the server since is a 412 that is reported, never overwritten; a directory without a lock
 * entry is created with POST, which answers 409 rather than overwrite a project of that id. `--dry-run`
 * sends each to POST /validate instead (compiled and checked, nothing stored) and changes nothing. Changed
 * layouts and shared partials are pushed first (push-shared.ts).
 */
import { join } from 'node:path';
import { seg, type LetterpressClient } from '../client.js';
import { mergeSteps } from '../backup.js';
import { ApiError, EXIT, formatProblem, policyViolationReport, UsageError } from '../errors.js';
import { contentHash, projectIds, readProject, type SaveBody } from '../files.js';
import { readLock, writeLock, type ListedProject } from '../lock.js';
import { startProgress, type Progress } from '../progress.js';
import { pushShared, sharedChanged } from './push-shared.js';

export interface PushOptions {
  dir: string;
  dryRun?: boolean;
  /** `validation: "soft"`: MJML validator findings become warnings instead of refusals. */
  soft?: boolean;
  ids?: string[];
}

/** Run a push; returns the exit code (1 when any project met a conflict or was refused). */
export async function push(client: LetterpressClient, options: PushOptions): Promise<number> {
  const { dir } = options;
  const lock = readLock(dir);
  const present = projectIds(dir);
  const ids = options.ids && options.ids.length > 0 ? options.ids : present;
  const missing = ids.filter((id) => !present.includes(id));
  if (missing.length > 0)
    throw new UsageError(
      `no project directory ${missing.map((id) => join(dir, id)).join(', ')} (a project directory holds template.mjml or ast.json).`,
    );

  const changed: Array<{ id: string; body: SaveBody; hash: string }> = [];
  let unchanged = 0;
  for (const id of ids) {
    const body = readProject(join(dir, id));
    const hash = contentHash(body);
    if (lock.projects[id]?.sha256 === hash) unchanged++;
    else changed.push({ id, body, hash });
  }
  // Nothing to send still asks the server once, so a refused key (401/403) is exit 3 and not a quiet success:
  // GET /health, which a key of any scope may call (a 503 there is the store's state, not the key's).
  if (changed.length === 0 && !sharedChanged(dir, lock)) await client.get('/health', { accept: [503] });
  // In a dry run, also say which saves would meet a conflict: one list instead of a request per project.
  const current = options.dryRun
    ? new Map((changed.length > 0 ? await client.all<ListedProject>('/projects') : []).map((p) => [p.id, p]))
    : undefined;

  // Layouts and partials first: a project naming a new one needs it to exist.
  const shared = await pushShared(client, dir, lock, { ...options, ...(options.ids?.length ? { projects: ids } : {}) }, () =>
    writeLock(dir, lock),
  );
  let failures = 0;
  const progress = startProgress(options.dryRun ? 'validate' : 'push', changed.length);
  try {
    for (const change of changed) {
      const entry = lock.projects[change.id];
      const body = { ...change.body, ...(options.soft ? { validation: 'soft' } : {}) };
      const ok = current
        ? await validateOne(client, progress, dir, change.id, body, entry?.revision, current.get(change.id))
        : await saveOne(client, progress, dir, change.id, body, entry?.revision, (saved) => {
            lock.projects[change.id] = { revision: saved.revision, updated_at: saved.updated_at, sha256: change.hash };
            writeLock(dir, lock);
          });
      if (!ok) failures++;
    }
  } finally {
    progress.stop();
  }
  const done = changed.length - failures + shared.done;
  failures += shared.failures;
  unchanged += shared.unchanged;
  process.stderr.write(
    options.dryRun
      ? `${done} would be pushed, ${failures} would fail, ${unchanged} unchanged (nothing was changed)\n`
      : `${done} pushed, ${failures} failed, ${unchanged} unchanged\n`,
  );
  return failures > 0 ? EXIT.failed : EXIT.ok;
}

/** A saved project as a write answers it (the fields the lock keeps, and what to report). */
interface Saved {
  revision: number;
  updated_at: string;
  unchanged?: boolean;
  /** `review`: the save is a draft until `letterpress publish`. */
  publishing?: 'on_save' | 'review';
  published_revision?: number | null;
  warnings?: Array<{ message: string }>;
}

/**
 * What a push says of one write: created, saved or unchanged; under `review` a new revision is a draft, and
 * the line says what renders still use and how to publish it.
 */
export function savedLine(id: string, saved: Saved, created: boolean): string {
  const what = created ? 'created' : saved.unchanged ? 'unchanged on the server' : 'saved';
  if (saved.publishing !== 'review' || saved.unchanged) return `${what} ${id} @ revision ${saved.revision}`;
  const live =
    saved.published_revision === null || saved.published_revision === undefined
      ? 'nothing is published yet'
      : `renders still use revision ${saved.published_revision}`;
  return `${what} a draft of ${id} @ revision ${saved.revision} (${live}); publish it with: letterpress publish ${id}`;
}

/**
 * Save (PUT with If-Match on the lock's `revision`) or create (POST, when the lock has none) one project.
 * Returns false when the server refused it (reported); `synced` records a success in the lock.
 * @throws what is not this project's fault: network errors, 401/403, 5xx.
 */
async function saveOne(
  client: LetterpressClient,
  progress: Progress,
  dir: string,
  id: string,
  body: object,
  revision: number | undefined,
  synced: (saved: Saved) => void,
): Promise<boolean> {
  try {
    const response =
      revision !== undefined
        ? await client.request<Saved>('PUT', `/projects/${seg(id)}`, { body, headers: { 'If-Match': `"${revision}"` } })
        : await client.post<Saved>('/projects', { id, ...body });
    const saved = response.body;
    synced(saved);
    noteWarnings(progress, id, saved.warnings ?? []);
    progress.step(id, savedLine(id, saved, revision === undefined));
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
    progress.note(refusal(dir, id, error, revision));
    progress.step(id);
    return false;
  }
}

/**
 * Dry run of one project: POST /validate (compiled and checked, nothing stored), and whether the save would
 * meet a conflict given the server's listed revision. Returns false when the push would fail.
 */
async function validateOne(
  client: LetterpressClient,
  progress: Progress,
  dir: string,
  id: string,
  body: object,
  revision: number | undefined,
  server: ListedProject | undefined,
): Promise<boolean> {
  const report = (await client.post('/validate', body)).body as {
    valid: boolean;
    errors: Array<{ message: string; pointer?: string; line?: number }>;
    warnings: Array<{ message: string }>;
  };
  let problem = '';
  if (revision !== undefined && !server) problem = ' — but it was deleted on the server';
  else if (revision !== undefined && server && server.revision !== revision) {
    const moved = `revision ${revision} → ${server.revision}`;
    const refused = 'so the push would be refused (412)';
    problem = ` — but it changed on the server since your pull (${moved}), ${refused}. To merge: ${mergeSteps(dir)}`;
  } else if (revision === undefined && server) {
    const refused = 'so the push would be refused (409)';
    problem = ` — but a project '${id}' already exists on the server and was never pulled here, ${refused}. To merge: ${mergeSteps(dir)}`;
  }
  noteWarnings(progress, id, report.warnings);
  if (report.valid && !problem) {
    progress.step(id, `valid: would ${revision === undefined ? 'create' : 'save'} ${id}`);
    return true;
  }
  progress.note(
    report.valid
      ? `valid: would ${revision === undefined ? 'create' : 'save'} ${id}${problem}`
      : `${id} is invalid:\n${report.errors.map((e) => `  ${where(e)}${e.message}`).join('\n')}`,
  );
  progress.step(id);
  return false;
}

/** The server's warnings for a project: the first three, then how many more (they can be many). */
function noteWarnings(progress: Progress, id: string, warnings: Array<{ message: string }>): void {
  for (const w of warnings.slice(0, 3)) progress.note(`warning (${id}): ${w.message}`);
  if (warnings.length > 3) progress.note(`warning (${id}): … and ${warnings.length - 3} more`);
}

function where(e: { pointer?: string; line?: number; message: string }): string {
  if (e.pointer) return `${e.pointer}: `;
  // A message that starts with its own `line N…` (markup checks) already says where.
  return e.line !== undefined && !e.message.startsWith(`line ${e.line}`) ? `line ${e.line}: ` : '';
}

/** Why the server refused one project, in words that name the step that works. */
function refusal(dir: string, id: string, error: ApiError, revision: number | undefined): string {
  if (error.code === 'revision_mismatch') {
    const conflict = `conflict: ${id} changed on the server since your pull (you have revision ${revision}).`;
    return `${conflict} Nothing was overwritten. To merge: ${mergeSteps(dir)} again.`;
  }
  if (error.code === 'project_exists') {
    const conflict = `conflict: a project '${id}' already exists on the server but was never pulled here.`;
    return `${conflict} Nothing was overwritten. To merge: ${mergeSteps(dir)} again.`;
  }
  if (error.code === 'project_deleted' || error.code === 'project_not_found')
    return `${id} was deleted on the server: pull --prune to drop it, or remove its lock entry to create it again.`;
  if (error.code === 'policy_violation') {
    // Only a save that publishes (under on_save) is refused; a draft's save carries the findings as warnings.
    const also = `; or save drafts (publishing "review") and publish once it passes`;
    return policyViolationReport(`${id} was refused (nothing was saved)`, error, also).trimEnd();
  }
  return `${id} was refused: ${formatProblem(error)}`;
}
