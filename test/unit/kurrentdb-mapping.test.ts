/**
 * The KurrentDB adapter's conversions, without a server: expected revision → stream state, positions,
 * recorded events, errors, and the ids that make a retried append idempotent.
 */
import { expect } from 'chai';
import { UnavailableError, UnknownError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import {
  decodePosition,
  encodePosition,
  eventId,
  toPortError,
  toRecordedEvent,
  toRevision,
  toStreamState,
} from '../../src/adapters/kurrentdb/mapping.js';
import { DependencyUnavailableError, comparePositions, WrongExpectedRevisionError } from '../../src/application/ports/index.js';

const never = () => {
  throw new Error('random ids are not used for this append');
};

describe('KurrentDB mapping', () => {
  it('turns each expected revision into the client stream state of the same meaning', () => {
    expect(toStreamState('no_stream')).to.equal('no_stream');
    expect(toStreamState('any')).to.equal('any');
    expect(toStreamState('stream_exists')).to.equal('stream_exists');
    expect(toStreamState(0)).to.equal(0n);
    expect(toStreamState(41)).to.equal(41n);
  });

  it('encodes positions as 40 digits whose string order is (commit, prepare) order, and decodes them back', () => {
    const positions = [
      { commit: 0n, prepare: 0n },
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 3n }, // more digits in commit: after 9, though '1' < '9'
      { commit: 10n, prepare: 10n },
      { commit: 18_446_744_073_709_551_615n, prepare: 1n },
    ];
    const encoded = positions.map(encodePosition);
    expect(encoded[2]).to.equal('0000000000000000001000000000000000000003');
    for (let i = 1; i < encoded.length; i++) expect(comparePositions(encoded[i - 1]!, encoded[i]!)).to.be.below(0);
    expect(encoded.map(decodePosition)).to.deep.equal(positions);
    expect(() => decodePosition('00000000000000000001')).to.throw(RangeError); // a SQL store's position
    expect(() => encodePosition({ commit: -1n, prepare: 0n })).to.throw(RangeError);
  });

  it('converts revisions to numbers, refusing what a number cannot hold exactly', () => {
    expect(toRevision(7n)).to.equal(7);
    expect(() => toRevision(2n ** 60n)).to.throw(RangeError);
  });

  it("reads a resolved $all event into the port's shape", () => {
    const created = new Date('2026-03-04T05:06:07.089Z');
    const resolved = {
      event: {
        streamId: 'project-acme:welcome',
        id: '5b1c1b64-6d2c-4b5e-9a3f-1c2d3e4f5a6b',
        isJson: true,
        revision: 3n,
        type: 'ProjectSaved',
        created,
        data: { projectId: 'welcome' },
        metadata: { key_id: 'lp_1' },
        position: { commit: 1234n, prepare: 1230n },
      },
    } as AllStreamResolvedEvent;
    expect(toRecordedEvent(resolved)).to.deep.equal({
      id: '5b1c1b64-6d2c-4b5e-9a3f-1c2d3e4f5a6b',
      streamId: 'project-acme:welcome',
      revision: 3,
      position: '0000000000000000123400000000000000001230',
      type: 'ProjectSaved',
      data: { projectId: 'welcome' },
      metadata: { key_id: 'lp_1' },
      recordedAt: '2026-03-04T05:06:07.089Z',
    });
    expect(() => toRecordedEvent({})).to.throw(TypeError);
  });

  it("keeps the caller's event id, else a random one (identical content appended twice gets two ids)", () => {
    const event = { type: 'ProjectSaved', data: { html: '<p>Hi</p>' } };
    expect(eventId({ ...event, id: 'given' }, never)).to.equal('given');
    let n = 0;
    const random = () => `r${++n}`;
    expect([eventId(event, random), eventId(event, random)]).to.deep.equal(['r1', 'r2']);
  });

  it("maps a wrong expected version to the port's error, with the actual revision or no_stream", () => {
    const wrong = toPortError(
      new WrongExpectedVersionError(undefined, { streamName: 'project-a', expected: 1n, current: 3n }),
      'project-a',
      1,
    );
    expect(wrong).to.be.instanceOf(WrongExpectedRevisionError);
    expect(wrong).to.include({ streamId: 'project-a', expected: 1, actual: 3 });
    const missing = toPortError(
      new WrongExpectedVersionError(undefined, { streamName: 'project-a', expected: 0n, current: 'no_stream' }),
      'project-a',
      0,
    );
    expect(missing).to.include({ expected: 0, actual: 'no_stream' });
  });

  it('maps an unreachable server to DependencyUnavailableError and leaves other errors as they are', () => {
    const down = toPortError(new UnavailableError(undefined, 'connect ECONNREFUSED'), 'project-a', 'any');
    expect(down).to.be.instanceOf(DependencyUnavailableError);
    expect(down).to.include({ dependency: 'kurrentdb' });
    const raw = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }); // as an append rejects
    expect(toPortError(raw, 'project-a', 0)).to.be.instanceOf(DependencyUnavailableError);
    const other = new UnknownError(undefined, 'something else');
    expect(toPortError(other, 'project-a', 'any')).to.equal(other);
  });
});
