/**
 * Worker-thread side of the MJML compile pool (Piscina). mjml2html does its work synchronously even
 * though it returns a Promise (notes/performance.md), so compiling here keeps the event loop free and
 * lets the pool enforce a deadline by terminating the worker.
 *
 * Task: `{ tree }` (an MJML JSON tree built by our code; no file-system option is ever passed).
 * Result: `{ ok: true, html, errors }` with the validator's findings, or `{ ok: false, message }` when
 * mjml2html throws on the template.
 */
import { mjml2html, type ParsedNode } from '../mjml/runtime.js';
import type { CompileOutcome } from './pool.js';

export default async function compile({ tree }: { tree: ParsedNode }): Promise<CompileOutcome> {
  try {
    // 'soft' renders and reports; the caller refuses when the request asked for strict validation.
    const { html, errors } = await mjml2html(tree, { validationLevel: 'soft' });
    return {
      ok: true,
      html,
      errors: errors.map((e) => ({ line: typeof e.line === 'number' ? e.line : null, tagName: e.tagName, message: e.message })),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
