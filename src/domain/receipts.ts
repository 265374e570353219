/**
 * Signed render receipts (docs/receipts.md): what a receipt states about one render, and the events that keep a
 * workspace's signing keys. Pure: names, shapes and the rules on them; signing and hashing are the application's.
 */

/** Stream of a workspace's receipt signing keys; outside the `project-` prefix, so no project projection reads it. */
export const RECEIPT_KEYS_STREAM_PREFIX = 'receipt-keys-';

/** The stream holding `workspace`'s receipt signing keys, oldest first; the last one signs. */
export function receiptKeysStream(workspace: string): string {
  return `${RECEIPT_KEYS_STREAM_PREFIX}${workspace}`;
}

/** The JWS `typ` header of a receipt (RFC 7515 §4.1.9: a media type without `application/`). */
export const RECEIPT_TYP = 'letterpress-receipt+jws';

/** The only signature algorithm: EdDSA over Ed25519 (RFC 8037 §3.1; `alg` "EdDSA", key type OKP, curve Ed25519). */
export const RECEIPT_ALG = 'EdDSA';

/** An Ed25519 key as a JWK (RFC 8037 §2): `x` the public key, `d` the private one, base64url. */
export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d?: string;
}

/**
 * `ReceiptKeyAdded`: a new signing key for the workspace, from now on the one that signs (a rotation is a new
 * key; earlier keys keep verifying the receipts they signed). `variablesSalt` (32 random bytes, base64url) is the
 * HMAC key of `variables_sha256` in the receipts this key signs: without it a payload cannot be guessed from its hash.
 * The private key is kept in the event store: who can read the store can sign (docs/receipts.md, "Keys").
 */
export interface ReceiptKeyAdded {
  type: 'ReceiptKeyAdded';
  data: {
    workspace: string;
    /** The JWS `kid`: `r` + 16 hex characters, random. */
    kid: string;
    alg: typeof RECEIPT_ALG;
    privateJwk: Ed25519Jwk & { d: string };
    variablesSalt: string;
    occurredAt: string;
  };
}

/**
 * The claims of a receipt (the JWS payload, JSON): which template revision made a render, and SHA-256 digests
 * (hex) of what it answered. `variables_sha256` is HMAC-SHA256 under the key's salt of the variables as sent
 * (RFC 8785 canonical JSON), so it proves a payload to whoever has it without revealing it to whoever does not.
 */
export interface ReceiptClaims {
  workspace: string;
  template: string;
  revision: number;
  /** The revision's published HTML (before variables), as the render answer's `published_sha256`. */
  published_sha256: string;
  /** The UTF-8 bytes of the answer's `html` (the text/html answer's body). */
  html_sha256: string;
  /** The plain-text part's UTF-8 bytes; null when the answer carried none. */
  text_sha256: string | null;
  /** The rendered subject's UTF-8 bytes; null when the template has none. */
  subject_sha256: string | null;
  variables_sha256: string;
  /** The locale variant used (docs/locales.md); null for a revision without locales. */
  locale: string | null;
  /** Only for a revision that follows a layout or shared partials (docs/layouts.md). */
  layout_revision?: number | null;
  shared_partial_revisions?: Record<string, number>;
  mjml_version: string;
  /** RFC 3339 with milliseconds, UTC: when the render answered. */
  rendered_at: string;
}

/** Why a receipt does not verify: the codes of `POST /receipts/verify` (docs/receipts.md). */
export type ReceiptRefusal = 'bad_signature' | 'unknown_key' | 'html_mismatch' | 'variables_mismatch';
