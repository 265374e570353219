/**
 * The project decider (pure): commands in, events out, and the fold that rebuilds state from events.
 *
 * Revision rule (ARCHITECTURE §1): a project's revision IS the stream revision of its last event,
 * 0-based as KurrentDB numbers them. Creation is revision 0; every save or delete adds one. A deleted id
 * can be created again: the creation continues the same stream (deleted at N, created at N + 1), so the
 * whole history stays in one place. A save whose content equals the current revision's decides no event.
 * Time and ids arrive with the command; nothing here reads a clock or does I/O.
 */
import { contentDigest } from './content.js';
import type { TemplateComposition } from './composition.js';
import { DomainError } from './errors.js';
import type { LocalizedContent } from './locales.js';
import type { MjmlNode, ProjectMetadata } from './mjml-ast.js';
import { decidePublish, publishingAfter, type OverriddenCheck, type Publishing, type PublishTarget } from './publishing.js';

export type { OverriddenCheck, Publishing, PublishTarget } from './publishing.js';

/**
 * The compiled form of a template at one revision: what is published and can be replayed for audit. Its
 * localized variants (`LocalizedContent`, locales.ts) are absent on a revision without locales.
 */
export interface PublishedTemplate extends LocalizedContent {
  /** MJML JSON AST, includes resolved. A dynamic revision has no fixed MJML: an empty `<mjml>` node. */
  ast: MjmlNode;
  /**
   * `mjml2html` output with Handlebars expressions still in it; for a dynamic revision, the template's
   * source markup (Handlebars that generates MJML), compiled with mjml2html at each render instead.
   */
  publishedHtml: string;
  /**
   * `dynamic`: a Handlebars-first template (its Handlebars produces the MJML structure); absent for a
   * static (MJML-first) revision, and in every event written before dynamic templates existed.
   */
  renderMode?: 'dynamic';
  /** Version of the `mjml` package that produced `publishedHtml` (e.g. "5.4.1"). */
  mjmlVersion: string;
  /**
   * The project partials of this revision, by name: Handlebars sources (HTML with Handlebars, not MJML)
   * that `{{> name}}` in the published HTML calls at render time. Absent when there are none (and in
   * every event written before partials existed).
   */
  partials?: Record<string, string>;
  /**
   * The helpers declared for this revision, by name (no code: an alias of a library helper with a fixed
   * hash, or a small Handlebars template). Absent when there are none (and in every event written before
   * declared helpers existed).
   */
  helpers?: Record<string, HelperDeclaration>;
  /**
   * The layout and shared partials the revision follows, and its own markup to compose again with their next
   * revisions (docs/layouts.md); `publishedHtml` is then its composition at save time. Absent when none.
   */
  composition?: TemplateComposition;
}

/** A declared helper: `{ use, hash? }` (an alias of a library helper) or `{ template, params?, html? }`. */
export type HelperDeclaration = HelperAliasDeclaration | HelperTemplateDeclaration;

/** `{{name a}}` behaves as `{{use a …hash}}`; hash arguments of the call override or extend `hash`. */
export interface HelperAliasDeclaration {
  use: string;
  hash?: Record<string, string | number | boolean | null>;
}

/**
 * `{{name a b k=v}}` renders `template` with the context `{ <params[0]>: a, <params[1]>: b, k: v }`; its
 * output is escaped like any value unless `html` is true.
 */
export interface HelperTemplateDeclaration {
  template: string;
  params?: string[];
  html?: boolean;
}

/** Who and what an event is about; carried in every event so projections need no stream-name parsing. */
export interface ProjectRef {
  workspace: string;
  projectId: string;
}

interface EventBase extends ProjectRef {
  /** RFC 3339 UTC timestamp with milliseconds. */
  occurredAt: string;
}

/**
 * What a create or save records of the publishing mode in force after it: `'review'`, or absent for
 * `on_save` (every event written before publishing modes existed).
 */
interface PublishingField {
  publishing?: 'review';
}

export interface ProjectCreated {
  type: 'ProjectCreated';
  data: EventBase & PublishedTemplate & { metadata: ProjectMetadata } & PublishingField;
}
export interface ProjectSaved {
  type: 'ProjectSaved';
  data: EventBase & PublishedTemplate & { metadata: ProjectMetadata } & PublishingField;
}
export interface ProjectDeleted {
  type: 'ProjectDeleted';
  data: EventBase;
}
/**
 * Revision `publishedRevision` (a create or save of the same life of the project) is the one renders use from
 * now on. The event's own stream revision is not a template revision. `force`: the publish was asked to
 * pass its checks anyway (absent when not); `overridden`: what those checks found that it overrode.
 */
