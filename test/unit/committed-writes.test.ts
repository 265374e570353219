/**
 * A write found committed after a crash is answered like its first answer (issue 19, item 2): only once the
 * read models reach its position, or after the bound all the same, said to `onLate`.
 */
import { expect } from 'chai';
import { findCommittedWriteProjected, IDEMPOTENCY_METADATA, type WriteTag } from '../../src/application/write/committed-writes.js';
import type { Position, RecordedEvent } from '../../src/application/ports/index.js';
import { created, saved, WORKSPACE } from '../support/events.js';

const tag: WriteTag = { keyId: 'k1', key: 'retry-me', fingerprint: 'f'.repeat(64) };
const position = (n: number): Position => String(n).padStart(20, '0');

/** The stream `project-acme-p`: a create by someone else, then the save made for `tag`. */
function streamOf(): RecordedEvent[] {
  const events = [created({ projectId: 'p' }), saved({ projectId: 'p' })];
  return events.map((event, revision) => ({
    ...event,
    streamId: `project-${WORKSPACE}-p`,
    revision,
    position: position(revision + 7),
    recordedAt: '2026-11-26T00:00:00.000Z',
    metadata:
      revision === 1 ? { key_id: tag.keyId, [IDEMPOTENCY_METADATA]: { key: tag.key, fingerprint: tag.fingerprint } } : { key_id: 'other' },
  })) as unknown as RecordedEvent[];
}

const eventStore = {
  async readStream(_stream: string, options: { fromRevision?: number; maxCount?: number } = {}) {
    const from = options.fromRevision ?? 0;
    return streamOf().slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
  },
};

describe('findCommittedWriteProjected', () => {
  it('waits for the read models to reach the write before it answers, and answers the revision it left', async () => {
    const order: string[] = [];
    const projector = {
      async waitFor(at: Position, timeoutMs: number) {
        order.push(`wait ${at} ${timeoutMs}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('reached');
        return true;
      },
    };
    const write = await findCommittedWriteProjected(eventStore, projector, { workspace: WORKSPACE, projectId: 'p', after: 0 }, tag);
    order.push('answered');
    expect(order).to.deep.equal([`wait ${position(8)} 5000`, 'reached', 'answered']);
    expect([write?.revision, write?.position, write?.view?.revision]).to.deep.equal([1, position(8), 1]);
  });

  it('answers after the bound when the read models do not catch up, and says so', async () => {
    const late: Array<[number, number]> = [];
    const projector = { waitFor: async () => false };
    const write = await findCommittedWriteProjected(eventStore, projector, { workspace: WORKSPACE, projectId: 'p', after: 0 }, tag, {
      waitMs: 30,
      onLate: (found, waitMs) => late.push([found.revision, waitMs]),
    });
    expect(write?.revision).to.equal(1);
    expect(late).to.deep.equal([[1, 30]]);
  });

  it('waits for nothing when no write was made for the key', async () => {
    let waited = false;
    const projector = { waitFor: async () => ((waited = true), true) };
    const other = { ...tag, key: 'never-sent' };
    expect(await findCommittedWriteProjected(eventStore, projector, { workspace: WORKSPACE, projectId: 'p', after: 0 }, other)).to.equal(
      null,
    );
    expect(waited).to.equal(false);
  });
});
