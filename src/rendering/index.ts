/**
 * The face of rendering: everything code outside src/rendering uses of it, and the only file of the folder it
 * imports (dependency-cruiser rule `rendering-front-door`). Rendering is a library in pipeline folders — mjml/
 * (markup scan, includes, AST checks, the MJML runtime), handlebars/ (parse, walk, analysis, guards, the metered
 * environment), email/ (plain text, warnings, preheader, URLs, images), policy/ (the send-readiness
 * policy's checks), variables/ (inferred schemas, the
 * validator), compile/ (the worker pool and its client) — and imports nothing from the application. The compile
 * worker (compile/worker.ts) is loaded by file name by the pool, not imported.
 */
export { PooledRevisionLoader, PooledTemplatePreparer, heapStringBytes } from './compile/client.js';
export { tidyText } from './compile/message-parts.js';
export { CompilePool, CompileQueueFullError } from './compile/pool.js';
export { withCompileTenant } from './compile/tenant.js';
export { headerText } from './email/header-text.js';
export { findImagesWithoutAlt, imageAltRenderWarnings } from './email/image-alt.js';
export type { ImageSource } from './email/image-alt.js';
export { TEXT_PART_WORDWRAP, toPlainText } from './email/plain-text.js';
export { placePreheader, previewReplacedWarnings } from './email/preheader.js';
export { neutralisedUrlWarning } from './email/url-warnings.js';
export { GMAIL_CLIPPING_BYTES, clippingWarning, emailWarnings } from './email/warnings.js';
export { visibleDiff } from './email/visible-diff.js';
export type { ChangeType, RenderedEmail, VisibleChange, VisibleDiff } from './email/visible-diff.js';
export type { VisibleImage, VisibleLink } from './email/visible-content.js';
export type { EmailWarning } from './email/warnings.js';
export { analyzeTemplate, parseHandlebars } from './handlebars/analysis.js';
export { RenderLimitError } from './handlebars/budget.js';
export type { RenderLimits } from './handlebars/budget.js';
export { HELPER_NAME, MAX_HELPER_PARAMS } from './handlebars/declared-helpers.js';
export { renderWithin } from './handlebars/environment.js';
export type { CompiledTemplate, LoadedHelpers, LoadedPartials, TemplateOutput } from './handlebars/environment.js';
export { partialFile } from './handlebars/guards.js';
export { MissingReads } from './handlebars/missing-reads.js';
export { PARTIAL_NAME } from './handlebars/partials.js';
export { makePrintable } from './handlebars/printable.js';
export { collectUrlFindings, neutraliseHtml, scrubText } from './handlebars/safe-url.js';
export type { UrlFinding } from './handlebars/safe-url.js';
export { buildSampleContext } from './handlebars/sample-context.js';
export { typedBySchema } from './handlebars/typed-sample.js';
export { formatPath, sortedUnique } from './handlebars/walker.js';
export type { DataRead } from './handlebars/walker.js';
export { DEFAULT_TEMPLATE_LIMITS } from './limits.js';
export type { TemplateLimits } from './limits.js';
export { toMjmlMarkup } from './mjml/markup.js';
export { policyFindings } from './policy/check-policy.js';
export type { PolicySubject } from './policy/check-policy.js';
export { EMAIL_CLIENTS, clientsMatching } from './policy/client-support.js';
export { declaredHeaders, headerTemplateProblems, renderHeaders } from './policy/email-headers.js';
export type { PolicyFinding } from './policy/findings.js';
export { MJML_VERSION } from './mjml/runtime.js';
export { TemplateError } from './template-error.js';
export type { TemplateErrorCode, TemplateProblem } from './template-error.js';
export type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from './template-source.js';
export { schemaDifferences } from './variables/differences.js';
export type { SchemaDifference } from './variables/differences.js';
export { inferSchema } from './variables/inferred-schema.js';
export type { JsonSchema } from './variables/inferred-schema.js';
export { MAX_MISSING_VARIABLE_WARNINGS, missingVariableWarnings } from './variables/missing-variables.js';
export type { MissingVariablesWarning } from './variables/missing-variables.js';
export { sampleOfShape } from './variables/shape-sample.js';
export { DEFAULT_SHAPE_BOUNDS, shapeKey, shapeSignature, variableShape } from './variables/shapes.js';
export type { ShapeBounds, ShapeType, VariableShape } from './variables/shapes.js';
export { InvalidSchemaError, VariablesValidator, comparePointers, escapePointer } from './variables/validator.js';
export type { VariableProblem } from './variables/validator.js';
export { LocalizedTemplatePreparer } from './locales/localized-preparer.js';
export { variantPointer } from './locales/variant-markup.js';
export { LocaleMessages, translationKeys } from './locales/messages.js';
