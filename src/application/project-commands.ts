/**
 * The one command path: read the stream → fold → decide → append with the expected revision → wait for
 * the projections. Every write of a project goes through `execute`.
 */
import { undeclaredReads } from './render-variables.js';
import { LRUCache } from 'lru-cache';
import { DomainError } from '../domain/errors.js';
import { mergePatch } from '../domain/merge-patch.js';
import type { ProjectMetadata } from '../domain/mjml-ast.js';
import {
  decide,
  precheck,
  type CommandIntent,
  evolve,
  initialState,
  projectStream,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectRef,
  type ProjectState,
  type PublishedTemplate,
} from '../domain/project.js';
import { checkEventSize } from '../rendering/limits.js';
import type { EventStore, Position } from './ports/event-store.js';
import { readPublishedRevision, type PublishedRevision } from './published-revision.js';
import { WrongExpectedRevisionError } from './ports/event-store.js';
import type { Projector } from './projector.js';
import type { ProjectView } from './project-queries.js';
import type { PreparedTemplate, TemplatePreparer, TemplateSource, TemplateWarning, ValidationMode } from './templates.js';

/**
 * Who asked for a write: stored in each event's metadata (`key_id`, `request_id`) so the audit can say
 * which key saved a revision, through which request.
 */
export interface Actor {
  keyId: string;
  requestId?: string;
}

/** What a successful write reports back. */
export interface WriteResult {
  ref: ProjectRef;
  /** The project's revision after the write (= stream revision of the last event). */
  revision: number;
  /** `$all` position of the last event (of the current revision's when nothing was appended). */
  position: Position;
  /** Appended events; none when the save's content equalled the current revision's (`unchanged`). */
  events: ProjectEvent[];
  /** True when nothing was appended: the save's content equalled the current revision's (README "Saving identical content"). */
  unchanged: boolean;
  warnings: TemplateWarning[];
  /** The project at `revision`, from the events just appended (null after a delete). */
  view: ProjectView | null;
}

/** What a create or save reports: the write, and the project it published. */
export type PublishingResult = WriteResult & { view: ProjectView };

export interface ProjectCommandsDeps {
  eventStore: EventStore;
  projector: Pick<Projector, 'waitFor'>;
  templates: TemplatePreparer;
  /** Current time as RFC 3339 UTC with ms. */
  now: () => string;
  /** How long a write waits for its projections before answering anyway (ms). */
  projectionWaitMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
}

/** Attempts when concurrent writers race for the same stream (without If-Match). */
const MAX_ATTEMPTS = 3;

