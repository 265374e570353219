/**
 * The one command path: read the stream → fold → decide → append with the expected revision → wait for
 * the projections. Every write of a project goes through `execute`; `ProjectCommands` builds the commands.
 */
import { declaredSchema, undeclaredReads } from '../render/index.js';
import { previewReplacedWarnings } from '../../rendering/index.js';
import { DomainError } from '../../domain/errors.js';
import {
  decide,
  precheck,
  type CommandIntent,
  evolve,
  projectStream,
  type ProjectCommand,
  type ProjectRef,
  type ProjectState,
  type PublishedTemplate,
  type Publishing,
} from '../../domain/project.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import { publishedTemplateView } from '../../domain/published-template.js';
import {
  type Position,
  AppendTooLargeError,
  checkEventSize,
  eventBytes,
  storeRefusedEventSize,
  WrongExpectedRevisionError,
  type PreparedTemplate,
  type RecordedEvent,
  decodeProjectEvent,
  type TemplateSource,
  type TemplateWarning,
  type ValidationMode,
} from '../ports/index.js';
import { readPublishedRevision, type PublishedRevision } from './published-revision.js';
import { ProjectStates } from './project-states.js';
import { staleLocaleWarnings } from './stale-locales.js';
import { IDEMPOTENCY_METADATA, idempotencyMetadata } from './committed-writes.js';
import {
  PROJECTION_WAIT_MS,
  viewOf,
  type Actor,
  type ProjectCommandsDeps,
  type PublishingResult,
  type WriteResult,
} from './write-results.js';
import { publishingView, type ProjectView } from '../read/index.js';

/**
 * Event metadata naming the revision a restore republished (`restored_from`): the event is a ProjectSaved
 * like any save, and this is how the history tells a restore apart (projections/revision-history.ts).
 */
export const RESTORED_FROM_METADATA = 'restored_from';

/**
 * The metadata of the events a write appends: who wrote them, through which request, for which
 * Idempotency-Key, and for a restore which revision it republished.
 */
function metadataOf(actor: Actor | undefined, restoredFrom: number | undefined): Record<string, unknown> {
  const restore = restoredFrom !== undefined ? { [RESTORED_FROM_METADATA]: restoredFrom } : {};
  if (!actor) return restore;
  return {
    ...restore,
    key_id: actor.keyId,
    ...(actor.requestId ? { request_id: actor.requestId } : {}),
    ...(actor.idempotency ? { [IDEMPOTENCY_METADATA]: idempotencyMetadata(actor.idempotency) } : {}),
  };
}

/** Attempts when concurrent writers race for the same stream (without If-Match). */
export const MAX_ATTEMPTS = 3;

/** Runs a project command: `execute` (and `publishing`, for a create or save) with what it needs. */
export class CommandPath {
  /** Folded states of recently written streams (see `ProjectStates`). */
  private readonly states: ProjectStates;

  constructor(private readonly deps: ProjectCommandsDeps) {
    this.states = new ProjectStates(deps.eventStore);
  }

  /** A create or save: `execute`, whose result then always has the project's view. */
  async publishing(...args: Parameters<CommandPath['execute']>): Promise<PublishingResult> {
    const result = await this.execute(...args);
    if (result.view === null) throw new Error('a create or save always leaves an active project');
    return { ...result, view: result.view };
  }

