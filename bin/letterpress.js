#!/usr/bin/env node
// The `letterpress` command (package.json "bin"): runs the compiled CLI in dist/. In a clone, build it
// first (`npm run build`, or `npm start` which builds too); `npm run cli -- <args>` runs the TypeScript
// sources through tsx instead. See README "Client CLI".
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(`letterpress: the CLI is not built yet: run 'npm run build' in ${root} (or use 'npm run cli -- <args>' there).\n`);
  process.exit(2);
}
await import(entry.href);
