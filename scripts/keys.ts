/**
 * Manage API keys from the command line, in the store the service uses (`openStores(loadConfig())`:
 * DATA_DIR's SQLite file, or STORE=postgres / kurrentdb with their URLs), also while the service runs.
 * The operator is not held to a key's rules: any workspace, any scopes, any rate limit.
 *
 *   npm run keys -- create --workspace W --scopes a,b [--name N] [--expires-in 30d|12h|10s | --expires-at T] [--rate-limit N]
 *   npm run keys -- list [--workspace W]
 *   npm run keys -- revoke <id>
 *   npm run keys -- rotate <id> [--overlap 1h] [--expires-in D | --expires-at T]
 *
 * `create` and `rotate` print the new token alone on stdout (its only line, so the last), everything else
 * on stderr: `KEY=$(npm run -s keys -- create …)`. Exit codes: 0 done; 2 a usage error or refused input
 * (unknown flag, bad value, an expiry in the past); 1 anything else (no such key, the store unreachable).
 * A running service notices a revocation or rotation within API_KEY_CACHE_TTL_MS (default 5 s).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  ApiKeyAdmin,
  KeyManagementError,
  type ExpiryInput,
  ApiKeys,
  DEFAULT_WORKSPACE,
  DURATION_FORMS,
  parseDuration,
} from '../src/application/keys/index.js';
import { SCOPES, type ApiKeyRecord, type Scope } from '../src/application/ports/index.js';
import { onlyRendering } from '../src/cli/commands/keys.js';

/** What `create` grants without `--scopes`: rendering only; more is asked for by name (docs/access.md). */
const DEFAULT_SCOPES: Scope[] = ['templates:render'];

const USAGE: Record<string, string> = {
  create: `npm run keys -- create [--workspace W] [--scopes a,b] [--name N] [--expires-in D | --expires-at T] [--rate-limit N]
  Issue a key; prints its token once, alone on stdout.
  --workspace W     workspace (default "${DEFAULT_WORKSPACE}")
  --scopes a,b      comma-separated, of: ${SCOPES.join(', ')} (default: ${DEFAULT_SCOPES.join(', ')}, rendering only)
  --name N          a label (default "unnamed")
  --expires-in D    lifetime: ${DURATION_FORMS}
  --expires-at T    expiry as an RFC 3339 date-time (2027-01-01T00:00:00Z); --expires is the same
  --rate-limit N    requests per minute for this key (default: the service's RATE_LIMIT_PER_MINUTE)`,
  list: `npm run keys -- list [--workspace W]
  List keys (all workspaces, or W's): id, name, workspace, scopes, status, expiry, rate limit. Never tokens.`,
  revoke: `npm run keys -- revoke <id>
  Revoke key <id> at once.`,
  rotate: `npm run keys -- rotate <id> [--overlap D] [--expires-in D | --expires-at T]
  Issue a new key like <id> (name, workspace, scopes, rate limit); prints its token alone on stdout.
  --overlap D       how long the old key keeps working: ${DURATION_FORMS}, or 0 to revoke it now (default 1h)
  --expires-in D, --expires-at T   the new key's expiry (default: as long a lifetime as the old key had)`,
};
const OVERVIEW = `Manage API keys in the service's store (works while the service runs).

${Object.values(USAGE).join('\n\n')}

Exit codes: 0 done, 2 usage error or refused input, 1 other failure.`;

const OPTIONS: Record<string, ParseArgsConfig['options']> = {
  create: {
    workspace: { type: 'string' },
    scopes: { type: 'string' },
    name: { type: 'string' },
    'expires-in': { type: 'string' },
    'expires-at': { type: 'string' },
    expires: { type: 'string' },
    'rate-limit': { type: 'string' },
  },
  list: { workspace: { type: 'string' } },
  revoke: {},
  rotate: { overlap: { type: 'string' }, 'expires-in': { type: 'string' }, 'expires-at': { type: 'string' } },
};

