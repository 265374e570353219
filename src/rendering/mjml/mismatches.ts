/**
 * What a save does with markup that does not close what it opened (tag-balance.ts): under `strict`
 * validation the 400 `invalid_mjml` naming every place (line, file, tag found, tag expected); under `soft`
 * one warning per place, with the same fields and the mismatch's `code`. docs/markup-checks.md "Markup checks".
 */
import { TemplateError, type TemplateProblem } from '../template-error.js';
import type { TemplateWarning, ValidationMode } from '../template-source.js';
import type { MarkupMismatch } from './includes.js';
import { describeMismatch } from './tag-balance.js';

/** Where markup came from when it is not a file the client sent: the MJML a dynamic template generated. */
export interface GeneratedMarkup {
  /** The generated MJML, to quote the line a mismatch is on. */
  text: string;
}

/**
 * Refuse (strict) or report (soft, appended to `warnings`) tag mismatches. `generated`: the markup is the
 * MJML a dynamic template generated with sample data; lines are lines of it, and each message quotes its line.
 * @throws TemplateError `invalid_mjml` under `strict` when there is any mismatch; `errors[]` items carry
 *   `line`, `file` (for an include), `found`, `expected` and `message`.
 */
export function applyMismatchPolicy(
  mismatches: MarkupMismatch[],
  validation: ValidationMode,
  warnings: TemplateWarning[],
  generated?: GeneratedMarkup,
): void {
  applyPolicy(mismatches, validation, warnings, generated, true);
}

/**
 * Refuse tag mismatches whatever the validation: the parse they caused cannot be stored (an element after
 * `</mjml>` became the root). @throws TemplateError `invalid_mjml` as `applyMismatchPolicy` does under strict.
 */
export function refuseMismatches(mismatches: MarkupMismatch[]): void {
  applyPolicy(mismatches, 'strict', [], undefined, false);
}

function applyPolicy(
  all: MarkupMismatch[],
  validation: ValidationMode,
  warnings: TemplateWarning[],
  generated: GeneratedMarkup | undefined,
  softHelps: boolean,
): void {
  // An element left open where nothing is lost is a warning whatever the validation: refusing it would
  // refuse templates MJML renders exactly as written.
  const lossless = all.filter((m) => m.lossless).map(({ lossless: _, ...m }) => m);
  if (lossless.length > 0) applyPolicy(lossless, 'soft', warnings, generated, softHelps);
  const mismatches = all.filter((m) => !m.lossless);
  if (mismatches.length === 0) return;
  const located = mismatches.map((m) => ({
    ...(m.file ? { file: m.file } : {}),
    line: m.line,
    found: m.found,
    expected: m.expected,
    message: generated
      ? `${describeMismatch(m, 'the MJML generated with sample data')} That line reads: ${quoteLine(generated.text, m.line)}`
      : describeMismatch(m, m.file),
  }));
  if (validation === 'soft') {
    mismatches.forEach((m, i) => warnings.push({ code: m.code, ...located[i]! }));
    return;
  }
  const more = mismatches.length > 1 ? ` (and ${mismatches.length - 1} more place${mismatches.length > 2 ? 's' : ''} in errors)` : '';
  const problems: TemplateProblem[] = located;
  throw new TemplateError(
    'invalid_mjml',
    `The markup does not close what it opened: ${located[0]!.message}${more} ` +
      `Close each element with its own closing tag${softHelps ? ', or send "validation": "soft" to store the template anyway and get these back as warnings' : ''}.`,
    problems,
  );
}

function quoteLine(text: string, line: number): string {
  const content = (text.split('\n')[line - 1] ?? '').trim();
  return JSON.stringify(content.length > 160 ? `${content.slice(0, 157)}...` : content);
}
