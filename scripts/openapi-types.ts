/**
 * `npm run openapi:types`: the TypeScript types of the OpenAPI document this code serves, as a user generates
 * them with openapi-typescript, written to test/support/openapi-types.ts (committed: test/api/openapi-client.test.ts
 * type-checks a real openapi-fetch client against it, and fails when it is not current). `--check` writes
 * nothing and exits 1 when the file differs. Runs with scripts/lint/typescript-6.mjs loaded: openapi-typescript
 * prints its output with the TypeScript compiler API, which TypeScript 7's package does not have.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/http/openapi-document.js';

/** The committed file. */
export const TYPES_FILE = new URL('../test/support/openapi-types.ts', import.meta.url);

const HEADER = `/**
 * The OpenAPI document's types as openapi-typescript generates them: written by \`npm run openapi:types\`, not by hand.
 * test/api/openapi-client.test.ts fails when this file is not current, and type-checks an openapi-fetch client with it.
 */
`;

const generated = HEADER + astToString(await openapiTS(JSON.stringify(openApiDocument(['/v1', '/api/v1']))));
if (process.argv.includes('--check')) {
  const current = readFileSync(TYPES_FILE, 'utf8') === generated;
  if (!current) console.error('test/support/openapi-types.ts is not current: run npm run openapi:types');
  process.exitCode = current ? 0 : 1;
} else {
  writeFileSync(TYPES_FILE, generated);
}
