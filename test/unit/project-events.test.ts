/**
 * The project-event decoder: a recorded event of a known type comes out as that project event (the same
 * object, typed); any other type is refused with an error naming stream, revision and type, or skipped by
 * the guard that readers which skip unknown events use.
 */
import { expect } from 'chai';
import type { RecordedEvent } from '../../src/application/ports/event-store.js';
import { decodeProjectEvent, isProjectEvent, UnknownProjectEventError } from '../../src/application/ports/project-events.js';
import { created, deleted, recorded, saved } from '../support/events.js';

describe('decodeProjectEvent', () => {
  it('passes every project event through as it was recorded', () => {
    for (const [event, revision] of [
      [created(), 0],
      [saved(), 1],
      [deleted(), 2],
    ] as const) {
      const stored: RecordedEvent = recorded(event, revision);
      const decoded = decodeProjectEvent(stored);
      expect(decoded).to.equal(stored);
      expect(decoded.type).to.equal(event.type);
      expect(decoded.data.occurredAt).to.equal(event.data.occurredAt);
      expect(isProjectEvent(stored)).to.equal(true);
    }
  });

  it('refuses a type the domain does not know, naming stream, revision and type', () => {
    const stored: RecordedEvent = { ...recorded(saved(), 4), type: 'ProjectRenamed' };
    expect(isProjectEvent(stored)).to.equal(false);
    let thrown: unknown;
    try {
      decodeProjectEvent(stored);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(UnknownProjectEventError);
    const error = thrown as UnknownProjectEventError;
    expect([error.streamId, error.revision, error.type]).to.deep.equal(['project-acme:welcome', 4, 'ProjectRenamed']);
    expect(error.message).to.include("'project-acme:welcome'").and.include('revision 4').and.include("'ProjectRenamed'");
  });
});
