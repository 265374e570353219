/**
 * GET /health: 200 when the event store and read models answer, 503 (problem details) when not.
 */
import type { Router } from '@koa/router';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../middleware.js';
import { ProblemError, writeProblem } from '../problem.js';
import { sendJson } from './respond.js';

export function healthRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.get('/health', async (ctx) => {
    const report = await deps.health();
    if (report.status === 'ok') {
      ctx.set('Cache-Control', 'no-store');
      sendJson(ctx, 200, report);
      return;
    }
    writeProblem(ctx, new ProblemError(503, 'dependency_unavailable', report.detail ?? 'A dependency is down.', [], { 'Retry-After': '5' }, { checks: report }));
  });
}
