/**
 * The eight tools of the Letterpress MCP server (issue 25), each an operation of the port (operations.ts)
 * with an input schema from the routes' zod schemas (tool-schemas.ts) and the annotations of the MCP
 * specification (revision 2025-06-18, "Tool annotations": hints a client may show or act on, never a
 * guarantee). A success is the API's JSON answer as text and as `structuredContent`; a refusal is a result
 * with `isError: true` whose text is the problem details JSON (MCP spec "Error handling": tool execution
 * errors are reported in the result, so the model sees them and can correct its call).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { ProblemRefusal, type Json, type TemplateOperations } from './operations.js';
import {
  diffRevisionsInput,
  getTemplateInput,
  listTemplatesInput,
  publishTemplateInput,
  renderTemplateInput,
  restoreRevisionInput,
  saveTemplateInput,
  validateTemplateInput,
} from './tool-schemas.js';

/** Reads: change nothing a template is made of (a render notes its variables' shape for the publish gate). */
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** Register the tools on `server`, each calling `ops`. */
export function registerTools(server: McpServer, ops: TemplateOperations): void {
  server.registerTool(
    'list_templates',
    {
      title: 'List templates',
      description:
        "The workspace's templates, in id order (GET /templates): id, name, subject, revision, publishing mode, published_revision and unpublished_changes (a draft waiting). Continue with `cursor` = the answer's next_cursor.",
      inputSchema: listTemplatesInput,
      annotations: { ...READ_ONLY, title: 'List templates' },
    },
    (args) => answer(() => ops.listTemplates(args)),
  );
  server.registerTool(
    'get_template',
    {
      title: 'Get a template',
      description:
        'One template revision (GET /templates/{id}): the one renders use (the published revision) unless `revision` names another (`latest`: the newest save, a draft under review), with the variable paths it reads; its `revision` is that template revision, not the project revision `if_match` takes (see list_templates). Its MJML source and variables schema are resources (letterpress://templates/{id}/source, …/variables).',
      inputSchema: getTemplateInput,
      annotations: { ...READ_ONLY, title: 'Get a template' },
    },
    ({ id, revision }) => answer(() => ops.getTemplate(id, revision)),
  );
  server.registerTool(
    'validate_template',
    {
      title: 'Validate variables against a template',
      description:
        'A dry run of a saved template (POST /templates/{id}/validate): { valid, errors, warnings, variables } for these variables; nothing is stored. `revision`: `latest` checks the draft.',
      inputSchema: validateTemplateInput,
      annotations: { ...READ_ONLY, title: 'Validate a template' },
    },
    ({ id, ...body }) => answer(() => ops.validate(id, body)),
  );
  server.registerTool(
    'render_template',
    {
      title: 'Render a template',
      description:
        'Render a template with variables (POST /templates/{id}/render): { html (or mjml), subject, preheader, text, warnings, revision, … }. Without `revision`, the published revision (what a sender gets); `latest` renders the draft.',
      inputSchema: renderTemplateInput,
      annotations: { ...READ_ONLY, title: 'Render a template' },
    },
    ({ id, ...body }) => answer(() => ops.render(id, body)),
  );
  server.registerTool(
    'diff_revisions',
    {
      title: 'Diff two revisions as a recipient sees them',
      description:
        'What a recipient would see change between two revisions (POST /projects/{id}/diff): text, links, images, subject, size. Default: from the published revision to the latest save. Stores nothing.',
      inputSchema: diffRevisionsInput,
      annotations: { ...READ_ONLY, title: 'Diff revisions' },
    },
    ({ id, ...body }) => answer(() => ops.diff(id, body)),
  );
  registerWrites(server, ops);
}

/** save_template, publish_template and restore_revision (`projects:write`). */
function registerWrites(server: McpServer, ops: TemplateOperations): void {
  server.registerTool(
    'save_template',
    {
      title: 'Save a draft',
      description:
        'Save a new revision of an existing template as a DRAFT (PUT /projects/{id} with "publishing": "review"): renders keep using the published revision until publish_template. A project that published on every save is switched to `publishing: "review"` by this save, so nothing goes out unreviewed. The template is `mjml` (or `ast`), with `metadata`, `partials`, … as the API takes them; `metadata` omitted keeps the current one. Saving content identical to the current revision appends nothing (`unchanged: true`). Answers the project: `revision` (the new one), `published_revision`, `unpublished_changes`, `warnings`.',
      inputSchema: saveTemplateInput,
      annotations: { title: 'Save a draft', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id, if_match, ...body }) => answer(() => ops.save(id, { ...body, publishing: 'review' }, if_match)),
  );
  server.registerTool(
    'publish_template',
    {
      title: 'Publish a revision',
      description:
        'Make a template revision (default: the latest save) the one every render uses from now on (POST /projects/{id}/publish): what recipients get changes. Refused with 409 `breaking_variable_change` when recent renders would fail under it (`force: true` publishes anyway, recorded), 422 `policy_violation` when it breaks the workspace policy, 409 `publishing_on_save` for an older revision of an on_save project.',
      inputSchema: publishTemplateInput,
      annotations: { title: 'Publish a revision', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id, if_match, ...body }) => answer(() => ops.publish(id, body, if_match)),
  );
  server.registerTool(
    'restore_revision',
    {
      title: 'Restore a revision',
      description:
        "Save an earlier revision's template and metadata again as a new revision (POST /projects/{id}/revisions/{revision}/restore): under `publishing: on_save` it is published at once (renders use it); under `review` it is a draft.",
      inputSchema: restoreRevisionInput,
      annotations: { title: 'Restore a revision', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id, revision, if_match }) => answer(() => ops.restore(id, revision, if_match)),
  );
}

/**
 * Run an operation as a tool call: its JSON answer as text and `structuredContent`, or a `ProblemRefusal` as
 * an error result (`isError: true`) whose text is the problem details JSON. Anything else is thrown on: the
 * SDK reports it as an error result with its message.
 */
export async function answer(operation: () => Promise<Json>): Promise<CallToolResult> {
  try {
    const json = await operation();
    return { content: [{ type: 'text', text: JSON.stringify(json) }], structuredContent: json };
  } catch (error) {
    if (!(error instanceof ProblemRefusal)) throw error;
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.problem) }] };
  }
}
