/**
 * GET /health: 200 when the event store and read models answer, 503 (problem details) when not. The
 * answer comes within the route's bound (HEALTH_TIMEOUT_MS) in every fault: each dependency is checked
 * under what is left of it, and the 503 lists every check (`checks`: name, dependency, status
 * `ok`/`failing`/`timeout`, detail), so it says which dependency is failing.
 */
import type { Router } from '@koa/router';
import { answerDeadline } from '../authentication.js';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../middleware.js';
import { ProblemError, writeProblem } from '../problem.js';
import { sendJson } from './respond.js';

/** The least a check is given, ms, even when the key lookup used up nearly all of the bound. */
const MIN_CHECK_MS = 50;

export function healthRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.get('/health', async (ctx) => {
    const deadline = answerDeadline(ctx);
    const report = await deps.health(deadline === undefined ? {} : { timeoutMs: Math.max(MIN_CHECK_MS, deadline - Date.now()) });
    if (report.status === 'ok') {
      ctx.set('Cache-Control', 'no-store');
      sendJson(ctx, 200, report);
      return;
    }
    writeProblem(
      ctx,
      new ProblemError(
        503,
        'dependency_unavailable',
        report.detail ?? 'A dependency is down.',
        [],
        { 'Retry-After': '5' },
        { checks: report['checks'] ?? report },
      ),
    );
  });
}
