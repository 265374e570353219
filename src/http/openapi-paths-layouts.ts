/**
 * /layouts and /partials in the OpenAPI document (routes/shared.ts, docs/layouts.md): request bodies from the
 * zod schemas the routes parse with, the answers' shapes here.
 */
import { parameter } from './openapi-refs.js';
import { jsonSchema, queryParameters, requestBody } from './openapi-requests.js';
import { noContent, operation, success } from './openapi-responses.js';
import { sharedRequestSchemas } from './shared-schemas.js';
import { listQuery } from './paging.js';
import {
  dependentCheckSchema,
  revisionQuery,
  sharedRevisionPage,
  sharedRevisionSchema,
  sharedSummaryPage,
} from './openapi-shared-revisions.js';

const timestamp = { type: 'string', format: 'date-time' };
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' };

/** A layout (`mjml`) or shared partial (`source`) as answered. */
function sharedSchema(member: 'mjml' | 'source'): object {
  return {
    type: 'object',
    required: ['id', 'revision', 'created_at', 'updated_at', member, 'source_revision', 'publishing', 'published_revision'],
    properties: {
      id: { type: 'string' },
      revision: { type: 'integer', description: 'The stream revision (the ETag): up by one on every create, save, publish and delete.' },
      created_at: timestamp,
      updated_at: timestamp,
      [member]: { type: 'string', description: 'The latest create or save (under review: the draft).' },
      source_revision: { type: 'integer', description: 'The stream revision of the latest create or save.' },
      publishing: { type: 'string', enum: ['on_save', 'review'] },
      published_revision: { type: ['integer', 'null'], description: 'The revision renders of followers use; null before a first publish.' },
      published_at: nullableTimestamp,
      unpublished_changes: { type: 'boolean' },
      unchanged: { type: 'boolean', description: 'A save or publish that appended nothing.' },
      dependents: {
        type: 'array',
        description:
          'A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`).',
        items: dependentCheckSchema,
      },
    },
  };
}

const dependents = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['project_id', 'pinned_revision'],
        properties: { project_id: { type: 'string' }, pinned_revision: { type: ['integer', 'null'] } },
      },
    },
  },
};

const LAYOUT = '<mjml><mj-body><mj-section><mj-column><mj-text>ACME</mj-text></mj-column></mj-section><lp-slot /></mj-body></mjml>';
const PARTIAL = '<mj-section><mj-column><mj-text>Sincerely, {{site_name}}</mj-text></mj-column></mj-section>';

