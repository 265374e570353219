/**
 * The hand-written parts of the OpenAPI 3.1 document (openapi-document.ts): response shapes (built by
 * presenters.ts, not by zod), the RFC 9457 problem schema, the Bearer scheme (RFC 6750) and the
 * ETag / If-Match / Idempotency-Key headers. Request bodies and queries come from the zod schemas.
 */

/** A reference to `#/components/schemas/<name>`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const timestamp = { type: 'string', format: 'date-time', description: 'RFC 3339, UTC with milliseconds.' };
const nullableString = { type: ['string', 'null'] };

/** RFC 9457 §3 members, plus this API's `code`, `request_id` and `errors` (docs/errors.md "Errors"). */
const Problem = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'urn:letterpress:problem:<code with dashes> (RFC 9457 §3.1.1).' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    instance: { type: 'string', format: 'uri-reference' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. invalid_request, revision_mismatch.' },
    request_id: { type: 'string' },
    found_revision: { type: ['integer', 'null'], description: '`revision_not_yet_visible`: the newest live revision this instance sees (null: none).' },
    min_revision: { type: 'integer', description: '`revision_not_yet_visible`: the revision the render asked for (`min_revision` / `X-Min-Revision`).' },
    waited_ms: { type: 'integer', description: '`revision_not_yet_visible`: how long the render waited for it, ms (RENDER_MIN_REVISION_WAIT_MS).' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          pointer: { type: 'string', description: 'RFC 6901 JSON Pointer into the request.' },
          file: { type: 'string' },
          line: { type: 'integer' },
          message: { type: 'string' },
          rule: { type: 'string', description: 'invalid_variables: the broken rule (type, required, enum, …).' },
          expected: { description: 'invalid_variables: what the template takes there. invalid_mjml (a tag mismatch): the tag that was expected there, e.g. "</mj-text>", or "end of file".' },
          found: { description: 'invalid_variables: what was sent, by type and size, never its value. invalid_mjml (a tag mismatch): what was found there, e.g. "</mj-txt>", "end of file", "<mj-text>", \'text "…"\'.' },
        },
      },
    },
  },
  additionalProperties: true,
};

const Warning = {
  type: 'object',
  required: ['message'],
  additionalProperties: true,
  description:
    'What the import, the validator or the render had to say (docs/templates.md "Templates", "Subject, preheader, text, warnings"). ' +
    'A render (and a dry run of a saved template with variables) lists each path it read, in the branches it rendered, that the variables do not have: ' +
    '`missing_variable` with `path`, at most 50, then one `missing_variables_omitted` with `count` when there were more.',
  properties: {
    code: { type: 'string', description: 'Set on warnings that have one, e.g. missing_variable, missing_variables_omitted, header_control_characters, header_truncated, unsafe_url_neutralised, gmail_clipping, image_without_alt, unescaped_output, unsafe_url, mismatched_tag, unclosed_tag, dropped_content (docs/markup-checks.md, docs/variables.md).' },
    message: { type: 'string' },
    file: { type: 'string', description: '"" or absent: the template itself; else an include key.' },
    line: { type: 'integer' },
    found: { type: 'string', description: 'mismatched_tag, unclosed_tag, dropped_content: what was found, e.g. "</mj-txt>", "end of file".' },
    expected: { type: 'string', description: 'mismatched_tag, unclosed_tag, dropped_content: what was expected there, e.g. "</mj-text>", "end of file".' },
    helper: { type: 'string', description: '`sample_render_incomplete` (docs/helpers.md): the helper called where the save-time check could not render with sample data.' },
    argument: { type: 'string', description: '`sample_render_incomplete`: the argument that helper refused, e.g. `the 1st value`, `code=`.' },
    path: { type: 'string', description: 'missing_variable: the path read and not sent, as GET /templates/:id names paths (`customer.first_name`, `order.lines[].qty`).' },
    count: { type: 'integer', minimum: 1, description: 'missing_variables_omitted: how many more missing paths than listed; header_control_characters: how many characters were replaced; header_truncated: the length found; other codes: how many elements the warning is about.' },
    field: { type: 'string', enum: ['subject', 'preheader'], description: 'header_control_characters, header_truncated: the rendered part changed (docs/templates.md "Subject, preheader, text, warnings").' },
  },
  allOf: [
    { if: { required: ['code'], properties: { code: { const: 'missing_variable' } }, additionalProperties: true }, then: { required: ['code', 'path', 'message'] } },
    { if: { required: ['code'], properties: { code: { const: 'missing_variables_omitted' } }, additionalProperties: true }, then: { required: ['code', 'count', 'message'] } },
  ],
};

const Project = {
  type: 'object',
  required: ['id', 'revision', 'created_at', 'updated_at', 'metadata'],
  properties: {
    id: { type: 'string' },
    revision: { type: 'integer', minimum: 0 },
    created_at: timestamp,
    updated_at: timestamp,
    metadata: { type: 'object', additionalProperties: true },
    ast: { description: 'MJML JSON (the `mjml` package\'s AST).' },
    published_html: nullableString,
    mjml_version: nullableString,
    partials: { type: 'object', additionalProperties: { type: 'string' } },
    helpers: { type: 'object', additionalProperties: true },
    render_mode: { type: 'string', enum: ['static', 'dynamic'] },
  },
};

