/**
 * Manage API keys in the embedded store (DATA_DIR).
 *
 *   npm run api-keys -- create --name ci [--workspace default] [--scopes templates:render,projects:read] [--expires 2027-01-01T00:00:00Z]
 *   npm run api-keys -- list
 *   npm run api-keys -- revoke <key id>
 *
 * `create` prints the token once; only its SHA-256 is stored.
 */
import { parseArgs } from 'node:util';
import { ApiKeys, DEFAULT_WORKSPACE } from '../src/application/api-keys.js';
import { SCOPES, type Scope } from '../src/application/ports.js';
import { loadConfig } from '../src/config.js';
import { openStores } from '../src/wiring.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, workspace: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' } },
});
const [command, id] = positionals;
const stores = await openStores(loadConfig());
try {
  if (command === 'create') {
    const scopes = (values.scopes?.split(',') ?? [...SCOPES]) as Scope[];
    const unknown = scopes.filter((s) => !SCOPES.includes(s));
    if (unknown.length) throw new Error(`Unknown scope(s): ${unknown.join(', ')}. Scopes: ${SCOPES.join(', ')}.`);
    if (values.expires && Number.isNaN(Date.parse(values.expires))) throw new Error('--expires must be an RFC 3339 timestamp.');
    const { token, record } = await new ApiKeys(stores.apiKeys).issue({
      name: values.name ?? 'unnamed',
      workspace: values.workspace ?? DEFAULT_WORKSPACE,
      scopes,
      expiresAt: values.expires ? new Date(values.expires).toISOString() : null,
    });
    console.log(`Created key ${record.id} (workspace ${record.workspace}; scopes ${record.scopes.join(', ')}; expires ${record.expiresAt ?? 'never'}).`);
    console.log(`Token (shown once): ${token}`);
  } else if (command === 'list') {
    for (const k of await stores.apiKeys.list()) {
      const state = k.revokedAt ? `revoked ${k.revokedAt}` : k.expiresAt ? `expires ${k.expiresAt}` : 'active';
      console.log(`${k.id}  ${k.name.padEnd(16)} ${k.workspace.padEnd(12)} ${k.scopes.join(',').padEnd(48)} ${state}`);
    }
  } else if (command === 'revoke' && id) {
    if (!(await new ApiKeys(stores.apiKeys).revoke(id))) throw new Error(`No key ${id}.`);
    console.log(`Revoked ${id}.`);
  } else {
    throw new Error('Usage: api-keys create --name N [--workspace W] [--scopes a,b] [--expires T] | list | revoke <id>');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await stores.close();
}
