/**
 * Headers that keep a browser from treating an answer as something it is not (issue 19, item 5):
 *
 * - `X-Content-Type-Options: nosniff` on every answer (WHATWG Fetch §3.5 "X-Content-Type-Options"): a
 *   browser runs or shows a body only as the type it is sent with, never as what its bytes look like;
 * - on every `text/html` answer that set no policy of its own (the /docs and /preview/ pages set theirs),
 *   `EMAIL_HTML_CSP`. That is a render with `Accept: text/html`: an email, built from a template and
 *   variables the caller chose, which a mailer should take as bytes but a browser may be shown.
 */
import type Koa from 'koa';

/**
 * Content-Security-Policy (W3C CSP Level 3) of a rendered email as HTML. It lets the email look as it would
 * in a mail client and nothing more: `style-src 'unsafe-inline'` for MJML's `<style>` blocks and style
 * attributes, `img-src * data:` for its images (a mail client loads them too). Everything else is refused:
 * no script, no font, stylesheet or frame from elsewhere, no form, no `<base>`. `sandbox` (no values) also
 * gives the document an opaque origin, so even a script the policy missed could not read this origin's
 * storage, and `frame-ancestors 'none'` keeps another site from framing it.
 */
export const EMAIL_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  'sandbox',
].join('; ');

/** Set the headers above; runs outside `problemDetails`, so problem answers get them too. */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set(NOSNIFF);
    await next();
    if (ctx.response.is('html') && !ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', EMAIL_HTML_CSP);
  };
}

/** The header every answer carries (the render fast path sets it too). */
export const NOSNIFF: Readonly<Record<string, string>> = Object.freeze({ 'X-Content-Type-Options': 'nosniff' });
