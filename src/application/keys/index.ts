/**
 * The API keys slice: who a Bearer token is (`ApiKeys.authenticate`, with a cache and the unknown-token
 * limiter), and key management (`ApiKeyAdmin`: create, rotate, revoke, expire). Keys are stored through the
 * `ApiKeyStore` port; the plaintext token is shown once and only its SHA-256 is kept (docs/access.md).
 * The only file of this folder that other code imports.
 */
export { ApiKeyAdmin, KeyManagementError, MAX_OVERLAP_MS } from './api-key-admin.js';
export type { CreateKeyInput, ExpiryInput, KeyManagementCode, KeyStatus } from './api-key-admin.js';
export { ApiKeys, AuthError, DEFAULT_WORKSPACE } from './api-keys.js';
export type { Principal } from './api-keys.js';
export { DURATION_FORMS, parseDuration } from './durations.js';
