/**
 * Audit a project by replaying its stream: every revision with its time, the event's id, the API key
 * that saved it, the mjml version and the SHA-256 of the exact HTML it published (the `published_sha256`
 * every render answer carries). `--at` names the revision that was live at an instant;
 * `--revision N --html` prints revision N's published HTML byte for byte.
 *
 *   npm run audit -- order-confirmation [--workspace default]
 *   npm run audit -- order-confirmation --at 2026-11-23T10:00:00Z
 *   npm run audit -- order-confirmation --revision 3 --html > revision-3.html
 */
import { parseArgs } from 'node:util';
import { DEFAULT_WORKSPACE } from '../src/application/keys/index.js';
import { eventAt, revisionRecords } from '../src/application/read/index.js';
import { decodeProjectEvent } from '../src/application/ports/index.js';
import { loadConfig } from '../src/config.js';
import { projectStream } from '../src/domain/project.js';
import { openStores } from '../src/wiring.js';

const USAGE = 'Usage: npm run audit -- <project id> [--workspace W] [--at <RFC 3339>] [--revision N --html]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    workspace: { type: 'string' },
    at: { type: 'string' },
    revision: { type: 'string' },
    html: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
const projectId = positionals[0];
if (values.help || !projectId || (values.html && values.revision === undefined)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
const stores = await openStores(loadConfig());
try {
  const stream = await stores.eventStore.readStream(projectStream({ workspace: values.workspace ?? DEFAULT_WORKSPACE, projectId }));
  if (stream.length === 0) throw new Error(`No project '${projectId}' in workspace '${values.workspace ?? DEFAULT_WORKSPACE}'.`);
  if (values.revision !== undefined) {
    const recorded = stream.find((e) => String(e.revision) === values.revision);
    const event = recorded && decodeProjectEvent(recorded);
    if (!event || event.type === 'ProjectDeleted' || event.type === 'ProjectPublished')
      throw new Error(`Revision ${values.revision} has no published HTML.`);
    if (values.html) process.stdout.write(event.data.publishedHtml);
    else console.log(JSON.stringify(revisionRecords([recorded])[0], null, 2));
  } else if (values.at !== undefined) {
    if (Number.isNaN(Date.parse(values.at))) throw new Error(`--at must be an RFC 3339 date-time, got '${values.at}'.`);
    const recorded = eventAt(stream, values.at);
    if (!recorded) console.log(`${projectId} did not exist yet at ${values.at}.`);
    else console.log(describe(revisionRecords([recorded])[0]!, `live at ${values.at}: `));
  } else {
    for (const record of revisionRecords(stream)) console.log(describe(record, ''));
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await stores.close();
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
