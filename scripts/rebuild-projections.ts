/**
 * Rebuild read models from the event store: drop a projection's documents and checkpoint, then replay
 * `$all` from the start. Stop the service first (its projector writes the same read models).
 *
 *   npm run rebuild-projections              # all projections
 *   npm run rebuild-projections -- template-list
 */
import { allProjections } from '../projections/index.js';
import { Projector } from '../src/application/projector.js';
import { loadConfig } from '../src/config.js';
import { openStores } from '../src/wiring.js';

const name = process.argv[2];
if (name && !allProjections.some((p) => p.name === name)) {
  console.error(`Unknown projection '${name}'. Projections: ${allProjections.map((p) => p.name).join(', ')}.`);
  process.exit(1);
}
const stores = await openStores(loadConfig());
const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections });
try {
  const started = performance.now();
  await projector.rebuild(name);
  const head = (await stores.eventStore.head())?.position ?? null;
  for (const p of projector.status().projections) console.log(`${p.name.padEnd(18)} v${p.version}  checkpoint ${p.position ?? '-'} / head ${head ?? '-'}`);
  console.log(`Rebuilt ${name ?? 'all projections'} in ${Math.round(performance.now() - started)} ms.`);
} finally {
  await projector.stop();
  await stores.close();
}
