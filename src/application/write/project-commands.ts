/**
 * The project commands — create, save, restore, metadata patch, delete — each built as an intent and the
 * command to decide; `CommandPath` runs it (read → fold → decide → append → wait for the projections).
 */
import { DomainError } from '../../domain/errors.js';
import { mergePatch } from '../../domain/merge-patch.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import { precheck, type CommandIntent, projectStream, type ProjectRef, type Publishing } from '../../domain/project.js';
import { publishRevision } from './publish.js';
import { MAX_ATTEMPTS, CommandPath } from './command-path.js';
import { compiled, type Actor, type ProjectCommandsDeps, type PublishingResult, type WriteResult } from './write-results.js';
import type { TemplateSource, ValidationMode } from '../ports/index.js';

export class ProjectCommands {
  /** The command path every command below goes through. */
  private readonly commandPath: CommandPath;

  constructor(private readonly deps: ProjectCommandsDeps) {
    this.commandPath = new CommandPath(deps);
  }

  /**
   * Create a project at revision 0.
   * @throws DomainError `project_exists`; TemplateError when the template is refused or its event would
   *   pass 1 MiB (`template_too_large`, KurrentDB's append limit).
   */
  create(
    ref: ProjectRef,
    input: { metadata: ProjectMetadata; source: TemplateSource; validation: ValidationMode; publishing?: Publishing; actor?: Actor },
  ): Promise<PublishingResult> {
    return this.commandPath.publishing({ type: 'CreateProject', ...ref }, input, (at, template) => ({
      type: 'CreateProject',
      ...ref,
      at,
      metadata: input.metadata,
      template: compiled(template),
      ...(input.publishing !== undefined ? { publishing: input.publishing } : {}),
    }));
  }

  /**
   * Save a new revision (a draft under `review`). `metadata` and `publishing` omitted keep the current ones.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`; TemplateError.
   */
  save(
    ref: ProjectRef,
    input: {
      metadata?: ProjectMetadata;
      source: TemplateSource;
      validation: ValidationMode;
      publishing?: Publishing;
      expectedRevision?: number;
      actor?: Actor;
    },
  ): Promise<PublishingResult> {
    const expected = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
    return this.commandPath.publishing({ type: 'SaveProject', ...ref, ...expected }, input, (at, template) => ({
      type: 'SaveProject',
      ...ref,
      at,
      template: compiled(template),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      ...(input.publishing !== undefined ? { publishing: input.publishing } : {}),
      ...expected,
    }));
  }

  /**
   * Make template revision `revision` (default: the latest create or save) the one renders use: appends a
   * `ProjectPublished` (nothing when it already is the published one: `unchanged`). The answer's view is the
   * project's latest template, at the stream revision after the publish.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`, `revision_not_found`,
   *   `revision_not_publishable`, `publishing_on_save`; BreakingVariableChangeError (409
   *   `breaking_variable_change`) when recent payloads would fail under it and `force` is not set;
   *   PolicyViolationError (the workspace policy; `force` does not pass it).
   */
  publish(
    ref: ProjectRef,
    input: { revision?: number; force?: boolean; expectedRevision?: number; actor?: Actor } = {},
  ): Promise<PublishingResult> {
    return publishRevision(this.commandPath, this.deps.policy, ref, input, this.deps.publishGate);
  }

  /**
   * Publish revision `revision`'s template and metadata again, as a new revision (a rollback): the exact
   * AST and published HTML of then, not a recompile.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`, `revision_not_found`.
   */
  async restore(ref: ProjectRef, revision: number, input: { expectedRevision?: number; actor?: Actor } = {}): Promise<PublishingResult> {
    const expected = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
    const intent: CommandIntent = { type: 'SaveProject', ...ref, ...expected };
    const stream = projectStream(ref);
    precheck(intent, await this.commandPath.loadState(stream)); // a missing or deleted project is that, not a missing revision
    const published = await this.commandPath.readPublished(stream, revision);
    if (!published)
      throw new DomainError('revision_not_found', `Project '${ref.projectId}' has no revision ${revision} to restore.`, { revision });
    const { template, metadata } = published;
    return this.commandPath.publishing(intent, { template, actor: input.actor, restoredFrom: revision }, (at, template) => ({
      type: 'SaveProject',
      ...ref,
      at,
      template: compiled(template),
      metadata,
      ...expected,
    }));
  }

  /**
   * Save the current template again with its metadata merged with `patch` (JSON Merge Patch, RFC 7396):
   * a metadata-only change without resending the template. The merge is made onto the revision the
   * save is decided against: without `expectedRevision`, a concurrent write makes it merge again onto
   * the newer revision (a bounded number of times); with it, a concurrent write is a `revision_mismatch`.
   * A merge that changes nothing appends nothing (`unchanged`).
   * @param check refuses a merged metadata the API does not accept (throws; nothing is written).
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`, `concurrency_conflict`;
   *   MergePatchDepthError; what `check` throws.
   */
  async patchMetadata(
    ref: ProjectRef,
    input: { patch: Record<string, unknown>; check?: (metadata: ProjectMetadata) => void; expectedRevision?: number; actor?: Actor },
  ): Promise<PublishingResult> {
    const stream = projectStream(ref);
    const asked = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
    for (let attempt = 1; ; attempt += 1) {
      const state = await this.commandPath.loadState(stream);
      precheck({ type: 'SaveProject', ...ref, ...asked }, state);
      if (state.status !== 'active') throw new Error('precheck lets only an active project through');
      const metadata = mergePatch(state.metadata, input.patch) as ProjectMetadata; // an object patch onto an object is an object
      input.check?.(metadata);
      const published = await this.commandPath.readPublished(stream, state.templateRevision);
      if (!published) throw new Error(`the latest template revision ${state.templateRevision} of ${stream} publishes a template`);
      // Decided against the revision merged onto, whatever the client asked: a newer one means merging again.
      const onto = { type: 'SaveProject' as const, ...ref, expectedRevision: state.revision };
      try {
        return await this.commandPath.publishing(onto, { template: published.template, actor: input.actor }, (at, template) => ({
          ...onto,
          at,
          template: compiled(template),
          metadata,
        }));
      } catch (error) {
        const raced = error instanceof DomainError && error.code === 'revision_mismatch' && input.expectedRevision === undefined;
        if (!raced) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError('concurrency_conflict', `Project '${ref.projectId}' is being written concurrently; retry the request.`);
        }
      }
    }
  }

  /** Delete a project; its template then renders 404. @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`. */
  delete(ref: ProjectRef, input: { expectedRevision?: number; actor?: Actor } = {}): Promise<WriteResult> {
    const expected = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
    const intent: CommandIntent = { type: 'DeleteProject', ...ref, ...expected };
    return this.commandPath.execute(intent, { actor: input.actor }, (at) => ({ type: 'DeleteProject', ...ref, at, ...expected }));
  }
}
