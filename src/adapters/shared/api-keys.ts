/**
 * An API-key row as both SQL stores keep it, and its mapping to the port's record.
 */
import type { ApiKeyRecord, Scope } from '../../application/ports.js';

export interface ApiKeyRow<Scopes = Scope[]> {
  id: string;
  hash: string;
  name: string;
  workspace: string;
  scopes: Scopes;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
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
  };
}
