/**
 * The `/projects` operations of the OpenAPI document (routes/projects.ts, routes/project-revisions.ts).
 */
import { EXAMPLES, REQUESTS } from './openapi-examples.js';
import { problem, problemOf } from './openapi-problems.js';
import { parameter, ref } from './openapi-refs.js';
import { jsonSchema, queryParameters, requestBody } from './openapi-requests.js';
import { noContent, operation, success } from './openapi-responses.js';
import { headerRefs, ALWAYS, RATE_LIMITED } from './openapi-headers.js';
import { listQuery } from './paging.js';
import { requestSchemas } from './schemas.js';

const conditionalWrite = [parameter('IfMatch'), parameter('IdempotencyKey')];
const MERGE_PATCH = 'application/merge-patch+json';

/** 422 of a write that publishes (a publish, a save under on_save): the workspace policy, or a reused Idempotency-Key. */
const POLICY_VIOLATION = problem(
  422,
  '`policy_violation`: the template breaks the workspace send-readiness policy (docs/policy.md); each `errors[]` item carries ' +
    '`pointer` (into the stored project) and, for a target client, `feature` (caniemail). `force` does not pass it. Or ' +
    '`idempotency_key_reused` (a save with an Idempotency-Key used before).',
  [],
  'policy_violation',
);

/** A JSON Merge Patch of the metadata (RFC 7396): what PATCH takes. */
const metadataPatch = {
  type: 'object',
  description: 'Only `metadata`, an object merged into the current one; a member set to `null` is removed.',
  properties: { metadata: { type: 'object', additionalProperties: true } },
  additionalProperties: false,
};