  /**
   * read → fold → decide → append(expected revision) → wait for projections. The intent is checked
   * first (`precheck`), so a command that cannot succeed (404, 409, 412) is refused before its template
   * is compiled; the template is prepared once, however many times a race makes us decide again.
   */
  async execute(
    intent: CommandIntent,
    input: {
      source?: TemplateSource;
      validation?: ValidationMode;
      template?: PublishedTemplate;
      metadata?: ProjectMetadata;
      actor?: Actor | undefined;
      /** A restore: the revision whose template and metadata it publishes again (recorded in the event metadata). */
      restoredFrom?: number;
      /** A create or save's publishing mode (omitted: the project's, `on_save` for a new one): whether the policy refuses or warns. */
      publishing?: Publishing;
    },
    command: (at: string, template: PublishedTemplate | null) => ProjectCommand,
  ): Promise<WriteResult> {
    const ref = { workspace: intent.workspace, projectId: intent.projectId };
    const stream = projectStream(ref);
    let prepared: PreparedTemplate | null | undefined;
    let policyWarnings: TemplateWarning[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const state = await this.states.load(stream);
      if (prepared === undefined) {
        precheck(intent, state); // throws the domain's refusal, if any
        // The declared variables type the save-time proof's sample: the save's metadata, else the current one.
        const metadata = input.metadata ?? (state.status === 'active' ? state.metadata : undefined);
        prepared = await this.prepare(ref.workspace, input, metadata);
        if (prepared && this.deps.policy) {
          // A save under on_save is a publish: the policy refuses it (PolicyViolationError); a draft only warns.
          const publishing = input.publishing ?? (state.status === 'active' ? state.publishing : 'on_save');
          policyWarnings = await this.deps.policy.checkSave(ref, prepared, metadata ?? {}, publishing === 'on_save');
        }
      }
      const events = decide(command(this.deps.now(), prepared?.template ?? null), state);
      if (events.length === 0) return this.unchanged(ref, state, prepared ?? null);
      const metadata = metadataOf(input.actor, input.restoredFrom);
      for (const event of events) checkEventSize(eventBytes(event, metadata)); // metadata counts too: KurrentDB counts it
      const once = input.actor?.idempotency;
      // Noted before the append, so a retry after a crash knows where to look for it (committed-writes.ts).
      await once?.beforeAppend({ ...ref, after: state.status === 'none' ? null : state.revision });
      try {
        const expected = state.status === 'none' ? 'no_stream' : state.revision;
        const appended = await this.deps.eventStore.appendToStream(
          stream,
          events.map((event) => ({ ...event, metadata })),
          { expectedRevision: expected },
        );
        once?.afterCommit?.();
        const after = events.reduce(evolve, state);
        this.states.set(stream, after); // what the next load would fold
        const position = appended.position!; // a decided command has at least one event
        await this.awaitProjections(position);
        const view = viewOf(ref, after, events);
        const warnings = [
          ...(prepared?.warnings ?? []),
          ...(view ? [...undeclaredReads(prepared?.reads, view.metadata), ...previewReplacedWarnings(view, view.metadata)] : []),
          ...(view && state.status === 'active' ? await this.gateWarnings(ref, state.publishedRevision, view.revision) : []),
          ...(prepared && view && state.status === 'active'
            ? await staleLocaleWarnings({ template: prepared.template, metadata: view.metadata }, () =>
                this.readPublished(stream, state.templateRevision),
              )
            : []),
          ...policyWarnings,
        ];
        return { ref, revision: appended.nextExpectedRevision, position, events, unchanged: false, warnings, view };
      } catch (error) {
        if (error instanceof AppendTooLargeError) throw storeRefusedEventSize(error.maxBytes);
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        // Someone else wrote first. With If-Match the next decide reports revision_mismatch; without it
        // the command is decided again on the new state (last writer wins), a bounded number of times.
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError('concurrency_conflict', `Project '${ref.projectId}' is being written concurrently; retry the request.`);
        }
      }
    }
  }

  /**
   * A save (or publish) that decided no event: the latest template revision as the store holds it (its exact AST, HTML and
   * metadata, read back: one event), with what the validator said of the template sent.
   */
  private async unchanged(ref: ProjectRef, state: ProjectState, prepared: PreparedTemplate | null): Promise<WriteResult> {
    if (state.status !== 'active') throw new Error('only a save of an active project decides no event');
    const published = await this.readPublished(projectStream(ref), state.templateRevision);
    if (!published) throw new Error(`the latest template revision ${state.templateRevision} of ${ref.projectId} publishes a template`);
    const { template, metadata, recorded } = published;
    const view: ProjectView = {
      ...ref,
      revision: state.revision,
      createdAt: state.createdAt,
      updatedAt: decodeProjectEvent(recorded).data.occurredAt,
      metadata,
      ...publishedTemplateView(template),
      publishing: publishingView(state),
    };
    const warnings = [
      ...(prepared?.warnings ?? []),
      ...undeclaredReads(prepared?.reads, metadata),
      ...previewReplacedWarnings(view, metadata),
    ];
    return { ref, revision: state.revision, position: recorded.position, events: [], unchanged: true, warnings, view };
  }

  /**
   * A save's publish-gate findings as warnings (`breaking_variable_change`): under `on_save` the save is
   * already what renders use, under `review` the designer sees them before publishing. A failing check is
   * logged, never the save's failure (it is already written).
   */
  private async gateWarnings(ref: ProjectRef, published: number | null, saved: number): Promise<TemplateWarning[]> {
    if (!this.deps.publishGate) return [];
    try {
      const changes = await this.deps.publishGate.check(ref, published, saved);
      return changes.map((change) => ({ code: 'breaking_variable_change', message: change.message }));
    } catch (error) {
      this.deps.logger?.warn({ err: error, project: ref.projectId }, 'publish gate check of a save failed; no warning given');
      return [];
    }
  }

  /** The folded state of `stream` (initial state when it has no events). @throws what the event store throws. */
  loadState(stream: string): Promise<ProjectState> {
    return this.states.load(stream);
  }

  /** Revision `revision` of `stream` as published (`readPublishedRevision`). */
  readPublished(stream: string, revision: number): Promise<PublishedRevision | undefined> {
    return readPublishedRevision(this.deps.eventStore, stream, revision);
  }

  /** Up to one event of `stream` from `revision` (what a publish names). @throws what the event store throws. */
  readEvents(stream: string, revision: number): Promise<RecordedEvent[]> {
    return this.deps.eventStore.readStream(stream, { fromRevision: revision, maxCount: 1 });
  }

  /** The template a write publishes: prepared from a client's source, or given (a restore); none for a delete. */
  private async prepare(
    workspace: string,
    input: { source?: TemplateSource; validation?: ValidationMode; template?: PublishedTemplate },
    metadata: ProjectMetadata | undefined,
  ): Promise<PreparedTemplate | null> {
    if (input.template) return { template: input.template, warnings: [] };
    const declared = metadata ? declaredSchema(metadata) : undefined;
    const proof = declared ? { declared } : undefined;
    const source = input.source;
    if (source && 'mjml' in source && source.uses && this.deps.composer) {
      // A layout or shared partials: composed with their revisions now, and the uses kept (docs/layouts.md).
      const { uses, ...own } = source;
      return this.deps.composer.prepareSave(workspace, own, uses, input.validation ?? 'strict', proof);
    }
    if (source) return this.deps.templates.prepare(source, input.validation ?? 'strict', proof);
    return null;
  }

  private async awaitProjections(position: Position): Promise<void> {
    const waitMs = this.deps.projectionWaitMs ?? PROJECTION_WAIT_MS;
    if (!(await this.deps.projector.waitFor(position, waitMs))) {
      this.deps.logger?.warn({ position, waitMs }, 'projections did not catch up before the write was answered');
    }
  }
}
