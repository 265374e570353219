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
import { created, deleted, sampleAst, saved } from '../support/events.js';

/** The template `created()` publishes, without metadata. */
function template0(): PublishedTemplate {
  const { ast, publishedHtml, mjmlVersion } = created().data;
  return { ast, publishedHtml, mjmlVersion };
}

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
      .then([
        { type: 'ProjectSaved', data: { ...ref, occurredAt: '2026-01-03T00:00:00.000Z', metadata: created().data.metadata, ...template } },
      ]);
  });

  it('save on nothing → project_not_found; on a deleted project → project_deleted', () => {
    const command: ProjectCommand = { type: 'SaveProject', ...ref, at: '2026-01-05T00:00:00.000Z', template };
    given([]).when(command).thenRefused('project_not_found');
    given([created(), deleted()]).when(command).thenRefused('project_deleted');
  });

  it('save with a stale expected revision → revision_mismatch; the current one passes', () => {
    const at = '2026-01-05T00:00:00.000Z';
    given([created(), saved()])
      .when({ type: 'SaveProject', ...ref, at, template, expectedRevision: 0 })
      .thenRefused('revision_mismatch');
    expect(
      decide({ type: 'SaveProject', ...ref, at, template, expectedRevision: 1 }, [created(), saved()].reduce(evolve, initialState)),
    ).to.have.length(1);
  });

  it('updated_at moves forward even when the clock steps back', () => {
    const [event] = decide(
      { type: 'SaveProject', ...ref, at: '2025-12-31T00:00:00.000Z', template },
      [created()].reduce(evolve, initialState),
    );
    expect(event!.data.occurredAt).to.equal('2026-01-01T10:00:00.001Z');
  });

  it('delete → ProjectDeleted; twice → project_deleted', () => {
    given([created()])
      .when({ type: 'DeleteProject', ...ref, at: '2026-01-04T00:00:00.000Z' })
      .then([{ type: 'ProjectDeleted', data: { ...ref, occurredAt: '2026-01-04T00:00:00.000Z' } }]);
    given([created(), deleted()])
      .when({ type: 'DeleteProject', ...ref, at: '2026-01-09T00:00:00.000Z' })
      .thenRefused('project_deleted');
  });

  describe('identical content', () => {
    const at = '2026-01-05T00:00:00.000Z';
    const current = created({
      metadata: { name: 'W', variables: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } } },
      partials: { head: 'H', foot: 'F' },
      helpers: { eur: { use: 'currency', hash: { code: 'EUR', digits: 2 } } },
    });
    const same = (): PublishedTemplate => {
      const { ast, publishedHtml, mjmlVersion, partials, helpers } = current.data;
      return { ast, publishedHtml, mjmlVersion, ...(partials ? { partials } : {}), ...(helpers ? { helpers } : {}) };
    };

    it('a save equal to the current revision → no event', () => {
      given([current])
        .when({ type: 'SaveProject', ...ref, at, template: same(), metadata: current.data.metadata })
        .then([]);
      given([current])
        .when({ type: 'SaveProject', ...ref, at, template: same() })
        .then([]); // metadata omitted keeps it: still equal
      given([current])
        .when({ type: 'SaveProject', ...ref, at, template: same(), expectedRevision: 0 })
        .then([]);
    });

    it('key order never matters: metadata, partials, helpers (written in another order) → still no event', () => {
      const reordered: PublishedTemplate = {
        ...same(),
        partials: { foot: 'F', head: 'H' },
        helpers: { eur: { hash: { digits: 2, code: 'EUR' }, use: 'currency' } },
      };
      const metadata = { variables: { properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' }, name: 'W' };
      given([current])
        .when({ type: 'SaveProject', ...ref, at, template: reordered, metadata })
        .then([]);
    });

    it('absent partials, helpers and render mode equal empty ones and "static"', () => {
      given([created()])
        .when({ type: 'SaveProject', ...ref, at, template: { ...template0(), partials: {}, helpers: {} } })
        .then([]);
    });

    it('any real difference → ProjectSaved: metadata value, HTML, AST, partial, helper, mjml version, render mode, array order', () => {
      const state = [current].reduce(evolve, initialState);
      const variants: Array<[string, { template: PublishedTemplate; metadata?: Record<string, unknown> }]> = [
        ['metadata', { template: same(), metadata: { ...current.data.metadata, name: 'W2' } }],
        ['metadata member removed', { template: same(), metadata: { name: 'W' } }],
        ['html', { template: { ...same(), publishedHtml: current.data.publishedHtml + ' ' } }],
        ['ast', { template: { ...same(), ast: sampleAst('Other') } }],
        ['partial', { template: { ...same(), partials: { head: 'H', foot: 'F!' } } }],
        ['partials dropped', { template: { ...same(), partials: {} } }],
        ['helper', { template: { ...same(), helpers: { eur: { use: 'currency', hash: { code: 'USD', digits: 2 } } } } }],
        ['mjml version', { template: { ...same(), mjmlVersion: '5.5.0' } }],
        ['render mode', { template: { ...same(), renderMode: 'dynamic' } }],
        ['array order', { template: same(), metadata: { ...current.data.metadata, tags: ['a', 'b'] } }],
      ];
      for (const [what, change] of variants) {
        const events = decide({ type: 'SaveProject', ...ref, at, ...change }, state);
        expect(
          events.map((e) => e.type),
          what,
        ).to.deep.equal(['ProjectSaved']);
      }
      const withTags = [current, saved({ ...current.data, metadata: { ...current.data.metadata, tags: ['a', 'b'] } })].reduce(
        evolve,
        initialState,
      );
      expect(
        decide({ type: 'SaveProject', ...ref, at, template: same(), metadata: { ...current.data.metadata, tags: ['b', 'a'] } }, withTags),
        'tags reordered',
      ).to.have.length(1);
    });

    it('a stale If-Match on an identical save is still refused (the condition comes first, RFC 9110 §13.2.2)', () => {
      given([current, saved({ ...current.data })])
        .when({ type: 'SaveProject', ...ref, at, template: same(), expectedRevision: 0 })
        .thenRefused('revision_mismatch');
    });

    it('compares with the current revision, not an older one', () => {
      const history = [current, saved()]; // revision 1 differs from revision 0
      const events = decide(
        { type: 'SaveProject', ...ref, at, template: same(), metadata: current.data.metadata },
        history.reduce(evolve, initialState),
      );
      expect(events).to.have.length(1); // back to revision 0's content is a change (a new revision 2)
    });
  });

  describe('creating a deleted id again', () => {
    it('→ ProjectCreated continuing the stream: deleted at 2, created at 3, then saved at 4', () => {
      const history = [created(), saved(), deleted()];
      const command: ProjectCommand = {
        type: 'CreateProject',
        ...ref,
        at: '2026-01-05T00:00:00.000Z',
        metadata: { name: 'Again' },
        template,
      };
      given(history)
        .when(command)
        .then([
          { type: 'ProjectCreated', data: { ...ref, occurredAt: '2026-01-05T00:00:00.000Z', metadata: { name: 'Again' }, ...template } },
        ]);
      const [recreated] = decide(command, history.reduce(evolve, initialState));
      const state = [...history, recreated!].reduce(evolve, initialState);
      expect(state).to.include({
        status: 'active',
        revision: 3,
        createdAt: '2026-01-05T00:00:00.000Z',
        updatedAt: '2026-01-05T00:00:00.000Z',
      });
      expect(state.status === 'active' && state.metadata).to.deep.equal({ name: 'Again' });
      const after = decide(
        {
          type: 'SaveProject',
          ...ref,
          at: '2026-01-06T00:00:00.000Z',
          template: { ...template, publishedHtml: '<p>v2</p>' },
          expectedRevision: 3,
        },
        state,
      );
      expect([...history, recreated!, ...after].reduce(evolve, initialState)).to.include({ status: 'active', revision: 4 });
    });

    it('its time follows the deletion even when the clock stepped back', () => {
      const [event] = decide(
        { type: 'CreateProject', ...ref, at: '2026-01-02T00:00:00.000Z', metadata: {}, template },
        [created(), deleted()].reduce(evolve, initialState),
      );
      expect(event!.data.occurredAt).to.equal('2026-01-03T10:00:00.001Z'); // deleted() is at 2026-01-03T10:00:00.000Z
    });

    it('the re-created project is live again: a second create → project_exists, delete works', () => {
      const history = [created(), deleted(), created({ occurredAt: '2026-01-04T00:00:00.000Z' })];
      given(history)
        .when({ type: 'CreateProject', ...ref, at: '2026-01-05T00:00:00.000Z', metadata: {}, template })
        .thenRefused('project_exists');
      expect(
        decide(
          { type: 'DeleteProject', ...ref, at: '2026-01-05T00:00:00.000Z', expectedRevision: 2 },
          history.reduce(evolve, initialState),
        ),
      ).to.have.length(1);
    });
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
        const intent = {
          type: command.type,
          workspace: command.workspace,
          projectId: command.projectId,
          ...('expectedRevision' in command && command.expectedRevision !== undefined
            ? { expectedRevision: command.expectedRevision }
            : {}),
        };
        const decided = outcome(() => decide(command, state));
        expect(
          outcome(() => precheck(intent, state)),
          `${command.type} after ${history.length} events`,
        ).to.equal(decided);
        seen.add(decided);
      }
    }
    // every refusal and acceptance was exercised
    expect([...seen].sort()).to.deep.equal(['accepted', 'project_deleted', 'project_exists', 'project_not_found', 'revision_mismatch']);
  });
});
