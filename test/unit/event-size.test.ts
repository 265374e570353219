/**
 * The event size check counts what KurrentDB counts against `MaxAppendSize` (`Event.SizeOnDisk`: data +
 * metadata + 2 × type length, server `Streams.BatchAppend.cs`): a save whose `{type, data}` fits under
 * 1 MiB but whose metadata (`key_id`, `request_id`) takes it over is refused with 413 before the append,
 * not by the server (a 500 before the K7 fix).
 */
import { expect } from 'chai';
import { checkEventSize, eventBytes, MAX_EVENT_BYTES } from '../../src/application/ports/event-size.js';
import { TemplateError } from '../../src/rendering/index.js';
import { sizeOnDisk } from '../support/kurrentdb-double/event-log.js';
import { toProblem } from '../../src/http/problem.js';

describe('event size check (KurrentDB MaxAppendSize)', () => {
  const metadata = { key_id: 'lp_TESTKEY00001', request_id: '2b0f8a5e-2c3d-4e5f-8a9b-0c1d2e3f4a5b' };
  /** An event whose `{type, data}` JSON is exactly `bytes` long. */
  const eventOf = (bytes: number) => {
    const shell = JSON.stringify({ type: 'ProjectSaved', data: { html: '' } }).length;
    return { type: 'ProjectSaved', data: { html: 'x'.repeat(bytes - shell) } };
  };
  const serverCount = (event: { type: string; data: unknown }) =>
    sizeOnDisk({ type: event.type, data: Buffer.from(JSON.stringify(event.data)), metadata: Buffer.from(JSON.stringify(metadata)) });

  it("is never below the server's count, metadata included", () => {
    for (const bytes of [100, 10_000, MAX_EVENT_BYTES - 50]) {
      const event = eventOf(bytes);
      expect(eventBytes(event, metadata)).to.be.at.least(serverCount(event));
    }
  });

  it('refuses with 413 an event the server would refuse only because of its metadata', () => {
    const event = eventOf(MAX_EVENT_BYTES - 40); // {type, data} alone fits
    expect(serverCount(event)).to.be.above(MAX_EVENT_BYTES); // the server would refuse it
    let refused: unknown;
    try {
      checkEventSize(eventBytes(event, metadata));
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(TemplateError).and.to.include({ code: 'template_too_large' });
    expect(toProblem(refused).status).to.equal(413);
  });
});
