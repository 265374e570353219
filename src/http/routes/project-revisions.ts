/**
 * PATCH /projects/:id (a JSON Merge Patch of the metadata, RFC 7396) and GET /projects/:id/revisions
 * (paginated). Mounted beside `projectRoutes` (app.ts).
 */
import type { Router } from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import { idempotentWrites } from '../idempotency.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { requireIfMatch } from '../preconditions.js';
import { presentRevision, presentWrite } from '../presenters.js';
import { ProblemError } from '../problem.js';
import { checkMetadata, parseMetadataPatch } from '../metadata-schemas.js';
import { cursorAfterRevision, parseRevisionPage } from '../paging.js';
import { actorOf, etag, parseIfMatch, refOf } from './projects.js';
import { sendJson } from './respond.js';

/** The one patch format PATCH /projects/:id takes (RFC 7396 §4). */
export const MERGE_PATCH_TYPE = 'application/merge-patch+json';

export function projectRevisionRoutes(router: Router<AppState>, deps: AppDeps): void {
  const once = idempotentWrites(deps, 'saved'); // Idempotency-Key, as on every write
  const conditional = requireIfMatch(deps.requireIfMatch); // REQUIRE_IF_MATCH → 428
  router.patch(
    '/projects/:id',
    requireScope('projects:write'),
    conditional,
    mergePatchBody(),
    jsonBody(deps.bodyLimitBytes),
    once,
    async (ctx) => {
      const ref = refOf(ctx);
      const patch = parseMetadataPatch(ctx.state.body);
      const expectedRevision = parseIfMatch(ctx.get('If-Match'));
      const result = await deps.commands.patchMetadata(ref, {
        patch,
        check: checkMetadata,
        ...(expectedRevision !== undefined ? { expectedRevision } : {}),
        actor: actorOf(ctx),
      });
      ctx.set('ETag', etag(result.view.revision));
      sendJson(ctx, 200, presentWrite(result.view, result.warnings, result.unchanged));
    },
  );

  router.get('/projects/:id/revisions', requireScope('projects:read'), async (ctx) => {
    const ref = refOf(ctx);
    const page = parseRevisionPage(ctx.query);
    const { items, nextAfter } = await deps.queries.listRevisions(ref, page);
    sendJson(ctx, 200, { items: items.map(presentRevision), next_cursor: cursorAfterRevision(nextAfter) });
  });
}

/**
 * Only `Content-Type: application/merge-patch+json` (RFC 7396 §4): a plain `application/json` body could
 * as well be meant as a JSON Patch or as a whole resource, and is refused rather than guessed at.
 * @throws ProblemError 415 with `Accept-Patch` naming the type (RFC 5789 §2.2, §3.1).
 */
function mergePatchBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.is(MERGE_PATCH_TYPE)) {
      throw new ProblemError(
        415,
        'unsupported_media_type',
        `PATCH takes a JSON Merge Patch (RFC 7396): send it with "Content-Type: ${MERGE_PATCH_TYPE}" (got "${ctx.get('Content-Type') || 'none'}").`,
        [],
        { 'Accept-Patch': MERGE_PATCH_TYPE },
      );
    }
    await next();
  };
}