export interface ProjectPublished {
  type: 'ProjectPublished';
  data: EventBase & { publishedRevision: number; force?: true; overridden?: OverriddenCheck[] };
}
export type ProjectEvent = ProjectCreated | ProjectSaved | ProjectDeleted | ProjectPublished;
export const PROJECT_EVENT_TYPES: ReadonlyArray<ProjectEvent['type']> = [
  'ProjectCreated',
  'ProjectSaved',
  'ProjectDeleted',
  'ProjectPublished',
];

interface CommandBase extends ProjectRef {
  /** Command time, RFC 3339 UTC with milliseconds. */
  at: string;
}
export interface CreateProject extends CommandBase {
  type: 'CreateProject';
  metadata: ProjectMetadata;
  template: PublishedTemplate;
  /** Omitted: `on_save`. */
  publishing?: Publishing;
}
export interface SaveProject extends CommandBase {
  type: 'SaveProject';
  /** Omitted: keep the current metadata. */
  metadata?: ProjectMetadata;
  template: PublishedTemplate;
  /** Omitted: keep the current publishing mode. */
  publishing?: Publishing;
  /** From `If-Match`: refuse unless this is the current revision. */
  expectedRevision?: number;
}
export interface DeleteProject extends CommandBase {
  type: 'DeleteProject';
  expectedRevision?: number;
}
/** Make revision `revision` the published one (`decidePublish`). */
export interface PublishProject extends CommandBase {
  type: 'PublishProject';
  /** Omitted: the latest template revision. */
  revision?: number;
  /** What the stream holds at `revision`, read by the caller (the decider does no I/O). */
  target: PublishTarget;
  force?: boolean;
  /** What the publish checks found that `force` overrides (recorded in the event; ignored without `force`). */
  overridden?: OverriddenCheck[];
  expectedRevision?: number;
}
export type ProjectCommand = CreateProject | SaveProject | DeleteProject | PublishProject;

export type ProjectState =
  | { status: 'none' }
  | {
      status: 'active';
      revision: number;
      /** When the live project was (last) created: a re-creation after a delete starts a new `createdAt`. */
      createdAt: string;
      updatedAt: string;
      metadata: ProjectMetadata;
      /** `contentDigest` of the current revision: what an identical save is recognised by. */
      content: string;
      publishing: Publishing;
      /** Stream revision of the latest create or save (the newest template; `revision` may be a publish after it). */
      templateRevision: number;
      /** Stream revision of the current life's creation: earlier revisions belong to a deleted project. */
      createdRevision: number;
      /** The template revision renders use; null under review until a first publish. */
      publishedRevision: number | null;
      /** When `publishedRevision` became the published one (RFC 3339); null when none. */
      publishedAt: string | null;
    }
  | { status: 'deleted'; revision: number; deletedAt: string };

export const initialState: ProjectState = { status: 'none' };

/** What every project stream's id starts with (the projector reads `$all` filtered to it). */
export const PROJECT_STREAM_PREFIX = 'project-';

/** The event-store stream that holds one project's history: `project-<workspace>:<projectId>`. */
export function projectStream({ workspace, projectId }: ProjectRef): string {
  return `${PROJECT_STREAM_PREFIX}${workspace}:${projectId}`;
}

/** Fold one event into the state. Never throws on a recorded event. */
export function evolve(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated': {
      // Revision 0 on a new stream; after a delete the stream goes on (its next revision).
      const revision = state.status === 'none' ? 0 : state.revision + 1;
      return {
        status: 'active',
        revision,
        createdAt: event.data.occurredAt,
        updatedAt: event.data.occurredAt,
        metadata: event.data.metadata,
        content: contentDigest(event.data),
        templateRevision: revision,
        createdRevision: revision,
        ...publishingAfter(event.data, revision, { publishedRevision: null, publishedAt: null }),
      };
    }
    case 'ProjectSaved':
      if (state.status !== 'active') return state;
      return {
        ...state,
        revision: state.revision + 1,
        updatedAt: event.data.occurredAt,
        metadata: event.data.metadata,
        content: contentDigest(event.data),
        templateRevision: state.revision + 1,
        ...publishingAfter(event.data, state.revision + 1, state),
      };
    case 'ProjectPublished':
      if (state.status !== 'active') return state;
      return {
        ...state,
        revision: state.revision + 1,
        updatedAt: event.data.occurredAt,
        publishedRevision: event.data.publishedRevision,
        publishedAt: event.data.occurredAt,
      };
    case 'ProjectDeleted':
      return { status: 'deleted', revision: state.status === 'none' ? 0 : state.revision + 1, deletedAt: event.data.occurredAt };
    default:
      return assertNever(event);
  }
}

