/**
 * Response shapes of the OpenAPI document (built by presenters.ts, not by zod): the RFC 9457 problem, the
 * warnings, projects, pages, templates and renders. Keys, health and dry runs: openapi-components.ts.
 */
import { ref } from './openapi-refs.js';

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
    found_revision: {
      type: ['integer', 'null'],
      description: '`revision_not_yet_visible`: the newest live revision this instance sees (null: none).',
    },
    min_revision: {
      type: 'integer',
      description: '`revision_not_yet_visible`: the revision the render asked for (`min_revision` / `X-Min-Revision`).',
    },
    waited_ms: {
      type: 'integer',
      description: '`revision_not_yet_visible`: how long the render waited for it, ms (RENDER_MIN_REVISION_WAIT_MS).',
    },
    errors: { type: 'array', items: ref('ProblemItem'), description: 'What is wrong, where: one item per problem found.' },
  },
  additionalProperties: true,
};

/** One item of a problem's (or a dry run's) `errors`. */
const ProblemItem = {
  type: 'object',
  required: ['message'],
  properties: {
    code: { type: 'string', description: 'A dry run (`POST /validate`): the code the template was refused with, e.g. invalid_mjml.' },
    pointer: {
      type: 'string',
      description:
        'RFC 6901 JSON Pointer into the request (`policy_violation`: into the stored project, e.g. `/ast/children/0/children/1`).',
    },
    feature: { type: 'string', description: '`policy_violation`: the caniemail feature, e.g. `css-display-flex`.' },
    locale: {
      type: 'string',
      description:
        "A finding of a locale's own `mjml` (canonical BCP 47): `policy_violation` (its pointer under `/locales/<tag>/mjml`, docs/policy.md), a dry run's variant finding.",
    },
    file: { type: 'string' },
    line: { type: 'integer' },
    message: { type: 'string' },
    rule: { type: 'string', description: 'invalid_variables: the broken rule (type, required, enum, …).' },
    expected: {
      description:
        'invalid_variables: what the template takes there. invalid_mjml (a tag mismatch): the tag that was expected there, e.g. "</mj-text>", or "end of file".',
    },
    found: {
      description:
        'invalid_variables: what was sent, by type and size, never its value. invalid_mjml (a tag mismatch): what was found there, e.g. "</mj-txt>", "end of file", "<mj-text>", \'text "…"\'. breaking_variable_change: the JSON type recent payloads send.',
    },
    path: { type: 'string', description: 'breaking_variable_change: the variable path, e.g. order.total, order.lines[].qty.' },
    change: {
      type: 'string',
      enum: ['newly_required', 'type_narrowed'],
      description: 'breaking_variable_change: what the revision published would change at `path`.',
    },
    key_ids: {
      type: 'array',
      items: { type: 'string' },
      description: 'breaking_variable_change: the API key ids whose recent payloads would fail (docs/publishing.md "Publish gate").',
    },
  },
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
    code: {
      type: 'string',
      description:
        'Set on warnings that have one, e.g. policy_violation, policy_warning (docs/policy.md: with `pointer` and `feature`), missing_variable, missing_variables_omitted, header_control_characters, header_truncated, unsafe_url_neutralised, gmail_clipping, image_without_alt, unescaped_output, unsafe_url, mismatched_tag, unclosed_tag, dropped_content (docs/markup-checks.md, docs/variables.md).',
    },
    message: { type: 'string' },
    locale: {
      type: 'string',
      description:
        "A finding of a locale's own `mjml` (canonical BCP 47): policy_violation, policy_warning (pointer under `/locales/<tag>/mjml`, docs/policy.md), a dry run's variant finding.",
    },
    file: { type: 'string', description: '"" or absent: the template itself; else an include key.' },
    line: { type: 'integer' },
    found: {
      type: 'string',
      description: 'mismatched_tag, unclosed_tag, dropped_content: what was found, e.g. "</mj-txt>", "end of file".',
    },
    expected: {
      type: 'string',
      description: 'mismatched_tag, unclosed_tag, dropped_content: what was expected there, e.g. "</mj-text>", "end of file".',
    },
    helper: {
      type: 'string',
      description:
        '`sample_render_incomplete` (docs/helpers.md): the helper called where the save-time check could not render with sample data.',
    },
    argument: {
      type: 'string',
      description: '`sample_render_incomplete`: the argument that helper refused, e.g. `the 1st value`, `code=`.',
    },
    path: {
      type: 'string',
      description:
        'missing_variable: the path read and not sent, as GET /templates/:id names paths (`customer.first_name`, `order.lines[].qty`).',
    },
    count: {
      type: 'integer',
      minimum: 1,
      description:
        'missing_variables_omitted: how many more missing paths than listed; header_control_characters: how many characters were replaced; header_truncated: the length found; other codes: how many elements the warning is about.',
    },
    field: {
      type: 'string',
      enum: ['subject', 'preheader'],
      description:
        'header_control_characters, header_truncated: the rendered part changed (docs/templates.md "Subject, preheader, text, warnings").',
    },
  },
  allOf: [
    {
      if: { required: ['code'], properties: { code: { const: 'missing_variable' } }, additionalProperties: true },
      then: { required: ['code', 'path', 'message'] },
    },
    {
      if: { required: ['code'], properties: { code: { const: 'missing_variables_omitted' } }, additionalProperties: true },
      then: { required: ['code', 'count', 'message'] },
    },
  ],
};

