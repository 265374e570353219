/**
 * What a project write reports (`ProjectCommands`), who it is made for, what the command path needs, and
 * the pure steps that shape a write's result.
 */
import type { ProjectEvent, ProjectRef, ProjectState, PublishedTemplate } from '../../domain/project.js';
import { publishedTemplateView } from '../../domain/published-template.js';
import { publishingView, type ProjectView } from '../read/index.js';
import type { Projector } from '../projector/index.js';
import type { PublishGate, TemplateComposer } from '../render/index.js';
import type { EventStore, Position, TemplatePreparer, TemplateWarning } from '../ports/index.js';
import type { PolicyGate } from '../policy/index.js';

/** How long a write's answer waits for the read models to reach it, ms; then it is answered anyway (logged). */
export const PROJECTION_WAIT_MS = 5000;

/**
 * Who asked for a write: stored in each event's metadata (`key_id`, `request_id`) so the audit can say
 * which key saved a revision, through which request.
 */
export interface Actor {
  keyId: string;
  requestId?: string;
  /** The request's `Idempotency-Key`, when it carries one: recorded in the events (committed-writes.ts). */
  idempotency?: WriteIdempotency;
}

/** Where an idempotent write's events land: a project's stream, after revision `after` (null: no stream yet). */
export interface WriteTarget {
  workspace: string;
  projectId: string;
  after: number | null;
}

/**
 * What an idempotent write asks of the command path (`Actor.idempotency`): its tag, recorded in the events,
 * and the hooks around the append.
 */
export interface WriteIdempotency {
  key: string;
  fingerprint: string;
  /**
   * Called before each append, with where it lands; the append waits for it.
   * @throws to stop the write (nothing is appended): the key is no longer this request's.
   */
  beforeAppend(target: WriteTarget): Promise<void>;
  /** Called once the append committed, before anything else (a test-only crash point hangs on it). */
  afterCommit?(): void;
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
  /** True when nothing was appended: the save's content equalled the current revision's (docs/api.md "Saving identical content"). */
  unchanged: boolean;
  warnings: TemplateWarning[];
  /** The project at `revision`, from the events just appended (null after a delete; a publish reads its template back). */
  view: ProjectView | null;
}

/** What a create or save reports: the write, and the project it published. */
export type PublishingResult = WriteResult & { view: ProjectView };

/** The template a create or save carries: always prepared before it is decided (`execute`). */
export function compiled(template: PublishedTemplate | null): PublishedTemplate {
  if (template === null) throw new Error('a create or save is decided only once its template is prepared');
  return template;
}

/**
 * The project as the write left it, from the write's own events: what its response shows, without
 * reading the read model back. Null for a delete.
 */
export function viewOf(ref: ProjectRef, state: ProjectState, events: ProjectEvent[]): ProjectView | null {
  const last = events[events.length - 1];
  if (state.status !== 'active' || last === undefined || last.type === 'ProjectDeleted' || last.type === 'ProjectPublished') return null;
  const { occurredAt, metadata } = last.data;
  const { revision, createdAt } = state;
  return {
    ...ref,
    revision,
    createdAt,
    updatedAt: occurredAt,
    metadata,
    ...publishedTemplateView(last.data),
    publishing: publishingView(state),
  };
}

/** What `ProjectCommands` (and its `CommandPath`) needs. */
export interface ProjectCommandsDeps {
  eventStore: EventStore;
  projector: Pick<Projector, 'waitFor'>;
  templates: TemplatePreparer;
  /** Current time as RFC 3339 UTC with ms. */
  now: () => string;
  /** How long a write waits for its projections before answering anyway (ms). */
  projectionWaitMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
  /** The publish gate (recorded variable shapes against a revision's schema); none: publishes are not checked. */
  publishGate?: Pick<PublishGate, 'check'>;
  /** The workspace send-readiness policy at publish and at saves (absent: no policy is ever checked). */
  policy?: Pick<PolicyGate, 'checkSave' | 'checkPublish'>;
  /** Composes a save that names a layout or shared partials (docs/layouts.md); absent: such a save is refused. */
  composer?: Pick<TemplateComposer, 'prepareSave'>;
}
