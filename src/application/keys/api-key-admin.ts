/**
 * Key management (issue 10): create, list, revoke and rotate API keys, for a key holding `keys:admin`
 * (over HTTP) or for the operator (`npm run keys`, who may act in any workspace).
 *
 * Rules for a key acting (none apply to the operator):
 * - it sees and changes only keys of its own workspace; another workspace's key is "not found";
 * - it never grants a scope it lacks, whether by creating a key or by rotating one (a rotation copies the
 *   rotated key's scopes, so rotating a stronger key would be an escalation too);
 * - when it has its own rate limit it cannot grant more: a new key without a limit inherits the caller's,
 *   a higher one is refused, and it cannot rotate a key with a higher limit or none.
 */
import type { ApiKeys, Principal } from './api-keys.js';
import type { ApiKeyRecord, Scope } from '../ports/index.js';
import { CodedError, type ErrorReport } from '../../domain/errors.js';

/** Who acts: a key (its principal) or the operator at the command line. */
export type KeyManager = Principal | 'operator';

/** Why a key-management request was refused (`invalid_request`: an input out of its range or workspace). */
export const KEY_MANAGEMENT_CODES = [
  'api_key_not_found',
  'scope_escalation',
  'rate_limit_escalation',
  'expiry_in_past',
  'api_key_inactive',
  'invalid_request',
] as const;

/** One of {@link KEY_MANAGEMENT_CODES}. */
export type KeyManagementCode = (typeof KEY_MANAGEMENT_CODES)[number];

/** A management request was refused; `field` names the input at fault (`expires_at`, `scopes`…), if one is. */
export class KeyManagementError extends CodedError<KeyManagementCode> {
  override readonly name = 'KeyManagementError';
  constructor(
    readonly code: KeyManagementCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** The field at fault as a JSON pointer into the request body. */
  override report(): ErrorReport {
    return { findings: this.field ? [{ pointer: `/${this.field}`, message: this.message }] : [] };
  }
}

/** Longest lifetime a key may be given: 10 years (ms). */
export const MAX_LIFETIME_MS = 3650 * 86_400_000;
/** Longest rotation overlap: 30 days (ms). */
export const MAX_OVERLAP_MS = 30 * 86_400_000;
/** Overlap when a rotation names none: 1 hour (ms), time for a deployment to pick up the new key. */
export const DEFAULT_OVERLAP_MS = 3_600_000;
/** Workspace names the operator may create keys in. */
export const WORKSPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** When a key stops working: an instant, or a duration from now (ms); neither = never. */
export interface ExpiryInput {
  expiresAt?: Date;
  expiresInMs?: number;
}

export interface CreateKeyInput extends ExpiryInput {
  name: string;
  /** Required of the operator; a key always creates in its own workspace (a different one is refused). */
  workspace?: string;
  scopes: Scope[];
  /** Requests per minute; omitted = the caller's own limit, or none (the service default). */
  rateLimitPerMinute?: number;
}

export type KeyStatus = 'active' | 'expired' | 'revoked';

export class ApiKeyAdmin {
  constructor(private readonly keys: ApiKeys) {}

  /** Whether `record` works now. */
  status(record: ApiKeyRecord): KeyStatus {
    if (record.revokedAt) return 'revoked';
    if (record.expiresAt && Date.parse(record.expiresAt) <= this.keys.now().getTime()) return 'expired';
    return 'active';
  }

  /**
   * Issue a key. The token is returned once and never stored.
   * @throws KeyManagementError `scope_escalation`, `rate_limit_escalation`, `expiry_in_past`, `invalid_request`.
   */
  async create(by: KeyManager, input: CreateKeyInput): Promise<{ token: string; record: ApiKeyRecord }> {
    const workspace = this.workspaceFor(by, input.workspace);
    const rateLimitPerMinute = input.rateLimitPerMinute ?? (by === 'operator' ? null : (by.rateLimitPerMinute ?? null));
    const scopes = [...new Set(input.scopes)];
    this.authorise(by, scopes, rateLimitPerMinute);
    // One instant for creation and expiry, so the key lives exactly as long as asked (a rotation passes that on).
    const now = this.keys.now();
    const expiresAt = this.expiry(input, now.getTime());
    return this.keys.issue({ name: input.name, workspace, scopes, expiresAt, rateLimitPerMinute, createdAt: now.toISOString() });
  }

