/**
 * API keys: bearer tokens `lp_<key id>_<secret>` (secret: 32 random bytes, base64url). Only the SHA-256
 * of the whole token is stored, with its workspace, scopes and optional expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SCOPES, type ApiKeyRecord, type ApiKeyStore, type Scope } from './ports.js';

/** Who is calling: the key's id, workspace and scopes. */
export interface Principal {
  keyId: string;
  workspace: string;
  scopes: ReadonlySet<Scope>;
}

export type AuthFailure = 'missing_api_key' | 'invalid_api_key' | 'expired_api_key' | 'revoked_api_key';

/** A request could not be authenticated (401). */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Workspace of keys made by the bootstrap rule. */
export const DEFAULT_WORKSPACE = 'default';

const TOKEN = /^lp_([A-Za-z0-9]{12})_[A-Za-z0-9_-]{43}$/;

/** Hex SHA-256 of a token: what the store keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export class ApiKeys {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Check a bearer token. Any string may be presented; only its hash is looked up.
   * @throws AuthError `invalid_api_key` (unknown), `expired_api_key`, `revoked_api_key`.
   */
  async authenticate(token: string): Promise<Principal> {
    const record = await this.store.findByHash(hashToken(token));
    if (!record) throw new AuthError('invalid_api_key', 'The API key is not valid.');
    if (record.revokedAt) throw new AuthError('revoked_api_key', `The API key ${record.id} was revoked at ${record.revokedAt}.`);
    if (record.expiresAt && Date.parse(record.expiresAt) <= this.now().getTime()) {
      throw new AuthError('expired_api_key', `The API key ${record.id} expired at ${record.expiresAt}.`);
    }
    return { keyId: record.id, workspace: record.workspace, scopes: new Set(record.scopes) };
  }

  /**
   * Issue a new key. The token is returned once and never stored.
   * `token` may be given (bootstrap); it must look like `lp_<12 alphanumerics>_<43 base64url>`, or any
   * string of 32+ characters, whose first 12 characters' hash then names it.
   */
  async issue(input: { name: string; workspace: string; scopes?: Scope[]; expiresAt?: string | null; token?: string }): Promise<{ token: string; record: ApiKeyRecord }> {
    const token = input.token ?? `lp_${randomId()}_${randomBytes(32).toString('base64url')}`;
    const id = TOKEN.exec(token)?.[1] ?? `k${hashToken(token).slice(0, 11)}`;
    const record: ApiKeyRecord = {
      id,
      hash: hashToken(token),
      name: input.name,
      workspace: input.workspace,
      scopes: input.scopes ?? [...SCOPES],
      createdAt: this.now().toISOString(),
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
    };
    await this.store.insert(record);
    return { token, record };
  }

  /**
   * The bootstrap rule (ARCHITECTURE §5): when no key exists, register `bootstrapKey` (all scopes,
   * workspace `default`), or generate one. Returns the generated token so the caller can print it once.
   */
  async bootstrap(bootstrapKey: string | undefined): Promise<{ created: false } | { created: true; generated: string | null; id: string }> {
    if ((await this.store.count()) > 0) return { created: false };
    const { token, record } = await this.issue({ name: 'bootstrap', workspace: DEFAULT_WORKSPACE, ...(bootstrapKey ? { token: bootstrapKey } : {}) });
    return { created: true, generated: bootstrapKey ? null : token, id: record.id };
  }
}

function randomId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}