/** The paths of one kind: `/layouts` or `/partials`. */
function kindPaths(kind: 'layout' | 'partial'): Record<string, object> {
  const member = kind === 'layout' ? 'mjml' : 'source';
  const name = kind === 'layout' ? 'layout' : 'shared partial';
  const Name = kind === 'layout' ? 'Layout' : 'Partial';
  const id = 'welcome';
  const body = kind === 'layout' ? sharedRequestSchemas.layoutBody : sharedRequestSchemas.partialBody;
  const source = kind === 'layout' ? LAYOUT : PARTIAL;
  const schema = sharedSchema(member);
  const example = {
    id,
    revision: 0,
    created_at: '2026-11-26T18:40:00.000Z',
    updated_at: '2026-11-26T18:40:00.000Z',
    [member]: source,
    source_revision: 0,
    publishing: 'on_save',
    published_revision: 0,
    published_at: '2026-11-26T18:40:00.000Z',
    unpublished_changes: false,
  };
  const { [member]: _source, ...summary } = example;
  const idParameter = parameter(kind === 'layout' ? 'LayoutId' : 'PartialId');
  const base = `/${kind}s`;
  return {
    [base]: {
      post: operation({
        operationId: `create${Name}`,
        tag: 'layouts',
        scope: 'projects:write',
        summary: `Create a ${name}`,
        description:
          kind === 'layout'
            ? 'An MJML document whose `mj-body` holds exactly one `<lp-slot />` (else 400 `invalid_layout`), replaced by the `mj-body` children of each template that follows it; their `mj-head` children join its head. `publishing` as for projects. 409 `layout_exists` on a live id.'
            : 'Handlebars/MJML markup a template calls as `{{> shared/<id>}}`, inlined where the call stands before MJML compiles (so it may hold sections, as an `mj-include` file). `publishing` as for projects. 409 `partial_exists` on a live id.',
        requestBody: requestBody(jsonSchema(body), { id, [member]: source }),
        responses: { '201': success(`The ${name}.`, schema, example, ['ETag', 'Location']) },
        problems: [409, 413, 415],
      }),
      get: operation({
        operationId: `list${Name}s`,
        tag: 'layouts',
        scope: 'projects:read',
        summary: `List ${name}s`,
        description: `The workspace's live ${name}s (a deleted one is absent), a page at a time, by id, as GET /projects pages: pass \`next_cursor\` as \`cursor\` for the next page. Each item is GET ${base}/{id}'s answer less the source (\`${member}\`).`,
        parameters: queryParameters(listQuery),
        responses: {
          '200': success(`A page of ${name}s.`, sharedSummaryPage, {
            items: [summary],
            next_cursor: null,
          }),
        },
        problems: [400],
      }),
    },
    [`${base}/{id}`]: {
      parameters: [idParameter],
      get: operation({
        operationId: `get${Name}`,
        tag: 'layouts',
        scope: 'projects:read',
        summary: `A ${name}`,
        description: `The ${name}'s latest create or save and its publishing; with \`revision\`, that create or save and its source (404 \`revision_not_found\` for any other revision). 404 \`${kind}_not_found\` when absent or deleted.`,
        parameters: [revisionQuery],
        responses: {
          '200': success(
            `The ${name}, or (\`revision\`) that create or save.`,
            { oneOf: [schema, sharedRevisionSchema(member, true)] },
            example,
            ['ETag', 'CacheControl'],
          ),
        },
        problems: [400, 404],
      }),
      put: operation({
        operationId: `save${Name}`,
        tag: 'layouts',
        scope: 'projects:write',
        summary: `Save a ${name}`,
        description: `A new revision: under \`on_save\` published at once (every template that follows it renders it next), under \`review\` a draft until POST ${base}/{id}/publish. The same source appends nothing (\`unchanged\`). \`If-Match\` as for projects.`,
        parameters: [parameter('IfMatch')],
        requestBody: requestBody(jsonSchema(body), { [member]: source }),
        responses: { '200': success(`The ${name}.`, schema, { ...example, unchanged: false }, ['ETag']) },
        problems: [404, 412, 413, 415, 428],
      }),
      delete: operation({
        operationId: `delete${Name}`,
        tag: 'layouts',
        scope: 'projects:write',
        summary: `Delete a ${name}`,
        description: `Refused 409 \`${kind}_in_use\` while a project names it (\`dependents\` lists them).`,
        parameters: [parameter('IfMatch')],
        responses: { '204': noContent },
        problems: [404, 409, 412, 428],
      }),
    },
    [`${base}/{id}/publish`]: {
      parameters: [idParameter],
      post: operation({
        operationId: `publish${Name}`,
        tag: 'layouts',
        scope: 'projects:write',
        summary: `Publish a revision of a ${name}`,
        description: `Makes \`revision\` (default: the latest save) the one followers render, after composing every project that follows it with that revision, compiling it, holding it to the workspace policy and to the publish gate's variables check (its recorded payloads): the answer's \`dependents\` reports each; one that fails refuses the publish, 422 \`dependents_refused\`. \`"force": true\` passes \`breaking_variable_change\` (recorded in the event with what it overrode), never a policy violation.`,
        parameters: [parameter('IfMatch')],
        requestBody: requestBody(jsonSchema(sharedRequestSchemas.publishBody), { revision: 0 }),
        responses: {
          '200': success(
            `The ${name}.`,
            schema,
            { ...example, unchanged: true, dependents: [{ project_id: 'welcome', revision: 0, outcome: 'passed' }] },
            ['ETag'],
          ),
        },
        problems: [404, 409, 412, 415, 422],
      }),
    },
    [`${base}/{id}/revisions`]: {
      parameters: [idParameter],
      get: operation({
        operationId: `list${Name}Revisions`,
        tag: 'layouts',
        scope: 'projects:read',
        summary: `The events of a ${name}`,
        description: `Every create, save, publish and delete of its stream, oldest first, a page at a time (as GET /projects/{id}/revisions). A create or save reads with GET ${base}/{id}?revision=N.`,
        parameters: queryParameters(listQuery),
        responses: {
          '200': success('A page of events.', sharedRevisionPage(member), {
            items: [{ revision: 0, event: 'created', occurred_at: '2026-11-26T18:40:00.000Z', draft: false }],
            next_cursor: null,
          }),
        },
        problems: [400, 404],
      }),
    },
    [`${base}/{id}/dependents`]: {
      parameters: [idParameter],
      get: operation({
        operationId: `${kind}Dependents`,
        tag: 'layouts',
        scope: 'projects:read',
        summary: `The projects that name a ${name}`,
        description: `Every live project whose latest create or save names it; \`pinned_revision\` null when it follows the published revision.`,
        responses: { '200': success('The projects.', dependents, { items: [{ project_id: 'welcome', pinned_revision: null }] }) },
        problems: [404],
      }),
    },
  };
}

/** Paths of layouts and shared partials. */
export const layoutPaths = { ...kindPaths('layout'), ...kindPaths('partial') };
