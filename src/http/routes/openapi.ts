/**
 * GET /v1/openapi.json and /api/v1/openapi.json: the OpenAPI 3.1 document (openapi-document.ts).
 *
 * Public on purpose: app.ts mounts this router BEFORE authentication, so the document is readable
 * without a key (common practice: it describes the API, holds no workspace data, and a reference page
 * or a code generator can fetch it). It is built and serialised once, so an unauthenticated request
 * costs one string write. Nothing else is mounted ahead of authentication.
 */
import Router from '@koa/router';
import type { AppState } from '../middleware.js';
import { openApiDocument } from '../openapi-document.js';

/** A router serving the document under each prefix; only `GET`/`HEAD` of that one path. */
export function openApiRoutes(prefixes: readonly string[]): Router<AppState> {
  const text = JSON.stringify(openApiDocument(prefixes));
  const router = new Router<AppState>();
  for (const prefix of prefixes) {
    router.get(`${prefix}/openapi.json`, (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.status = 200;
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = text;
    });
  }
  return router;
}
