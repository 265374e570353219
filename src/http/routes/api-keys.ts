/**
 * /api-keys routes (issue 10), all behind the `keys:admin` scope and confined to the caller's workspace:
 * create (the token is in the 201 response, once), list (paginated), fetch one, revoke, rotate.
 * The rules themselves live in `ApiKeyAdmin`.
 */
import type { Router, RouterContext } from '@koa/router';
import { ApiKeyAdmin, type Principal } from '../../application/keys/index.js';
import { keyCursor, parseCreateKey, parseKeyId, parseKeyList, parseRotateKey, presentKey } from '../api-key-schemas.js';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { sendJson } from './respond.js';

export function apiKeyRoutes(router: Router<AppState>, deps: AppDeps): void {
  const admin = new ApiKeyAdmin(deps.apiKeys);
  const scope = requireScope('keys:admin');
  const body = jsonBody(deps.bodyLimitBytes);

  router.post('/api-keys', scope, body, async (ctx) => {
    const { token, record } = await admin.create(principal(ctx), parseCreateKey(ctx.state.body));
    sendIssued(ctx, `${ctx.path}/${record.id}`, { ...presentKey(record, admin.status(record)), token });
  });

  router.get('/api-keys', scope, async (ctx) => {
    const { items, next } = await admin.list(principal(ctx), parseKeyList(ctx.query));
    sendJson(ctx, 200, { items: items.map((record) => presentKey(record, admin.status(record))), next_cursor: keyCursor(next) });
  });

  router.get('/api-keys/:id', scope, async (ctx) => {
    const record = await admin.get(principal(ctx), parseKeyId(ctx.params['id']!));
    sendJson(ctx, 200, presentKey(record, admin.status(record)));
  });

  router.delete('/api-keys/:id', scope, async (ctx) => {
    await admin.revoke(principal(ctx), parseKeyId(ctx.params['id']!));
    ctx.status = 204;
  });

  router.post('/api-keys/:id/rotate', scope, body, async (ctx) => {
    const id = parseKeyId(ctx.params['id']!);
    const { token, record, previous } = await admin.rotate(principal(ctx), id, parseRotateKey(ctx.state.body));
    const location = ctx.path.replace(/\/[^/]+\/rotate$/, `/${record.id}`);
    sendIssued(ctx, location, {
      ...presentKey(record, admin.status(record)),
      token,
      previous: presentKey(previous, admin.status(previous)),
    });
  });
}

/**
 * 201 with the token: never stored by a cache (RFC 9111 §5.2.2.5 `no-store`, as RFC 6749 §5.1 asks of token
 * responses) and never compressed, here (`ctx.compress = false`: koa-compress skips it) or by an intermediary
 * (`no-transform`, RFC 9111 §5.2.2.6). The body reflects the request's `name` beside the secret; compressing
 * both together lets whoever sees the sizes and chooses the name guess the secret (BREACH, CVE-2013-3587).
 */
function sendIssued(ctx: RouterContext<AppState>, location: string, body: unknown): void {
  ctx.set('Location', location);
  ctx.set('Cache-Control', 'no-store, no-transform');
  ctx.compress = false;
  sendJson(ctx, 201, body);
}

function principal(ctx: RouterContext<AppState>): Principal {
  return ctx.state.principal!;
}
