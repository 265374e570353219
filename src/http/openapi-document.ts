/**
 * The OpenAPI 3.1 document of the API (OpenAPI Specification 3.1.0, whose Schema Object is JSON Schema
 * draft 2020-12). Request bodies and list queries are converted from the very zod schemas the routes
 * parse with (`z.toJSONSchema`, zod 4), so the document cannot drift from them; what the routes check by
 * hand (path ids, `?revision`, `?at`, the PATCH merge patch) is described here by hand, minimally.
 * Response shapes come from openapi-components.ts. Served by routes/openapi.ts.
 */
import { z } from 'zod';
import { keyRequestSchemas } from './api-key-schemas.js';
import { ref, components, problems } from './openapi-components.js';
import { guidesMarkdown } from './openapi-guides.js';
import { listQuery } from './paging.js';
import { renderBody } from './render-schemas.js';
import { requestSchemas } from './schemas.js';

/** zod → a draft 2020-12 schema as the request side sees it (`io: 'input'`: defaults are optional). */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Query parameters from a zod object schema, one per property. */
function queryParameters(schema: z.ZodObject): object[] {
  const converted = jsonSchema(schema) as { properties: Record<string, object>; required?: string[] };
  return Object.entries(converted.properties).map(([name, property]) => ({ name, in: 'query', required: converted.required?.includes(name) ?? false, schema: property }));
}

const MJML = '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const projectIdParam = { name: 'id', in: 'path', required: true, description: 'Project id.', schema: jsonSchema(requestSchemas.projectId) };
const keyIdParam = { name: 'id', in: 'path', required: true, description: 'API key id (by hand: key-id check in api-key-schemas.ts).', schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' } };
const revisionParam = { name: 'revision', in: 'path', required: true, description: 'A past revision (checked by hand: parseRevisionQuery).', schema: { type: 'integer', minimum: 0 } };
const ifMatch = { $ref: '#/components/parameters/IfMatch' };
const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };
const etag = { ETag: { $ref: '#/components/headers/ETag' } };

function json(schema: object, example?: unknown, type = 'application/json') {
  return { required: true, content: { [type]: { schema, ...(example !== undefined ? { examples: { example: { value: example } } } : {}) } } };
}
function ok(description: string, schema: object, headers: object = {}) {
  return { description, headers, content: { 'application/json': { schema } } };
}
/** What a 201 carrying a token says of itself (routes/api-keys.ts `sendIssued`). */
const issuedHeaders = {
  Location: { $ref: '#/components/headers/Location' },
  'Cache-Control': { description: '`no-store, no-transform`: the token is neither stored by a cache nor compressed on the way.', schema: { type: 'string', const: 'no-store, no-transform' } },
};
const noContent = { '204': { description: 'Done; no body.' } };

