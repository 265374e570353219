/**
 * The MCP server's port (src/mcp/operations.ts) over the HTTP API, for `letterpress mcp` on stdio: each
 * operation is one request of the CLI's client (`LetterpressClient`: Bearer key, `Idempotency-Key` on writes,
 * 429s waited out), so the server's own checks — scopes, If-Match, limits — decide. A refusal (`ApiError`)
 * becomes `ProblemRefusal` with the server's problem details; a server that cannot be reached, one with its URL.
 */
import { ProblemRefusal, type IfMatch, type Json, type RevisionChoice, type TemplateOperations } from '../mcp/server.js';
import { seg, type LetterpressClient } from './client.js';
import { ApiError, NetworkError } from './errors.js';

/** The port over `client`. */
export function httpOperations(client: LetterpressClient): TemplateOperations {
  const ifMatchHeader = (ifMatch: IfMatch | undefined) =>
    ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch === '*' ? '*' : `"${ifMatch}"` } };
  const revisionQuery = (revision: RevisionChoice | undefined) => (revision === undefined ? '' : `?revision=${revision}`);
  return {
    listTemplates: (page) => {
      const query = new URLSearchParams();
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.cursor !== undefined) query.set('cursor', page.cursor);
      const text = query.toString();
      return asked(() => client.get(`/templates${text === '' ? '' : `?${text}`}`));
    },
    getTemplate: (id, revision) => asked(() => client.get(`/templates/${seg(id)}${revisionQuery(revision)}`)),
    variables: (id, revision) => asked(() => client.get(`/projects/${seg(id)}/variables${revisionQuery(revision)}`)),
    validate: (id, body) => asked(() => client.post(`/templates/${seg(id)}/validate`, body)),
    render: (id, body) => asked(() => client.post(`/templates/${seg(id)}/render`, body)),
    diff: (id, body) => asked(() => client.post(`/projects/${seg(id)}/diff`, body)),
    save: (id, body, ifMatch) => asked(() => client.request('PUT', `/projects/${seg(id)}`, { body, ...ifMatchHeader(ifMatch) })),
    publish: (id, body, ifMatch) => asked(() => client.post(`/projects/${seg(id)}/publish`, body, ifMatchHeader(ifMatch))),
    restore: (id, revision, ifMatch) =>
      asked(() => client.post(`/projects/${seg(id)}/revisions/${revision}/restore`, undefined, ifMatchHeader(ifMatch))),
  };
}

/**
 * The JSON body of one request, or its refusal as `ProblemRefusal`: the server's problem details (with the
 * status when the body had none), or for a server not reached a 503-like problem naming the URL.
 */
async function asked(request: () => Promise<{ body: unknown }>): Promise<Json> {
  try {
    return (await request()).body as Json;
  } catch (error) {
    if (error instanceof ApiError) throw new ProblemRefusal({ status: error.status, ...error.problem });
    if (error instanceof NetworkError) {
      throw new ProblemRefusal({ title: 'Server not reached', status: 503, code: 'server_unreachable', detail: error.message });
    }
    throw error;
  }
}
