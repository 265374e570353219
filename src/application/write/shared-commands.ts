/**
 * The use cases of layouts and shared partials (docs/layouts.md): create, save, publish and delete, with what
 * they must check across the workspace — a delete of one that projects name is refused (`<kind>_in_use`), and
 * a publish checks every project that follows it (composes it with the candidate revision, compiles it, holds
 * it to the workspace's send-readiness policy and to the publish gate's variables check: follower-gate.ts),
 * reports each one, and is refused when one fails (`force` passes only breaking variable changes).
 */
import { DomainError } from '../../domain/errors.js';
import { layoutProblem } from '../../domain/composition.js';
import { kindName, type SharedKind, type SharedRef } from '../../domain/shared-documents.js';
import type { Publishing } from '../../domain/publishing.js';
import type { ProjectQueries, SharedDependent, SharedDependents } from '../read/index.js';
import type {
  ResolvedShared,
  ResolvedUses,
  SharedActor,
  SharedDocuments,
  SharedListItem,
  SharedRevision,
  SharedSourceRevision,
  SharedView,
  TemplateComposer,
} from '../render/index.js';
import { PolicyViolationError, type PolicyGate } from '../policy/index.js';
import {
  followerChanges,
  judged,
  overriddenOfChecks,
  presentCheck,
  type DependentCheck,
  type FollowerGateDeps,
  type GateLogger,
  type GateMode,
} from './follower-gate.js';

export interface SharedCommandsDeps {
  documents: SharedDocuments;
  dependents: Pick<SharedDependents, 'of'>;
  composer: Pick<TemplateComposer, 'resolve' | 'prepare'>;
  queries: Pick<ProjectQueries, 'getPublishedProject'>;
  /** The workspace's send-readiness policy; absent: publishes check only that dependents compile. */
  policy?: Pick<PolicyGate, 'checkSave'>;
  /** The publish gate's variables check of followers; absent (shapes not recorded): not run. */
  variables?: FollowerGateDeps;
  /** Where a failing variables check of a save is told (the save goes on without its warnings). */
  logger?: GateLogger;
}

export class SharedCommands {
  constructor(private readonly deps: SharedCommandsDeps) {}

  /** A live layout or shared partial. @throws DomainError `<kind>_not_found`. */
  get(ref: SharedRef): Promise<SharedView> {
    return this.deps.documents.get(ref);
  }

  /**
   * Create or save. A save that publishes (`on_save`) first checks every follower, as a publish does.
   * @throws DomainError `invalid_layout`, `<kind>_exists`, `<kind>_not_found`, `revision_mismatch`, `dependents_refused`.
   */
  async write(
    ref: SharedRef,
    create: boolean,
    input: { source: string; publishing?: Publishing },
    options: { expectedRevision?: number; actor?: SharedActor } = {},
  ): Promise<SharedView & { checks?: DependentCheck[] }> {
    if (ref.kind === 'layout') {
      const problem = layoutProblem(input.source);
      if (problem) throw new DomainError('invalid_layout', `The layout '${ref.id}' is refused: ${problem}.`, { layout_id: ref.id });
    }
    if (create) return this.deps.documents.write(ref, create, input, options);
    const { state } = await this.deps.documents.get(ref);
    const publishes = (input.publishing ?? state.publishing) === 'on_save';
    const changed = state.sources.get(state.sourceRevision) !== input.source;
    // The revision the save will append (the append is conditional on `state.revision`: a race is a 412).
    // A save is never refused by the variables check: it warns, as a project save does.
    const candidate = { id: ref.id, revision: state.revision + 1, source: input.source };
    const checks = publishes && changed ? await this.checkAll(ref, candidate, 'warn') : [];
    const view = await this.deps.documents.write(ref, create, input, {
      ...options,
      expectedRevision: options.expectedRevision ?? state.revision,
    });
    return { ...view, checks };
  }

