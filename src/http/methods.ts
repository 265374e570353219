/**
 * Method problems as RFC 9457 responses. @koa/router's `allowedMethods()` (used without `throw`) sets
 * 405 or 501 and the `Allow` header itself; this turns those bare statuses into problems that keep
 * `Allow`, since RFC 9110 §15.5.6 requires it on every 405 (the thrown variant carried none). OPTIONS on a
 * route answers 204 with `Allow` (RFC 9110 §9.3.7) rather than the router's empty 200.
 */
import type Koa from 'koa';
import { ProblemError } from './problem.js';

/**
 * Wrap the routers: 405 `method_not_allowed` with `Allow` for a method a path does not take, whether or not
 * any route implements it (TRACE, PROPFIND on an existing path); 404 `route_not_found` for an unknown path.
 */
export function methodProblems(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null && ctx.body !== '') return;
    const allow = ctx.response.get('Allow');
    if (ctx.status === 405) {
      throw new ProblemError(
        405,
        'method_not_allowed',
        `${ctx.path} does not support ${ctx.method}; it supports ${allow || 'no method'}.`,
        [],
        { Allow: allow },
      );
    }
    if (ctx.status === 501) {
      // A method no route implements (TRACE, PROPFIND, …). On a path that exists it is still a method this
      // resource does not allow: 405 with `Allow`, which tells the client what it can do (issue 10 asks for
      // a 4xx; RFC 9110 §15.6.2's 501 says only "not here"). On a path that does not exist: 404, as for GET.
      if (!allow) throw new ProblemError(404, 'route_not_found', `No route ${ctx.method} ${ctx.path}.`);
      throw new ProblemError(
        405,
        'method_not_allowed',
        `This service does not implement the ${ctx.method} method; ${ctx.path} supports ${allow}.`,
        [],
        { Allow: allow },
      );
    }
    if (ctx.method === 'OPTIONS' && ctx.status === 200 && allow) ctx.status = 204;
  };
}
