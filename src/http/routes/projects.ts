/**
 * /projects routes: create, list, fetch (optionally at a past revision), save, delete, restore, publish; metadata
 * patches and the revision list are in project-revisions.ts.
 */
import type { Router, RouterContext } from '@koa/router';
import type { Actor } from '../../application/write/index.js';
import type { ProjectRef } from '../../domain/project.js';
import type { AppDeps } from '../deps.js';
import { idempotentWrites } from '../idempotency.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { requireIfMatch } from '../preconditions.js';
import { presentProject, presentSummary, presentWrite } from '../presenters.js';
import { ProblemError } from '../problem.js';
import { cursorAfter, parseList } from '../paging.js';
import {
  parseAtQuery,
  parseCreate,
  parsePathId,
  parsePublish,
  parseRevisionQuery,
  parseSave,
  parseTemplateRevisionQuery,
} from '../schemas.js';
import { sendJson } from './respond.js';
import { canonicalLocale } from '../render-schemas.js';
import { answerNotModified } from '../conditional.js';

export function projectRoutes(router: Router<AppState>, deps: AppDeps): void {
  const read = requireScope('projects:read');
  const write = requireScope('projects:write');
  const body = jsonBody(deps.bodyLimitBytes, deps.jsonLimits);
  // Idempotency-Key (docs/api.md "Retries: Idempotency-Key"); the kind says how a replay rebuilt from events answers.
  const [onceCreated, onceSaved, onceDeleted] = (['created', 'saved', 'deleted'] as const).map((kind) => idempotentWrites(deps, kind));
  const conditional = requireIfMatch(deps.requireIfMatch); // REQUIRE_IF_MATCH → 428

  router.post('/projects', write, body, onceCreated!, async (ctx) => {
    const input = parseCreate(ctx.state.body);
    const ref = { workspace: principal(ctx).workspace, projectId: input.id ?? deps.newId() };
    const result = await deps.commands.create(ref, {
      metadata: input.metadata ?? {},
      source: input.source,
      validation: input.validation,
      ...(input.publishing !== undefined ? { publishing: input.publishing } : {}),
      actor: actorOf(ctx),
    });
    const { view } = result;
    ctx.set('Location', `${ctx.path}/${encodeURIComponent(ref.projectId)}`);
    ctx.set('ETag', etag(view.revision));
    sendJson(ctx, 201, presentWrite(view, result.warnings));
  });

  router.get('/projects', read, async (ctx) => {
    const page = parseList(ctx.query);
    const { items, nextCursor } = await deps.queries.listProjects(principal(ctx).workspace, page);
    sendJson(ctx, 200, { items: items.map(presentSummary), next_cursor: cursorAfter(nextCursor) });
  });

  router.get('/projects/:id', read, async (ctx) => {
    const ref = refOf(ctx);
    const revision = parseRevisionQuery(ctx.query['revision']);
    const at = parseAtQuery(ctx.query['at']);
    if (revision !== undefined && at !== undefined) {
      throw new ProblemError(400, 'invalid_request', 'Ask for a revision or an instant, not both.', [
        { pointer: '/at', message: 'not with revision' },
      ]);
    }
    const view =
      revision !== undefined
        ? await deps.queries.getProjectAt(ref, revision)
        : at !== undefined
          ? await deps.queries.getProjectAsOf(ref, at)
          : await deps.queries.getProject(ref);
    ctx.set('ETag', etag(view.revision));
    // A past revision never changes; what `at` names can (a later save), until `at` itself is past.
    ctx.set('Cache-Control', revision !== undefined ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    if (answerNotModified(ctx, etag(view.revision))) return;
    sendJson(ctx, 200, presentProject(view));
  });

  router.put('/projects/:id', write, conditional, body, onceSaved!, async (ctx) => {
    const result = await saveProject(deps, refOf(ctx), ctx.state.body, parseIfMatch(ctx.get('If-Match')), actorOf(ctx));
    const { view } = result;
    ctx.set('ETag', etag(view.revision));
    // Content equal to the current revision's: 200 with that revision, nothing appended (`unchanged`).
    sendJson(ctx, 200, presentWrite(view, result.warnings, result.unchanged));
  });

  router.delete('/projects/:id', write, conditional, onceDeleted!, async (ctx) => {
    await deleteProject(ctx, deps);
  });

  router.post('/projects/:id/revisions/:revision/restore', write, conditional, onceSaved!, async (ctx) => {
    const ref = refOf(ctx);
    const revision = parseRevisionQuery(ctx.params['revision']) ?? 0; // the path always has one
    const expectedRevision = parseIfMatch(ctx.get('If-Match'));
    const result = await deps.commands.restore(ref, revision, {
      ...(expectedRevision !== undefined ? { expectedRevision } : {}),
      actor: actorOf(ctx),
    });
    ctx.set('ETag', etag(result.view.revision));
    sendJson(ctx, 200, presentWrite(result.view, result.warnings, result.unchanged));
  });

  // Drafts and publishing (docs/publishing.md): make a template revision the one renders use. A replay rebuilt
  // from its event answers 200 with the project, as a save does.
  router.post('/projects/:id/publish', write, conditional, body, onceSaved!, async (ctx) => {
    const result = await publishProject(deps, refOf(ctx), ctx.state.body, parseIfMatch(ctx.get('If-Match')), actorOf(ctx));
    ctx.set('ETag', etag(result.view.revision));
    sendJson(ctx, 200, presentWrite(result.view, result.warnings, result.unchanged));
  });

  // What the revision renders use takes (?revision=N|latest for another): { inferred, declared, differences }
  // (docs/variables.md "Variables", docs/publishing.md).
  router.get('/projects/:id/variables', read, async (ctx) => {
    const locale = ctx.query['locale'];
    const inLocale = typeof locale === 'string' ? canonicalLocale(locale) : undefined; // docs/locales.md
    sendJson(ctx, 200, await deps.renderer.reads.variables(refOf(ctx), parseTemplateRevisionQuery(ctx.query['revision']), inLocale));
  });
}

/**
 * The save of PUT /projects/:id: `body` checked as the route takes it (`parseSave`), then saved. Also the MCP
 * tool save_template (src/mcp/in-server-operations.ts). @throws ProblemError 400; what `commands.save` throws.
 */
export function saveProject(deps: AppDeps, ref: ProjectRef, body: unknown, expectedRevision: number | undefined, actor: Actor) {
  const input = parseSave(body, ref.projectId);
  return deps.commands.save(ref, {
    source: input.source,
    validation: input.validation,
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    ...(input.publishing !== undefined ? { publishing: input.publishing } : {}),
    ...(expectedRevision !== undefined ? { expectedRevision } : {}),
    actor,
  });
}

/**
 * The publish of POST /projects/:id/publish: `body` checked as the route takes it (`parsePublish`), then
 * published. Also the MCP tool publish_template. @throws ProblemError 400; what `commands.publish` throws.
 */
export function publishProject(deps: AppDeps, ref: ProjectRef, body: unknown, expectedRevision: number | undefined, actor: Actor) {
  return deps.commands.publish(ref, { ...parsePublish(body), ...(expectedRevision !== undefined ? { expectedRevision } : {}), actor });
}

/** DELETE /projects/:id and DELETE /templates/:id. */
export async function deleteProject(ctx: RouterContext<AppState>, deps: AppDeps): Promise<void> {
  const expectedRevision = parseIfMatch(ctx.get('If-Match'));
  await deps.commands.delete(refOf(ctx), { ...(expectedRevision !== undefined ? { expectedRevision } : {}), actor: actorOf(ctx) });
  ctx.status = 204;
}

/** The project named by the path, in the caller's workspace. */
export function refOf(ctx: RouterContext<AppState>): ProjectRef {
  return { workspace: principal(ctx).workspace, projectId: parsePathId(ctx.params['id'] ?? '') };
}

/** Who writes: recorded in the events for the audit. */
export function actorOf(ctx: RouterContext<AppState>): Actor {
  const { idempotency } = ctx.state;
  return { keyId: principal(ctx).keyId, requestId: ctx.state.requestId, ...(idempotency ? { idempotency } : {}) };
}

function principal(ctx: RouterContext<AppState>) {
  return ctx.state.principal!;
}

/** Strong ETag of a revision: `"<revision>"`. */
export function etag(revision: number): string {
  return `"${revision}"`;
}

/**
 * `If-Match` → expected revision. Accepts `"N"`; `*` means "any current revision" (RFC 9110 §13.1.1).
 * A weak tag `W/"N"` never matches: If-Match uses the strong comparison (RFC 9110 §13.1.1, §8.8.3.2).
 * @throws ProblemError 412 `revision_mismatch` for a weak tag or a tag this API never issued.
 */
export function parseIfMatch(header: string): number | undefined {
  const value = header.trim();
  if (value === '' || value === '*') return undefined;
  const weak = /^W\/"(\d{1,15})"$/.exec(value);
  if (weak) {
    throw new ProblemError(
      412,
      'revision_mismatch',
      `If-Match ${value} is a weak entity tag, and If-Match compares tags strongly (RFC 9110 §13.1.1), so it matches no revision: send If-Match: "${weak[1]}".`,
    );
  }
  const match = /^"(\d{1,15})"$/.exec(value);
  if (!match) throw new ProblemError(412, 'revision_mismatch', `If-Match ${value} is not an ETag this API issued (they look like "3").`);
  return Number(match[1]);
}
