/**
 * The MCP server's port (src/mcp/operations.ts) inside the server, for `POST /v1/mcp`: each operation is the
 * route's own work — the same scope check (`checkScope`), the same parsers, use cases and presenters — with the
 * principal of the request's Bearer key, so a tool can do exactly what its route lets that key do. No HTTP
 * round trip. A refusal becomes `ProblemRefusal` with the problem details the route would answer (`toProblem`,
 * `problemText`; `instance` is the MCP request's path); a fault of ours is logged as the routes' are (5xx).
 */
import type { Principal } from '../application/keys/index.js';
import type { Scope } from '../application/ports/index.js';
import { RevisionDiff } from '../application/render/index.js';
import type { ProjectRef } from '../domain/project.js';
import { ProblemRefusal, type IfMatch, type Json, type RevisionChoice, type TemplateOperations } from './server.js';
import type { AppDeps } from '../http/deps.js';
import { parseDiff, presentDiff } from '../http/diff-schemas.js';
import { checkScope } from '../http/middleware.js';
import { cursorAfter, parseList } from '../http/paging.js';
import { preconditionRequired } from '../http/preconditions.js';
import { presentSummary, presentTemplate, presentWrite } from '../http/presenters.js';
import { problemOf, problemText } from '../http/problem.js';
import { renderAnswer } from '../http/render-answer.js';
import { parseRender } from '../http/render-schemas.js';
import { parsePathId, parseTemplateRevisionQuery, parseValidateSaved } from '../http/schemas.js';
import { publishProject, saveProject } from '../http/routes/projects.js';

/** The MCP request an operation runs for: who asks, its id (in the events and problems) and its path. */
export interface McpCaller {
  principal: Principal | undefined;
  requestId: string;
  /** The request path (`/v1/mcp`): each problem's `instance`; its prefix names the project paths in a 428. */
  path: string;
}

/** The port over `deps` for one MCP request of `caller`. */
export function inServerOperations(deps: AppDeps, caller: McpCaller): TemplateOperations {
  const { principal } = caller;
  const prefix = caller.path.replace(/\/mcp$/, '');
  const diffs = new RevisionDiff(deps.renderer, deps.queries, deps.recordedShapes);
  /** Check `scope` as the route does, run `work`, and turn any refusal into the route's problem details. */
  const as = async (scope: Scope, work: () => Promise<Json>): Promise<Json> => {
    try {
      checkScope(principal, scope);
      return await work();
    } catch (error) {
      const problem = problemOf(error, deps.logger, caller.requestId);
      throw new ProblemRefusal(JSON.parse(problemText(problem, caller.path, caller.requestId)) as Json);
    }
  };
  const refOf = (id: string): ProjectRef => ({ workspace: principal!.workspace, projectId: parsePathId(id) });
  const actor = () => ({ keyId: principal!.keyId, requestId: caller.requestId });
  /** `if_match` as the routes read `If-Match` (`*`: any revision); absent under REQUIRE_IF_MATCH: the 428 the routes answer. */
  const expected = (id: string, ifMatch: IfMatch | undefined): number | undefined => {
    if (ifMatch === undefined && deps.requireIfMatch) throw preconditionRequired(`${prefix}/projects/${id}`, 'if_match');
    return ifMatch === '*' ? undefined : ifMatch;
  };
  const revisionOf = (revision: RevisionChoice | undefined) =>
    parseTemplateRevisionQuery(revision === undefined ? undefined : String(revision));

  return {
    listTemplates: (page) =>
      as('projects:read', async () => {
        const { items, nextCursor } = await deps.queries.listProjects(principal!.workspace, parseList(page));
        return { items: items.map(presentSummary), next_cursor: cursorAfter(nextCursor) };
      }),
    getTemplate: (id, revision) =>
      as('projects:read', async () => {
        const { view, variables } = await deps.renderer.reads.describe(refOf(id), revisionOf(revision));
        return presentTemplate(view, variables);
      }),
    variables: (id, revision) =>
      as('projects:read', async () => ({ ...(await deps.renderer.reads.variables(refOf(id), revisionOf(revision))) })),
    validate: (id, body) =>
      as('templates:render', async () => ({ ...(await deps.validation.validateSaved(refOf(id), parseValidateSaved(body))) })),
    render: (id, body) =>
      as('templates:render', async () => {
        const answer = await renderAnswer(deps, principal!.workspace, id, principal!.keyId, parseRender(body), false);
        return JSON.parse(answer.body.join('')) as Json;
      }),
    diff: (id, body) => as('templates:render', async () => presentDiff(await diffs.diff(refOf(id), parseDiff(body)))),
    save: (id, body, ifMatch) =>
      as('projects:write', async () => {
        const result = await saveProject(deps, refOf(id), body, expected(id, ifMatch), actor());
        return presentWrite(result.view, result.warnings, result.unchanged);
      }),
    publish: (id, body, ifMatch) =>
      as('projects:write', async () => {
        const result = await publishProject(deps, refOf(id), body, expected(id, ifMatch), actor());
        return presentWrite(result.view, result.warnings, result.unchanged);
      }),
    restore: (id, revision, ifMatch) =>
      as('projects:write', async () => {
        const result = await deps.commands.restore(refOf(id), revision, { ...optional(expected(id, ifMatch)), actor: actor() });
        return presentWrite(result.view, result.warnings, result.unchanged);
      }),
  };
}

function optional(expectedRevision: number | undefined): { expectedRevision?: number } {
  return expectedRevision === undefined ? {} : { expectedRevision };
}
