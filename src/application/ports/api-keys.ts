/** API-key port: the scopes a key can hold and where keys are stored. */

/**
 * Scopes an API key can hold. `keys:admin` manages the keys of the key's own workspace (/api-keys) and may set
 * its send-readiness policy; `policy:write` sets that policy (PUT /policy) and nothing else. A key issued
 * without a scope list (the bootstrap key) holds every one.
 */
export const SCOPES = ['projects:read', 'projects:write', 'templates:render', 'keys:admin', 'policy:write'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKeyRecord {
  /** Public key id (the token's prefix), safe to log. */
  id: string;
  /** Hex SHA-256 of the whole token; the token itself is never stored. */
  hash: string;
  name: string;
  workspace: string;
  scopes: Scope[];
  createdAt: string;
  /** RFC 3339; `null` = never expires. */
  expiresAt: string | null;
  revokedAt: string | null;
  /** Requests per minute this key may make; `null` = the service default (`RATE_LIMIT_PER_MINUTE`). */
  rateLimitPerMinute: number | null;
}

/** A key with this id or token hash is already stored; nothing was written. */
export class ApiKeyExistsError extends Error {
  override readonly name = 'ApiKeyExistsError';
  constructor(readonly id: string) {
    super(`An API key with id '${id}' or the same token already exists.`);
  }
}

export interface ApiKeyStore {
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** @throws ApiKeyExistsError when the id or the hash is taken; DependencyUnavailableError. */
  insert(record: ApiKeyRecord): Promise<void>;
  /** Every key, oldest first (by `createdAt`, then id in byte order). */
  list(): Promise<ApiKeyRecord[]>;
  /** The key with this id, revoked and expired ones included; `null` when none. */
  findById(id: string): Promise<ApiKeyRecord | null>;
  /**
   * Up to `limit` keys of `workspace`, oldest first (by `createdAt`, then id in byte order), starting after
   * the key `after` names (a keyset cursor: both fields of the last key of the previous page).
   */
  listByWorkspace(workspace: string, page: { limit: number; after?: { createdAt: string; id: string } }): Promise<ApiKeyRecord[]>;
  /** @returns false when no key has that id. */
  revoke(id: string, at: string): Promise<boolean>;
  /**
   * Make key `id` expire at `at` (RFC 3339, UTC with ms as `toISOString` writes it) unless it already
   * expires earlier: an expiry is only ever brought forward (key rotation's overlap).
   * @returns false when no key has that id.
   */
  expireBy(id: string, at: string): Promise<boolean>;
  count(): Promise<number>;
}