// The write answer is the project plus two members, spelled out rather than `allOf` so that one object
// schema names every member (generated clients and the response-conformance test read it as one type).
const ProjectWrite = {
  ...Project,
  required: [...Project.required, 'warnings', 'unchanged'],
  properties: { ...Project.properties, warnings: { type: 'array', items: ref('Warning') }, unchanged: { type: 'boolean', description: 'true when the content equalled the current revision: nothing appended.' } },
};

const Summary = {
  type: 'object',
  required: ['id', 'name', 'subject', 'revision', 'created_at', 'updated_at'],
  properties: { id: { type: 'string' }, name: nullableString, subject: nullableString, revision: { type: 'integer' }, created_at: timestamp, updated_at: timestamp },
};

const page = (item: string) => ({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: { items: { type: 'array', items: ref(item) }, next_cursor: { type: ['string', 'null'], description: 'Pass as ?cursor= for the next page; null at the end.' } },
});

const Revision = {
  type: 'object',
  required: ['revision', 'updated_at', 'event'],
  properties: {
    revision: { type: 'integer' },
    updated_at: timestamp,
    event: {
      type: 'string',
      description: '`created`, `saved`, `restored` (a restore: `restored_from` names the revision it republished) or `deleted`.',
    },
    restored_from: {
      type: 'integer',
      description: 'Only on a `restored` entry: the revision whose template and metadata it published again.',
    },
    name: nullableString,
    mjml_version: nullableString,
    published_html_bytes: { type: ['integer', 'null'] },
  },
};

const Template = {
  type: 'object',
  required: ['id', 'revision', 'updated_at', 'name', 'subject', 'mjml_version', 'variables'],
  properties: { id: { type: 'string' }, revision: { type: 'integer' }, updated_at: timestamp, name: nullableString, subject: nullableString, mjml_version: nullableString, variables: { type: 'array', items: { type: 'string' } } },
};

const Rendered = {
  type: 'object',
  required: ['id', 'revision', 'updated_at', 'published_sha256', 'format'],
  properties: {
    id: { type: 'string' },
    revision: { type: 'integer' },
    updated_at: timestamp,
    published_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    format: { type: 'string', enum: ['html', 'mjml'] },
    html: { type: 'string' },
    mjml: { type: 'string' },
    subject: nullableString,
    preheader: nullableString,
    text: nullableString,
    warnings: { type: 'array', items: ref('Warning') },
  },
};

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
  properties: { ...ApiKey.properties, token: { type: 'string', description: 'Shown once; store it now.' }, previous: { ...ref('ApiKey'), description: 'rotate: the old key, with its new expiry.' } },
};

const HealthCheck = {
  type: 'object',
  required: ['name', 'dependency', 'status', 'detail', 'ms', 'required'],
  description: 'One dependency check of /health (docs/dependency-timeouts.md). A 503 from /health lists them too, as `checks`.',
  properties: {
    name: { type: 'string', description: 'event_store, read_models, rate_limits; api_keys when the key lookup itself timed out (503 only).' },
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
  description: 'docs/variables.md "Variables": what the template reads (inferred from it), the schema saved in `metadata.variables` (declared, or null), and where they disagree.',
  properties: { inferred: jsonSchemaValue, declared: jsonSchemaValue, differences: { type: 'array', items: { type: 'object', additionalProperties: true } } },
};
const ValidationReport = {
  type: 'object',
  required: ['valid', 'errors', 'warnings'],
  description: 'Dry-run outcome (docs/variables.md "Variables"); nothing is stored.',
  properties: {
    valid: { type: 'boolean' },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
    warnings: { type: 'array', items: ref('Warning') },
    variables: ref('Variables'),
  },
};

/** `components` of the document. Problem responses are shared by status. */
export const components = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer lp_…` (RFC 6750 §2.1). Scopes: projects:read, projects:write, templates:render, keys:admin.' },
  },
  schemas: { Problem, Warning, Project, ProjectWrite, Summary, SummaryPage: page('Summary'), Revision, RevisionPage: page('Revision'), Template, Rendered, ApiKey, ApiKeyPage: page('ApiKey'), IssuedKey, Health, HealthCheck, Variables, ValidationReport },
  headers: {
    ETag: { description: 'Strong ETag of the revision, `"<revision>"` (RFC 9110 §8.8.3).', schema: { type: 'string', pattern: '^"\\d+"$' } },
    Location: { description: 'URL of the created resource.', schema: { type: 'string' } },
  },
  parameters: {
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description: 'Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.',
      schema: { type: 'string', examples: ['"3"'] },
    },
    MinRevision: {
      name: 'X-Min-Revision',
      in: 'header',
      required: false,
      description:
        'Render at this revision or a later one: the revision a write answered with, as a number (`3`) or its ETag as it came (`"3"`). ' +
        'Same as the body\'s `min_revision` (400 when both are sent and differ). When this instance has not seen it yet, the render reads the project\'s event stream ' +
        'and waits for it up to RENDER_MIN_REVISION_WAIT_MS (default 2,000 ms), then answers 409 `revision_not_yet_visible` (docs/read-your-writes.md).',
      schema: { type: 'string', pattern: '^(?:0|[1-9][0-9]{0,14})$|^"(?:0|[1-9][0-9]{0,14})"$', examples: ['3', '"3"'] },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  },
} as const;

/** Problem responses for `statuses`, each `application/problem+json` with the Problem schema. */
export function problems(...statuses: number[]): Record<string, object> {
  const out: Record<string, object> = {};
  for (const status of statuses) {
    out[String(status)] = { description: `Problem details (RFC 9457).`, content: { 'application/problem+json': { schema: ref('Problem') } } };
  }
  return out;
}
