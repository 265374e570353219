/**
 * Rebuild read models while the service keeps serving: each projection is built beside the live one,
 * caught up, switched to atomically, and the old one dropped; then every read model is checked against a
 * fold of the streams (document count and a content hash), up to where the read models were when the check
 * began: projects written meanwhile are skipped, not a difference. A progress line on a terminal, plain lines
 * otherwise. Exits 1 when the check finds a difference.
 *
 *   npm run rebuild-projections              # all projections
 *   npm run rebuild-projections -- template-list
 */
import { allProjections } from '../projections/index.js';
import { rebuildWhileServing, verifyAgainstStreams } from '../src/application/projector/index.js';
import { loadConfig } from '../src/config.js';
import { openStores } from '../src/wiring.js';

const name = process.argv[2];
const targets = name ? allProjections.filter((p) => p.name === name) : allProjections;
if (targets.length === 0) {
  console.error(`Unknown projection '${name}'. Projections: ${allProjections.map((p) => p.name).join(', ')}.`);
  process.exit(1);
}
const stores = await openStores(loadConfig());
const tty = process.stdout.isTTY;
let lastLine = 0;
try {
  const { events, ms } = await rebuildWhileServing(stores, targets, {
    onProgress: (count, elapsed) => {
      const rate = Math.round((count / Math.max(elapsed, 1)) * 1000);
      if (tty) process.stdout.write(`\r${targets.length} projection(s): ${count} events, ${rate} events/s`);
      else if (elapsed - lastLine >= 2000) {
        lastLine = elapsed;
        console.log(`${count} events, ${rate} events/s`);
      }
    },
  });
  if (tty) process.stdout.write('\n');
  console.log(
    `Rebuilt ${targets.map((p) => p.name).join(', ')}: ${events} events in ${ms} ms (${Math.round((events / Math.max(ms, 1)) * 1000)} events/s), switched over.`,
  );
  const check = await verifyAgainstStreams(stores, targets);
  const skipped = check.skipped > 0 ? `; ${check.skipped} skipped, their projects written during the check` : '';
  console.log(
    `Checked ${check.documents} documents against a fold of the streams: ${check.mismatches.length === 0 && check.storedHash === check.foldedHash ? 'identical' : `${check.mismatches.length} differ`} ` +
      `(sha256 ${check.storedHash.slice(0, 16)}…${skipped}).`,
  );
  if (check.mismatches.length > 0) {
    console.error(check.mismatches.slice(0, 20).join('\n'));
    process.exitCode = 1;
  }
} finally {
  await stores.close();
}
