/**
 * The input schemas of the MCP tools, composed from the zod schemas the routes parse their bodies and queries
 * with (src/http/schemas.ts, render-schemas.ts, diff-schemas.ts, paging.ts): a field means what it means at the
 * route, with the same bounds and descriptions. What a route takes from its path (`id`, a restore's revision)
 * or a header (`If-Match`) becomes a member here. The SDK (1.x) takes zod v4 schemas as they are (its
 * `zod-compat` accepts `zod/v4/core` types) and sends them to clients as JSON Schema.
 */
import { z } from 'zod';
import { diffBody } from '../http/diff-schemas.js';
import { listQuery } from '../http/paging.js';
import { renderBody } from '../http/render-schemas.js';
import { requestSchemas } from '../http/schemas.js';

const { projectId, saveBody, publishBody, validateSavedBody } = requestSchemas;

/** The template (project) id: the `:id` of the routes. */
const id = projectId.describe('The template (project) id, as in /templates/{id}.');

/** A write's `If-Match`: the project revision (ETag) the caller last saw (a 412 when another write came since), or `*`. */
const ifMatch = z
  .union([publishBody.shape.revision.unwrap(), z.literal('*')])
  .optional()
  .describe(
    "The project's revision you last saw (its ETag: the `revision` of its list_templates item or of a write tool's answer; not get_template's, which is a template revision): refused with 412 `revision_mismatch` when another write (a save, publish, restore) came since. `*`: whatever is current. Required when the server runs with REQUIRE_IF_MATCH (else 428).",
  );

/** list_templates: `?limit=&cursor=` of GET /templates. */
export const listTemplatesInput = z.strictObject({ ...listQuery.shape });

/** get_template: GET /templates/:id?revision= (a number or `latest`; absent: the published revision). */
export const getTemplateInput = z.strictObject({ id, revision: validateSavedBody.shape.revision });

/** validate_template: POST /templates/:id/validate. */
export const validateTemplateInput = validateSavedBody.extend({ id });

/** render_template: POST /templates/:id/render (always the JSON answer). */
export const renderTemplateInput = renderBody.extend({ id });

/** diff_revisions: POST /projects/:id/diff. */
export const diffRevisionsInput = diffBody.extend({ id });

/**
 * save_template: PUT /projects/:id without `publishing`, which the tool sets to `review` (a draft; tools.ts),
 * plus `if_match`.
 */
export const saveTemplateInput = saveBody.omit({ id: true, publishing: true }).extend({ id, if_match: ifMatch });

/** publish_template: POST /projects/:id/publish, plus `if_match`. */
export const publishTemplateInput = publishBody.extend({ id, if_match: ifMatch });

/** restore_revision: POST /projects/:id/revisions/:revision/restore, plus `if_match`. */
export const restoreRevisionInput = z.strictObject({
  id,
  revision: publishBody.shape.revision.unwrap().describe('The template revision whose template and metadata are saved again.'),
  if_match: ifMatch,
});
