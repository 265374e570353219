/**
 * The answer of `POST /templates/:id/render`, once, for both ways a render arrives: the Koa route
 * (routes/templates.ts) and the render fast path (fast-render.ts). Each writes what this returns.
 */
import type { ProjectRef } from '../domain/project.js';
import type { RenderOutput } from '../application/render/index.js';
import type { RenderedForReceipt } from '../application/receipts/index.js';
import type { AppDeps } from './deps.js';
import { missingVariablesHeaders, presentRender } from './presenters.js';
import { ProblemError } from './problem.js';
import type { RenderInput } from './render-schemas.js';
import { parsePathId } from './schemas.js';

/** What a receipt states of a render (receipts.ts `RenderedForReceipt`): `body` is the plain HTML (`plainBody`). */
function receiptSubject(output: RenderOutput): RenderedForReceipt {
  return {
    template: output.id,
    revision: output.revision,
    publishedSha256: output.publishedSha256,
    html: output.body,
    text: output.parts.text,
    subject: output.parts.subject,
    locale: output.locale,
    ...(output.sharedPartialRevisions
      ? { layoutRevision: output.layoutRevision ?? null, sharedPartialRevisions: output.sharedPartialRevisions }
      : {}),
    mjmlVersion: output.mjmlVersion,
  };
}

/** The media types a render answers in, in the order content negotiation (RFC 9110 §12.5.1) offers them. */
export const RENDER_MEDIA_TYPES = ['application/json', 'text/html'] as const;

/**
 * A successful render answer: status 200, these headers, `type` and `body`: the text sent, as pieces to
 * write in order (their UTF-8 bytes; one piece for `text/html`, three for JSON: see `presentRender`).
 */
export interface RenderAnswer {
  /** In the order they are set: `X-Cache`, `Cache-Control`, `Content-Language`?, then the `text/html` ones. */
  headers: Record<string, string>;
  /** The Content-Type. */
  type: string;
  body: readonly string[];
  /** Fields of the access-log line (middleware.ts `accessLogEntry`). */
  log: { project: string; revision: number; cache: 'HIT' | 'MISS' };
}

/**
 * Render the project `pathId` (the route's decoded `:id`) of `workspace` as `request` asks: as JSON or, when
 * `html` (the client prefers `text/html`), as the HTML itself.
 * The caller has added `Accept` to `Vary` first: even a 406 depends on it.
 * @throws ProblemError 406 `not_acceptable` for format `mjml` as `text/html`; then `parsePathId`'s 404 for an id
 *   that cannot be one; what `deps.renderer.render` throws.
 */
export async function renderAnswer(
  deps: Pick<AppDeps, 'renderer' | 'receipts'>,
  workspace: string,
  pathId: string,
  keyId: string,
  request: RenderInput,
  html: boolean,
): Promise<RenderAnswer> {
  // MJML has no HTML form
  if (html && request.format === 'mjml') {
    throw new ProblemError(
      406,
      'not_acceptable',
      'format "mjml" is returned as JSON: send "Accept: application/json", or ask for format "html".',
    );
  }
  // keyId: whose payload shapes the publish gate records
  const ref: ProjectRef = { workspace, projectId: parsePathId(pathId) };
  // A receipt digests the plain HTML: a JSON answer then carries it unescaped (render-template.ts `plainBody`).
  const signer = request.format === 'html' && request.receipt !== false ? deps.receipts?.signer : undefined;
  const output = await deps.renderer.render(ref, {
    ...request,
    keyId,
    encoding: html ? 'text' : 'json',
    ...(signer ? { plainBody: true } : {}),
  });
  const receipt = signer ? await signer.sign(workspace, receiptSubject(output), request.variables) : null;
  const log = { project: output.id, revision: output.revision, cache: output.cache };
  const headers: Record<string, string> = { 'X-Cache': output.cache, 'Cache-Control': 'no-store' }; // the body carries the recipient's data
  if (output.locale !== null) headers['Content-Language'] = output.locale; // the variant used (docs/locales.md)
  if (!html) return { headers, type: 'application/json; charset=utf-8', body: presentRender(output, receipt), log };
  if (receipt !== null) headers['Letterpress-Receipt'] = receipt;
  headers['X-Template-Revision'] = String(output.revision);
  headers['X-Template-Updated-At'] = output.updatedAt;
  headers['X-Template-Published-Sha256'] = output.publishedSha256;
  Object.assign(headers, missingVariablesHeaders(output.missingVariables)); // no body to carry the warnings
  return { headers, type: 'text/html; charset=utf-8', body: [output.body], log };
}
