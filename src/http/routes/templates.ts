/**
 * /templates routes: the renderable view of projects, and render itself.
 */
import type { Router } from '@koa/router';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { presentSummary, presentTemplate } from '../presenters.js';
import { renderAnswer, RENDER_MEDIA_TYPES } from '../render-answer.js';
import { cursorAfter, parseList } from '../paging.js';
import { parseRender } from '../render-schemas.js';
import { parseTemplateRevisionQuery, parseValidateSaved, parseValidateSource } from '../schemas.js';
import { idempotentWrites } from '../idempotency.js';
import { requireIfMatch } from '../preconditions.js';
import { deleteProject, refOf } from './projects.js';
import { sendJson } from './respond.js';

export function templateRoutes(router: Router<AppState>, deps: AppDeps): void {
  const read = requireScope('projects:read');

  router.post('/templates/:id/render', requireScope('templates:render'), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    const request = parseRender(ctx.state.body, ctx.get('X-Min-Revision') || undefined);
    // Content negotiation (RFC 9110 §12.5.1): JSON unless the client prefers text/html, which a caller
    // piping the result straight into a mailer asks for.
    const html = ctx.accepts(...RENDER_MEDIA_TYPES) === 'text/html';
    ctx.vary('Accept'); // the answer depends on Accept: a cache must not hand the JSON form to an HTML client
    const { workspace, keyId } = ctx.state.principal!;
    const answer = await renderAnswer(deps, workspace, ctx.params['id'] ?? '', keyId, request, html);
    ctx.set(answer.headers);
    ctx.state.log = answer.log;
    ctx.status = 200;
    ctx.type = answer.type;
    ctx.body = answer.body.join('');
  });

  // Dry runs: nothing is stored (docs/variables.md "Variables").
  router.post('/templates/:id/validate', requireScope('templates:render'), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    sendJson(ctx, 200, await deps.validation.validateSaved(refOf(ctx), parseValidateSaved(ctx.state.body)));
  });

  router.post('/validate', requireScope('templates:render'), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    const input = parseValidateSource(ctx.state.body);
    const workspace = ctx.state.principal!.workspace;
    const { used, ...report } = await deps.validation.validateSource({ ...input, metadata: input.metadata ?? {}, workspace });
    // A source naming a layout or shared partials: the revisions it was composed with (as a render answers them).
    const revisions = used ? { layout_revision: used.layoutRevision, shared_partial_revisions: used.sharedPartialRevisions } : {};
    sendJson(ctx, 200, { ...report, ...revisions });
  });

  router.get('/templates', read, async (ctx) => {
    const { items, nextCursor } = await deps.queries.listProjects(ctx.state.principal!.workspace, parseList(ctx.query));
    sendJson(ctx, 200, { items: items.map(presentSummary), next_cursor: cursorAfter(nextCursor) });
  });

  // The revision a render without `revision` uses (?revision=N|latest for another; docs/publishing.md).
  router.get('/templates/:id', read, async (ctx) => {
    const { view, variables } = await deps.renderer.reads.describe(refOf(ctx), parseTemplateRevisionQuery(ctx.query['revision']));
    sendJson(ctx, 200, presentTemplate(view, variables));
  });

  router.delete(
    '/templates/:id',
    requireScope('projects:write'),
    requireIfMatch(deps.requireIfMatch),
    idempotentWrites(deps, 'deleted'),
    async (ctx) => {
      await deleteProject(ctx, deps);
    },
  );
}
