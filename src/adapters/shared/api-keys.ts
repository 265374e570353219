/**
 * An API-key row as both SQL stores keep it, and its mapping to the port's record.
 */
import type { ApiKeyRecord, Scope } from '../../application/ports/index.js';

export interface ApiKeyRow<Scopes = Scope[]> {
  id: string;
  hash: string;
  name: string;
  workspace: string;
  scopes: Scopes;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** Added by a later migration: `null` in rows written before it. */
  rate_limit_per_minute: number | null;
}

/** A row (scopes already parsed) as an `ApiKeyRecord`. */
export function toApiKeyRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    hash: row.hash,
    name: row.name,
    workspace: row.workspace,
    scopes: row.scopes,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    rateLimitPerMinute: row.rate_limit_per_minute ?? null,
  };
}

/** The column list both SQL stores insert, in the order of `apiKeyValues`. */
export const API_KEY_COLUMNS = 'id, hash, name, workspace, scopes, created_at, expires_at, revoked_at, rate_limit_per_minute';

/** A record's values in `API_KEY_COLUMNS` order, scopes as JSON text. */
export function apiKeyValues(
  record: ApiKeyRecord,
): [string, string, string, string, string, string, string | null, string | null, number | null] {
  return [
    record.id,
    record.hash,
    record.name,
    record.workspace,
    JSON.stringify(record.scopes),
    record.createdAt,
    record.expiresAt,
    record.revokedAt,
    record.rateLimitPerMinute,
  ];
}
