/**
 * Signed render receipts in the OpenAPI document (routes/receipts.ts; docs/receipts.md): the verify body from
 * the zod schema the route parses with, the answers' shapes here.
 */
import { jsonSchema, requestBody } from './openapi-requests.js';
import { operation, success } from './openapi-responses.js';
import { verifyRequestSchema } from './receipt-schemas.js';

const jwk = {
  type: 'object',
  required: ['kty', 'crv', 'x', 'kid', 'alg', 'use', 'created_at'],
  properties: {
    kty: { const: 'OKP' },
    crv: { const: 'Ed25519' },
    x: { type: 'string', description: 'The public key, base64url (RFC 8037 §2).' },
    kid: { type: 'string', description: 'The JWS `kid` of the receipts it signed: `r` and 16 hex digits.' },
    alg: { const: 'EdDSA' },
    use: { const: 'sig' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const KEY_EXAMPLE = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  kid: 'r3f9a0c1d2e4b5a69',
  alg: 'EdDSA',
  use: 'sig',
  created_at: '2026-11-27T06:40:00.000Z',
};

const claims = {
  type: ['object', 'null'],
  description: 'The receipt\'s claims once its signature holds (docs/receipts.md "Claims"); null otherwise.',
  additionalProperties: true,
};

const verification = {
  type: 'object',
  required: ['valid', 'code', 'detail', 'kid', 'claims', 'revision', 'changed_since'],
  properties: {
    valid: {
      type: 'boolean',
      description: "The signature holds by a key of the caller's workspace, and the HTML and variables given match.",
    },
    code: { type: ['string', 'null'], enum: ['bad_signature', 'unknown_key', 'html_mismatch', 'variables_mismatch', null] },
    detail: { type: ['string', 'null'] },
    kid: { type: ['string', 'null'] },
    claims,
    revision: { type: ['integer', 'null'] },
    html_matches: { type: 'boolean', description: 'Only when `html` was sent.' },
    variables_match: { type: 'boolean', description: 'Only when `variables` were sent.' },
    changed_since: {
      type: ['boolean', 'null'],
      description: 'Whether a render now, without `revision`, uses another revision (or the template is gone).',
    },
  },
};

/** Paths of signed render receipts. */
export const receiptPaths = {
  '/.well-known/jwks.json': {
    get: operation({
      operationId: 'getReceiptKeys',
      tag: 'receipts',
      scope: 'any',
      summary: "The public keys of the workspace's render receipts (JWKS)",
      description:
        "A JSON Web Key Set (RFC 7517 §5) of every key that signed receipts in the caller's workspace, the retired ones included, so a " +
        'receipt verifies offline by its `kid` with any JOSE library. Empty before the first signed render.',
      responses: {
        '200': success(
          'The key set.',
          { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: jwk } } },
          { keys: [KEY_EXAMPLE] },
          ['CacheControl'],
        ),
      },
    }),
  },
  '/receipts/verify': {
    post: operation({
      operationId: 'verifyReceipt',
      tag: 'receipts',
      scope: 'projects:read',
      summary: 'Verify a render receipt',
      description:
        "Checks the receipt's signature with the workspace's keys, then the HTML and variables sent against its digests. Always 200 for a " +
        'receipt that is a compact JWS: `valid` and `code` say what holds (`bad_signature`: changed, or of another workspace; `unknown_key`; ' +
        '`html_mismatch`; `variables_mismatch`). A string that is not one is 422 `invalid_receipt`. Offline, any JOSE library verifies it with GET /.well-known/jwks.json.',
      requestBody: requestBody(jsonSchema(verifyRequestSchema), {
        receipt: 'eyJhbGciOiJFZERTQSJ9.eyJyZXZpc2lvbiI6MH0.c2ln',
        html: '<!doctype html>…',
      }),
      responses: {
        '200': success('What holds.', verification, {
          valid: false,
          code: 'html_mismatch',
          detail: 'The HTML given is not the HTML rendered (its SHA-256 differs from html_sha256 9f86d0…).',
          kid: 'r3f9a0c1d2e4b5a69',
          claims: { workspace: 'default', template: 'order', revision: 3 },
          revision: 3,
          html_matches: false,
          changed_since: false,
        }),
      },
      problems: [413, 415, 422],
    }),
  },
  '/receipts/keys/rotate': {
    post: operation({
      operationId: 'rotateReceiptKey',
      tag: 'receipts',
      scope: 'keys:admin',
      summary: 'Add a receipt signing key',
      description:
        'A new Ed25519 key signs from now on (a `ReceiptKeyAdded` event); the earlier keys stay in the JWKS and keep verifying what they ' +
        'signed. Other instances sign with it within 5 s.',
      responses: { '201': success('The new public key.', jwk, KEY_EXAMPLE) },
    }),
  },
};
