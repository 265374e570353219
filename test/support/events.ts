/**
 * Builders for project events in tests: domain events (to append) and recorded events (to feed a
 * projection directly), with defaults a test can override.
 */
import type { EventData, RecordedProjectEvent } from '../../src/application/ports/index.js';
import { projectStream, type ProjectCreated, type ProjectDeleted, type ProjectEvent, type ProjectSaved } from '../../src/domain/project.js';

/** Workspace every builder uses unless overridden. */
export const WORKSPACE = 'acme';

/** A tiny but valid MJML AST. */
export function sampleAst(text = 'Hello {{name}}') {
  return {
    tagName: 'mjml',
    attributes: {},
    children: [{ tagName: 'mj-body', attributes: {}, children: [{ tagName: 'mj-text', attributes: {}, content: text }] }],
  };
}

/** `ProjectCreated` for project `welcome` at 2026-01-01T10:00Z; any data field can be overridden. */
export function created(overrides: Partial<ProjectCreated['data']> = {}): ProjectCreated {
  return {
    type: 'ProjectCreated',
    data: {
      workspace: WORKSPACE,
      projectId: 'welcome',
      occurredAt: '2026-01-01T10:00:00.000Z',
      metadata: { name: 'Welcome', subject: 'Hi {{name}}' },
      ast: sampleAst(),
      publishedHtml: '<p>Hello {{name}}</p>',
      mjmlVersion: '5.4.1',
      ...overrides,
    },
  };
}

/** `ProjectSaved` for project `welcome` at 2026-01-02T10:00Z, with non-ASCII HTML (bytes ≠ characters). */
export function saved(overrides: Partial<ProjectSaved['data']> = {}): ProjectSaved {
  return {
    type: 'ProjectSaved',
    data: {
      workspace: WORKSPACE,
      projectId: 'welcome',
      occurredAt: '2026-01-02T10:00:00.000Z',
      metadata: { name: 'Welcome v2', subject: 'Hello {{name}}' },
      ast: sampleAst('Hi again {{name}}'),
      publishedHtml: '<p>Hi again {{name}} – ünïcode</p>',
      mjmlVersion: '5.4.1',
      ...overrides,
    },
  };
}

/** `ProjectDeleted` for project `welcome` at 2026-01-03T10:00Z. */
export function deleted(overrides: Partial<ProjectDeleted['data']> = {}): ProjectDeleted {
  return {
    type: 'ProjectDeleted',
    data: { workspace: WORKSPACE, projectId: 'welcome', occurredAt: '2026-01-03T10:00:00.000Z', ...overrides },
  };
}

/**
 * A domain event as the store would record it at stream `revision` and the `$all` position made from
 * `order` (default revision + 1): positions are opaque strings whose order follows `order`.
 */
export function recorded(event: ProjectEvent, revision: number, order = revision + 1): RecordedProjectEvent {
  return {
    id: `00000000-0000-4000-8000-${String(order).padStart(12, '0')}`,
    streamId: projectStream(event.data),
    revision,
    position: String(order).padStart(20, '0'),
    type: event.type,
    data: event.data,
    metadata: {},
    recordedAt: event.data.occurredAt,
  } as RecordedProjectEvent;
}

/** Domain events as `EventData` for `appendToStream`. */
export function toEventData(...events: ProjectEvent[]): EventData[] {
  return events.map((event) => ({ type: event.type, data: event.data }));
}
