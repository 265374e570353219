/**
 * Method problems as RFC 9457 responses. @koa/router's `allowedMethods()` (used without `throw`) sets
 * 405 or 501 and the `Allow` header itself; this turns those bare statuses into problems that keep
 * `Allow`, since RFC 9110 §15.5.6 requires it on every 405 (the thrown variant carried none). OPTIONS on a
 * route answers 204 with `Allow` (RFC 9110 §9.3.7) rather than the router's empty 200.
 */
import type Koa from 'koa';
import { ProblemError } from './problem.js';

/** Wrap the routers: 405 `method_not_allowed` and 501 `not_implemented` (RFC 9110 §15.6.2), each with `Allow`. */
export function methodProblems(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null && ctx.body !== '') return;
    const allow = ctx.response.get('Allow');
    if (ctx.status === 405) {
      throw new ProblemError(405, 'method_not_allowed', `${ctx.path} does not support ${ctx.method}; it supports ${allow || 'no method'}.`, [], { Allow: allow });
    }
    if (ctx.status === 501) {
      // Methods the router does not implement at all (TRACE, PROPFIND, …); `Allow` names what this path takes, if anything.
      throw new ProblemError(501, 'not_implemented', `This service does not implement the ${ctx.method} method.`, [], allow ? { Allow: allow } : {});
    }
    if (ctx.method === 'OPTIONS' && ctx.status === 200 && allow) ctx.status = 204;
  };
}
