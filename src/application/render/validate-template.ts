/**
 * Dry runs: check a template and, optionally, the variables a client means to send it, storing nothing.
 * `POST /v1/validate` takes an unsaved template as create takes it; `POST /v1/templates/:id/validate` a
 * saved one. Both answer `{ valid, errors, warnings, variables }`, so a client's CI can check that a
 * template still takes what its code sends.
 */
import {
  RenderLimitError,
  TemplateError,
  schemaDifferences,
  type SchemaDifference,
  inferSchema,
  type JsonSchema,
  previewReplacedWarnings,
} from '../../rendering/index.js';
import type { ProjectRef } from '../../domain/project.js';
import { RenderError, type TemplateRenderer } from './render-template.js';
import { declaredSchema, InvalidVariablesError, undeclaredReads, VariablesPolicy } from './render-variables.js';
import type { PreparedTemplate, ProofData, TemplatePreparer, TemplateSource, TemplateWarning, ValidationMode } from '../ports/index.js';
import { messagePartReads } from './render-parts.js';
import { inVariant, sourceInLocale } from './validate-locale.js';
import { usedRevisions, type TemplateComposer } from './template-composer.js';
import type { UsedRevisions } from './composed-revisions.js';
import { DomainError } from '../../domain/errors.js';

/** One finding: where (a pointer into the request, or a line of the template) and what. */
export interface ValidationProblem {
  pointer?: string;
  line?: number;
  file?: string;
  message: string;
  [detail: string]: unknown;
}

export interface ValidationReport {
  valid: boolean;
  errors: ValidationProblem[];
  warnings: ValidationProblem[];
  /** With `locale` asked: the variant validated (canonical BCP 47; null for a template without locales). */
  locale?: string | null;
  /**
   * `POST /validate` naming a layout or shared partials: the revisions the template was composed with, as a save
   * would compose it now (docs/layouts.md "Validating"); absent otherwise.
   */
  used?: UsedRevisions;
  /** What the template takes; null when the template itself was refused. */
  variables: { inferred: JsonSchema; declared: JsonSchema | null; differences: SchemaDifference[] } | null;
}

/**
 * The workspace send-readiness policy's findings as dry-run warnings (the policy slice's `PolicyGate`, which
 * sits above this one: given by the composition root).
 */
export interface PolicyAdvice {
  adviseSource(workspace: string, prepared: PreparedTemplate, metadata: Record<string, unknown>): Promise<TemplateWarning[]>;
  adviseSaved(ref: ProjectRef, revision: number | 'latest' | undefined): Promise<TemplateWarning[]>;
}

export class TemplateValidation {
  private readonly policy = new VariablesPolicy();

  constructor(
    private readonly deps: {
      templates: TemplatePreparer;
      renderer: TemplateRenderer;
      policy?: PolicyAdvice;
      /** Composes a source that names a layout or shared partials, as a save does; absent: such a source is prepared alone. */
      composer?: Pick<TemplateComposer, 'resolve' | 'prepare'>;
    },
  ) {}

  /**
   * An unsaved template: compiled and checked as a create would (in the compile pool), then `variables`,
   * when given, checked against its contract. Refusals become `errors`, never exceptions.
   * @throws CompileQueueFullError (503) and what is not the template's fault.
   */
  async validateSource(input: {
    source: TemplateSource;
    validation: ValidationMode;
    metadata: Record<string, unknown>;
    variables?: Record<string, unknown>;
    strict?: boolean;
    /** The caller's workspace: its send-readiness policy's findings are warnings (absent: none). */
    workspace?: string;
    /** Canonical BCP 47: validate what a render in this locale uses (its variant), docs/locales.md. */
    locale?: string;
  }): Promise<ValidationReport> {
    if (input.locale === undefined) return this.#validateSource(input);
    const inLocale = sourceInLocale(input.source, input.locale);
    const report = await this.#validateSource({ ...input, source: inLocale.source });
    if (!inLocale.ownMarkup || inLocale.tag === null) return { ...report, locale: inLocale.tag };
    return {
      ...report,
      errors: inVariant(report.errors, inLocale.tag),
      warnings: inVariant(report.warnings, inLocale.tag),
      locale: inLocale.tag,
    };
  }

