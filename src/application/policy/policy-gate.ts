/**
 * The send-readiness policy at the doors a template goes through: a publish (refused with 422
 * `policy_violation` when the policy is broken, `force` or not), a save under `on_save` (a save is a
 * publish there), a draft under `review` and the dry runs (the same findings as warnings).
 */
import { CodedError, type ErrorReport } from '../../domain/errors.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import type { ProjectRef, PublishedTemplate } from '../../domain/project.js';
import { policyChecksSomething } from '../../domain/policy.js';
import { policyFindings, type PolicyFinding } from '../../rendering/index.js';
import { localizedMetadata, unitedFindings } from './locale-findings.js';
import type { PreparedTemplate, TemplateWarning } from '../ports/index.js';
import type { ProjectQueries } from '../read/index.js';
import { sampleVariables, type RevisionReads, type TemplateRenderer } from '../render/index.js';
import type { WorkspacePolicies } from './workspace-policies.js';

/** A publish (or a save that publishes) breaks the workspace policy: 422, each violation an `errors[]` item. */
export class PolicyViolationError extends CodedError<'policy_violation'> {
  override readonly name = 'PolicyViolationError';
  readonly code = 'policy_violation';
  constructor(
    message: string,
    readonly violations: readonly PolicyFinding[],
    readonly warnings: readonly PolicyFinding[],
  ) {
    super(message);
  }

  override report(): ErrorReport {
    return {
      findings: this.violations.map((f) => ({
        pointer: f.pointer,
        message: f.message,
        ...(f.feature ? { feature: f.feature } : {}),
        ...(f.locale ? { locale: f.locale } : {}),
      })),
      extra: { warnings: this.warnings.map(asWarning) },
    };
  }
}

/** A finding as a save, publish or dry-run warning: `policy_violation` or `policy_warning`, its pointer and feature. */
export function asWarning(finding: PolicyFinding): TemplateWarning {
  return {
    code: finding.severity === 'violation' ? 'policy_violation' : 'policy_warning',
    message: finding.message,
    pointer: finding.pointer,
    ...(finding.feature ? { feature: finding.feature } : {}),
    ...(finding.locale ? { locale: finding.locale } : {}),
  };
}

/** What the checks read of a template (a stored one or a view of it). */
type CheckedTemplate = Pick<PublishedTemplate, 'ast' | 'publishedHtml'> & { renderMode?: 'static' | 'dynamic' };

/** A template as the gate checks it: its compiled form, metadata, and its HTML's size with sample variables. */
interface Subject {
  template: CheckedTemplate;
  metadata: ProjectMetadata;
  htmlBytes: () => Promise<number>;
}

/** A locale's own markup as the gate checks it. */
interface VariantSubject {
  tag: string;
  subject: Subject;
}

export class PolicyGate {
  constructor(
    private readonly policies: Pick<WorkspacePolicies, 'current'>,
    private readonly renderer: Pick<TemplateRenderer, 'render'> & { reads: Pick<RevisionReads, 'variantsAt'> },
    private readonly queries: Pick<ProjectQueries, 'getProjectAt' | 'publishedAt' | 'getProject'>,
  ) {}

  /** The findings of `workspace`'s policy on `subject`; [] when no policy is set. */
  private async findings(workspace: string, subject: Subject): Promise<PolicyFinding[]> {
    const { policy } = await this.policies.current(workspace); // read at each check: the latest policy
    if (!policyChecksSomething(policy)) return [];
    const htmlBytes = policy.htmlMaxBytes !== undefined ? await subject.htmlBytes() : 0;
    return policyFindings(policy, {
      ast: subject.template.ast,
      dynamic: subject.template.renderMode === 'dynamic',
      metadata: subject.metadata,
      htmlBytes,
    });
  }

  /**
   * A save's check. `publishes` (the project publishes on save): violations refuse it; otherwise (a draft)
   * every finding is a warning. The size is the save-time proof render's (`sampleHtmlBytes`), else the
   * compiled HTML's own bytes (a restore or a metadata patch republishes a stored template).
   * @throws PolicyViolationError.
   */
  async checkSave(ref: ProjectRef, prepared: PreparedTemplate, metadata: ProjectMetadata, publishes: boolean): Promise<TemplateWarning[]> {
    const main = await this.findings(ref.workspace, {
      template: prepared.template,
      metadata,
      htmlBytes: async () => prepared.sampleHtmlBytes ?? Buffer.byteLength(prepared.template.publishedHtml, 'utf8'),
    });
    const variants = (prepared.variants ?? []).map(({ tag, template, sampleHtmlBytes }) => ({
      tag,
      subject: {
        template,
        metadata: localizedMetadata(metadata, prepared.template.locales?.[tag]),
        htmlBytes: async () => sampleHtmlBytes ?? Buffer.byteLength(template.publishedHtml, 'utf8'),
      },
    }));
    const found = await this.withVariants(ref.workspace, main, variants);
    if (publishes) refuseViolations(found, `Saving project '${ref.projectId}' publishes it (publishing: on_save)`);
    return found.map(asWarning);
  }

