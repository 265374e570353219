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
    if (required && ctx.get('If-Match').trim() === '') throw preconditionRequired(ctx.path.replace(/\/revisions\/[^/]+\/restore$/, ''));
    await next();
  };
}

/**
 * The 428 `precondition_required` of a write without `If-Match` under REQUIRE_IF_MATCH; `resource` is the
 * project's path (`/v1/projects/welcome`), whose ETag the detail tells the client to send. Also the MCP
 * write tools' refusal without `if_match` (src/mcp/in-server-operations.ts).
 */
export function preconditionRequired(resource: string, header = 'If-Match'): ProblemError {
  return new ProblemError(
    428,
    'precondition_required',
    `This server requires conditional writes: send ${header} with the project's current ETag (the ETag header of GET ${resource}, e.g. ${header}: "3"), or ${header}: * to act on whatever revision is current.`,
    [],
    {},
    { header },
  );
}
