/**
 * The publish gate's variables check for the followers of a layout or shared partial (issue 23, item 2;
 * docs/layouts.md "Publishing a layout or partial"): the follower's published revision composed with the
 * layout or partial revision its renders use now, and composed with the candidate, compared by the very rule a
 * project publish uses (`PublishGate.compare`) against that template's recorded variable shapes. What a
 * breaking change does follows the project rules: an explicit publish is refused unless forced (then the event
 * records what was overridden), and a save that publishes (`on_save`) is never refused: it warns.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { ProjectRef } from '../../domain/project.js';
import type { ProjectView } from '../read/index.js';
import {
  BreakingVariableChangeError,
  type BreakingChange,
  type PublishGate,
  type ResolvedUses,
  type RevisionReads,
} from '../render/index.js';
import type { Finding } from '../../domain/errors.js';

/** How one project that follows a layout or partial fared in the checks of its publish. */
export interface DependentCheck {
  projectId: string;
  /** The project's published revision that was checked (null: nothing published, or pinned: not checked). */
  revision: number | null;
  /** `passed`, `refused` (the publish is refused for it), `pinned` (it pins a revision: unaffected), `unpublished`. */
  outcome: 'passed' | 'refused' | 'pinned' | 'unpublished';
  /** The refusal's code (`policy_violation`, a compile error's code) when refused. */
  code?: string;
  message?: string;
  errors?: readonly Finding[];
  /** Policy findings that do not refuse (partial support) and, under `warn`, breaking variable changes. */
  warnings?: readonly unknown[];
  /** The breaking variable changes a forced publish went past (`force`). */
  overridden?: OverriddenChange[];
}

/** How a breaking change is taken: `refuse` (a publish), `force` (a publish with `"force": true`), `warn` (an `on_save` save). */
export type GateMode = 'refuse' | 'force' | 'warn';

/** What the followers' variables check needs: the rule, and contracts of compositions no render uses yet. */
export interface FollowerGateDeps {
  gate: Pick<PublishGate, 'compare'>;
  contracts: Pick<RevisionReads, 'contractOf'>;
}

/** A composed form of a follower's revision: what its contract is read from. */
export interface Composed {
  ast: MjmlNode;
  publishedHtml: string;
  /** The layout and shared partial revisions it was composed with: its locales' own `mjml` is composed with them too. */
  uses?: ResolvedUses;
}

/** One breaking change as an event's `overridden` and a check's `overridden` list it (the ProjectPublished shape). */
export interface OverriddenChange {
  path: string;
  change: BreakingChange['change'];
  key_ids: string[];
}

/** Overridden changes a `LayoutPublished` / `PartialPublished` event records at most (as `ProjectPublished`). */
export const MAX_OVERRIDDEN = 100;

/** Where a failing check of a save is told. */
export interface GateLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * The breaking changes for the follower `ref` (its published revision `view`) of publishing a revision
 * (`subject`: `Revision 3 of the layout 'brand'`): `now()` is its composition with what renders use now (null
 * when that no longer composes: every problem counts), `candidate` with the revision being published.
 * @throws what the gate's sources and the compile pool throw — except under `warn`: as a project save's
 *   gate, a failing check never fails the save; it is logged and finds nothing.
 */
export async function followerChanges(
  deps: FollowerGateDeps,
  ref: ProjectRef,
  view: ProjectView,
  now: () => Promise<Composed | null>,
  candidate: Composed,
  subject: string,
  mode: GateMode,
  logger?: GateLogger,
): Promise<BreakingChange[]> {
  // The union of every locale's reads (render-template.ts `contractOf`), as a project publish's gate.
  const contract = (composed: Composed) =>
    deps.contracts.contractOf({ ...view, ast: composed.ast, publishedHtml: composed.publishedHtml }, composed.uses);
  try {
    return await deps.gate.compare(
      ref,
      async () => {
        const current = await now();
        return current ? contract(current) : null;
      },
      () => contract(candidate),
      subject,
    );
  } catch (error) {
    if (mode !== 'warn') throw error;
    logger?.warn({ err: error, project: ref.projectId }, 'publish gate check of a follower failed; no warning given');
    return [];
  }
}

/**
 * A follower's check that passed the compile and the policy, given its breaking changes under `mode`:
 * refused (`breaking_variable_change`, `errors[]` as the project 409's) under `refuse`, passed with
 * `overridden` under `force`, passed with `breaking_variable_change` warnings under `warn`.
 */
export function judged(passed: DependentCheck, changes: BreakingChange[], mode: GateMode, subject: string): DependentCheck {
  if (changes.length === 0) return passed;
  if (mode === 'warn') {
    const warnings = changes.map((change) => ({
      code: 'breaking_variable_change',
      message: change.message,
      path: change.path,
      change: change.change,
      key_ids: change.keyIds,
    }));
    return { ...passed, warnings: [...(passed.warnings ?? []), ...warnings] };
  }
  if (mode === 'force') return { ...passed, overridden: changes.map(overriddenOf) };
  const paths = changes.map((change) => `${change.path} (${change.change.replace('_', ' ')})`).join(', ');
  const findings = new BreakingVariableChangeError(passed.projectId, passed.revision ?? 0, changes).report().findings ?? [];
  const { warnings: _warnings, ...rest } = passed;
  return {
    ...rest,
    outcome: 'refused',
    code: 'breaking_variable_change',
    message:
      `${subject} would refuse what callers of '${passed.projectId}' sent recently: ${paths}. ` +
      'Make the path optional (e.g. inside {{#if}}), or publish anyway with "force": true.',
    errors: findings,
  };
}

/** The event's `overridden`: every check's overridden changes with its project id, at most `MAX_OVERRIDDEN`. */
export function overriddenOfChecks(checks: readonly DependentCheck[]): Array<OverriddenChange & { project_id: string }> {
  return checks
    .flatMap((check) => (check.overridden ?? []).map((change) => ({ project_id: check.projectId, ...change })))
    .slice(0, MAX_OVERRIDDEN);
}

function overriddenOf(change: BreakingChange): OverriddenChange {
  return { path: change.path, change: change.change, key_ids: change.keyIds };
}

/** A check as the API answers it (snake_case). */
export function presentCheck(check: DependentCheck): Record<string, unknown> {
  const { projectId, ...rest } = check;
  return { project_id: projectId, ...rest };
}
