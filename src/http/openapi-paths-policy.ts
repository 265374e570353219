/**
 * GET/PUT /policy in the OpenAPI document (routes/policy.ts): the request body from the zod schema the route
 * parses with, the answer's shape here.
 */
import { POLICY_RULES } from '../domain/policy.js';
import { parameter } from './openapi-refs.js';
import { jsonSchema, requestBody } from './openapi-requests.js';
import { operation, success } from './openapi-responses.js';
import { policyRequestSchema } from './policy-schemas.js';

const policy = {
  type: 'object',
  required: ['html_max_bytes', 'require', 'clients', 'marketing_unsubscribe', 'revision', 'updated_at'],
  properties: {
    html_max_bytes: { type: ['integer', 'null'], description: 'Most bytes of the HTML rendered with sample variables; null: no budget.' },
    require: { type: 'array', items: { type: 'string', enum: [...POLICY_RULES] } },
    clients: { type: 'array', items: { type: 'string' }, description: 'caniemail client names or globs (`gmail.*`).' },
    marketing_unsubscribe: { type: 'boolean' },
    revision: { type: ['integer', 'null'], description: 'The policy stream revision (the ETag); null when never set.' },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
    unchanged: { type: 'boolean', description: 'PUT only: the policy equalled the one in force; nothing was appended.' },
  },
};

const EXAMPLE = {
  html_max_bytes: 102_400,
  require: ['lang', 'title', 'alt'],
  clients: ['outlook.windows', 'gmail.*'],
  marketing_unsubscribe: true,
  revision: 2,
  updated_at: '2026-11-26T18:40:00.000Z',
};

/** Paths of the workspace policy. */
export const policyPaths = {
  '/policy': {
    get: operation({
      operationId: 'getPolicy',
      tag: 'policy',
      scope: 'projects:read',
      summary: "The workspace's send-readiness policy",
      description:
        'The policy every publish of the workspace is checked against (docs/policy.md), with its `revision` (also the `ETag`). Before ' +
        'any PUT: an empty policy, `revision` null. Readable with `projects:read`, `policy:write` or `keys:admin`.',
      responses: { '200': success('The policy.', policy, EXAMPLE, ['ETag', 'CacheControl']) },
    }),
    put: operation({
      operationId: 'setPolicy',
      tag: 'policy',
      scope: 'policy:write',
      summary: "Set the workspace's send-readiness policy",
      description:
        'Replaces the whole policy (members left out are unset), stored as a `PolicySet` event. Needs `policy:write` or `keys:admin`. ' +
        'An unknown rule or client is a 400 naming it and listing the valid ones; `If-Match` of another revision a 412; none under ' +
        'REQUIRE_IF_MATCH a 428 (`If-Match: *` sets a first policy).',
      parameters: [parameter('IfMatch')],
      requestBody: requestBody(jsonSchema(policyRequestSchema), {
        html_max_bytes: 102_400,
        require: ['lang', 'title', 'alt'],
        clients: ['outlook.windows', 'gmail.*'],
        marketing_unsubscribe: true,
      }),
      responses: { '200': success('The policy now in force.', policy, { ...EXAMPLE, unchanged: false }, ['ETag']) },
      problems: [412, 413, 415, 428],
    }),
  },
};
