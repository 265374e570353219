/**
 * The warnings about script URLs (email/url-policy.ts): `unsafe_url_neutralised` on a render that replaced
 * one, `unsafe_url` on a save whose template holds one literally. They name the attribute and the scheme
 * only — never the URL, which at render comes from the variables and may carry a recipient's data.
 */
import type { EmailWarning } from './warnings.js';
import { NEUTRAL_URL } from './url-policy.js';

/** One refused URL: the attribute it was in (`href`) and its scheme (`javascript`). */
export interface RefusedUrl {
  attribute: string;
  scheme: string;
}

/** Distinct `attribute (scheme:)` descriptions, in order of first appearance (at most `max`). */
export function describeRefused(refused: readonly RefusedUrl[], max = 3): string[] {
  const seen: string[] = [];
  for (const { attribute, scheme } of refused) {
    const text = `${attribute} (${scheme}:)`;
    if (!seen.includes(text) && seen.length < max) seen.push(text);
  }
  return seen;
}

/** The render warning for the URLs a render replaced with `about:invalid` (`refused` not empty). */
export function neutralisedUrlWarning(refused: readonly RefusedUrl[]): EmailWarning {
  const count = refused.length;
  const examples = describeRefused(refused);
  return {
    code: 'unsafe_url_neutralised',
    message:
      `${count} URL${count === 1 ? '' : 's'} with a scheme that can run script (${examples.join(', ')}) ${count === 1 ? 'was' : 'were'} replaced with ${NEUTRAL_URL}: ` +
      'javascript:, vbscript: and data: URLs other than PNG, GIF, JPEG or WebP images are not sent. Check the variables that fill these attributes.',
    count,
    examples,
  };
}