  /**
   * A page of keys, oldest first: the caller's workspace for a key; `workspace` (or every key) for the operator.
   * `next` continues the list, `null` at its end.
   */
  async list(
    by: KeyManager,
    page: { limit: number; after?: { createdAt: string; id: string }; workspace?: string },
  ): Promise<{ items: ApiKeyRecord[]; next: { createdAt: string; id: string } | null }> {
    const workspace = by === 'operator' ? page.workspace : by.workspace;
    if (workspace === undefined) return { items: await this.keys.store.list(), next: null };
    // One more than asked: whether a next page exists without a second query.
    const rows = await this.keys.store.listByWorkspace(workspace, { limit: page.limit + 1, ...(page.after ? { after: page.after } : {}) });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return { items, next: rows.length > page.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** Key `id`, if the caller may see it. @throws KeyManagementError `api_key_not_found`. */
  async get(by: KeyManager, id: string): Promise<ApiKeyRecord> {
    const record = await this.keys.store.findById(id);
    if (!record || (by !== 'operator' && record.workspace !== by.workspace)) {
      throw new KeyManagementError('api_key_not_found', `No API key '${id}'${by === 'operator' ? '' : ' in this workspace'}.`);
    }
    return record;
  }

  /**
   * Revoke key `id` (at once in this process; other processes within their key-cache TTL). Revoking a
   * revoked key changes nothing. @returns the key as it is now. @throws KeyManagementError `api_key_not_found`.
   */
  async revoke(by: KeyManager, id: string): Promise<ApiKeyRecord> {
    await this.get(by, id);
    await this.keys.revoke(id);
    return this.get(by, id);
  }

  /**
   * Replace key `id` with a new one of the same name, workspace, scopes and rate limit. The old key keeps
   * working for `overlapMs` (its expiry is brought forward to now + overlap, never pushed back); 0 revokes
   * it now. The new key expires as `expiry` says, else after as long a lifetime as the old key was given,
   * else never.
   * @throws KeyManagementError `api_key_not_found`, `api_key_inactive` (revoked or expired: nothing to
   *   hand over), `scope_escalation`, `rate_limit_escalation`, `expiry_in_past`, `invalid_request`.
   */
  async rotate(
    by: KeyManager,
    id: string,
    options: ExpiryInput & { overlapMs?: number } = {},
  ): Promise<{ token: string; record: ApiKeyRecord; previous: ApiKeyRecord }> {
    const old = await this.get(by, id);
    const status = this.status(old);
    if (status !== 'active') throw new KeyManagementError('api_key_inactive', `API key '${id}' is ${status}; create a new key instead.`);
    this.authorise(by, old.scopes, old.rateLimitPerMinute);
    const overlapMs = options.overlapMs ?? DEFAULT_OVERLAP_MS;
    if (!Number.isSafeInteger(overlapMs) || overlapMs < 0 || overlapMs > MAX_OVERLAP_MS) {
      throw new KeyManagementError('invalid_request', `The overlap must be between 0 and ${MAX_OVERLAP_MS / 86_400_000} days.`, 'overlap');
    }
    const lifetime = old.expiresAt ? Date.parse(old.expiresAt) - Date.parse(old.createdAt) : null;
    const expiry =
      options.expiresAt || options.expiresInMs !== undefined
        ? options
        : lifetime !== null && lifetime > 0
          ? { expiresInMs: Math.min(lifetime, MAX_LIFETIME_MS) }
          : {};
    const now = this.keys.now();
    const expiresAt = this.expiry(expiry, now.getTime());
    // The new key first: if the store fails between the two steps the caller still holds a working key.
    const issued = await this.keys.issue({
      name: old.name,
      workspace: old.workspace,
      scopes: old.scopes,
      expiresAt,
      rateLimitPerMinute: old.rateLimitPerMinute,
      createdAt: now.toISOString(),
    });
    if (overlapMs === 0) await this.keys.revoke(id);
    else await this.keys.expireBy(id, new Date(this.keys.now().getTime() + overlapMs));
    return { ...issued, previous: await this.get(by, id) };
  }

  private workspaceFor(by: KeyManager, requested: string | undefined): string {
    if (by !== 'operator') {
      if (requested !== undefined && requested !== by.workspace) {
        throw new KeyManagementError('invalid_request', `A key creates keys only in its own workspace ('${by.workspace}').`, 'workspace');
      }
      return by.workspace;
    }
    if (requested === undefined || !WORKSPACE.test(requested)) {
      throw new KeyManagementError(
        'invalid_request',
        'The workspace must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit.',
        'workspace',
      );
    }
    return requested;
  }

  /** @throws KeyManagementError when a key would grant what it does not hold itself. */
  private authorise(by: KeyManager, scopes: readonly Scope[], rateLimitPerMinute: number | null): void {
    if (by === 'operator') return;
    const lacking = scopes.filter((scope) => !by.scopes.has(scope));
    if (lacking.length > 0) {
      throw new KeyManagementError(
        'scope_escalation',
        `This API key cannot grant scope${lacking.length > 1 ? 's' : ''} it lacks: ${lacking.join(', ')}.`,
        'scopes',
      );
    }
    const own = by.rateLimitPerMinute;
    if (own !== undefined && (rateLimitPerMinute === null || rateLimitPerMinute > own)) {
      throw new KeyManagementError(
        'rate_limit_escalation',
        `This API key is limited to ${own} requests per minute and cannot grant ${rateLimitPerMinute === null ? 'the service default (no per-key limit)' : rateLimitPerMinute}.`,
        'rate_limit_per_minute',
      );
    }
  }

  /**
   * The expiry as stored (RFC 3339 UTC), or null; `now` (ms since the epoch) is the key's creation instant.
   * @throws KeyManagementError `expiry_in_past`, `invalid_request`.
   */
  private expiry(input: ExpiryInput, now: number): string | null {
    const field = input.expiresAt ? 'expires_at' : 'expires_in';
    if (input.expiresAt && input.expiresInMs !== undefined) {
      throw new KeyManagementError('invalid_request', 'Give expires_at or expires_in, not both.', 'expires_in');
    }
    const at = input.expiresAt ? input.expiresAt.getTime() : input.expiresInMs !== undefined ? now + input.expiresInMs : null;
    if (at === null) return null;
    if (Number.isNaN(at)) throw new KeyManagementError('invalid_request', 'The expiry is not a valid instant.', field);
    if (at <= now) {
      throw new KeyManagementError(
        'expiry_in_past',
        `The expiry ${new Date(at).toISOString()} is not in the future (now ${new Date(now).toISOString()}).`,
        field,
      );
    }
    if (at - now > MAX_LIFETIME_MS) throw new KeyManagementError('invalid_request', 'A key may live at most 10 years (3650d).', field);
    return new Date(at).toISOString();
  }
}
