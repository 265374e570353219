/**
 * Signed render receipts (issue 25; docs/receipts.md): a compact JWS (RFC 7515 §7.1, `alg` EdDSA over Ed25519,
 * RFC 8037) a sender keeps with the message, stating which template revision made it and SHA-256 digests of what
 * the render answered. Signed and verified with `jose`; keys from `ReceiptKeys`.
 */
import { createHash, createHmac, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import { compactVerify, decodeProtectedHeader, errors as joseErrors } from 'jose';
import { RECEIPT_ALG, type ReceiptClaims, type ReceiptRefusal } from '../../domain/receipts.js';
import type { ProjectRef } from '../../domain/project.js';
import type { ReceiptKey, ReceiptKeys } from './receipt-keys.js';

/** What a render answered, as a receipt states it (render-template.ts `RenderOutput`, the HTML unescaped). */
export interface RenderedForReceipt {
  template: string;
  revision: number;
  publishedSha256: string;
  /** The answer's HTML: the `html` of a JSON answer, the body of a text/html one. */
  html: string;
  text: string | null;
  subject: string | null;
  locale: string | null;
  layoutRevision?: number | null;
  sharedPartialRevisions?: Record<string, number>;
  mjmlVersion: string;
}

/** `POST /receipts/verify`'s question: a receipt and, optionally, the HTML and variables it should match. */
export interface VerifyQuestion {
  receipt: string;
  html?: string;
  variables?: Record<string, unknown>;
}

/** `POST /receipts/verify`'s answer (docs/receipts.md "Verifying"). */
export interface Verification {
  /** The signature holds, by a key of the caller's workspace, and whatever was given matches. */
  valid: boolean;
  /** Why not, when `valid` is false. */
  code: ReceiptRefusal | null;
  detail: string | null;
  kid: string | null;
  /** The claims, once the signature holds (null otherwise: unsigned claims are not repeated). */
  claims: ReceiptClaims | null;
  revision: number | null;
  html_matches?: boolean;
  variables_match?: boolean;
  /** Whether a render now, without `revision`, would use another revision (or the template is gone). */
  changed_since: boolean | null;
}

/**
 * The compact JWS of `payload` signed by `key` (RFC 7515 §7.1: BASE64URL(header) "." BASE64URL(payload) "."
 * BASE64URL(Ed25519 signature over the first two), RFC 8037 §3.1), signed by OpenSSL through `node:crypto`
 * directly: jose's `CompactSign` goes through WebCrypto's asynchronous job, measured at about twice the CPU per
 * receipt (65–88 against 37 µs), on the path of every render. jose verifies what this signs (receipts.test.ts).
 */
function compactJws(key: ReceiptKey, payload: Buffer): string {
  const signingInput = `${key.protectedHeader}.${payload.toString('base64url')}`;
  return `${signingInput}.${sign(null, Buffer.from(signingInput, 'ascii'), key.signingKey).toString('base64url')}`;
}

/** A receipt that is not a compact JWS with a JSON header and payload (POST /receipts/verify: 422 `invalid_receipt`). */
export class MalformedReceiptError extends Error {
  override readonly name = 'MalformedReceiptError';
}

/** The receipt as the JWS compact serialisation (three base64url parts): anything else is not one. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Hex SHA-256 of a string's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `variables_sha256`: HMAC-SHA256 (RFC 2104) under `salt` of the variables as RFC 8785 canonical JSON, hex. */
export function variablesDigest(variables: Record<string, unknown>, salt: Buffer): string {
  return createHmac('sha256', salt)
    .update(canonicalize(variables) ?? '{}', 'utf8')
    .digest('hex');
}

export class Receipts {
  constructor(
    private readonly keys: Pick<ReceiptKeys, 'signing' | 'find'>,
    /** The revision a render without `revision` uses now; null when the template is gone. */
    private readonly renderedNow: (ref: ProjectRef) => Promise<number | null>,
    /** Current time as RFC 3339 UTC with ms. */
    private readonly now: () => string,
  ) {}

  /**
   * The receipt of one render in `workspace` with `variables` (as the caller sent them).
   * @throws what the event store throws when the workspace's first key is created.
   */
  async sign(workspace: string, rendered: RenderedForReceipt, variables: Record<string, unknown>): Promise<string> {
    const key = await this.keys.signing(workspace);
    const claims: ReceiptClaims = {
      workspace,
      template: rendered.template,
      revision: rendered.revision,
      published_sha256: rendered.publishedSha256,
      html_sha256: sha256Hex(rendered.html),
      text_sha256: rendered.text === null ? null : sha256Hex(rendered.text),
      subject_sha256: rendered.subject === null ? null : sha256Hex(rendered.subject),
      variables_sha256: variablesDigest(variables, key.variablesSalt),
      locale: rendered.locale,
      ...(rendered.sharedPartialRevisions
        ? { layout_revision: rendered.layoutRevision ?? null, shared_partial_revisions: rendered.sharedPartialRevisions }
        : {}),
      mjml_version: rendered.mjmlVersion,
      rendered_at: this.now(),
    };
    return compactJws(key, Buffer.from(JSON.stringify(claims), 'utf8'));
  }

  /**
   * Verify `question.receipt` for `workspace`: its signature by one of the workspace's keys (a receipt of another
   * workspace is `bad_signature`), then the HTML and variables given. Never throws for a receipt that does not
   * hold: the answer says why. @throws MalformedReceiptError for a string that is not a compact JWS (the route's 422).
   */
  async verify(workspace: string, question: VerifyQuestion): Promise<Verification> {
    const refused = (code: ReceiptRefusal, detail: string, kid: string | null): Verification => ({
      valid: false,
      code,
      detail,
      kid,
      claims: null,
      revision: null,
      changed_since: null,
    });
    const { kid, alg, claimed } = unverifiedParts(question.receipt);
    if (alg !== RECEIPT_ALG || kid === null)
      return refused('bad_signature', `Not a Letterpress receipt: its header must name alg "${RECEIPT_ALG}" and a kid.`, kid);
    if (claimed !== workspace)
      return refused(
        'bad_signature',
        `The receipt was signed for workspace '${String(claimed)}', not this one: only that workspace's keys verify it.`,
        kid,
      );
    const key = await this.keys.find(workspace, kid);
    if (!key) return refused('unknown_key', `No receipt key '${kid}' in this workspace (GET /.well-known/jwks.json lists them).`, kid);
    const claims = await verified(question.receipt, key);
    if (!claims)
      return refused(
        'bad_signature',
        `The signature does not hold for key '${kid}': the receipt was changed, or signed by another key.`,
        kid,
      );
    const htmlMatches = question.html === undefined ? undefined : sha256Hex(question.html) === claims.html_sha256;
    const variablesMatch =
      question.variables === undefined ? undefined : variablesDigest(question.variables, key.variablesSalt) === claims.variables_sha256;
    const now = await this.renderedNow({ workspace, projectId: claims.template });
    const mismatch: [ReceiptRefusal, string] | null =
      htmlMatches === false
        ? ['html_mismatch', `The HTML given is not the HTML rendered (its SHA-256 differs from html_sha256 ${claims.html_sha256}).`]
        : variablesMatch === false
          ? [
              'variables_mismatch',
              'The variables given are not the ones rendered with (their salted digest differs from variables_sha256).',
            ]
          : null;
    return {
      valid: mismatch === null,
      code: mismatch?.[0] ?? null,
      detail: mismatch?.[1] ?? null,
      kid,
      claims,
      revision: claims.revision,
      ...(htmlMatches !== undefined ? { html_matches: htmlMatches } : {}),
      ...(variablesMatch !== undefined ? { variables_match: variablesMatch } : {}),
      changed_since: now !== claims.revision,
    };
  }
}

/**
 * The header's `kid` and `alg` and the workspace the payload claims, before any signature is checked (they pick
 * the key; nothing else is read from an unverified receipt). @throws MalformedReceiptError when `receipt` is not a compact JWS.
 */
function unverifiedParts(receipt: string): { kid: string | null; alg: unknown; claimed: unknown } {
  if (!COMPACT_JWS.test(receipt)) throw new MalformedReceiptError('not a compact JWS: three base64url parts separated by "."');
  try {
    const header = decodeProtectedHeader(receipt);
    const payload = JSON.parse(Buffer.from(receipt.split('.')[1]!, 'base64url').toString('utf8')) as unknown;
    const claimed = payload !== null && typeof payload === 'object' ? (payload as { workspace?: unknown }).workspace : undefined;
    return { kid: typeof header.kid === 'string' ? header.kid : null, alg: header.alg, claimed };
  } catch {
    throw new MalformedReceiptError('not a compact JWS: its header or payload is not base64url JSON');
  }
}

/** The claims of `receipt` when its signature holds for `key`; null when it does not. */
async function verified(receipt: string, key: ReceiptKey): Promise<ReceiptClaims | null> {
  try {
    const { payload } = await compactVerify(receipt, key.publicKey, { algorithms: [RECEIPT_ALG] });
    return JSON.parse(Buffer.from(payload).toString('utf8')) as ReceiptClaims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof SyntaxError) return null;
    throw error;
  }
}
