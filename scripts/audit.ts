/**
 * Audit what was sent (docs/audit.md). A project: every revision of its stream with its time, the event's id,
 * the API key that saved it, the mjml version and the SHA-256 of the exact HTML it published;
 * `--revision N --html` prints revision N's published HTML byte for byte. `--at T`: what renders used at
 * instant T — template revision, layout and shared partial revisions, locale variant (`--locale L`: for a
 * render asking L), mjml version and `published_sha256` (`--json`: as JSON); with `--html` the composed
 * published HTML those renders ran, with `--variables FILE` too the email a render with those variables answered.
 * `--layout ID` / `--partial ID`: that stream's revisions.
 *
 *   npm run audit -- order-confirmation [--workspace default]
 *   npm run audit -- order-confirmation --at 2026-11-23T10:00:00Z [--locale de-AT] [--json]
 *   npm run audit -- order-confirmation --at 2026-11-23T10:00:00Z --html [--variables vars.json] > sent.html
 *   npm run audit -- order-confirmation --revision 3 --html > revision-3.html
 *   npm run audit -- --layout brand [--json]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { InstantAudit, sharedHistory, type AuditAt, type SharedRevisionRecord } from '../src/application/audit/index.js';
import { DEFAULT_WORKSPACE } from '../src/application/keys/index.js';
import { ProjectQueries, revisionRecords } from '../src/application/read/index.js';
import { SharedDocuments } from '../src/application/render/index.js';
import { decodeProjectEvent } from '../src/application/ports/index.js';
import { loadConfig } from '../src/config.js';
import { projectStream } from '../src/domain/project.js';
import { CompilePool } from '../src/rendering/index.js';
import { compilePath, openStores } from '../src/wiring.js';

const USAGE =
  'Usage: npm run audit -- <project id> [--workspace W] [--at <RFC 3339> [--locale L] [--json] [--html [--variables FILE]]] [--revision N --html]\n' +
  '       npm run audit -- --layout <id> | --partial <id> [--workspace W] [--json]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    workspace: { type: 'string' },
    at: { type: 'string' },
    revision: { type: 'string' },
    html: { type: 'boolean' },
    json: { type: 'boolean' },
    locale: { type: 'string' },
    variables: { type: 'string' },
    layout: { type: 'string' },
    partial: { type: 'string' },
    help: { type: 'boolean' },
  },
});
const projectId = positionals[0];
const shared = values.layout !== undefined ? 'layout' : values.partial !== undefined ? 'partial' : null;
const misused =
  (shared === null) === (projectId === undefined) ||
  (values.html && values.revision === undefined && values.at === undefined) ||
  (values.variables !== undefined && !(values.html && values.at !== undefined)) ||
  (values.locale !== undefined && values.at === undefined) ||
  (values.json === true && values.at === undefined && shared === null) ||
  (values.at !== undefined && values.revision !== undefined) ||
  (values.layout !== undefined && values.partial !== undefined) ||
  (shared !== null && (values.at ?? values.revision ?? values.html ?? values.locale) !== undefined);
if (values.help || misused) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
const config = loadConfig();
const workspace = values.workspace ?? DEFAULT_WORKSPACE;
const stores = await openStores(config);
let pool: CompilePool | undefined;
try {
  if (values.at !== undefined && Number.isNaN(Date.parse(values.at)))
    throw new Error(`--at must be an RFC 3339 date-time, got '${values.at}'.`);
  if (shared !== null) {
    const id = (values.layout ?? values.partial)!;
    const records = await sharedHistory(stores.eventStore, { kind: shared, workspace, id });
    if (records.length === 0) throw new Error(`No ${shared} '${id}' in workspace '${workspace}'.`);
    for (const record of records) console.log(values.json ? JSON.stringify(record) : describeShared(record));
  } else if (values.at !== undefined) {
    pool = new CompilePool({ timeoutMs: config.compileTimeoutMs, maxQueue: config.compileQueueMax, threads: 1 });
    const { templates, loader } = compilePath(config, pool);
    const audit = new InstantAudit({
      queries: new ProjectQueries(stores.readModels, stores.eventStore),
      documents: new SharedDocuments(stores.eventStore, () => new Date().toISOString()),
      preparer: templates,
      loader,
      renderer: { maxBytes: config.renderCacheBytes, limits: config.renderLimits },
    });
    const ref = { workspace, projectId: projectId! };
    const locale = values.locale ? { locale: values.locale } : {};
    if (values.html) {
      const variables = values.variables === undefined ? undefined : readVariables(values.variables);
      process.stdout.write(await audit.html(ref, values.at, { ...locale, ...(variables ? { variables } : {}) }));
    } else {
      const answer = await audit.at(ref, values.at, values.locale);
      console.log(values.json ? JSON.stringify(answer, null, 2) : describeAt(answer));
    }
  } else {
    const stream = await stores.eventStore.readStream(projectStream({ workspace, projectId: projectId! }));
    if (stream.length === 0) throw new Error(`No project '${projectId}' in workspace '${workspace}'.`);
    if (values.revision !== undefined) {
      const recorded = stream.find((e) => String(e.revision) === values.revision);
      const event = recorded && decodeProjectEvent(recorded);
      if (!event || event.type === 'ProjectDeleted' || event.type === 'ProjectPublished')
        throw new Error(`Revision ${values.revision} has no published HTML.`);
      if (values.html) process.stdout.write(event.data.publishedHtml);
      else console.log(JSON.stringify(revisionRecords([recorded])[0], null, 2));
    } else {
      for (const record of revisionRecords(stream)) console.log(describe(record, ''));
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await pool?.close();
  await stores.close();
}

/** The variables file: a JSON object. @throws naming the file and what is wrong. */
function readVariables(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--variables ${file}: ${(error as Error).message}; give a file holding a JSON object.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`--variables ${file} holds ${Array.isArray(parsed) ? 'an array' : String(parsed)}, not a JSON object.`);
  return parsed as Record<string, unknown>;
}

