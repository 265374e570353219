/**
 * The publish command: which template revision renders use (`ProjectPublished`). The stream is read for the
 * event at the revision named (the decider does no I/O), then the command path decides and appends.
 */
import { precheck, projectStream, type ActiveProjectState, type ProjectRef, type PublishTarget } from '../../domain/project.js';
import { publishedTemplateView } from '../../domain/published-template.js';
import { publishingView } from '../read/index.js';
import { decodeProjectEvent, type TemplateWarning } from '../ports/index.js';
import { BreakingVariableChangeError, type PublishGate } from '../render/index.js';
import type { CommandPath } from './command-path.js';
import type { Actor, ProjectCommandsDeps, PublishingResult } from './write-results.js';

/**
 * Publish `input.revision` (default: the latest template revision) of `ref`, and answer with the project's
 * latest template at the stream revision after it (`unchanged` when it already was the published one).
 * Under `review`, the publish gate (`gate`) checks the revision against the variables callers sent recently
 * first; with `force` its findings are recorded in the event (`overridden`) instead of refusing. Then the
 * workspace policy, which `force` does not pass.
 * @throws DomainError as `decide` does for a `PublishProject`; BreakingVariableChangeError (without `force`);
 *   PolicyViolationError (the workspace policy).
 */
export async function publishRevision(
  commandPath: CommandPath,
  policy: ProjectCommandsDeps['policy'],
  ref: ProjectRef,
  input: { revision?: number; force?: boolean; expectedRevision?: number; actor?: Actor },
  gate?: Pick<PublishGate, 'check'>,
): Promise<PublishingResult> {
  const stream = projectStream(ref);
  const expected = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
  const intent = { type: 'PublishProject' as const, ...ref, ...expected };
  const state = await commandPath.loadState(stream);
  precheck(intent, state);
  if (state.status !== 'active') throw new Error('precheck lets only an active project through');
  const revision = input.revision ?? state.templateRevision;
  const target = await targetAt(commandPath, stream, revision);
  const gated = state.publishing === 'review' && target.kind === 'template' && revision >= state.createdRevision;
  const changes = gate && gated && revision !== state.publishedRevision ? await gate.check(ref, state.publishedRevision, revision) : [];
  if (changes.length > 0 && !input.force) throw new BreakingVariableChangeError(ref.projectId, revision, changes);
  const overridden = changes
    .slice(0, MAX_OVERRIDDEN)
    .map((change) => ({ path: change.path, change: change.change, key_ids: change.keyIds }));
  const warnings = await checkPolicy(commandPath, policy, ref, state, revision, target);
  const result = await commandPath.execute(intent, { actor: input.actor }, (at) => ({
    type: 'PublishProject',
    ...ref,
    at,
    revision,
    target,
    ...(input.force ? { force: true, overridden } : {}),
    ...expected,
  }));
  const after = await commandPath.loadState(stream);
  if (after.status !== 'active') throw new Error('a publish leaves an active project');
  const latest = await commandPath.readPublished(stream, after.templateRevision);
  if (!latest) throw new Error(`the latest template revision ${after.templateRevision} of ${stream} publishes a template`);
  const view = {
    ...ref,
    revision: after.revision,
    createdAt: after.createdAt,
    updatedAt: decodeProjectEvent(latest.recorded).data.occurredAt,
    metadata: latest.metadata,
    ...publishedTemplateView(latest.template),
    publishing: publishingView(after),
  };
  return { ...result, warnings: [...result.warnings, ...warnings], view };
}

/**
 * The workspace policy on a publish that would move renders (under review, a template revision of the
 * project's current life other than the published one; anything else is the decider's to refuse or to
 * leave unchanged). `force` does not pass it: a policy is the workspace's rule, not a check of traffic.
 * @throws PolicyViolationError.
 */
async function checkPolicy(
  commandPath: CommandPath,
  policy: ProjectCommandsDeps['policy'],
  ref: ProjectRef,
  state: ActiveProjectState,
  revision: number,
  target: PublishTarget,
): Promise<TemplateWarning[]> {
  const moves = state.publishing === 'review' && target.kind === 'template' && revision !== state.publishedRevision;
  if (!policy || !moves || revision < state.createdRevision) return [];
  const published = await commandPath.readPublished(projectStream(ref), revision);
  if (!published) return [];
  return policy.checkPublish(ref, revision, published.template, published.metadata);
}

/** Overridden findings an event records at most (the event stays small; the answer lists them all). */
const MAX_OVERRIDDEN = 100;

/** What the stream holds at `revision`. */
async function targetAt(commandPath: CommandPath, stream: string, revision: number): Promise<PublishTarget> {
  if (!Number.isSafeInteger(revision) || revision < 0) return { kind: 'none' };
  const [recorded] = await commandPath.readEvents(stream, revision);
  if (!recorded || recorded.revision !== revision) return { kind: 'none' };
  const event = decodeProjectEvent(recorded);
  if (event.type === 'ProjectPublished') return { kind: 'publish', publishedRevision: event.data.publishedRevision };
  if (event.type === 'ProjectDeleted') return { kind: 'deleted' };
  return { kind: 'template' };
}
