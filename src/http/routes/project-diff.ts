/**
 * POST /projects/:id/diff: what a recipient would see change between two revisions (application/render
 * `RevisionDiff`). Scope `templates:render`: it renders both revisions, with the caller's variables or
 * sample data, as a render or a dry run does, and stores nothing.
 */
import type { Router } from '@koa/router';
import { RevisionDiff } from '../../application/render/index.js';
import type { AppDeps } from '../deps.js';
import { parseDiff, presentDiff } from '../diff-schemas.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { refOf } from './projects.js';
import { sendJson } from './respond.js';

export function projectDiffRoutes(router: Router<AppState>, deps: AppDeps): void {
  const diffs = new RevisionDiff(deps.renderer, deps.queries, deps.recordedShapes);
  router.post('/projects/:id/diff', requireScope('templates:render'), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    const result = await diffs.diff(refOf(ctx), parseDiff(ctx.state.body));
    ctx.set('Cache-Control', 'no-store'); // renders of the caller's data
    sendJson(ctx, 200, presentDiff(result));
  });
}
