/**
 * Audit a project's history by replaying its stream: which revision was published when, with which
 * mjml version, and the SHA-256 of the exact HTML it published. `--html N` prints that revision's
 * published HTML byte for byte.
 *
 *   npm run history -- order-confirmation [--workspace default]
 *   npm run history -- order-confirmation --html 3 > revision-3.html
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_WORKSPACE } from '../src/application/api-keys.js';
import { projectStream, type ProjectEvent } from '../src/domain/project.js';
import { loadConfig } from '../src/config.js';
import { openStores } from '../src/wiring.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { workspace: { type: 'string' }, html: { type: 'string' } } });
const projectId = positionals[0];
if (!projectId) {
  console.error('Usage: history <project id> [--workspace W] [--html N]');
  process.exit(1);
}
const stores = await openStores(loadConfig());
try {
  const events = await stores.eventStore.readStream(projectStream({ workspace: values.workspace ?? DEFAULT_WORKSPACE, projectId }));
  if (events.length === 0) throw new Error(`No stream for project '${projectId}'.`);
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    if (values.html !== undefined) {
      if (String(recorded.revision) === values.html && event.type !== 'ProjectDeleted') process.stdout.write(event.data.publishedHtml);
      continue;
    }
    const published = event.type === 'ProjectDeleted' ? '' : `mjml ${event.data.mjmlVersion}  html sha256 ${sha256(event.data.publishedHtml)} (${Buffer.byteLength(event.data.publishedHtml)} B)`;
    console.log(`rev ${String(recorded.revision).padStart(3)}  ${event.data.occurredAt}  ${event.type.padEnd(15)} ${published}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await stores.close();
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
