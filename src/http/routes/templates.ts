/**
 * /templates routes: the renderable view of projects, and render itself.
 */
import type { Router } from '@koa/router';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { presentRender, presentSummary, presentTemplate } from '../presenters.js';
import { cursorAfter, parseList, parseRender } from '../schemas.js';
import { templateVariables } from '../../application/render-template.js';
import { deleteProject, refOf } from './projects.js';
import { sendJson } from './respond.js';

export function templateRoutes(router: Router<AppState>, deps: AppDeps): void {
  const read = requireScope('projects:read');

  router.post('/templates/:id/render', requireScope('templates:render'), jsonBody(deps.bodyLimitBytes), async (ctx) => {
    const request = parseRender(ctx.state.body);
    const output = await deps.renderer.render(refOf(ctx), request);
    ctx.set('X-Cache', output.cache);
    ctx.set('Cache-Control', 'no-store'); // the body carries the recipient's data
    sendJson(ctx, 200, presentRender(output));
  });

  router.get('/templates', read, async (ctx) => {
    const { items, nextCursor } = await deps.queries.listProjects(ctx.state.principal!.workspace, parseList(ctx.query));
    sendJson(ctx, 200, { items: items.map(presentSummary), next_cursor: cursorAfter(nextCursor) });
  });

  router.get('/templates/:id', read, async (ctx) => {
    const view = await deps.queries.getProject(refOf(ctx));
    sendJson(ctx, 200, presentTemplate(view, templateVariables(view.ast)));
  });

  router.delete('/templates/:id', requireScope('projects:write'), async (ctx) => {
    await deleteProject(ctx, deps);
  });
}