/** Paths of the project resource. */
export const projectPaths = {
  '/projects': {
    post: operation({
      operationId: 'createProject',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Create a project',
      description:
        'Stores a new project at revision 0 from MJML markup (`mjml`) or MJML JSON (`ast`), compiled and checked first. Without `id` ' +
        'the server names it. Needs `projects:write`. A template that does not compile is a 400 `invalid_mjml`; one that takes longer ' +
        'than COMPILE_TIMEOUT_MS a 500 `mjml_compile_timeout`; a full compile queue a 503 `compile_queue_full`.',
      parameters: [parameter('IdempotencyKey')],
      requestBody: requestBody(jsonSchema(requestSchemas.createBody), REQUESTS.createProject),
      responses: {
        '201': success('Created: the project at revision 0, with the warnings of the import.', ref('ProjectWrite'), EXAMPLES.ProjectWrite, [
          'ETag',
          'Location',
        ]),
        '422': POLICY_VIOLATION,
      },
      problems: [409, 413, 415, 422],
      idempotent: true,
    }),
    get: operation({
      operationId: 'listProjects',
      tag: 'projects',
      scope: 'projects:read',
      summary: 'List projects',
      description:
        "The workspace's projects, a page at a time, by id. Pass `next_cursor` as `cursor` for the next page. Needs `projects:read`.",
      parameters: queryParameters(listQuery),
      responses: { '200': success('A page of project summaries.', ref('SummaryPage'), EXAMPLES.SummaryPage) },
    }),
  },
  '/projects/{id}': {
    parameters: [parameter('ProjectId')],
    get: operation({
      operationId: 'getProject',
      tag: 'projects',
      scope: 'projects:read',
      summary: 'Fetch a project',
      description:
        'The project now, or at a past `revision`, or as it was at an instant `at` (not both). The `ETag` is its revision: send it ' +
        'back as `If-None-Match` for a 304, or as `If-Match` on a write. Needs `projects:read`.',
      parameters: [
        {
          name: 'revision',
          in: 'query',
          required: false,
          description: 'A past revision (0 is the first).',
          example: 2,
          schema: { type: 'integer', format: 'int64', minimum: 0, maximum: 999_999_999_999_999 },
        },
        {
          name: 'at',
          in: 'query',
          required: false,
          description: 'An RFC 3339 instant: the revision that was current then. Not with `revision`.',
          example: '2026-11-23T10:00:00Z',
          schema: { type: 'string', format: 'date-time', maxLength: 40 },
        },
        parameter('IfNoneMatch'),
      ],
      responses: {
        '200': success('The project.', ref('Project'), EXAMPLES.Project, ['ETag', 'CacheControl']),
        '304': {
          description: 'Not modified: `If-None-Match` names the current revision.',
          headers: headerRefs(...ALWAYS, ...RATE_LIMITED, 'ETag', 'CacheControl'),
        },
      },
      problems: [404],
    }),
    put: operation({
      operationId: 'saveProject',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Save a new revision',
      description:
        'Replaces the template (and the metadata, when sent) as the next revision; content equal to the current revision appends nothing ' +
        '(`unchanged: true`). With `If-Match` only if the project is still at that revision (412 otherwise). Needs `projects:write`.',
      parameters: conditionalWrite,
      requestBody: requestBody(jsonSchema(requestSchemas.saveBody), REQUESTS.saveProject),
      responses: { '200': success('Saved (or unchanged).', ref('ProjectWrite'), EXAMPLES.ProjectWrite, ['ETag']), '422': POLICY_VIOLATION },
      problems: [404, 409, 412, 413, 415, 422, 428],
      idempotent: true,
    }),
    patch: operation({
      operationId: 'patchProject',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Change metadata only',
      description:
        'A JSON Merge Patch (RFC 7396) of the metadata, sent as `application/merge-patch+json` (any other type is a 415 with ' +
        '`Accept-Patch`). The template is kept; the result is the next revision. Needs `projects:write`.',
      parameters: conditionalWrite,
      requestBody: requestBody(metadataPatch, REQUESTS.patchProject, MERGE_PATCH),
      responses: {
        '200': success('Patched.', ref('ProjectWrite'), EXAMPLES.ProjectWrite, ['ETag']),
        '415': problem(415, undefined, ['AcceptPatch']),
      },
      problems: [404, 409, 412, 413, 422, 428],
      idempotent: true,
    }),
    delete: operation({
      operationId: 'deleteProject',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Delete a project',
      description:
        'Deletes the project: it then reads and renders 404; its revisions stay in its history, and creating the id again continues ' +
        'it. With `If-Match` only at that revision. Needs `projects:write`.',
      parameters: conditionalWrite,
      responses: { '204': noContent },
      problems: [404, 409, 412, 422, 428],
      idempotent: true,
    }),
  },
  '/projects/{id}/revisions': {
    parameters: [parameter('ProjectId')],
    get: operation({
      operationId: 'listRevisions',
      tag: 'projects',
      scope: 'projects:read',
      summary: 'Revision history',
      description:
        'Every revision of the project, oldest first, a page at a time: what happened (`event`) and when. Needs `projects:read`.',
      parameters: queryParameters(listQuery),
      responses: { '200': success('A page of revisions.', ref('RevisionPage'), EXAMPLES.RevisionPage) },
      problems: [404],
    }),
  },
  '/projects/{id}/revisions/{revision}/restore': {
    parameters: [parameter('ProjectId'), parameter('Revision')],
    post: operation({
      operationId: 'restoreRevision',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Restore a past revision',
      description: 'Appends a new revision with the content of a past one (the history is kept). Needs `projects:write`.',
      parameters: conditionalWrite,
      responses: { '200': success('Restored: the new revision.', ref('ProjectWrite'), EXAMPLES.ProjectWrite, ['ETag']) },
      problems: [404, 409, 412, 422, 428],
      idempotent: true,
    }),
  },
  '/projects/{id}/publish': {
    parameters: [parameter('ProjectId')],
    post: operation({
      operationId: 'publishProject',
      tag: 'projects',
      scope: 'projects:write',
      summary: 'Publish a revision',
      description:
        'Makes a template revision (`revision`, default: the latest create or save) the one renders use by default, by appending a ' +
        'publish event (the project revision, its ETag, goes up by one; the publish is not a template revision). Publishing the ' +
        'published revision appends nothing (`unchanged: true`). A project under `on_save` publishes every save: only its latest ' +
        'revision can be named (409 `publishing_on_save` otherwise). A publish event or a revision from before a deletion is 409 ' +
        '`revision_not_publishable`; an unknown revision 404 `revision_not_found`. With `If-Match` only if the project is still at ' +
        'that revision (412 otherwise). Under `review`, the publish gate checks the revision against the shapes of the variables ' +
        'each API key rendered the published revision with recently: a path it newly requires that payloads lack, or a type it ' +
        'narrows, is 409 `breaking_variable_change`, each `errors[]` item with `path`, `change` and `key_ids`; `"force": true` ' +
        'publishes anyway and the event records what it overrode. A retry with the same `Idempotency-Key` answers the first answer. ' +
        'Needs `projects:write` (docs/publishing.md).',
      parameters: conditionalWrite,
      requestBody: requestBody(jsonSchema(requestSchemas.publishBody), REQUESTS.publishProject),
      responses: {
        '200': success('Published (or unchanged): the project.', ref('ProjectWrite'), EXAMPLES.ProjectWrite, ['ETag']),
        '409': problemOf(
          409,
          '`breaking_variable_change`: recent payloads would fail under this revision (send `"force": true` to publish anyway); ' +
            'also `revision_not_publishable`, `publishing_on_save`.',
          'breaking_variable_change',
          {
            instance: '/v1/projects/receipt/publish',
            detail:
              "Publishing revision 4 of 'receipt' would refuse what callers sent recently: order.total (newly required). Make the path " +
              'optional (or keep its type), or publish anyway with "force": true.',
            revision: 4,
            errors: [
              {
                path: 'order.total',
                change: 'newly_required',
                key_ids: ['Xk3D9aQm2LpV'],
                message: "Revision 4 requires 'order.total', which recent payloads do not send (keys: Xk3D9aQm2LpV).",
              },
            ],
          },
        ),
        '422': POLICY_VIOLATION,
      },
      problems: [404, 409, 412, 413, 415, 422, 428],
      idempotent: true,
    }),
  },
  '/projects/{id}/variables': {
    parameters: [parameter('ProjectId')],
    get: operation({
      operationId: 'getProjectVariables',
      tag: 'projects',
      scope: 'projects:read',
      summary: 'Variables the published revision takes',
      description:
        'What the template reads (inferred), what `metadata.variables` declares, and where they disagree (docs/variables.md), for the ' +
        'revision a render without `revision` uses: the published one (under `on_save`, the newest). `?revision=N` or ' +
        "`?revision=latest` (the draft under `review`) reads another. `?locale=<BCP 47>`: as rendered in that locale (its variant's " +
        'subject and preheader read too, docs/locales.md). Needs `projects:read`.',
      parameters: [
        parameter('TemplateRevision'),
        {
          name: 'locale',
          in: 'query',
          required: false,
          description: 'BCP 47: the variables as a render in this locale reads them (docs/locales.md).',
          schema: { type: 'string', minLength: 1, maxLength: 100 },
        },
      ],
      responses: { '200': success('Inferred and declared variables.', ref('Variables'), EXAMPLES.Variables) },
      problems: [404],
    }),
  },
};