/** A layout or shared partial a project names. */
const sharedUse = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' }, revision: { type: 'integer', minimum: 0 } },
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
    ast: { description: "MJML JSON (the `mjml` package's AST)." },
    published_html: nullableString,
    mjml_version: nullableString,
    partials: { type: 'object', additionalProperties: { type: 'string' } },
    helpers: { type: 'object', additionalProperties: true },
    render_mode: { type: 'string', enum: ['static', 'dynamic'] },
    default_locale: {
      ...nullableString,
      description: 'The BCP 47 locale renders fall back to last; null when the revision has no locales (docs/locales.md).',
    },
    locales: {
      type: 'object',
      description:
        'Localized variants by canonical BCP 47 tag: `subject`, `preheader`, `strings` (ICU messages by key), `mjml` (a full MJML ' +
        "document replacing the template's markup in that locale) (docs/locales.md).",
      additionalProperties: {
        type: 'object',
        properties: {
          subject: { type: 'string' },
          preheader: { type: 'string' },
          strings: { type: 'object', additionalProperties: { type: 'string' } },
          mjml: { type: 'string', description: "This locale's own MJML document, as sent (uncomposed); absent: the template's markup." },
        },
      },
    },
    layout: {
      ...sharedUse,
      description: 'The layout this revision follows (docs/layouts.md); absent when none. No `revision`: the published one.',
    },
    shared_partials: {
      type: 'array',
      items: sharedUse,
      description: 'The shared partials this revision calls as `{{> shared/<id>}}`; absent when none.',
    },
    publishing: {
      type: 'string',
      enum: ['on_save', 'review'],
      description:
        '`on_save`: every save is published at once. `review`: saves are drafts until POST /projects/{id}/publish (docs/publishing.md).',
    },
    published_revision: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'The template revision renders use by default; null under `review` before a first publish.',
    },
    published_at: { ...timestamp, type: ['string', 'null'], description: 'When `published_revision` was published; null when none.' },
    unpublished_changes: { type: 'boolean', description: 'true when the latest create or save is not the published revision (a draft).' },
  },
};

// The write answer is the project plus two members, spelled out rather than `allOf` so that one object
// schema names every member (generated clients and the response-conformance test read it as one type).
const ProjectWrite = {
  ...Project,
  required: [...Project.required, 'warnings', 'unchanged'],
  properties: {
    ...Project.properties,
    warnings: { type: 'array', items: ref('Warning') },
    unchanged: { type: 'boolean', description: 'true when the content equalled the current revision: nothing appended.' },
  },
};

