/**
 * /layouts and /partials (docs/layouts.md): list the workspace's live ones, create, read (also a past create or save: `?revision=N`), save,
 * delete, publish, their events (`/revisions`) and who names one (`/dependents`). Scopes, If-Match and REQUIRE_IF_MATCH as for projects (`projects:read`, `projects:write`).
 */
import type { Router, RouterContext } from '@koa/router';
import type { SharedKind, SharedRef } from '../../domain/shared-documents.js';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { requireIfMatch } from '../preconditions.js';
import { ProblemError } from '../problem.js';
import { PROJECT_ID, parseRevisionQuery } from '../schemas.js';
import { cursorAfter, cursorAfterRevision, parseList, parseRevisionPage } from '../paging.js';
import { parseSharedPublish, parseSharedWrite, presentShared, presentSharedRevision, presentSharedSummary } from '../shared-schemas.js';
import { presentCheck } from '../../application/write/index.js';
import { etag, parseIfMatch } from './projects.js';
import { sendJson } from './respond.js';

export function sharedRoutes(router: Router<AppState>, deps: AppDeps): void {
  const shared = deps.shared;
  if (!shared) return;
  const read = requireScope('projects:read');
  const write = requireScope('projects:write');
  const body = jsonBody(deps.bodyLimitBytes, deps.jsonLimits);
  const conditional = requireIfMatch(deps.requireIfMatch);

  for (const kind of ['layout', 'partial'] as const) {
    const base = `/${kind}s`;
    router.post(base, write, body, async (ctx) => {
      const input = parseSharedWrite(kind, ctx.state.body);
      const ref = { kind, workspace: ctx.state.principal!.workspace, id: input.id };
      const view = await shared.write(ref, true, input, { actor: actorOf(ctx) });
      ctx.set('Location', `${ctx.path}/${encodeURIComponent(ref.id)}`);
      ctx.set('ETag', etag(view.state.revision));
      sendJson(ctx, 201, presentShared(view));
    });

    // Paged as GET /projects: `?limit=&cursor=`, id order, `next_cursor` null on the last page.
    router.get(base, read, async (ctx) => {
      const { items, nextAfter } = await shared.list(kind, ctx.state.principal!.workspace, parseList(ctx.query));
      sendJson(ctx, 200, { items: items.map(presentSharedSummary), next_cursor: cursorAfter(nextAfter) });
    });

    router.get(`${base}/:id`, read, async (ctx) => {
      const asked = parseRevisionQuery(ctx.query['revision']);
      if (asked !== undefined) {
        const at = await shared.revisionAt(refOf(ctx, kind), asked);
        ctx.set('ETag', etag(at.revision));
        ctx.set('Cache-Control', 'private, max-age=31536000, immutable'); // a revision never changes
        sendJson(ctx, 200, { id: ctx.params['id'], ...presentSharedRevision(kind, at) });
        return;
      }
      const view = await shared.get(refOf(ctx, kind));
      ctx.set('ETag', etag(view.state.revision));
      ctx.set('Cache-Control', 'private, no-cache');
      sendJson(ctx, 200, presentShared(view));
    });

    router.put(`${base}/:id`, write, conditional, body, async (ctx) => {
      const ref = refOf(ctx, kind);
      const input = parseSharedWrite(kind, ctx.state.body, ref.id);
      const view = await shared.write(ref, false, input, options(ctx));
      ctx.set('ETag', etag(view.state.revision));
      const checks = view.checks && view.checks.length > 0 ? { dependents: view.checks.map(presentCheck) } : {};
      sendJson(ctx, 200, { ...presentShared(view), unchanged: view.unchanged === true, ...checks });
    });

    router.delete(`${base}/:id`, write, conditional, async (ctx) => {
      await shared.delete(refOf(ctx, kind), options(ctx));
      ctx.status = 204;
    });

    router.post(`${base}/:id/publish`, write, body, async (ctx) => {
      const { revision, force } = parseSharedPublish(ctx.state.body);
      const view = await shared.publish(refOf(ctx, kind), revision, { ...options(ctx), ...(force ? { force } : {}) });
      ctx.set('ETag', etag(view.state.revision));
      sendJson(ctx, 200, { ...presentShared(view), unchanged: view.unchanged === true, dependents: view.checks.map(presentCheck) });
    });

    router.get(`${base}/:id/revisions`, read, async (ctx) => {
      const { items, nextAfter } = await shared.revisions(refOf(ctx, kind), parseRevisionPage(ctx.query));
      sendJson(ctx, 200, { items: items.map((item) => presentSharedRevision(kind, item)), next_cursor: cursorAfterRevision(nextAfter) });
    });

    router.get(`${base}/:id/dependents`, read, async (ctx) => {
      const ref = refOf(ctx, kind);
      await shared.get(ref);
      const dependents = await shared.dependents(ref);
      sendJson(ctx, 200, {
        items: dependents.map((dependent) => ({ project_id: dependent.projectId, pinned_revision: dependent.pinnedRevision })),
      });
    });
  }
}

/** The layout or partial the path names. @throws ProblemError 404 `<kind>_not_found` for an id none can have. */
function refOf(ctx: RouterContext<AppState>, kind: SharedKind): SharedRef {
  const id = ctx.params['id']!;
  if (!PROJECT_ID.test(id)) throw new ProblemError(404, `${kind}_not_found`, `The ${kind} '${id}' does not exist.`);
  return { kind, workspace: ctx.state.principal!.workspace, id };
}

function actorOf(ctx: RouterContext<AppState>): { keyId: string; requestId: string } {
  return { keyId: ctx.state.principal!.keyId, requestId: ctx.state.requestId };
}

function options(ctx: RouterContext<AppState>): { expectedRevision?: number; actor: { keyId: string; requestId: string } } {
  const expectedRevision = parseIfMatch(ctx.get('If-Match'));
  return { ...(expectedRevision !== undefined ? { expectedRevision } : {}), actor: actorOf(ctx) };
}
