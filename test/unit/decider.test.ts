import { expect } from 'chai';
import { DomainError } from '../../src/domain/errors.js';
import {
  decide,
  evolve,
  initialState,
  precheck,
  type ProjectCommand,
  type ProjectEvent,
  type PublishedTemplate,
} from '../../src/domain/project.js';
import { created, deleted, saved } from '../support/events.js';

const template: PublishedTemplate = { ast: { tagName: 'mjml', attributes: {} }, publishedHtml: '<p>{{x}}</p>', mjmlVersion: '5.4.1' };
const ref = { workspace: 'acme', projectId: 'welcome' };

/** given events, when a command, then events (or a DomainError code). */
function given(history: ProjectEvent[]) {
  const state = history.reduce(evolve, initialState);
  return {
    when: (command: ProjectCommand) => ({
      then: (expected: ProjectEvent[]) => expect(decide(command, state)).to.deep.equal(expected),
      thenRefused: (code: string) => {
        try {
          decide(command, state);
        } catch (error) {
          expect(error).to.be.instanceOf(DomainError);
          expect((error as DomainError).code).to.equal(code);
          return;
        }
        expect.fail(`expected ${code}`);
      },
    }),
  };
}

describe('project decider', () => {
  it('create on no history → ProjectCreated carrying AST, metadata, published HTML and mjml version', () => {
    given([])
      .when({ type: 'CreateProject', ...ref, at: '2026-01-01T10:00:00.000Z', metadata: { name: 'W' }, template })
      .then([{ type: 'ProjectCreated', data: { ...ref, occurredAt: '2026-01-01T10:00:00.000Z', metadata: { name: 'W' }, ...template } }]);
  });

  it('create on a live id → project_exists', () => {
    const command: ProjectCommand = { type: 'CreateProject', ...ref, at: '2026-01-05T00:00:00.000Z', metadata: {}, template };
    given([created()]).when(command).thenRefused('project_exists');
    given([created(), saved()]).when(command).thenRefused('project_exists');
  });

  it('save → ProjectSaved; metadata omitted keeps the current metadata', () => {
    given([created()])
      .when({ type: 'SaveProject', ...ref, at: '2026-01-03T00:00:00.000Z', template })
      .then([{ type: 'ProjectSaved', data: { ...ref, occurredAt: '2026-01-03T00:00:00.000Z', metadata: created().data.metadata, ...template } }]);
  });

  it('save on nothing → project_not_found; on a deleted project → project_deleted', () => {
    const command: ProjectCommand = { type: 'SaveProject', ...ref, at: '2026-01-05T00:00:00.000Z', template };
    given([]).when(command).thenRefused('project_not_found');
    given([created(), deleted()]).when(command).thenRefused('project_deleted');
  });

  it('save with a stale expected revision → revision_mismatch; the current one passes', () => {
    const at = '2026-01-05T00:00:00.000Z';
    given([created(), saved()]).when({ type: 'SaveProject', ...ref, at, template, expectedRevision: 0 }).thenRefused('revision_mismatch');
    expect(decide({ type: 'SaveProject', ...ref, at, template, expectedRevision: 1 }, [created(), saved()].reduce(evolve, initialState))).to.have.length(1);
  });

  it('updated_at moves forward even when the clock steps back', () => {
    const [event] = decide({ type: 'SaveProject', ...ref, at: '2025-12-31T00:00:00.000Z', template }, [created()].reduce(evolve, initialState));
    expect(event!.data.occurredAt).to.equal('2026-01-01T10:00:00.001Z');
  });

  it('delete → ProjectDeleted; twice → project_deleted', () => {
    given([created()])
      .when({ type: 'DeleteProject', ...ref, at: '2026-01-04T00:00:00.000Z' })
      .then([{ type: 'ProjectDeleted', data: { ...ref, occurredAt: '2026-01-04T00:00:00.000Z' } }]);
    given([created(), deleted()]).when({ type: 'DeleteProject', ...ref, at: '2026-01-09T00:00:00.000Z' }).thenRefused('project_deleted');
  });

  it('evolve counts stream revisions: created 0, each save or delete +1', () => {
    const state = [created(), saved(), saved(), deleted()].reduce(evolve, initialState);
    expect(state).to.include({ status: 'deleted', revision: 3 });
    expect([created(), saved()].reduce(evolve, initialState)).to.include({ status: 'active', revision: 1 });
  });

  it('precheck refuses on the intent alone exactly what decide refuses, and passes what it accepts', () => {
    const histories: ProjectEvent[][] = [[], [created()], [created(), saved()], [created(), deleted()]];
    const commands: ProjectCommand[] = [
      { type: 'CreateProject', ...ref, at: '2026-01-02T00:00:00.000Z', metadata: {}, template },
      { type: 'SaveProject', ...ref, at: '2026-01-02T00:00:00.000Z', template },
      { type: 'SaveProject', ...ref, at: '2026-01-02T00:00:00.000Z', template, expectedRevision: 0 },
      { type: 'SaveProject', ...ref, at: '2026-01-02T00:00:00.000Z', template, expectedRevision: 1 },
      { type: 'DeleteProject', ...ref, at: '2026-01-02T00:00:00.000Z' },
      { type: 'DeleteProject', ...ref, at: '2026-01-02T00:00:00.000Z', expectedRevision: 0 },
    ];
    const outcome = (run: () => unknown) => {
      try {
        run();
        return 'accepted';
      } catch (error) {
        return (error as DomainError).code;
      }
    };
    const seen = new Set<string>();
    for (const history of histories) {
      const state = history.reduce(evolve, initialState);
      for (const command of commands) {
        const intent = { type: command.type, workspace: command.workspace, projectId: command.projectId, ...('expectedRevision' in command && command.expectedRevision !== undefined ? { expectedRevision: command.expectedRevision } : {}) };
        const decided = outcome(() => decide(command, state));
        expect(outcome(() => precheck(intent, state)), `${command.type} after ${history.length} events`).to.equal(decided);
        seen.add(decided);
      }
    }
    // every refusal and acceptance was exercised
    expect([...seen].sort()).to.deep.equal(['accepted', 'project_deleted', 'project_exists', 'project_not_found', 'revision_mismatch']);
  });
});
