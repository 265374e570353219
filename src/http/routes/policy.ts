/**
 * GET/PUT /policy: the caller's workspace send-readiness policy (docs/policy.md). Reading takes
 * `projects:read`, `policy:write` or `keys:admin`; setting `policy:write` or `keys:admin`. PUT takes an
 * optional If-Match of the policy's revision, as project saves do (required under REQUIRE_IF_MATCH).
 */
import type { Router } from '@koa/router';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireAnyScope, type AppState } from '../middleware.js';
import { parsePolicy, presentPolicy } from '../policy-schemas.js';
import { requireIfMatch } from '../preconditions.js';
import { etag, parseIfMatch } from './projects.js';
import { sendJson } from './respond.js';

export function policyRoutes(router: Router<AppState>, deps: AppDeps): void {
  const read = requireAnyScope(['projects:read', 'policy:write', 'keys:admin']);
  const write = requireAnyScope(['policy:write', 'keys:admin']);

  router.get('/policy', read, async (ctx) => {
    const stored = await deps.policies.current(ctx.state.principal!.workspace);
    if (stored.revision !== null) ctx.set('ETag', etag(stored.revision));
    ctx.set('Cache-Control', 'private, no-cache');
    sendJson(ctx, 200, presentPolicy(stored));
  });

  // REQUIRE_IF_MATCH holds this PUT too (428 without If-Match; `If-Match: *` sets a first policy).
  router.put('/policy', write, requireIfMatch(deps.requireIfMatch), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    const policy = parsePolicy(ctx.state.body);
    const expectedRevision = parseIfMatch(ctx.get('If-Match'));
    const principal = ctx.state.principal!;
    const stored = await deps.policies.set(principal.workspace, policy, {
      ...(expectedRevision !== undefined ? { expectedRevision } : {}),
      actor: { keyId: principal.keyId, requestId: ctx.state.requestId },
    });
    ctx.set('ETag', etag(stored.revision!));
    sendJson(ctx, 200, { ...presentPolicy(stored), unchanged: stored.unchanged });
  });
}
