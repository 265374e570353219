/**
 * Examples of the OpenAPI document: request bodies a route accepts as they are (test/api/openapi.test.ts
 * sends each) and answers shaped as the routes send them (the schemas validate them: openapi-lint.test.ts).
 */

/** A small template that compiles. */
export const MJML = '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-23T10:05:00.000Z';
const sha = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const metadata = { name: 'Welcome', subject: 'Hello {{name}}' };

const project = {
  id: 'welcome',
  revision: 3,
  created_at: at,
  updated_at: later,
  metadata,
  ast: { tagName: 'mjml', attributes: {}, children: [] },
  published_html: '<!doctype html><html><body>Hello {{name}}</body></html>',
  mjml_version: '5.4.1',
  partials: {},
  helpers: {},
  render_mode: 'static',
  default_locale: null,
  locales: {},
  publishing: 'on_save',
  published_revision: 3,
  published_at: later,
  unpublished_changes: false,
};

const summary = {
  id: 'welcome',
  name: 'Welcome',
  subject: 'Hello {{name}}',
  revision: 3,
  created_at: at,
  updated_at: later,
  publishing: 'on_save',
  published_revision: 3,
  published_at: later,
  unpublished_changes: false,
};
const key = {
  id: 'k3x9q2m7p4w8',
  name: 'ci-render',
  workspace: 'default',
  scopes: ['templates:render'],
  rate_limit_per_minute: null,
  created_at: at,
  expires_at: '2027-02-21T10:00:00.000Z',
  revoked_at: null,
  status: 'active',
};
const variables = {
  inferred: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  declared: null,
  differences: [],
};

/** Example answers, by schema name. */
export const EXAMPLES = {
  Project: project,
  ProjectWrite: { ...project, warnings: [], unchanged: false },
  SummaryPage: { items: [summary], next_cursor: null },
  RevisionPage: {
    items: [{ revision: 3, updated_at: later, event: 'saved', name: 'Welcome', mjml_version: '5.4.1', published_html_bytes: 52 }],
    next_cursor: null,
  },
  Variables: variables,
  Template: {
    id: 'welcome',
    revision: 3,
    updated_at: later,
    name: 'Welcome',
    subject: 'Hello {{name}}',
    mjml_version: '5.4.1',
    variables: ['name'],
  },
  Rendered: {
    id: 'welcome',
    revision: 3,
    updated_at: later,
    published_sha256: sha,
    format: 'html',
    html: '<!doctype html><html><body>Hello Ada</body></html>',
    subject: 'Hello Ada',
    preheader: null,
    text: 'Hello Ada',
    locale: null,
    receipt:
      'eyJhbGciOiJFZERTQSIsImtpZCI6InIzZjlhMGMxZDJlNGI1YTY5IiwidHlwIjoibGV0dGVycHJlc3MtcmVjZWlwdCtqd3MifQ.eyJ3b3Jrc3BhY2UiOiJkZWZhdWx0IiwidGVtcGxhdGUiOiJ3ZWxjb21lIiwicmV2aXNpb24iOjN9.c2lnbmF0dXJl',
    warnings: [],
  },
  RenderedHtml: '<!doctype html><html><body>Hello Ada</body></html>',
  ValidationReport: { valid: true, errors: [], warnings: [], variables },
  Health: {
    status: 'ok',
    store: { engine: 'sqlite' },
    projector: { lag_ms: 0 },
    mjml_version: '5.4.1',
    compile_threads: 2,
    compile_queue: 0,
    uptime_s: 3600,
    checks: [{ name: 'event_store', dependency: 'sqlite', status: 'ok', detail: null, ms: 1, required: true }],
  },
  Metrics:
    '# HELP letterpress_http_requests_total Requests.\n# TYPE letterpress_http_requests_total counter\n' +
    'letterpress_http_requests_total{route="/v1/health",method="GET",status="200"} 1\n',
  ApiKey: key,
  ApiKeyPage: { items: [key], next_cursor: null },
  IssuedKey: { ...key, token: 'lp_k3x9q2m7p4w8_3q2-7wXyZaBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789a' },
  RotatedKey: {
    ...key,
    id: 'n5r8t1v4y7b2',
    token: 'lp_n5r8t1v4y7b2_Zy9-8wXyZaBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789a',
    previous: { ...key, expires_at: '2026-11-23T11:00:00.000Z' },
  },
  OpenApi: { openapi: '3.1.0', info: { title: 'Letterpress', version: '1' }, paths: {} },
} as const;

/** Example request bodies, by operationId. */
export const REQUESTS = {
  createProject: { id: 'welcome', metadata, mjml: MJML },
  publishProject: {},
  saveProject: { metadata: { name: 'Welcome', subject: 'Welcome, {{name}}' }, mjml: MJML.replace('Hello', 'Welcome') },
  patchProject: { metadata: { subject: 'Hi {{name}}' } },
  renderTemplate: { variables: { name: 'Ada' }, format: 'html', locale: 'en-US' },
  validateSavedTemplate: { variables: { name: 'Ada' }, strict: true },
  validateTemplate: { mjml: MJML, variables: { name: 'Ada' } },
  createApiKey: { name: 'ci-render', scopes: ['templates:render'], expires_in: '90d' },
  rotateApiKey: { overlap: '1h' },
} as const;
