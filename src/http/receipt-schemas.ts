/**
 * /receipts request parsing (zod, strict bodies) and the JSON of a receipt key (docs/receipts.md).
 */
import { z } from 'zod';
import type { ReceiptKey, Verification, VerifyQuestion } from '../application/receipts/index.js';
import { RECEIPT_ALG } from '../domain/receipts.js';
import { check } from './check.js';

/** The longest receipt accepted, characters: a receipt of a template with many shared partials stays under 4 KB. */
export const MAX_RECEIPT_LENGTH = 16_384;

export const verifyRequestSchema = z.strictObject({
  receipt: z
    .string()
    .min(1)
    .max(MAX_RECEIPT_LENGTH)
    .describe('The compact JWS a render answered with (`receipt`, or the `Letterpress-Receipt` header).'),
  html: z
    .string()
    .optional()
    .describe('The HTML the receipt should state (as sent): `html_matches` answers whether its SHA-256 is `html_sha256`.'),
  variables: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The variables the render should have had: `variables_match` answers whether their salted digest is `variables_sha256`.'),
});

/** POST /receipts/verify body. @throws ProblemError 400 `invalid_request` naming the field. */
export function parseVerify(body: unknown): VerifyQuestion {
  const parsed = check(verifyRequestSchema, body);
  return {
    receipt: parsed.receipt,
    ...(parsed.html !== undefined ? { html: parsed.html } : {}),
    ...(parsed.variables !== undefined ? { variables: parsed.variables } : {}),
  };
}

/** A public key as a JWKS member (RFC 7517 §4; OKP per RFC 8037 §2): what verifies the receipts it signed. */
export function presentJwk(key: Pick<ReceiptKey, 'kid' | 'publicJwk' | 'createdAt'>): Record<string, unknown> {
  return { ...key.publicJwk, kid: key.kid, alg: RECEIPT_ALG, use: 'sig', created_at: key.createdAt };
}

/** The verification answer's JSON (field names as the contract has them). */
export function presentVerification(verification: Verification): Record<string, unknown> {
  return { ...verification };
}