  /**
   * A publish of template revision `revision` of `ref`: its HTML is measured by rendering it with the sample
   * variables a diff uses (the compiled HTML's own bytes when the sample does not render).
   * @returns the warnings (partial support) of a publish that passes. @throws PolicyViolationError.
   */
  async checkPublish(
    ref: ProjectRef,
    revision: number,
    template: PublishedTemplate,
    metadata: ProjectMetadata,
  ): Promise<TemplateWarning[]> {
    const main = await this.findings(ref.workspace, {
      template,
      metadata,
      htmlBytes: () => this.renderedBytes(ref, revision, template),
    });
    const found = await this.withVariants(ref.workspace, main, await this.savedVariants(ref, revision));
    refuseViolations(found, `Revision ${revision} of project '${ref.projectId}' cannot be published`);
    return found.map(asWarning);
  }

  /** A dry run of an unsaved template (POST /validate): every finding as a warning. */
  async adviseSource(workspace: string, prepared: PreparedTemplate, metadata: ProjectMetadata): Promise<TemplateWarning[]> {
    return this.checkSave({ workspace, projectId: '' }, prepared, metadata, false);
  }

  /**
   * A dry run of a saved template (POST /templates/:id/validate): the revision it validates (`latest`, a
   * number, else the published one, else the latest), every finding as a warning.
   */
  async adviseSaved(ref: ProjectRef, asked: number | 'latest' | undefined): Promise<TemplateWarning[]> {
    const current = await this.queries.getProject(ref);
    const { publishedRevision, templateRevision } = await this.queries.publishedAt(ref, current.revision);
    const revision = typeof asked === 'number' ? asked : asked === 'latest' ? templateRevision : (publishedRevision ?? templateRevision);
    const view = await this.queries.getProjectAt(ref, revision);
    const main = await this.findings(ref.workspace, {
      template: view,
      metadata: view.metadata,
      htmlBytes: () => this.renderedBytes(ref, revision, view),
    });
    const found = await this.withVariants(ref.workspace, main, await this.savedVariants(ref, revision));
    return found.map(asWarning);
  }

  /**
   * The locales of saved revision `revision` with their own `mjml`, as renders in them compile it now, as
   * subjects (their size rendered in that locale). None when no policy is set: nothing is compiled for nothing.
   */
  private async savedVariants(ref: ProjectRef, revision: number): Promise<VariantSubject[]> {
    const { policy } = await this.policies.current(ref.workspace);
    if (!policyChecksSomething(policy)) return [];
    const variants = await this.renderer.reads.variantsAt(ref, revision);
    return variants
      .filter((variant) => variant.ownMarkup)
      .map(({ tag, view }) => ({
        tag,
        subject: { template: view, metadata: view.metadata, htmlBytes: () => this.renderedBytes(ref, revision, view, tag) },
      }));
  }

  /** `main` and each variant's findings, as `unitedFindings` unites them. */
  private async withVariants(workspace: string, main: PolicyFinding[], variants: readonly VariantSubject[]): Promise<PolicyFinding[]> {
    const perVariant = [];
    for (const { tag, subject } of variants) perVariant.push({ tag, found: await this.findings(workspace, subject) });
    return unitedFindings(main, perVariant);
  }

  private async renderedBytes(ref: ProjectRef, revision: number, template: CheckedTemplate, locale?: string): Promise<number> {
    try {
      const view = await this.queries.getProjectAt(ref, revision);
      const asked = { variables: sampleVariables([view]), format: 'html' as const, revision, ...(locale !== undefined ? { locale } : {}) };
      const output = await this.renderer.render(ref, asked);
      return Buffer.byteLength(output.body, 'utf8');
    } catch {
      // A typed helper refusing a placeholder, a variables check: the compiled HTML is the measure left.
      return Buffer.byteLength(template.publishedHtml, 'utf8');
    }
  }
}

/** @throws PolicyViolationError when `found` holds a violation, its message starting with `what`. */
function refuseViolations(found: readonly PolicyFinding[], what: string): void {
  const violations = found.filter((f) => f.severity === 'violation');
  if (violations.length === 0) return;
  const first = violations[0]!;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more in errors)` : '';
  throw new PolicyViolationError(
    `${what}: it breaks the workspace policy (GET /policy). ${first.message}${more}`,
    violations,
    found.filter((f) => f.severity === 'warning'),
  );
}