/** Every route of routes/*.ts, paths relative to a server (`/v1` or `/api/v1`). */
const paths = {
  '/projects': {
    post: {
      tags: ['projects'], summary: 'Create a project (projects:write)', parameters: [idempotencyKey],
      requestBody: json(jsonSchema(requestSchemas.createBody), { id: 'welcome', metadata: { name: 'Welcome', subject: 'Hello {{name}}' }, mjml: MJML }),
      responses: { '201': { ...ok('Created.', ref('ProjectWrite'), { ...etag, Location: { $ref: '#/components/headers/Location' } }) }, ...problems(400, 401, 403, 409, 413, 415, 422, 429, 503) },
    },
    get: { tags: ['projects'], summary: 'List projects (projects:read)', parameters: queryParameters(listQuery), responses: { '200': ok('A page.', ref('SummaryPage')), ...problems(400, 401, 403, 429) } },
  },
  '/projects/{id}': {
    parameters: [projectIdParam],
    get: {
      tags: ['projects'], summary: 'Fetch a project, now or at a revision or instant (projects:read)',
      parameters: [
        { name: 'revision', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'A past revision (checked by hand).' },
        { name: 'at', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'RFC 3339 instant, not with revision (checked by hand).' },
        { name: 'If-None-Match', in: 'header', schema: { type: 'string' } },
      ],
      responses: { '200': ok('The project.', ref('Project'), etag), '304': { description: 'Not modified.' }, ...problems(400, 401, 403, 404, 429) },
    },
    put: {
      tags: ['projects'], summary: 'Save a new revision (projects:write)', parameters: [ifMatch, idempotencyKey],
      requestBody: json(jsonSchema(requestSchemas.saveBody), { metadata: { name: 'Welcome', subject: 'Welcome, {{name}}' }, mjml: MJML.replace('Hello', 'Welcome') }),
      responses: { '200': ok('Saved (or unchanged).', ref('ProjectWrite'), etag), ...problems(400, 401, 403, 404, 409, 412, 413, 415, 422, 428, 429, 503) },
    },
    patch: {
      tags: ['projects'], summary: 'Change metadata only: a JSON Merge Patch, RFC 7396 (projects:write)', parameters: [ifMatch, idempotencyKey],
      requestBody: json(
        { type: 'object', description: 'Checked by hand (parseMetadataPatch): only `metadata`, an object; null removes a member.', properties: { metadata: { type: 'object', additionalProperties: true } }, additionalProperties: false },
        { metadata: { subject: 'Hi {{name}}' } },
        'application/merge-patch+json',
      ),
      responses: { '200': ok('Patched.', ref('ProjectWrite'), etag), ...problems(400, 401, 403, 404, 409, 412, 415, 422, 428, 429, 503) },
    },
    delete: { tags: ['projects'], summary: 'Delete (projects:write)', parameters: [ifMatch, idempotencyKey], responses: { ...noContent, ...problems(401, 403, 404, 409, 412, 428, 429, 503) } },
  },
  '/projects/{id}/revisions': {
    parameters: [projectIdParam],
    get: { tags: ['projects'], summary: 'Revision history (projects:read)', parameters: queryParameters(listQuery), responses: { '200': ok('A page.', ref('RevisionPage')), ...problems(400, 401, 403, 404, 429) } },
  },
  '/projects/{id}/revisions/{revision}/restore': {
    parameters: [projectIdParam, revisionParam],
    post: { tags: ['projects'], summary: 'Restore a past revision as a new one (projects:write)', parameters: [ifMatch, idempotencyKey], responses: { '200': ok('Restored.', ref('ProjectWrite'), etag), ...problems(400, 401, 403, 404, 409, 412, 428, 429, 503) } },
  },
  '/projects/{id}/variables': {
    parameters: [projectIdParam],
    get: { tags: ['projects'], summary: 'Variables the current revision takes (projects:read)', responses: { '200': ok('Inferred and declared.', ref('Variables')), ...problems(401, 403, 404, 429, 503) } },
  },
  '/templates': {
    get: { tags: ['templates'], summary: 'List templates (projects:read)', parameters: queryParameters(listQuery), responses: { '200': ok('A page.', ref('SummaryPage')), ...problems(400, 401, 403, 429) } },
  },
  '/templates/{id}': {
    parameters: [projectIdParam],
    get: { tags: ['templates'], summary: 'What a sender needs to render (projects:read)', responses: { '200': ok('The template.', ref('Template')), ...problems(401, 403, 404, 429, 503) } },
    delete: { tags: ['templates'], summary: 'Delete (projects:write)', parameters: [ifMatch, idempotencyKey], responses: { ...noContent, ...problems(401, 403, 404, 409, 412, 428, 429, 503) } },
  },
  '/templates/{id}/render': {
    parameters: [projectIdParam],
    post: {
      tags: ['templates'], summary: 'Render with variables (templates:render); `Accept: text/html` for the bare HTML',
      parameters: [{ $ref: '#/components/parameters/MinRevision' }],
      requestBody: json(jsonSchema(renderBody), { variables: { name: 'Ada' }, format: 'html', locale: 'en-US' }),
      responses: {
        '200': {
          description: 'Rendered. With `Accept: text/html` the bare HTML; its missing variables (the `missing_variable` warnings of a JSON render, of the HTML and the preheader in it) come as headers.',
          headers: {
            'X-Missing-Variables': { description: 'text/html only: how many distinct paths the HTML read, in the branches it rendered, that the variables do not have (0 when none).', schema: { type: 'integer', minimum: 0 } },
            'X-Missing-Variable-Paths': { description: 'text/html only, when there are any: the first of those paths, sorted, separated by ", " (at most 50 and 4,096 characters), each percent-encoded outside letters, digits and `. _ - ~ [ ] $`.', schema: { type: 'string' } },
          },
          content: { 'application/json': { schema: ref('Rendered') }, 'text/html': { schema: { type: 'string' } } },
        },
        ...problems(400, 401, 403, 404, 406, 413, 415, 422, 429, 503),
        '409': {
          description: '`revision_not_yet_visible`: `min_revision` / `X-Min-Revision` is not visible on this instance within RENDER_MIN_REVISION_WAIT_MS; `found_revision`, `min_revision` and `waited_ms` say which. Retry (a revision just written elsewhere appears), or ask for one that was written.',
          headers: { 'Retry-After': { description: 'Seconds: 1.', schema: { type: 'integer' } } },
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
      },
    },
  },
  '/templates/{id}/validate': {
    parameters: [projectIdParam],
    post: {
      tags: ['templates'], summary: 'Dry-run variables against a saved revision (templates:render)',
      requestBody: json(jsonSchema(requestSchemas.validateSavedBody), { variables: { name: 'Ada' }, strict: true }),
      responses: { '200': ok('Report.', ref('ValidationReport')), ...problems(400, 401, 403, 404, 413, 415, 422, 429, 503) },
    },
  },
  '/validate': {
    post: {
      tags: ['templates'], summary: 'Dry-run a template and variables, nothing stored (templates:render)',
      requestBody: json(jsonSchema(requestSchemas.validateSourceBody), { mjml: MJML, variables: { name: 'Ada' } }),
      responses: { '200': ok('Report.', ref('ValidationReport')), ...problems(400, 401, 403, 413, 415, 422, 429, 503) },
    },
  },
  '/health': {
    get: {
      tags: ['operations'],
      summary: 'Store and read models answer',
      description: 'Also served at the root, outside the API prefixes (`GET /health`), where probes look by default.',
      responses: { '200': ok('Healthy.', ref('Health')), ...problems(401, 429, 503) } },
  },
  '/metrics': {
    get: {
      tags: ['operations'],
      summary: 'Prometheus metrics (any valid key)',
      description: 'Also served at the root, outside the API prefixes (`GET /metrics`), where scrapers look by default.',
      responses: {
        '200': { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } } },
        ...problems(401, 429),
      },
    },
  },
  '/api-keys': {
    post: {
      tags: ['api-keys'], summary: 'Issue a key (keys:admin)',
      requestBody: json(jsonSchema(keyRequestSchemas.createBody), { name: 'ci-render', scopes: ['templates:render'], expires_in: '90d' }),
      responses: { '201': ok('Issued; the token is shown once, never cached nor compressed.', ref('IssuedKey'), issuedHeaders), ...problems(400, 401, 403, 415, 429, 503) },
    },
    get: { tags: ['api-keys'], summary: 'List keys (keys:admin)', parameters: queryParameters(keyRequestSchemas.listQuery), responses: { '200': ok('A page.', ref('ApiKeyPage')), ...problems(400, 401, 403, 429) } },
  },
  '/api-keys/{id}': {
    parameters: [keyIdParam],
    get: { tags: ['api-keys'], summary: 'Fetch a key (keys:admin)', responses: { '200': ok('The key.', ref('ApiKey')), ...problems(401, 403, 404, 429) } },
    delete: { tags: ['api-keys'], summary: 'Revoke a key (keys:admin)', responses: { ...noContent, ...problems(401, 403, 404, 409, 429, 503) } },
  },
  '/api-keys/{id}/rotate': {
    parameters: [keyIdParam],
    post: {
      tags: ['api-keys'], summary: 'Rotate: a new token, the old one valid for an overlap (keys:admin)',
      requestBody: json(jsonSchema(keyRequestSchemas.rotateBody), { overlap: '1h' }),
      responses: { '201': ok('Issued; the token is shown once, never cached nor compressed.', ref('IssuedKey'), issuedHeaders), ...problems(400, 401, 403, 404, 409, 415, 429, 503) },
    },
  },
  '/openapi.json': {
    get: { tags: ['operations'], summary: 'This document (no key needed)', security: [], responses: { '200': ok('OpenAPI 3.1.', { type: 'object' }) } },
  },
};

/** The document for an API mounted under each of `prefixes` (app.ts `API_PREFIXES`), as its `servers`. */
export function openApiDocument(prefixes: readonly string[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Letterpress',
      version: '1',
      description:
        'MJML + Handlebars email templates as event-sourced projects, rendered on request. Errors are RFC 9457 problem details. ' +
        'Every answer carries `X-Content-Type-Options: nosniff`; a `text/html` render carries a restrictive `Content-Security-Policy` (no script, `sandbox`).' +
        `\n\n${guidesMarkdown()}`,
    },
    servers: prefixes.map((prefix) => ({ url: prefix })),
    security: [{ bearer: [] }],
    tags: [{ name: 'projects' }, { name: 'templates' }, { name: 'api-keys' }, { name: 'operations' }],
    paths,
    components,
  };
}
