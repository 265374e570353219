/** Paging of list routes: `?limit=&cursor=` and the opaque cursors that continue a list. */
import { z } from 'zod';
import { check } from './check.js';
import { ProblemError } from './problem.js';
import { PROJECT_ID } from './schemas.js';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** `?limit=&cursor=` of list routes; the cursor is the base64url of the last id seen. */
export function parseList(query: unknown): { limit: number; after?: string } {
  const { limit, cursor } = check(listQuery, query);
  if (cursor === undefined) return { limit };
  const after = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!PROJECT_ID.test(after))
    throw new ProblemError(400, 'invalid_request', 'The cursor is not one this API issued.', [
      { pointer: '/cursor', message: 'invalid cursor' },
    ]);
  return { limit, after };
}

/** The cursor that continues a list after `id`. */
export function cursorAfter(id: string | null): string | null {
  return id === null ? null : Buffer.from(id, 'utf8').toString('base64url');
}

/** `?limit=&cursor=` of GET /projects/:id/revisions; the cursor is the base64url of the last revision seen. */
export function parseRevisionPage(query: unknown): { limit: number; after?: number } {
  const { limit, cursor } = check(listQuery, query);
  if (cursor === undefined) return { limit };
  const after = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^r\d{1,15}$/.test(after) || cursorAfterRevision(Number(after.slice(1))) !== cursor) {
    throw new ProblemError(400, 'invalid_request', 'The cursor is not one this API issued.', [
      { pointer: '/cursor', message: 'invalid cursor' },
    ]);
  }
  return { limit, after: Number(after.slice(1)) };
}

/** The opaque cursor that continues a revision list after `revision` (base64url of `r<revision>`). */
export function cursorAfterRevision(revision: number | null): string | null {
  return revision === null ? null : Buffer.from(`r${revision}`, 'utf8').toString('base64url');
}

/** The list query schema, for the OpenAPI document (openapi-document.ts). */
export { listQuery };