  async #validateSource(input: Parameters<TemplateValidation['validateSource']>[0]): Promise<ValidationReport> {
    let prepared;
    let used: UsedRevisions | undefined;
    const declared = declaredSchema(input.metadata) ?? null;
    try {
      // The real variables, when given, are what the save-time proof renders with (compile/proof.ts).
      const proof = { ...(declared ? { declared } : {}), ...(input.variables ? { variables: input.variables } : {}) };
      ({ prepared, used } = await this.#prepare(input, proof));
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'layout_not_found' || error.code === 'partial_not_found')) {
        const pointer = error.code === 'layout_not_found' ? '/layout' : '/shared_partials';
        return { valid: false, errors: [{ pointer, code: error.code, message: error.message }], warnings: [], variables: null };
      }
      if (!(error instanceof TemplateError)) throw error;
      const errors =
        error.problems.length > 0
          ? error.problems.map((p) => ({ ...p, code: error.code }))
          : [{ code: error.code, message: error.message }];
      return { valid: false, errors, warnings: [], variables: null };
    }
    const reads = [...(prepared.reads ?? []), ...messagePartReads(input.metadata)]; // subject and preheader count too
    const inferred = inferSchema(reads);
    const errors: ValidationProblem[] = [];
    if (prepared.variablesRefused) errors.push({ pointer: '/variables', ...prepared.variablesRefused });
    if (input.variables) {
      try {
        this.policy.check({ reads, declared: declared ?? undefined }, input.variables, input.strict ?? false);
      } catch (error) {
        if (!(error instanceof InvalidVariablesError)) throw error;
        errors.push(...error.problems.map((problem) => ({ ...problem })));
      }
    }
    return {
      valid: errors.length === 0,
      errors,
      warnings: [
        ...prepared.warnings,
        ...undeclaredReads(reads, input.metadata),
        ...previewReplacedWarnings(prepared.template, input.metadata),
        ...(this.deps.policy && input.workspace !== undefined
          ? await this.deps.policy.adviseSource(input.workspace, prepared, input.metadata)
          : []),
      ],
      variables: { inferred, declared, differences: declared ? schemaDifferences(inferred, declared) : [] },
      ...(used ? { used } : {}),
    };
  }

  /**
   * `input.source` prepared as a save prepares it: a source that names a layout or shared partials composed
   * with the revisions they resolve to now, by the save's composer (template-composer.ts), and those revisions.
   * @throws DomainError `layout_not_found`, `partial_not_found`; TemplateError; what the preparer throws.
   */
  async #prepare(
    input: { source: TemplateSource; validation: ValidationMode; workspace?: string },
    proof: ProofData,
  ): Promise<{ prepared: PreparedTemplate; used?: UsedRevisions }> {
    const source = input.source;
    if (!('mjml' in source) || !source.uses || !this.deps.composer || input.workspace === undefined)
      return { prepared: await this.deps.templates.prepare(source, input.validation, proof) };
    const { uses, ...own } = source;
    const resolved = await this.deps.composer.resolve(input.workspace, uses);
    return { prepared: await this.deps.composer.prepare(own, resolved, input.validation, proof), used: usedRevisions(resolved) };
  }

  /**
   * A saved template (its published revision, or `revision`: a number or `latest`): when `variables` are given, rendered with them
   * as a JSON render is (HTML, subject, preheader, text) and the output thrown away, so a problem with the
   * variables or a render limit shows as an error, and a path the render read and was not sent as the
   * render's `missing_variable` warning. `locale`: read and rendered in that locale (the answer names the variant);
   * without it, the default locale and then each locale with its own `mjml` (their findings naming `locale`); a
   * strict render's missing string is a `missing_translation` error (docs/locales.md "Validating a locale").
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`; CompileQueueFullError.
   */
  async validateSaved(
    ref: ProjectRef,
    input: { variables?: Record<string, unknown>; strict?: boolean; revision?: number | 'latest'; locale?: string },
  ): Promise<ValidationReport> {
    const policy = this.deps.policy ? await this.deps.policy.adviseSaved(ref, input.revision) : [];
    const locales = await this.deps.renderer.reads.locales(ref, input.revision, input.locale);
    const report = await this.#validateSaved(ref, input, input.locale);
    report.warnings.push(...policy.map((warning) => ({ ...warning })));
    if (input.locale !== undefined) return { ...report, locale: locales.tag };
    // Without a locale: every variant with its own markup too, its findings naming it (docs/locales.md).
    for (const tag of locales.withMarkup.filter((tag) => tag !== locales.tag)) {
      const variant = await this.#validateSaved(ref, input, tag);
      report.errors.push(...inVariant(variant.errors, tag));
      report.warnings.push(...inVariant(variant.warnings, tag));
    }
    return { ...report, valid: report.errors.length === 0 };
  }

  /** `validateSaved` in one locale (undefined: the default), without the policy's findings. */
  async #validateSaved(
    ref: ProjectRef,
    input: { variables?: Record<string, unknown>; strict?: boolean; revision?: number | 'latest' },
    locale: string | undefined,
  ): Promise<ValidationReport> {
    const variables = await this.deps.renderer.reads.variables(ref, input.revision, locale);
    const errors: ValidationProblem[] = [];
    const unsent: ValidationProblem[] = [];
    if (input.variables) {
      try {
        const output = await this.deps.renderer.render(ref, {
          variables: input.variables,
          format: 'html',
          encoding: 'json',
          strict: input.strict ?? false,
          ...(input.revision !== undefined ? { revision: input.revision } : {}),
          ...(locale !== undefined ? { locale } : {}),
        });
        for (const w of output.parts.warnings)
          if (w.code === 'missing_variable' || w.code === 'missing_variables_omitted') unsent.push({ ...w });
      } catch (error) {
        if (error instanceof InvalidVariablesError) errors.push(...error.problems.map((problem) => ({ ...problem })));
        else if (error instanceof RenderError || error instanceof RenderLimitError)
          errors.push({ pointer: '/variables', message: error.message });
        else if (error instanceof TemplateError && error.code === 'missing_translation')
          errors.push(...error.problems.map((problem) => ({ ...problem, code: error.code })));
        else throw error;
      }
    }
    const warnings = [...variables.differences.filter((d) => d.kind !== 'not_read').map((d) => ({ message: d.message })), ...unsent];
    return { valid: errors.length === 0, errors, warnings, variables };
  }
}
