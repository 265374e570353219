/**
 * The resources of the Letterpress MCP server: for each template, its MJML source and its variables schema,
 * as two resource templates (MCP spec 2025-06-18 "Resources": `resources/templates/list`, with a list callback
 * so `resources/list` names one resource per template). Both describe the template's newest create or save
 * (`latest`: the draft under review), the revision an agent edits; get_template and render_template read the
 * published one.
 */
import { McpError, ErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ProblemRefusal, type Json, type TemplateOperations } from './operations.js';

/** The URI scheme of the resources: `letterpress://templates/{id}/source` and `…/variables`. */
const SOURCE_URI = 'letterpress://templates/{id}/source';
const VARIABLES_URI = 'letterpress://templates/{id}/variables';

/** At most this many templates are listed as resources (5 pages of GET /templates): a bounded answer. */
const MAX_LISTED_TEMPLATES = 1000;

/** MCP's JSON-RPC code for an unknown resource (spec "Resources", Error Handling). */
const RESOURCE_NOT_FOUND = -32002;

/** Register the two resource templates on `server`, reading through `ops`. */
export function registerResources(server: McpServer, ops: TemplateOperations): void {
  const listed = (kind: 'source' | 'variables', mimeType: string) => async () => ({
    resources: (await templateIds(ops)).map((id): Resource => ({ uri: uriOf(kind, id), name: `${id} ${kind}`, mimeType })),
  });
  server.registerResource(
    'template-source',
    new ResourceTemplate(SOURCE_URI, { list: listed('source', 'text/plain') }),
    {
      title: 'Template MJML source',
      description:
        "The template's MJML with its Handlebars expressions, of its newest save (a draft under review): render_template with format mjml and revision latest. Needs templates:render.",
      mimeType: 'text/plain',
    },
    async (uri, { id }) => {
      const rendered = await reading(() => ops.render(String(id), { format: 'mjml', revision: 'latest' }));
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: String(rendered['mjml'] ?? '') }] };
    },
  );
  server.registerResource(
    'template-variables',
    new ResourceTemplate(VARIABLES_URI, { list: listed('variables', 'application/json') }),
    {
      title: 'Template variables schema',
      description:
        'What the newest save of the template takes: { inferred, declared, differences } (JSON Schemas; GET /projects/{id}/variables?revision=latest). Needs projects:read.',
      mimeType: 'application/json',
    },
    async (uri, { id }) => {
      const schema = await reading(() => ops.variables(String(id), 'latest'));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(schema) }] } satisfies ReadResourceResult;
    },
  );
}

/** `letterpress://templates/<id>/<kind>`. */
function uriOf(kind: 'source' | 'variables', id: string): string {
  return `letterpress://templates/${encodeURIComponent(id)}/${kind}`;
}

/** The ids of the workspace's templates, following the list's cursors up to `MAX_LISTED_TEMPLATES`. */
async function templateIds(ops: TemplateOperations): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await reading(() => ops.listTemplates({ limit: 200, ...(cursor !== undefined ? { cursor } : {}) }));
    for (const item of (page['items'] ?? []) as Array<{ id: string }>) ids.push(item.id);
    cursor = typeof page['next_cursor'] === 'string' ? page['next_cursor'] : undefined;
  } while (cursor !== undefined && ids.length < MAX_LISTED_TEMPLATES);
  return ids.slice(0, MAX_LISTED_TEMPLATES);
}

/**
 * Run a read for a resource. Resources have no error result: a refusal becomes a JSON-RPC error whose message is
 * the problem's detail and whose `data` is the problem details (-32002 for a 404, else -32600 Invalid request).
 */
async function reading(operation: () => Promise<Json>): Promise<Json> {
  try {
    return await operation();
  } catch (error) {
    if (!(error instanceof ProblemRefusal)) throw error;
    throw new McpError(error.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest, error.message, error.problem);
  }
}
