/**
 * The port the MCP server is built from (server.ts): the operations its tools and resources need, each the
 * JSON the HTTP API answers for the route named beside it (docs/api.md), so a tool result reads like the
 * API's answer. Two implementations: in the server for `POST /v1/mcp` (src/mcp/in-server-operations.ts: the same
 * use cases, parsers and scope check as the routes, with the principal of the request's Bearer key), and
 * over HTTP for `letterpress mcp` on stdio (src/cli/mcp-operations.ts: the CLI's client, so the server's own
 * checks apply). Every refusal is thrown as a `ProblemRefusal` carrying the RFC 9457 problem details.
 */

/** A JSON object as the API sends or takes it (snake_case members). */
export type Json = Record<string, unknown>;

/** A template revision as renders name it: a number, or `latest` (the newest create or save: a draft under review). */
export type RevisionChoice = number | 'latest';

/** What a write's `If-Match` names: the revision the caller last saw, or `*` (whatever is current). */
export type IfMatch = number | '*';

/** The operations behind the tools; each resolves to the API's JSON answer or throws `ProblemRefusal`. */
export interface TemplateOperations {
  /** `GET /templates?limit=&cursor=` (`projects:read`): `{ items: [summary…], next_cursor }`. */
  listTemplates(page: { limit?: number; cursor?: string }): Promise<Json>;
  /** `GET /templates/:id[?revision=]` (`projects:read`): the revision renders use, or the one named, with the variables it reads. */
  getTemplate(id: string, revision?: RevisionChoice): Promise<Json>;
  /** `GET /projects/:id/variables[?revision=]` (`projects:read`): `{ inferred, declared, differences }`. */
  variables(id: string, revision?: RevisionChoice): Promise<Json>;
  /** `POST /templates/:id/validate` (`templates:render`): a dry run, nothing stored. */
  validate(id: string, body: Json): Promise<Json>;
  /** `POST /templates/:id/render` (`templates:render`): the JSON answer (`html` or `mjml`, `subject`, `text`, `warnings`…). */
  render(id: string, body: Json): Promise<Json>;
  /** `POST /projects/:id/diff` (`templates:render`): what a recipient would see change between two revisions. */
  diff(id: string, body: Json): Promise<Json>;
  /** `PUT /projects/:id` (`projects:write`) with `If-Match` when given: the project after the save. */
  save(id: string, body: Json, ifMatch?: IfMatch): Promise<Json>;
  /** `POST /projects/:id/publish` (`projects:write`): the project after the publish. */
  publish(id: string, body: Json, ifMatch?: IfMatch): Promise<Json>;
  /** `POST /projects/:id/revisions/:revision/restore` (`projects:write`): the project after the restore. */
  restore(id: string, revision: number, ifMatch?: IfMatch): Promise<Json>;
}

/**
 * A refusal of an operation, as the API answers it: `problem` is the RFC 9457 problem details object
 * (`type`, `title`, `status`, `detail`, `code`, `errors`?, …; a 403 names the missing scope in `detail`).
 */
export class ProblemRefusal extends Error {
  override readonly name = 'ProblemRefusal';
  constructor(readonly problem: Json) {
    super(typeof problem['detail'] === 'string' ? problem['detail'] : `refused (${String(problem['status'] ?? 'no status')})`);
  }

  /** The problem's HTTP status, when it has one. */
  get status(): number | undefined {
    return typeof this.problem['status'] === 'number' ? this.problem['status'] : undefined;
  }
}