/** A mistake in the command line: exit 2 with the message and a pointer to --help. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? process.stderr : process.stdout).write(`${OVERVIEW}\n`);
    return command === undefined ? 2 : 0;
  }
  const options = OPTIONS[command];
  if (!options) throw new UsageError(`unknown command '${command}' (commands: ${Object.keys(OPTIONS).join(', ')}).`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: { ...options, help: { type: 'boolean', short: 'h' } },
  });
  const flags = values as Record<string, string | boolean | undefined>;
  if (flags['help']) {
    process.stdout.write(`${USAGE[command]}\n`);
    return 0;
  }
  const text = (name: string) => flags[name] as string | undefined;
  const wantsId = command === 'revoke' || command === 'rotate';
  if (positionals.length !== (wantsId ? 1 : 0)) {
    throw new UsageError(wantsId ? `${command} takes one key id.` : `${command} takes no arguments (got '${positionals.join(' ')}').`);
  }
  // Everything is checked before the store is opened.
  const input = command === 'create' ? createInput(text) : undefined;
  const rotation = command === 'rotate' ? { ...expiryInput(text), ...overlapInput(text('overlap')) } : undefined;

  // Loaded only now: the wiring pulls in every adapter and the renderer, seconds that --help need not wait.
  const [{ loadConfig }, { openStores }] = await Promise.all([import('../src/config.js'), import('../src/wiring.js')]);
  const config = loadConfig();
  const stores = await openStores(config);
  // Keys without a limit of their own get the service's; named as such, with this environment's number.
  const limitOf = (k: ApiKeyRecord) =>
    k.rateLimitPerMinute !== null ? `${k.rateLimitPerMinute}/min` : `${config.rateLimitPerMinute}/min (default)`;
  try {
    const keys = new ApiKeys(stores.apiKeys, { cacheTtlMs: 0 });
    const admin = new ApiKeyAdmin(keys);
    if (input) {
      const { token, record } = await admin.create('operator', input);
      const only = text('scopes') === undefined ? `${onlyRendering(DEFAULT_SCOPES)}\n` : '';
      process.stderr.write(`Created ${describe(admin, record, limitOf)}.\n${only}The token, shown once:\n`);
      process.stdout.write(`${token}\n`);
    } else if (command === 'list') {
      for (const record of await allKeys(admin, text('workspace'))) process.stdout.write(`${row(admin, record, limitOf)}\n`);
    } else if (command === 'revoke') {
      const record = await admin.revoke('operator', positionals[0]!);
      process.stdout.write(`Revoked ${record.id} (at ${record.revokedAt}).\n`);
    } else {
      const { token, record, previous } = await admin.rotate('operator', positionals[0]!, rotation);
      const until = previous.revokedAt ? `revoked at ${previous.revokedAt}` : `works until ${previous.expiresAt}`;
      process.stderr.write(`Rotated ${previous.id} (${until}) to ${describe(admin, record, limitOf)}.\nThe new token, shown once:\n`);
      process.stdout.write(`${token}\n`);
    }
    return 0;
  } finally {
    await stores.close();
  }
}

function createInput(text: (name: string) => string | undefined) {
  const scopes = (text('scopes')
    ?.split(',')
    .map((s) => s.trim()) ?? [...DEFAULT_SCOPES]) as Scope[];
  const unknown = scopes.filter((s) => !SCOPES.includes(s));
  if (unknown.length > 0 || scopes.length === 0)
    throw new UsageError(`unknown scope(s): ${unknown.join(', ') || '(none given)'}; scopes are ${SCOPES.join(', ')}.`);
  const limit = text('rate-limit');
  if (limit !== undefined && !/^[1-9]\d{0,6}$/.test(limit))
    throw new UsageError('--rate-limit must be a whole number of requests per minute, 1 to 9,999,999.');
  const name = text('name') ?? 'unnamed';
  if (name.length === 0 || name.length > 100) throw new UsageError('--name must be 1 to 100 characters.');
  return {
    name,
    workspace: text('workspace') ?? DEFAULT_WORKSPACE,
    scopes,
    ...(limit ? { rateLimitPerMinute: Number(limit) } : {}),
    ...expiryInput(text),
  };
}

function expiryInput(text: (name: string) => string | undefined): ExpiryInput {
  const at = text('expires-at') ?? text('expires');
  const inText = text('expires-in');
  if (at !== undefined && inText !== undefined) throw new UsageError('give --expires-in or --expires-at, not both.');
  if (inText !== undefined) {
    const ms = parseDuration(inText);
    if (ms === null) throw new UsageError(`--expires-in must be ${DURATION_FORMS}.`);
    return { expiresInMs: ms };
  }
  if (at === undefined) return {};
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/i.test(at) || Number.isNaN(Date.parse(at))) {
    throw new UsageError('--expires-at must be an RFC 3339 date-time, such as 2027-01-01T00:00:00Z.');
  }
  return { expiresAt: new Date(at) };
}

function overlapInput(text: string | undefined): { overlapMs?: number } {
  if (text === undefined) return {};
  const ms = parseDuration(text);
  if (ms === null) throw new UsageError(`--overlap must be ${DURATION_FORMS}, or 0.`);
  return { overlapMs: ms };
}

async function allKeys(admin: ApiKeyAdmin, workspace: string | undefined): Promise<ApiKeyRecord[]> {
  if (workspace === undefined) return (await admin.list('operator', { limit: 0 })).items;
  const all: ApiKeyRecord[] = [];
  let after: { createdAt: string; id: string } | null = null;
  do {
    const page: Awaited<ReturnType<ApiKeyAdmin['list']>> = await admin.list('operator', {
      limit: 200,
      workspace,
      ...(after ? { after } : {}),
    });
    all.push(...page.items);
    after = page.next;
  } while (after);
  return all;
}

type LimitText = (k: ApiKeyRecord) => string;

function describe(admin: ApiKeyAdmin, k: ApiKeyRecord, limit: LimitText): string {
  const terms = `scopes ${k.scopes.join(', ')}; expires ${k.expiresAt ?? 'never'}; rate limit ${limit(k)}; ${admin.status(k)}`;
  return `key ${k.id} "${k.name}" in workspace ${k.workspace} (${terms})`;
}

function row(admin: ApiKeyAdmin, k: ApiKeyRecord, limit: LimitText): string {
  const expiry = k.revokedAt ? `revoked ${k.revokedAt}` : k.expiresAt ? `expires ${k.expiresAt}` : 'never expires';
  const columns = [k.id, k.name.padEnd(16), k.workspace.padEnd(12), k.scopes.join(',').padEnd(60), admin.status(k).padEnd(7)];
  return [...columns, expiry, limit(k)].join('  ');
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const e = error as Error & { code?: string };
  const usage = error instanceof UsageError || (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS'));
  const refused = error instanceof KeyManagementError && error.code !== 'api_key_not_found' && error.code !== 'api_key_inactive';
  process.stderr.write(`keys: ${e.message}${usage ? "\nRun 'npm run keys -- --help' for usage." : ''}\n`);
  process.exitCode = usage || refused ? 2 : 1;
}