// A list entry carries the project's publishing as the Project does (same members, same meaning).
const { publishing, published_revision, published_at, unpublished_changes } = Project.properties;
const Summary = {
  type: 'object',
  required: [
    'id',
    'name',
    'subject',
    'revision',
    'created_at',
    'updated_at',
    'publishing',
    'published_revision',
    'published_at',
    'unpublished_changes',
  ],
  properties: {
    id: { type: 'string' },
    name: nullableString,
    subject: nullableString,
    revision: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
    publishing,
    published_revision,
    published_at,
    unpublished_changes,
  },
};

/** A page of `item`s with the cursor of the next. */
export const page = (item: string) => ({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: { type: 'array', items: ref(item) },
    next_cursor: { type: ['string', 'null'], description: 'Pass as ?cursor= for the next page; null at the end.' },
  },
});

const Revision = {
  type: 'object',
  required: ['revision', 'updated_at', 'event'],
  properties: {
    revision: { type: 'integer' },
    updated_at: timestamp,
    event: {
      type: 'string',
      enum: ['created', 'saved', 'restored', 'deleted', 'published'],
      description:
        '`created`, `saved`, `restored` (a restore: `restored_from` names the revision it republished), `deleted`, or `published` (a publish: `published_revision` names the template revision it made the published one; its own revision is not a template revision).',
    },
    published_revision: {
      type: 'integer',
      minimum: 0,
      description: 'Only on a `published` entry: the template revision renders use from then on.',
    },
    draft: { type: 'boolean', const: true, description: 'Only on a save under `review`: a draft, not published by its save.' },
    restored_from: {
      type: 'integer',
      minimum: 0,
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
  properties: {
    id: { type: 'string' },
    revision: { type: 'integer' },
    updated_at: timestamp,
    name: nullableString,
    subject: nullableString,
    mjml_version: nullableString,
    variables: { type: 'array', items: { type: 'string' } },
  },
};

const Rendered = {
  type: 'object',
  required: ['id', 'revision', 'updated_at', 'published_sha256', 'format'],
  properties: {
    id: { type: 'string' },
    revision: { type: 'integer' },
    updated_at: timestamp,
    published_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    layout_revision: {
      type: ['integer', 'null'],
      description:
        'A revision that follows a layout or shared partials: the layout revision this render used (null: no layout). Absent otherwise (docs/layouts.md).',
    },
    shared_partial_revisions: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'The revision of each shared partial this render used, by id; absent when the revision follows none.',
    },
    format: { type: 'string', enum: ['html', 'mjml'] },
    html: { type: 'string' },
    mjml: { type: 'string' },
    subject: nullableString,
    preheader: nullableString,
    text: nullableString,
    locale: {
      ...nullableString,
      description:
        'The localized variant used (canonical BCP 47; also `Content-Language`): the asked locale, else its shorter prefixes, else the default locale (docs/locales.md). Null for a revision without locales.',
    },
    headers: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'The headers the template declares (`metadata.headers`), rendered with the variables; absent when it declares none (docs/policy.md).',
    },
    receipt: {
      type: ['string', 'null'],
      pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
      description:
        'A signed receipt of this render: a compact JWS (EdDSA, Ed25519) stating the revision and SHA-256 digests of the answer, to keep with the message; verify it with POST /receipts/verify or offline with GET /.well-known/jwks.json (docs/receipts.md). Null for format `mjml`, with `"receipt": false`, or when receipts are off.',
    },
    warnings: { type: 'array', items: ref('Warning') },
  },
};

/** The schemas of this file, as `components.schemas` holds them. */
export const responseSchemas = {
  Problem,
  ProblemItem,
  Warning,
  Project,
  ProjectWrite,
  Summary,
  SummaryPage: page('Summary'),
  Revision,
  RevisionPage: page('Revision'),
  Template,
  Rendered,
};