function describeAt(a: AuditAt): string {
  if (a.status !== 'rendered') return `${a.detail} Nothing rendered at ${a.at} (${a.status}).`;
  const use = (d: { id: string; revision: number; pinned: boolean }) => `${d.id} rev ${d.revision} (${d.pinned ? 'pinned' : 'published'})`;
  const asked = a.locale_asked === null ? 'no locale asked: the default' : `asked ${a.locale_asked}`;
  return [
    `live at ${a.at}: rev ${String(a.revision).padStart(3)}  saved ${a.saved_at}`,
    `  layout          ${a.layout ? use(a.layout) : '-'}`,
    `  shared partials ${a.shared_partials!.length > 0 ? a.shared_partials!.map(use).join(', ') : '-'}`,
    `  locale          ${a.locale ?? '- (no locales)'} (${asked})`,
    `  mjml            ${a.mjml_version}${a.composed ? ' (composed and compiled again here, as each render composes it)' : ''}`,
    `  sha256          ${a.published_sha256} (${a.published_bytes} B)`,
  ].join('\n');
}

function describeShared(r: SharedRevisionRecord): string {
  const published = r.published_revision === null ? 'nothing published' : `published rev ${r.published_revision}`;
  return `rev ${String(r.revision).padStart(3)}  ${r.occurred_at}  ${r.kind.padEnd(9)}${r.draft ? ' (draft)' : ''}  ${published}  key ${r.key_id ?? '-'}  event ${r.event_id}`;
}

function describe(r: ReturnType<typeof revisionRecords>[number], prefix: string): string {
  const published = r.publishedSha256 === null ? '' : `  mjml ${r.mjmlVersion}  sha256 ${r.publishedSha256} (${r.publishedBytes} B)`;
  const restore = r.restoredFrom === null ? '' : `  restore of rev ${r.restoredFrom}`;
  const forced =
    r.overridden === null
      ? ''
      : `  forced${r.overridden.map((o) => ` past ${o.path} (${o.change}; keys ${o.key_ids.join(', ')})`).join(',')}`;
  const publish = r.publishedRevision === null ? '' : `  publishes rev ${r.publishedRevision}${forced}`;
  const head = `${prefix}rev ${String(r.revision).padStart(3)}  ${r.occurredAt}  ${r.type.padEnd(15)} event ${r.eventId}`;
  return `${head}  key ${r.keyId ?? '-'}${published}${restore}${publish}`;
}