export class ProjectCommands {
  /**
   * Folded states of recently written streams (no AST, no HTML; metadata can be large, so the bound is
   * in bytes: ~32 MB, UTF-16 of the state as JSON), brought up to date on every load.
   */
  private readonly states = new LRUCache<string, ProjectState>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (state) => Math.max(1, JSON.stringify(state).length * 2),
  });

  constructor(private readonly deps: ProjectCommandsDeps) {}

  /**
   * Create a project at revision 0.
   * @throws DomainError `project_exists`; TemplateError when the template is refused or its event would
   *   pass 1 MiB (`template_too_large`, KurrentDB's append limit).
   */
  create(
    ref: ProjectRef,
    input: { metadata: ProjectMetadata; source: TemplateSource; validation: ValidationMode; actor?: Actor },
  ): Promise<PublishingResult> {
    return this.publishing({ type: 'CreateProject', ...ref }, input, (at, template) => ({ type: 'CreateProject', ...ref, at, metadata: input.metadata, template: compiled(template) }));
  }

  /**
   * Save a new revision. `metadata` omitted keeps the current metadata.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_mismatch`; TemplateError.
   */
  save(
    ref: ProjectRef,
    input: { metadata?: ProjectMetadata; source: TemplateSource; validation: ValidationMode; expectedRevision?: number; actor?: Actor },
  ): Promise<PublishingResult> {
    const expected = input.expectedRevision !== undefined ? { expectedRevision: input.expectedRevision } : {};
    return this.publishing({ type: 'SaveProject', ...ref, ...expected }, input, (at, template) => ({
      type: 'SaveProject',
      ...ref,
      at,
      template: compiled(template),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      ...expected,
    }));
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
    precheck(intent, await this.load(stream)); // a missing or deleted project is that, not a missing revision
    const published = await this.readPublished(stream, revision);
    if (!published) throw new DomainError('revision_not_found', `Project '${ref.projectId}' has no revision ${revision} to restore.`, { revision });
    const { template, metadata } = published;
    return this.publishing(intent, { template, actor: input.actor }, (at, template) => ({
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
      const state = await this.load(stream);
      precheck({ type: 'SaveProject', ...ref, ...asked }, state);
      if (state.status !== 'active') throw new Error('precheck lets only an active project through');
      const metadata = mergePatch(state.metadata, input.patch) as ProjectMetadata; // an object patch onto an object is an object
      input.check?.(metadata);
      const published = await this.readPublished(stream, state.revision);
      if (!published) throw new Error(`the current revision ${state.revision} of ${stream} publishes a template`);
      // Decided against the revision merged onto, whatever the client asked: a newer one means merging again.
      const onto = { type: 'SaveProject' as const, ...ref, expectedRevision: state.revision };
      try {
        return await this.publishing(onto, { template: published.template, actor: input.actor }, (at, template) => ({ ...onto, at, template: compiled(template), metadata }));
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
    return this.execute(intent, { actor: input.actor }, (at) => ({ type: 'DeleteProject', ...ref, at, ...expected }));
  }

  /** A create or save: `execute`, whose result then always has the project's view. */
  private async publishing(...args: Parameters<ProjectCommands['execute']>): Promise<PublishingResult> {
    const result = await this.execute(...args);
    if (result.view === null) throw new Error('a create or save always leaves an active project');
    return { ...result, view: result.view };
  }

  /**
   * read → fold → decide → append(expected revision) → wait for projections. The intent is checked
   * first (`precheck`), so a command that cannot succeed (404, 409, 412) is refused before its template
   * is compiled; the template is prepared once, however many times a race makes us decide again.
   */
  private async execute(
    intent: CommandIntent,
    input: { source?: TemplateSource; validation?: ValidationMode; template?: PublishedTemplate; actor?: Actor | undefined },
    command: (at: string, template: PublishedTemplate | null) => ProjectCommand,
  ): Promise<WriteResult> {
    const ref = { workspace: intent.workspace, projectId: intent.projectId };
    const stream = projectStream(ref);
    let prepared: PreparedTemplate | null | undefined;
    for (let attempt = 1; ; attempt += 1) {
      const state = await this.load(stream);
      if (prepared === undefined) {
        precheck(intent, state); // throws the domain's refusal, if any
        prepared = await this.prepare(input);
      }
      const events = decide(command(this.deps.now(), prepared?.template ?? null), state);
      if (events.length === 0) return this.unchanged(ref, state, prepared ?? null);
      for (const event of events) checkEventSize(Buffer.byteLength(JSON.stringify(event), 'utf8'));
      try {
        const expected = state.status === 'none' ? 'no_stream' : state.revision;
        const metadata = input.actor ? { key_id: input.actor.keyId, ...(input.actor.requestId ? { request_id: input.actor.requestId } : {}) } : {};
        const appended = await this.deps.eventStore.appendToStream(stream, events.map((event) => ({ ...event, metadata })), { expectedRevision: expected });
        const after = events.reduce(evolve, state);
        this.states.set(stream, after); // what the next load would fold
        const position = appended.position!; // a decided command has at least one event
        await this.awaitProjections(position);
        const view = viewOf(ref, after, events);
        const warnings = [...(prepared?.warnings ?? []), ...(view ? undeclaredReads(prepared?.reads, view.metadata) : [])];
        return { ref, revision: appended.nextExpectedRevision, position, events, unchanged: false, warnings, view };
      } catch (error) {
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
   * A save that decided no event: the current revision as the store holds it (its exact AST, HTML and
   * metadata, read back: one event), with what the validator said of the template sent.
   */
  private async unchanged(ref: ProjectRef, state: ProjectState, prepared: PreparedTemplate | null): Promise<WriteResult> {
    if (state.status !== 'active') throw new Error('only a save of an active project decides no event');
    const published = await this.readPublished(projectStream(ref), state.revision);
    if (!published) throw new Error(`the current revision ${state.revision} of ${ref.projectId} publishes a template`);
    const { template, metadata, recorded } = published;
    const view: ProjectView = {
      ...ref,
      revision: state.revision,
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
      metadata,
      ...template,
      partials: template.partials ?? {},
      helpers: template.helpers ?? {},
      renderMode: template.renderMode ?? 'static',
    };
    const warnings = [...(prepared?.warnings ?? []), ...undeclaredReads(prepared?.reads, metadata)];
    return { ref, revision: state.revision, position: recorded.position, events: [], unchanged: true, warnings, view };
  }

  private readPublished(stream: string, revision: number): Promise<PublishedRevision | undefined> {
    return readPublishedRevision(this.deps.eventStore, stream, revision);
  }

  /** The template a write publishes: prepared from a client's source, or given (a restore); none for a delete. */
  private async prepare(input: { source?: TemplateSource; validation?: ValidationMode; template?: PublishedTemplate }): Promise<PreparedTemplate | null> {
    if (input.template) return { template: input.template, warnings: [] };
    if (input.source) return this.deps.templates.prepare(input.source, input.validation ?? 'strict');
    return null;
  }

  /**
   * The stream folded to its current state. Streams only grow, so a state folded earlier is brought up
   * to date by the events after its revision: a save reads what is new, not every revision's AST and
   * HTML again (a project saved 300 times made each save parse ~10 MB of old events).
   */
  private async load(stream: string): Promise<ProjectState> {
    const known = this.states.get(stream);
    const fromRevision = known === undefined || known.status === 'none' ? 0 : known.revision + 1;
    const recorded = await this.deps.eventStore.readStream(stream, { fromRevision });
    const state = recorded.reduce((folded, e) => evolve(folded, { type: e.type, data: e.data } as ProjectEvent), fromRevision === 0 ? initialState : known!);
    if (state.status !== 'none' && state !== known) this.states.set(stream, state);
    return state;
  }

  private async awaitProjections(position: Position): Promise<void> {
    const waitMs = this.deps.projectionWaitMs ?? 5000;
    if (!(await this.deps.projector.waitFor(position, waitMs))) {
      this.deps.logger?.warn({ position, waitMs }, 'projections did not catch up before the write was answered');
    }
  }
}

/** The template a create or save carries: always prepared before it is decided (`execute`). */
function compiled(template: PublishedTemplate | null): PublishedTemplate {
  if (template === null) throw new Error('a create or save is decided only once its template is prepared');
  return template;
}

/**
 * The project as the write left it, from the write's own events: what its response shows, without
 * reading the read model back. Null for a delete.
 */
function viewOf(ref: ProjectRef, state: ProjectState, events: ProjectEvent[]): ProjectView | null {
  const last = events[events.length - 1];
  if (state.status !== 'active' || last === undefined || last.type === 'ProjectDeleted') return null;
  const { occurredAt, metadata, ast, publishedHtml, mjmlVersion, partials, helpers, renderMode } = last.data;
  return { ...ref, revision: state.revision, createdAt: state.createdAt, updatedAt: occurredAt, metadata, ast, publishedHtml, mjmlVersion, partials: partials ?? {}, helpers: helpers ?? {}, renderMode: renderMode ?? 'static' };
}
