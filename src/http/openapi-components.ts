/**
 * `components` of the OpenAPI 3.1 document (openapi-document.ts): the response shapes of keys, health and
 * dry runs (the others: openapi-schemas.ts), the Bearer scheme (RFC 6750), the shared parameters and the
 * response header fields (openapi-headers.ts). Request bodies and queries come from the zod schemas.
 */
import { headers } from './openapi-headers.js';
import { ref } from './openapi-refs.js';
import { page, responseSchemas } from './openapi-schemas.js';
import { PROJECT_ID } from './schemas.js';

const timestamp = { type: 'string', format: 'date-time', description: 'RFC 3339, UTC with milliseconds.' };

const ApiKey = {
  type: 'object',
  required: ['id', 'name', 'workspace', 'scopes', 'rate_limit_per_minute', 'created_at', 'expires_at', 'revoked_at', 'status'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    workspace: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string' } },
    rate_limit_per_minute: { type: ['integer', 'null'] },
    created_at: timestamp,
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    status: { type: 'string' },
  },
};

const IssuedKey = {
  ...ApiKey,
  required: [...ApiKey.required, 'token'],
  properties: {
    ...ApiKey.properties,
    token: { type: 'string', description: 'Shown once; store it now.' },
    previous: { ...ref('ApiKey'), description: 'rotate: the old key, with its new expiry.' },
  },
};

const HealthCheck = {
  type: 'object',
  required: ['name', 'dependency', 'status', 'detail', 'ms', 'required'],
  description: 'One dependency check of /health (docs/dependency-timeouts.md). A 503 from /health lists them too, as `checks`.',
  properties: {
    name: {
      type: 'string',
      description: 'event_store, read_models, rate_limits; api_keys when the key lookup itself timed out (503 only).',
    },
    dependency: { type: 'string', description: 'The engine: postgres, sqlite, kurrentdb, mongodb, redis, memory.' },
    status: { type: 'string', enum: ['ok', 'failing', 'timeout'] },
    detail: { type: ['string', 'null'], description: 'Why it is not ok; null when ok.' },
    ms: { type: 'integer', description: 'Time the check took, ms (its bound when it timed out).' },
    required: { type: 'boolean', description: 'false: a degraded extra (a rate-limit store) that does not make /health 503.' },
  },
};

const Health = {
  type: 'object',
  required: ['status', 'store', 'projector'],
  description: 'docs/operations.md "Observability"; `projector.lag_ms` is the read models\' lag, ms.',
  properties: {
    status: { type: 'string', enum: ['ok'] },
    store: { type: 'object', additionalProperties: true },
    read_models: { type: 'object', additionalProperties: true },
    projector: { type: 'object', additionalProperties: true },
    mjml_version: { type: 'string' },
    compile_threads: { type: 'integer' },
    compile_queue: { type: 'integer', description: 'Compile jobs waiting for a worker.' },
    render_cache_entries: { type: 'integer' },
    render_cache_loads: { type: 'integer' },
    rate_limits: { type: 'object', additionalProperties: true },
    uptime_s: { type: 'integer', description: 'Seconds since start.' },
    checks: { type: 'array', items: ref('HealthCheck'), description: 'Each dependency check, run under HEALTH_TIMEOUT_MS.' },
  },
};
const jsonSchemaValue = { type: ['object', 'null'], additionalProperties: true, description: 'A JSON Schema (draft 2020-12).' };
const Variables = {
  type: 'object',
  required: ['inferred', 'declared', 'differences'],
  description:
    'docs/variables.md "Variables": what the template reads (inferred from it), the schema saved in `metadata.variables` (declared, or ' +
    'null), and where they disagree.',
  properties: { inferred: jsonSchemaValue, declared: jsonSchemaValue, differences: { type: 'array', items: ref('SchemaDifference') } },
};
const SchemaDifference = {
  type: 'object',
  required: ['path', 'kind', 'message'],
  description: 'One place where the template and `metadata.variables` disagree.',
  properties: {
    path: { type: 'string', description: 'The variable path, e.g. `order.lines[].qty`.' },
    kind: {
      type: 'string',
      enum: ['not_declared', 'not_read', 'type_conflict'],
      description: 'Read and not declared; declared and never read; declared with another type than the template uses.',
    },
    message: { type: 'string' },
  },
};
const ValidationReport = {
  type: 'object',
  required: ['valid', 'errors', 'warnings', 'variables'],
  description: 'Dry-run outcome (docs/variables.md "Variables"); nothing is stored.',
  properties: {
    valid: { type: 'boolean' },
    errors: { type: 'array', items: ref('ProblemItem'), description: 'Why the template or the variables are refused; empty when `valid`.' },
    warnings: { type: 'array', items: ref('Warning') },
    variables: {
      oneOf: [ref('Variables'), { type: 'null' }],
      description:
        'What the template takes; `null` when the template itself was refused (it did not compile, so there is nothing to infer from: ' +
        'see `errors`).',
    },
    locale: {
      type: ['string', 'null'],
      description:
        'Only when the request named `locale`: the variant validated (canonical BCP 47, the fallback chain as in render); null for a ' +
        'template without locales (docs/locales.md "Validating a locale").',
    },
    layout_revision: {
      type: ['integer', 'null'],
      description:
        '`POST /validate` naming `layout` or `shared_partials`: the layout revision the template was composed with, as a save would ' +
        'compose it now (null: no layout). Absent otherwise (docs/layouts.md "Validating").',
    },
    shared_partial_revisions: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'With `layout_revision`: the revision of each shared partial the template was composed with, by id.',
    },
  },
};

