import { CodedError, type ErrorReport } from '../domain/errors.js';

/**
 * Why a template was refused at create/save (or could not be compiled). The HTTP status of each code is in
 * the status table of the HTTP layer (`src/http/problem-statuses.ts`); every code is documented in
 * docs/errors.md "Errors".
 */
export const TEMPLATE_ERROR_CODES = [
  'invalid_ast', // the `ast` is not MJML JSON (shape, root, depth)
  'invalid_mjml', // MJML markup whose root is not <mjml>, or that does not close what it opened
  'not_mjml', // plain HTML or plain text: no MJML in it at all
  'handlebars_first_template', // a Handlebars program that generates MJML, not an MJML document
  'go_template_syntax', // Go text/template actions ({{.Props.X}}, {{end}})
  'invalid_include_path', // an mj-include or includes key outside the template's folder
  'include_not_found', // an mj-include with no entry in `includes`
  'include_cycle', // files including each other
  'text_on_structural_node', // text MJML would silently drop (e.g. directly in mj-section)
  'mjml_validation_failed', // MJML validator errors under validation "strict"
  'mjml_compile_failed', // mjml2html threw on this template
  'mjml_compile_timeout', // compile exceeded COMPILE_TIMEOUT_MS (500)
  'invalid_handlebars', // Handlebars cannot parse or run the template
  'unknown_helper', // a helper that is not registered
  'unknown_partial', // a partial that is not defined
  'recursive_partial', // project partials that call themselves or each other in a cycle
  'invalid_helper', // a declared helper that cannot be: its name, shape, `use`, fixed hash, or a call of another declared helper
  'template_too_large', // a byte size over its limit
  'template_too_complex', // elements, depth or expressions over their limit
  'invalid_locale', // a `locales` key or `default_locale` that is not a BCP 47 tag (docs/locales.md)
  'invalid_message', // a localized string that is not an ICU message (its locale, key and parser offset)
  'invalid_translation_key', // `{{t …}}` whose key is not a string literal
  'missing_translation', // a strict render in a locale that lacks a string the template reads
  'locale_markup_unsupported', // a locale's own `mjml` on a template sent as `ast` or rendered dynamic (docs/locales.md)
] as const;

/** One of {@link TEMPLATE_ERROR_CODES}. */
export type TemplateErrorCode = (typeof TEMPLATE_ERROR_CODES)[number];

/** One located finding: an RFC 6901 pointer into the request body and/or a file and line. */
export interface TemplateProblem {
  pointer?: string;
  file?: string;
  line?: number;
  /**
   * `invalid_mjml` for a tag mismatch: the tag found (`</mj-txt>`, `end of file`) and the one expected
   * (`</mj-text>`), as strings; `invalid_variables` puts its own descriptions here (render-variables.ts).
   */
  found?: unknown;
  expected?: unknown;
  message: string;
}

/** A template refused or not compiled: its `code`, the located `problems`, and `extra` members of the answer. */
export class TemplateError extends CodedError<TemplateErrorCode> {
  override readonly name = 'TemplateError';
  constructor(
    readonly code: TemplateErrorCode,
    message: string,
    readonly problems: TemplateProblem[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  override report(): ErrorReport {
    return { findings: this.problems, extra: this.extra };
  }
}