/** What a command is about, before its template exists. */
export type CommandIntent = Pick<ProjectCommand, 'type' | 'workspace' | 'projectId'> & { expectedRevision?: number };

/**
 * The refusals a command can meet, checked on its intent alone — so a template is compiled only for a
 * command that can succeed. `decide` applies the same rules.
 * @throws DomainError as `decide` does.
 */
export function precheck(intent: CommandIntent, state: ProjectState): void {
  switch (intent.type) {
    case 'CreateProject':
      refuseExisting(intent, state);
      return;
    case 'SaveProject':
    case 'DeleteProject':
    case 'PublishProject':
      checkExpected(intent.expectedRevision, requireActive(intent, state).revision);
      return;
    default:
      return assertNever(intent.type);
  }
}

/**
 * Decide which events a command produces. A create on a deleted id continues its stream; a save whose
 * template and metadata equal the current revision's in canonical form (`contentDigest`) produces no
 * event — after the If-Match check, so a stale condition is refused even when nothing would change
 * (RFC 9110 §13.2.2: preconditions are evaluated before the method).
 * @throws DomainError `project_exists` (create on a live id), `project_not_found`, `project_deleted`,
 *   `revision_mismatch` (expectedRevision is not the current revision).
 */
export function decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  const ref = { workspace: command.workspace, projectId: command.projectId };
  switch (command.type) {
    case 'CreateProject': {
      refuseExisting(command, state);
      // A re-creation's time follows the deletion's, as every revision's follows the one before.
      const occurredAt = state.status === 'deleted' ? laterThan(state.deletedAt, command.at) : command.at;
      const publishing = command.publishing === 'review' ? { publishing: 'review' as const } : {};
      return [{ type: 'ProjectCreated', data: { ...ref, occurredAt, metadata: command.metadata, ...command.template, ...publishing } }];
    }
    case 'SaveProject': {
      const active = requireActive(command, state);
      checkExpected(command.expectedRevision, active.revision);
      const metadata = command.metadata ?? active.metadata;
      const mode = command.publishing ?? active.publishing;
      if (contentDigest({ ...command.template, metadata }) === active.content && mode === active.publishing) return [];
      const occurredAt = laterThan(active.updatedAt, command.at);
      const publishing = mode === 'review' ? { publishing: 'review' as const } : {};
      return [{ type: 'ProjectSaved', data: { ...ref, occurredAt, metadata, ...command.template, ...publishing } }];
    }
    case 'DeleteProject': {
      const active = requireActive(command, state);
      checkExpected(command.expectedRevision, active.revision);
      return [{ type: 'ProjectDeleted', data: { ...ref, occurredAt: laterThan(active.updatedAt, command.at) } }];
    }
    case 'PublishProject': {
      const active = requireActive(command, state);
      checkExpected(command.expectedRevision, active.revision);
      const publish = decidePublish(command, active);
      if (publish === null) return [];
      const occurredAt = laterThan(active.updatedAt, command.at);
      return [{ type: 'ProjectPublished', data: { ...ref, occurredAt, ...publish } }];
    }
    default:
      return assertNever(command);
  }
}

/** A create may start a stream or continue a deleted project's; a live id is taken. */
function refuseExisting(command: Pick<ProjectCommand, 'projectId'>, state: ProjectState): void {
  if (state.status !== 'active') return;
  throw new DomainError(
    'project_exists',
    `Project '${command.projectId}' already exists (revision ${state.revision}). Use PUT to save a new revision.`,
    {
      project_id: command.projectId,
    },
  );
}

/** The state of a live project (`requireActive`). */
export type ActiveProjectState = Extract<ProjectState, { status: 'active' }>;

function requireActive(command: Pick<ProjectCommand, 'projectId'>, state: ProjectState): Extract<ProjectState, { status: 'active' }> {
  if (state.status === 'none') {
    throw new DomainError('project_not_found', `Project '${command.projectId}' does not exist.`, { project_id: command.projectId });
  }
  if (state.status === 'deleted') {
    throw new DomainError('project_deleted', `Project '${command.projectId}' was deleted at ${state.deletedAt}.`, {
      project_id: command.projectId,
    });
  }
  return state;
}

function checkExpected(expected: number | undefined, current: number): void {
  if (expected !== undefined && expected !== current) {
    throw new DomainError('revision_mismatch', `Expected revision ${expected}, but the project is at revision ${current}.`, {
      expected_revision: expected,
      current_revision: current,
    });
  }
}

/** `updated_at` must move forward with every revision, even if the wall clock stepped back. */
function laterThan(previous: string, proposed: string): string {
  const prev = Date.parse(previous);
  return Date.parse(proposed) > prev ? proposed : new Date(prev + 1).toISOString();
}

/** Exhaustiveness check for `switch` over a union. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
