/**
 * The `/api-keys`, `/health`, `/metrics` and `/openapi.json` operations of the OpenAPI document
 * (routes/api-keys.ts, routes/health.ts, metrics.ts, routes/openapi.ts).
 */
import { keyRequestSchemas } from './api-key-schemas.js';
import { EXAMPLES, REQUESTS } from './openapi-examples.js';
import { ALWAYS, headerRefs } from './openapi-headers.js';
import { problem } from './openapi-problems.js';
import { parameter, ref } from './openapi-refs.js';
import { jsonSchema, queryParameters, requestBody } from './openapi-requests.js';
import { noContent, operation, success } from './openapi-responses.js';

const ISSUED =
  'Issued: the token is shown once (store it now), and the answer is neither cached (`no-store`) nor compressed (`no-transform`).';

/** Paths of API key administration and of operations. */
export const adminPaths = {
  '/api-keys': {
    post: operation({
      operationId: 'createApiKey',
      tag: 'api-keys',
      scope: 'keys:admin',
      summary: 'Issue a key',
      description:
        "A new key in the caller's workspace with `scopes` (at most the caller's own), an optional own `rate_limit_per_minute` and " +
        'an expiry. The token is in this answer only. Needs `keys:admin`.',
      requestBody: requestBody(jsonSchema(keyRequestSchemas.createBody), REQUESTS.createApiKey),
      responses: { '201': success(ISSUED, ref('IssuedKey'), EXAMPLES.IssuedKey, ['Location', 'CacheControl']) },
      problems: [413, 415],
    }),
    get: operation({
      operationId: 'listApiKeys',
      tag: 'api-keys',
      scope: 'keys:admin',
      summary: 'List keys',
      description: "The workspace's keys, a page at a time, never their tokens. Needs `keys:admin`.",
      parameters: queryParameters(keyRequestSchemas.listQuery),
      responses: { '200': success('A page of keys.', ref('ApiKeyPage'), EXAMPLES.ApiKeyPage) },
    }),
  },
  '/api-keys/{id}': {
    parameters: [parameter('KeyId')],
    get: operation({
      operationId: 'getApiKey',
      tag: 'api-keys',
      scope: 'keys:admin',
      summary: 'Fetch a key',
      description: 'One key of the workspace, without its token. Needs `keys:admin`.',
      responses: { '200': success('The key.', ref('ApiKey'), EXAMPLES.ApiKey) },
      problems: [404],
    }),
    delete: operation({
      operationId: 'revokeApiKey',
      tag: 'api-keys',
      scope: 'keys:admin',
      summary: 'Revoke a key',
      description:
        'The key stops working at once; it stays listed as `revoked`. Revoking a revoked key changes nothing (204). Needs `keys:admin`.',
      responses: { '204': noContent },
      problems: [404],
    }),
  },
  '/api-keys/{id}/rotate': {
    parameters: [parameter('KeyId')],
    post: operation({
      operationId: 'rotateApiKey',
      tag: 'api-keys',
      scope: 'keys:admin',
      summary: 'Rotate: a new token, the old one valid for an overlap',
      description:
        'A new key with the same name, scopes and rate limit; the old one keeps working for `overlap`, then expires (`previous` shows ' +
        'when). The new key lives as long as the old one was given, unless `expires_in` or `expires_at` say otherwise. A revoked or ' +
        'expired key is a 409 `api_key_inactive`. Needs `keys:admin`.',
      requestBody: requestBody(jsonSchema(keyRequestSchemas.rotateBody), REQUESTS.rotateApiKey),
      responses: { '201': success(ISSUED, ref('IssuedKey'), EXAMPLES.RotatedKey, ['Location', 'CacheControl']) },
      problems: [404, 409, 413, 415],
    }),
  },
  '/health': {
    get: operation({
      operationId: 'getHealth',
      tag: 'operations',
      scope: 'any',
      summary: 'Store and read models answer',
      description:
        'Checks each dependency within HEALTH_TIMEOUT_MS: 200 when the event store and read models answer, else 503 ' +
        '`dependency_unavailable` listing every check (`checks`). Any valid key. Also served at the root, outside the API ' +
        'prefixes (`GET /health`), where probes look by default.',
      responses: {
        '200': success('Healthy.', ref('Health'), EXAMPLES.Health, ['CacheControl']),
        '503': problem(503, 'A dependency is down or did not answer in time: `dependency_unavailable`, with every check as `checks`.'),
      },
    }),
  },
  '/metrics': {
    get: operation({
      operationId: 'getMetrics',
      tag: 'operations',
      scope: 'any',
      summary: 'Prometheus metrics',
      description:
        'The Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4; charset=utf-8`): requests, renders, the compile ' +
        'queue, the projector. Any valid key. Also served at the root, outside the API prefixes (`GET /metrics`), where ' +
        'scrapers look by default.',
      responses: {
        '200': success('The metrics.', { type: 'string', maxLength: 16_777_216 }, EXAMPLES.Metrics, ['CacheControl'], 'text/plain'),
      },
    }),
  },
  '/openapi.json': {
    get: operation({
      operationId: 'getOpenApiDocument',
      tag: 'operations',
      scope: 'public',
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the API. No key needed; nothing else is public.',
      responses: {
        '200': {
          description: 'OpenAPI 3.1.',
          headers: headerRefs(...ALWAYS, 'CacheControl'),
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: true },
              examples: { document: { value: EXAMPLES.OpenApi } },
            },
          },
        },
      },
    }),
  },
};
