/**
 * POST /projects/{id}/diff in the OpenAPI document (routes/project-diff.ts): the request body from the
 * zod schema the route parses with, the answer's shape here.
 */
import { diffBody } from './diff-schemas.js';
import { parameter, ref } from './openapi-refs.js';
import { jsonSchema, requestBody } from './openapi-requests.js';
import { operation, success } from './openapi-responses.js';

const text = { type: ['string', 'null'], maxLength: 16_777_216 };
const link = {
  type: 'object',
  required: ['href', 'text'],
  properties: {
    href: { type: 'string', description: 'Decoded.' },
    text: { type: 'string', description: 'Its visible text (and image alt).' },
  },
};
const image = {
  type: 'object',
  required: ['src', 'alt'],
  properties: { src: { type: 'string' }, alt: { type: ['string', 'null'], description: 'null when the image has no `alt`.' } },
};
const bytes = { type: 'integer', minimum: 0, description: 'UTF-8 bytes of the HTML (a number only for `size`).' };

const change = {
  type: 'object',
  required: ['kind'],
  description:
    'One change. `text`: a run of visible text blocks, `before`/`after` joined by newlines (one absent when text was only added or ' +
    'removed). `link` (by `href`) and `image` (`src`, `alt`): `change` and `before`/`after` objects. `subject`, `preheader`, ' +
    '`text_part`: `before`/`after` strings (null when absent). `size`: `before`/`after` bytes of the HTML, `delta`, `budget` (Gmail ' +
    'clips past 104,448 bytes) and `clipped` (the `after` HTML is past it).',
  properties: {
    kind: { type: 'string', enum: ['text', 'link', 'image', 'subject', 'preheader', 'text_part', 'size'] },
    change: { type: 'string', enum: ['added', 'removed', 'changed'], description: '`link` and `image` only.' },
    before: { oneOf: [text, link, image, bytes] },
    after: { oneOf: [text, link, image, bytes] },
    delta: { type: 'integer', description: '`size` only: `after` − `before`, bytes.' },
    budget: { type: 'integer', description: '`size` only: the clipping budget, bytes (GMAIL_CLIPPING_BYTES).' },
    clipped: { type: 'boolean', description: '`size` only: whether the `after` HTML is past the budget.' },
    samples: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      description:
        'With `sample_source: recorded_shapes` only: the `samples[].sample` numbers whose renders showed this change. Of the `size` ' +
        'changes the samples show, only the one with the largest `after` is listed.',
    },
  },
};

const refusal = {
  type: 'object',
  required: ['revision', 'code', 'message'],
  properties: {
    revision: { type: 'integer', minimum: 0, description: 'The revision that refused the payload.' },
    code: {
      type: 'string',
      enum: ['invalid_variables', 'render_failed', 'render_limit_exceeded'],
      description: 'As its render answers it.',
    },
    message: { type: 'string' },
    errors: { type: 'array', items: ref('ProblemItem'), description: 'As the 400 of a render sent this payload: `errors`.' },
  },
};

const sample = {
  type: 'object',
  required: ['sample', 'paths', 'seen', 'last_seen'],
  properties: {
    sample: { type: 'integer', minimum: 1, description: 'Its number, which `changes[].samples` names.' },
    paths: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description:
        'The shape recent renders sent: each path (`order.lines[].qty`) with its JSON types (`missing`: some list elements lack it). ' +
        'Never a value: the payload rendered has a placeholder of each type.',
    },
    seen: {
      type: 'integer',
      minimum: 1,
      description: 'Renders of the published revision that sent this shape within the window, every key.',
    },
    last_seen: { type: 'string', format: 'date-time' },
    refused: {
      type: 'array',
      items: refusal,
      description: 'Present when a revision refused the payload: this sample shows no change, and the other samples are compared.',
    },
  },
};

const visibleDiff = {
  type: 'object',
  required: ['from', 'to', 'sample_variables', 'visible_change', 'changes'],
  properties: {
    from: { type: 'integer', minimum: 0, description: 'The revision compared from.' },
    to: { type: 'integer', minimum: 0, description: 'The revision compared to.' },
    sample_variables: { type: 'boolean', description: 'Whether both were rendered with sample data (no `variables` sent).' },
    sample_source: {
      type: 'string',
      enum: ['variables', 'recorded_shapes', 'schema'],
      description:
        'What both were rendered with: `variables` (sent); `recorded_shapes` (a payload per shape the publish gate recorded from renders ' +
        'of the published revision, `samples`); `schema` (a sample of what the revisions read, typed by the declared schema: no shape ' +
        'was recorded, or every one was refused).',
    },
    samples: {
      type: 'array',
      maxItems: 5,
      items: sample,
      description: 'The recorded shapes rendered, the most-seen first (then the most recently seen); present when any was recorded.',
    },
    shapes_recorded: {
      type: 'integer',
      minimum: 1,
      description: 'Distinct shapes recorded for the template within the window, of which `samples` holds at most 5.',
    },
    visible_change: {
      type: 'boolean',
      description: 'Whether a recipient would see a difference: any change but `size`, or a `size` change that crosses the budget.',
    },
    changes: {
      type: 'array',
      items: change,
      description: 'In this order: subject, preheader, text, links, images, text part, size.',
    },
  },
};

const EXAMPLE = {
  from: 3,
  to: 4,
  sample_variables: false,
  sample_source: 'variables',
  visible_change: true,
  changes: [
    {
      kind: 'link',
      change: 'changed',
      before: { href: 'https://shop.example/orders/7', text: 'Track it' },
      after: { href: 'https://shop.example/o/7', text: 'Track it' },
    },
    { kind: 'size', before: 18_210, after: 18_203, delta: -7, budget: 104_448, clipped: false },
  ],
};

/** Paths of the diff. */
export const diffPaths = {
  '/projects/{id}/diff': {
    parameters: [parameter('ProjectId')],
    post: operation({
      operationId: 'diffRevisions',
      tag: 'projects',
      scope: 'templates:render',
      summary: 'What a recipient would see change',
      description:
        'Renders two revisions (`from`, default `published`; `to`, default `latest`) with the same `variables` (or sample data built ' +
        'from what they read) and compares what a recipient sees: visible text, links by `href`, images, subject, preheader, the ' +
        'text part, and the HTML size against the Gmail clipping budget. Markup and whitespace are not changes. Nothing is stored. ' +
        'Needs `templates:render` (it renders). A revision the project does not have is a 404 `revision_not_found`.',
      requestBody: requestBody(jsonSchema(diffBody), { from: 'published', to: 'latest', variables: { name: 'Ada' } }),
      responses: { '200': success('The changes.', visibleDiff, EXAMPLE, ['CacheControl']) },
      problems: [404, 413, 415],
    }),
  },
};
