/**
 * `REQUIRE_IF_MATCH=true`: writes to an existing project must be conditional, so that no client overwrites
 * or deletes a revision it has not seen (the "lost update" of RFC 9110 §13.1.1 and RFC 6585 §3).
 */
import type Koa from 'koa';
import type { AppState } from './middleware.js';
import { ProblemError } from './problem.js';

/**
 * Refuse a request without `If-Match` with 428 `precondition_required` (RFC 6585 §3) when `required`;
 * pass everything through otherwise. `If-Match: *` counts as conditional (RFC 9110 §13.1.1: it is one —
 * the client says it means "whatever revision is current"); its value is checked by the route.
 */
export function requireIfMatch(required: boolean): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (required && ctx.get('If-Match').trim() === '') {
      const resource = ctx.path.replace(/\/revisions\/[^/]+\/restore$/, '');
      throw new ProblemError(
        428,
        'precondition_required',
        `This server requires conditional writes: send If-Match with the project's current ETag (the ETag header of GET ${resource}, e.g. If-Match: "3"), or If-Match: * to act on whatever revision is current.`,
        [],
        {},
        { header: 'If-Match' },
      );
    }
    await next();
  };
}