  /** Delete one nothing names. @throws DomainError `<kind>_in_use` (with `dependents`), `<kind>_not_found`, `revision_mismatch`. */
  async delete(ref: SharedRef, options: { expectedRevision?: number; actor?: SharedActor } = {}): Promise<SharedView> {
    await this.deps.documents.get(ref);
    const dependents = await this.deps.dependents.of(ref.workspace, ref.kind, ref.id);
    if (dependents.length > 0) {
      const ids = dependents.map((dependent) => dependent.projectId);
      throw new DomainError(
        `${ref.kind}_in_use`,
        `The ${kindName(ref.kind)} '${ref.id}' is named by ${ids.length} project(s): ${ids.slice(0, 10).join(', ')}. ` +
          `Save them without it first (GET /${ref.kind}s/${ref.id}/dependents lists them).`,
        { dependents: ids },
      );
    }
    return this.deps.documents.delete(ref, options);
  }

  /**
   * Publish a revision after checking every project that follows it; answers each check. `force` passes
   * breaking variable changes (the event records `force` and what it overrode), never a policy violation nor
   * a composition that does not compile.
   * @throws DomainError `dependents_refused` (with `dependents`: every check) when one dependent fails;
   *   what `SharedDocuments.publish` throws.
   */
  async publish(
    ref: SharedRef,
    asked: number | undefined,
    options: { expectedRevision?: number; actor?: SharedActor; force?: boolean } = {},
  ): Promise<SharedView & { checks: DependentCheck[] }> {
    const { state } = await this.deps.documents.get(ref);
    const revision = asked ?? state.sourceRevision;
    const candidate = await this.deps.documents.resolve(ref.kind, ref.workspace, { id: ref.id, revision });
    const checks = state.publishedRevision === revision ? [] : await this.checkAll(ref, candidate, options.force ? 'force' : 'refuse');
    const overridden = options.force ? { overridden: overriddenOfChecks(checks) } : {};
    return { ...(await this.deps.documents.publish(ref, asked, { ...options, ...overridden })), checks };
  }

  /** Every follower checked with `candidate`. @throws DomainError `dependents_refused` (with every check) when one fails. */
  private async checkAll(ref: SharedRef, candidate: ResolvedShared, mode: GateMode): Promise<DependentCheck[]> {
    const dependents = await this.deps.dependents.of(ref.workspace, ref.kind, ref.id);
    const checks: DependentCheck[] = [];
    for (const dependent of dependents) checks.push(await this.check(ref, candidate, dependent, mode));
    const refused = checks.filter((check) => check.outcome === 'refused');
    if (refused.length > 0) {
      throw new DomainError(
        'dependents_refused',
        `Revision ${candidate.revision} of the ${kindName(ref.kind)} '${ref.id}' cannot be published: ${refused.length} project(s) that follow it ` +
          `would break (${refused.map((check) => `${check.projectId}: ${check.code}`).join('; ')}). Fix the ${kindName(ref.kind)} or those projects` +
          (refused.every((check) => check.code === 'breaking_variable_change') ? ', or publish anyway with "force": true.' : '.'),
        { revision: candidate.revision, dependents: checks.map(presentCheck) },
      );
    }
    return checks;
  }

