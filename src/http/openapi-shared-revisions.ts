/**
 * Parts of /layouts and /partials in the OpenAPI document (openapi-paths-layouts.ts) for their history and
 * their followers' checks: one event of the stream (GET …/{id}?revision=N, GET …/{id}/revisions; routes/shared.ts
 * `presentSharedRevision`), a page of the workspace's live ones (GET /layouts, GET /partials; `presentSharedSummary`)
 * and one follower's check in a publish's `dependents` (`presentCheck`).
 */
const timestamp = { type: 'string', format: 'date-time' };

/** One event of a layout's (`mjml`) or partial's (`source`) stream; `withSource`: the create or save read at `?revision=N`. */
export function sharedRevisionSchema(member: 'mjml' | 'source', withSource: boolean): object {
  return {
    type: 'object',
    required: ['revision', 'event', 'occurred_at', ...(withSource ? ['id', member] : [])],
    properties: {
      ...(withSource ? { id: { type: 'string' } } : {}),
      revision: { type: 'integer', description: 'Its stream revision.' },
      event: { type: 'string', enum: withSource ? ['created', 'saved'] : ['created', 'saved', 'published', 'deleted'] },
      occurred_at: timestamp,
      draft: { type: 'boolean', description: 'A create or save under `review` (not published by itself).' },
      ...(withSource
        ? { [member]: { type: 'string', description: 'The source of that create or save.' } }
        : {
            published_revision: { type: 'integer', description: 'A publish: the create or save it published.' },
            force: { type: 'boolean', description: 'A publish sent with `"force": true`.' },
          }),
    },
  };
}

/** A page of a stream's events, oldest first. */
export const sharedRevisionPage = (member: 'mjml' | 'source'): object => ({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: { type: 'array', items: sharedRevisionSchema(member, false) },
    next_cursor: { type: ['string', 'null'], description: 'Send as `cursor` for the next page; null: the last page.' },
  },
});

/** `?revision=N` of GET /layouts/{id} and /partials/{id}. */
export const revisionQuery = {
  name: 'revision',
  in: 'query',
  required: false,
  description: 'A create or save of the stream (its revision): answered with its source; 404 `revision_not_found` for any other.',
  example: 0,
  schema: { type: 'integer', format: 'int64', minimum: 0, maximum: 999_999_999_999_999 },
};

const change = {
  type: 'object',
  required: ['path', 'change', 'key_ids'],
  properties: {
    path: { type: 'string' },
    change: { type: 'string', enum: ['newly_required', 'type_narrowed'] },
    key_ids: { type: 'array', items: { type: 'string' } },
  },
};

/** One follower's check in a publish's (or an `on_save` save's) `dependents`. */
export const dependentCheckSchema = {
  type: 'object',
  required: ['project_id', 'revision', 'outcome'],
  properties: {
    project_id: { type: 'string' },
    revision: { type: ['integer', 'null'], description: "The follower's published revision that was checked." },
    outcome: { type: 'string', enum: ['passed', 'refused', 'pinned', 'unpublished'] },
    code: {
      type: 'string',
      description:
        'Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error\'s code.',
    },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object' },
      description: '`breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them.',
    },
    warnings: {
      type: 'array',
      items: { type: 'object' },
      description:
        'Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`.',
    },
    overridden: { type: 'array', items: change, description: 'A forced publish: the breaking changes it went past.' },
  },
};

/** A page of the workspace's live layouts or partials (GET /layouts, GET /partials): each as GET …/{id} answers it, less the source. */
export const sharedSummaryPage = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'revision',
          'created_at',
          'updated_at',
          'source_revision',
          'publishing',
          'published_revision',
          'published_at',
          'unpublished_changes',
        ],
        properties: {
          id: { type: 'string' },
          revision: { type: 'integer', description: 'The stream revision (the ETag of GET …/{id}).' },
          created_at: timestamp,
          updated_at: timestamp,
          source_revision: { type: 'integer', description: 'The stream revision of the latest create or save.' },
          publishing: { type: 'string', enum: ['on_save', 'review'] },
          published_revision: { type: ['integer', 'null'], description: 'The revision followers render; null before a first publish.' },
          published_at: { type: ['string', 'null'], format: 'date-time' },
          unpublished_changes: { type: 'boolean' },
        },
      },
    },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
  },
};
