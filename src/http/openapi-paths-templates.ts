/**
 * The `/templates` and `/validate` operations of the OpenAPI document (routes/templates.ts).
 */
import { EXAMPLES, REQUESTS } from './openapi-examples.js';
import { headerRefs, ALWAYS, RATE_LIMITED } from './openapi-headers.js';
import { problem } from './openapi-problems.js';
import { parameter, ref } from './openapi-refs.js';
import { jsonSchema, queryParameters, requestBody } from './openapi-requests.js';
import { noContent, operation, success } from './openapi-responses.js';
import { listQuery } from './paging.js';
import { renderBody } from './render-schemas.js';
import { requestSchemas } from './schemas.js';

const COMPILES =
  'A template that takes longer than COMPILE_TIMEOUT_MS to compile is a 500 `mjml_compile_timeout`; ' +
  'a full compile queue a 503 `compile_queue_full`.';

/**
 * Render's 200: JSON (a Rendered object) or, with `Accept: text/html`, the HTML itself. Each media type has
 * its own schema, so a generated client reading JSON gets `Rendered` and one reading HTML a string.
 */
const rendered = {
  description:
    'Rendered. As JSON a `Rendered` object; with `Accept: text/html` the bare HTML, whose revision, hash and missing variables ' +
    '(the `missing_variable` warnings of a JSON render) come as header fields instead.',
  headers: headerRefs(
    ...ALWAYS,
    ...RATE_LIMITED,
    'XCache',
    'CacheControl',
    'ContentLanguage',
    'XTemplateRevision',
    'XTemplateUpdatedAt',
    'XTemplatePublishedSha256',
    'XMissingVariables',
    'XMissingVariablePaths',
    'LetterpressReceipt',
    'ContentSecurityPolicy',
  ),
  content: {
    'application/json': { schema: ref('Rendered'), examples: { json: { value: EXAMPLES.Rendered } } },
    'text/html': {
      schema: { type: 'string', maxLength: 16_777_216, description: 'The email HTML.' },
      examples: { html: { value: EXAMPLES.RenderedHtml } },
    },
  },
};

/** Paths of templates: the renderable view of projects. */
export const templatePaths = {
  '/templates': {
    get: operation({
      operationId: 'listTemplates',
      tag: 'templates',
      scope: 'projects:read',
      summary: 'List templates',
      description: 'The same summaries as `GET /projects`, by id, a page at a time. Needs `projects:read`.',
      parameters: queryParameters(listQuery),
      responses: { '200': success('A page of template summaries.', ref('SummaryPage'), EXAMPLES.SummaryPage) },
    }),
  },
  '/templates/{id}': {
    parameters: [parameter('ProjectId')],
    get: operation({
      operationId: 'getTemplate',
      tag: 'templates',
      scope: 'projects:read',
      summary: 'What a sender needs to render',
      description:
        'The name, subject and variable paths of the revision a render without `revision` uses: the published revision (under ' +
        '`on_save`, the newest). `?revision=N` or `?revision=latest` describes another, as a render would name it; `revision` in ' +
        'the answer is the template revision described. Needs `projects:read`.',
      parameters: [parameter('TemplateRevision')],
      responses: { '200': success('The template.', ref('Template'), EXAMPLES.Template) },
      problems: [404],
    }),
    delete: operation({
      operationId: 'deleteTemplate',
      tag: 'templates',
      scope: 'projects:write',
      summary: 'Delete a template',
      description: 'The same as `DELETE /projects/{id}`. Needs `projects:write`.',
      parameters: [parameter('IfMatch'), parameter('IdempotencyKey')],
      responses: { '204': noContent },
      problems: [404, 409, 412, 422, 428],
      idempotent: true,
    }),
  },
  '/templates/{id}/render': {
    parameters: [parameter('ProjectId')],
    post: operation({
      operationId: 'renderTemplate',
      tag: 'templates',
      scope: 'templates:render',
      summary: 'Render with variables',
      description:
        'Renders the current revision (or `revision`, or at least `min_revision`) with `variables`: HTML, subject, preheader and text, ' +
        'or the MJML with `format: "mjml"`. JSON by default; `Accept: text/html` answers the bare HTML. Variables the template cannot ' +
        'take are a 400 ' +
        `\`invalid_variables\`. Needs \`templates:render\`. ${COMPILES}`,
      parameters: [parameter('MinRevision')],
      requestBody: requestBody(jsonSchema(renderBody), REQUESTS.renderTemplate),
      responses: {
        '200': rendered,
        '409': problem(
          409,
          '`revision_not_yet_visible`: `min_revision` / `X-Min-Revision` is not visible on this instance within ' +
            'RENDER_MIN_REVISION_WAIT_MS; `found_revision`, `min_revision` and `waited_ms` say which. Retry (a revision just written ' +
            'elsewhere appears), or ask for one that was written.',
          ['RetryAfter'],
          'revision_not_yet_visible',
        ),
      },
      problems: [404, 406, 413, 415],
    }),
  },
  '/templates/{id}/validate': {
    parameters: [parameter('ProjectId')],
    post: operation({
      operationId: 'validateSavedTemplate',
      tag: 'templates',
      scope: 'templates:render',
      summary: 'Dry-run variables against a saved template',
      description:
        'Renders the saved template with `variables` and throws the output away: problems with the variables are `errors`, paths read ' +
        'and not sent are `missing_variable` warnings. `locale`: rendered in that locale (its variant, as a render picks it; the answer ' +
        'names it); without it, also in each locale with its own `mjml`, those findings naming `locale` (docs/locales.md). Nothing is ' +
        'stored. Needs `templates:render`.',
      requestBody: requestBody(jsonSchema(requestSchemas.validateSavedBody), REQUESTS.validateSavedTemplate),
      responses: { '200': success('The report.', ref('ValidationReport'), EXAMPLES.ValidationReport) },
      problems: [404, 413, 415],
    }),
  },
  '/validate': {
    post: operation({
      operationId: 'validateTemplate',
      tag: 'templates',
      scope: 'templates:render',
      summary: 'Dry-run a template and variables',
      description:
        'Compiles and checks an unsaved template as a create would, and `variables` against it. A template that does not compile is ' +
        'reported ' +
        'in `errors` with `variables: null`. `locale`: the findings of the variant a render in it uses (its own `mjml` as the markup); ' +
        'without it every variant is checked, each finding of one pointing under `/locales/<tag>`. ' +
        `Nothing is stored. Needs \`templates:render\`. ${COMPILES}`,
      requestBody: requestBody(jsonSchema(requestSchemas.validateSourceBody), REQUESTS.validateTemplate),
      responses: { '200': success('The report.', ref('ValidationReport'), EXAMPLES.ValidationReport) },
      problems: [413, 415],
    }),
  },
};