/** `components` of the document. */
export const components = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key: `Authorization: Bearer lp_…` (RFC 6750 §2.1). Scopes: projects:read, projects:write, templates:render, keys:admin.',
    },
  },
  schemas: {
    ...responseSchemas,
    ApiKey,
    ApiKeyPage: page('ApiKey'),
    IssuedKey,
    Health,
    HealthCheck,
    Variables,
    SchemaDifference,
    ValidationReport,
  },
  headers,
  parameters: {
    ProjectId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.',
      example: 'welcome',
      schema: { type: 'string', maxLength: 100, pattern: PROJECT_ID.source, examples: ['welcome'] },
    },
    LayoutId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).',
      example: 'welcome',
      schema: { type: 'string', maxLength: 100, pattern: PROJECT_ID.source, examples: ['welcome'] },
    },
    PartialId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).',
      example: 'welcome',
      schema: { type: 'string', maxLength: 100, pattern: PROJECT_ID.source, examples: ['welcome'] },
    },
    KeyId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).',
      example: 'k3x9q2m7p4w8',
      schema: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9]{1,64}$', examples: ['k3x9q2m7p4w8'] },
    },
    Revision: {
      name: 'revision',
      in: 'path',
      required: true,
      description: 'A past revision of the project (0 is the first).',
      example: 0,
      schema: { type: 'integer', format: 'int64', minimum: 0, maximum: 999_999_999_999_999, examples: [0] },
    },
    TemplateRevision: {
      name: 'revision',
      in: 'query',
      required: false,
      description:
        'The template revision to read, as a render names it: a number, or `latest` (the newest create or save: a draft under ' +
        '`review`). Omitted: the published revision, what a render without `revision` uses; a `review` project never published ' +
        'answers 404 `not_published` (docs/publishing.md).',
      example: 'latest',
      schema: { type: 'string', maxLength: 15, pattern: '^(?:[0-9]{1,15}|latest)$', examples: ['latest', '2'] },
    },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when ' +
        'REQUIRE_IF_MATCH is on.',
      example: '"3"',
      schema: { type: 'string', maxLength: 20, examples: ['"3"'] },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag you hold (`"3"`): 304 Not Modified when it is still the current revision (RFC 9110 §13.1.2).',
      example: '"3"',
      schema: { type: 'string', maxLength: 1000, examples: ['"3"'] },
    },
    MinRevision: {
      name: 'X-Min-Revision',
      in: 'header',
      required: false,
      description:
        'Render at this revision or a later one: the revision a write answered with, as a number (`3`) or its ETag as it came (`"3"`). ' +
        "Same as the body's `min_revision` (400 when both are sent and differ). When this instance has not seen it yet, the render " +
        "reads the project's event stream and waits for it up to RENDER_MIN_REVISION_WAIT_MS (default 2,000 ms), then answers 409 " +
        '`revision_not_yet_visible` (docs/read-your-writes.md).',
      example: '3',
      schema: { type: 'string', maxLength: 17, pattern: '^(?:0|[1-9][0-9]{0,14})$|^"(?:0|[1-9][0-9]{0,14})"$', examples: ['3', '"3"'] },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response ' +
        '(docs/api.md "Retries: Idempotency-Key").',
      example: '5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94',
      schema: { type: 'string', minLength: 1, maxLength: 255, examples: ['5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94'] },
    },
  },
} as const;
