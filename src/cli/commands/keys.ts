/**
 * `letterpress keys list|create|revoke|rotate`: API keys of the caller's workspace over HTTP (/api-keys,
 * scope `keys:admin`), with the flags of the operator's `npm run keys` where they apply (no `--workspace`:
 * a key manages its own workspace only). A new token is printed alone on stdout, everything else on stderr,
 * so `KEY=$(letterpress keys create …)` works.
 */
import { SCOPES } from '../../application/ports/index.js';
import type { ApiResponse, LetterpressClient } from '../client.js';
import { EXIT, UsageError } from '../errors.js';

/** The key resource (docs/access.md "API keys"). */
interface ApiKey {
  id: string;
  name: string;
  workspace: string;
  scopes: string[];
  rate_limit_per_minute: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  status: string;
}

export interface CreateKeyOptions {
  name?: string;
  scopes?: string;
  expiresIn?: string;
  expiresAt?: string;
  rateLimit?: string;
}

export interface RotateKeyOptions {
  overlap?: string;
  expiresIn?: string;
  expiresAt?: string;
}

/**
 * What `keys create` grants without `--scopes`: rendering only. A key that can write projects or manage keys
 * is asked for by name (docs/cli.md "API keys"), never handed out by a forgotten flag.
 */
export const DEFAULT_CREATE_SCOPES: readonly string[] = ['templates:render'];

/** What `keys create` (and the operator's `npm run keys create`) says when it applied the default scopes. */
export function onlyRendering(scopes: readonly string[]): string {
  return `No --scopes given: it may only render (${scopes.join(', ')}); pass --scopes to grant more.`;
}

export async function listKeys(client: LetterpressClient, options: { json?: boolean }): Promise<number> {
  let serviceDefault: number | undefined;
  const keys = await client.all<ApiKey>('/api-keys', (page) => (serviceDefault ??= serviceDefaultLimit(page)));
  if (options.json) process.stdout.write(`${JSON.stringify(keys, null, 2)}\n`);
  else for (const key of keys) process.stdout.write(`${row(key, serviceDefault)}\n`);
  return EXIT.ok;
}

/**
 * The service's default rate limit (RATE_LIMIT_PER_MINUTE), as an answer to a key under it announces it in
 * `RateLimit-Policy: "default";q=600;w=60` (src/http/rate-limit.ts); undefined when the calling key has a
 * limit of its own (policy "key"), which says nothing of the default.
 */
export function serviceDefaultLimit(response: Pick<ApiResponse, 'headers'>): number | undefined {
  const policy = /^"default";q=(\d+);w=60$/.exec(response.headers.get('ratelimit-policy') ?? '');
  return policy ? Number(policy[1]) : undefined;
}

/** A key's limit as people read it: its own, or the service default named as such ("600/min (default)"). */
export function rateLimitText(own: number | null, serviceDefault: number | undefined): string {
  if (own !== null) return `${own}/min`;
  return serviceDefault !== undefined ? `${serviceDefault}/min (default)` : 'the service default (RATE_LIMIT_PER_MINUTE)';
}

export async function createKey(client: LetterpressClient, options: CreateKeyOptions): Promise<number> {
  const scopes = options.scopes
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [...DEFAULT_CREATE_SCOPES];
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0)
    throw new UsageError(`unknown scope(s): ${unknown.join(', ') || '(none given)'}; scopes are ${SCOPES.join(', ')}.`);
  const body = {
    name: options.name ?? 'unnamed',
    scopes,
    ...expiry(options),
    ...(options.rateLimit !== undefined ? { rate_limit_per_minute: rateLimit(options.rateLimit) } : {}),
  };
  const response = await client.post('/api-keys', body);
  const key = response.body as ApiKey & { token: string };
  const only = options.scopes === undefined ? `${onlyRendering(DEFAULT_CREATE_SCOPES)}\n` : '';
  process.stderr.write(`Created ${describe(key, serviceDefaultLimit(response))}.\n${only}The token, shown once:\n`);
  process.stdout.write(`${key.token}\n`);
  return EXIT.ok;
}

export async function revokeKey(client: LetterpressClient, id: string): Promise<number> {
  await client.request('DELETE', `/api-keys/${encodeURIComponent(id)}`);
  process.stderr.write(`Revoked ${id}.\n`);
  return EXIT.ok;
}

export async function rotateKey(client: LetterpressClient, id: string, options: RotateKeyOptions): Promise<number> {
  const body = { ...(options.overlap !== undefined ? { overlap: options.overlap } : {}), ...expiry(options) };
  const response = await client.post(`/api-keys/${encodeURIComponent(id)}/rotate`, body);
  const key = response.body as ApiKey & { token: string; previous: ApiKey };
  const until = key.previous.revoked_at ? `revoked at ${key.previous.revoked_at}` : `works until ${key.previous.expires_at}`;
  const made = describe(key, serviceDefaultLimit(response));
  process.stderr.write(`Rotated ${key.previous.id} (${until}) to ${made}.\nThe new token, shown once:\n`);
  process.stdout.write(`${key.token}\n`);
  return EXIT.ok;
}

function expiry(options: { expiresIn?: string; expiresAt?: string }): Record<string, string> {
  if (options.expiresIn !== undefined && options.expiresAt !== undefined)
    throw new UsageError('give --expires-in or --expires-at, not both.');
  if (options.expiresIn !== undefined) return { expires_in: options.expiresIn };
  return options.expiresAt !== undefined ? { expires_at: options.expiresAt } : {};
}

function rateLimit(text: string): number {
  if (!/^[1-9]\d{0,6}$/.test(text)) throw new UsageError('--rate-limit must be a whole number of requests per minute, 1 to 1,000,000.');
  return Number(text);
}

function describe(k: ApiKey, serviceDefault: number | undefined): string {
  const limit = rateLimitText(k.rate_limit_per_minute, serviceDefault);
  const terms = `scopes ${k.scopes.join(', ')}; expires ${k.expires_at ?? 'never'}; rate limit ${limit}; ${k.status}`;
  return `key ${k.id} "${k.name}" in workspace ${k.workspace} (${terms})`;
}

function row(k: ApiKey, serviceDefault: number | undefined): string {
  const expiry = k.revoked_at ? `revoked ${k.revoked_at}` : k.expires_at ? `expires ${k.expires_at}` : 'never expires';
  const limit = rateLimitText(k.rate_limit_per_minute, serviceDefault);
  return [k.id, k.name.padEnd(16), k.scopes.join(',').padEnd(60), k.status.padEnd(7), expiry, limit].join('  ');
}