  /**
   * One dependent composed with `candidate` (a revision of `ref`) in place of what it follows now, compiled,
   * held to the policy, then to the publish gate's variables check (`mode`: what a breaking change does).
   */
  private async check(ref: SharedRef, candidate: ResolvedShared, dependent: SharedDependent, mode: GateMode): Promise<DependentCheck> {
    const projectRef = { workspace: ref.workspace, projectId: dependent.projectId };
    if (dependent.pinnedRevision !== null) return { projectId: dependent.projectId, revision: null, outcome: 'pinned' };
    const view = await this.deps.queries.getPublishedProject(projectRef).catch(() => null);
    const composition = view?.composition;
    if (!view || !composition) return { projectId: dependent.projectId, revision: null, outcome: 'unpublished' };
    const base = { projectId: dependent.projectId, revision: view.revision };
    try {
      const resolved = await this.deps.composer.resolve(ref.workspace, withCandidate(composition, ref));
      const uses: ResolvedUses =
        ref.kind === 'layout' ? { ...resolved, layout: candidate } : { ...resolved, partials: [...resolved.partials, candidate] };
      const own = { ...composition, partials: view.partials, helpers: view.helpers };
      // With its locales: each one's own `mjml` is composed and prepared too, and held to the policy (docs/policy.md).
      const localized = { ...own, locales: view.locales, ...(view.defaultLocale !== null ? { defaultLocale: view.defaultLocale } : {}) };
      const prepared = await this.deps.composer.prepare(localized, uses, 'soft');
      const warnings = (await this.deps.policy?.checkSave(projectRef, prepared, view.metadata, true)) ?? [];
      const passed: DependentCheck = { ...base, outcome: 'passed', ...(warnings.length > 0 ? { warnings } : {}) };
      const variables = this.deps.variables;
      if (!variables) return passed;
      const subject = `Revision ${candidate.revision} of the ${kindName(ref.kind)} '${ref.id}'`;
      // What renders use now: the same revision composed with what its uses resolve to today.
      const now = () =>
        this.deps.composer
          .resolve(ref.workspace, composition)
          .then(async (current) => ({ ...(await this.deps.composer.prepare(own, current, 'soft')).template, uses: current }))
          .catch(() => null);
      const changes = await followerChanges(
        variables,
        projectRef,
        view,
        now,
        { ...prepared.template, uses },
        subject,
        mode,
        this.deps.logger,
      );
      return judged(passed, changes, mode, subject);
    } catch (error) {
      if (error instanceof PolicyViolationError) {
        const report = error.report();
        return {
          ...base,
          outcome: 'refused',
          code: error.code,
          message: error.message,
          ...(report.findings ? { errors: report.findings } : {}),
        };
      }
      const coded = error as { code?: unknown; message?: unknown };
      if (typeof coded.code !== 'string') throw error;
      return { ...base, outcome: 'refused', code: coded.code, message: String(coded.message) };
    }
  }

  /** A create or save of a live one by its revision. @throws DomainError `<kind>_not_found`, `revision_not_found`. */
  async revisionAt(ref: SharedRef, revision: number): Promise<SharedSourceRevision> {
    await this.deps.documents.get(ref);
    return this.deps.documents.revisionAt(ref, revision);
  }

  /** The workspace's live layouts or partials, a page at a time in id order. @throws what the event store throws. */
  list(
    kind: SharedKind,
    workspace: string,
    page: { limit: number; after?: string },
  ): Promise<{ items: SharedListItem[]; nextAfter: string | null }> {
    return this.deps.documents.list(kind, workspace, page);
  }

  /** A live one's events, oldest first, a page at a time. @throws DomainError `<kind>_not_found`. */
  async revisions(ref: SharedRef, page: { limit: number; after?: number }): Promise<{ items: SharedRevision[]; nextAfter: number | null }> {
    await this.deps.documents.get(ref);
    return this.deps.documents.revisions(ref, page);
  }

  /** The projects that name `ref`, each pinned (a revision) or following (null). */
  dependents(ref: SharedRef): Promise<SharedDependent[]> {
    return this.deps.dependents.of(ref.workspace, ref.kind, ref.id);
  }
}

/** The uses of `composition` with `ref`'s one unpinned (resolved again to the candidate by the caller). */
function withCandidate<T extends { layout?: { id: string }; sharedPartials?: Array<{ id: string }> }>(composition: T, ref: SharedRef): T {
  if (ref.kind === 'layout') {
    const { layout: _layout, ...rest } = composition;
    return rest as T;
  }
  return { ...composition, sharedPartials: (composition.sharedPartials ?? []).filter((use) => use.id !== ref.id) };
}
