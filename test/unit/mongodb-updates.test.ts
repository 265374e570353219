/**
 * What the MongoDB adapters send, without a server: the filter and update of each guarded write, written
 * out here by hand from the rules they implement (revision guard, forward-only checkpoints, the switch-over
 * fence, the lease), and which write errors mean "nothing to do".
 */
import { expect } from 'chai';
import {
  checkpointWrite,
  documentUpsert,
  duplicateKeyIndexes,
  isDuplicateKeyError,
  leaseAcquisition,
  listFilter,
  locationsFilter,
  physicalNames,
  refusedBySwitchOver,
  switchOverFence,
  toCheckpoint,
} from '../../src/adapters/mongodb/updates.js';
import { newestPerDocument } from '../../src/adapters/shared/read-models.js';

const pos = (n: number): string => String(n).padStart(20, '0');
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('MongoDB adapters: what they send', () => {
  describe('read-model documents', () => {
    it('upserts a change only over an older revision of the same location in the physical collection', () => {
      expect(documentUpsert('docs@2', { partition: 'acme', key: 'a', revision: 7 }, '{"v":1}')).to.deep.equal({
        filter: { collection: 'docs@2', partition: 'acme', key: 'a', revision: { $lt: 7 } },
        update: { $set: { revision: 7, doc: '{"v":1}' }, $unset: { removedAt: '' } },
      });
    });

    it('writes a removal as a tombstone: the same guard, a null doc, stamped with the server time it was removed at', () => {
      expect(documentUpsert('docs', { partition: 'acme', key: 'a', revision: 0 }, null)).to.deep.equal({
        filter: { collection: 'docs', partition: 'acme', key: 'a', revision: { $lt: 0 } },
        update: { $set: { revision: 0, doc: null }, $currentDate: { removedAt: true } },
      });
    });

    it('keeps the newest change per document, whatever the order given', () => {
      const change = (collection: string, key: string, revision: number, doc: unknown) => ({
        collection,
        partition: 'acme',
        key,
        revision,
        doc,
      });
      const newest = newestPerDocument([
        change('docs', 'a', 1, { v: 1 }),
        change('docs', 'a', 3, { v: 3 }),
        change('docs', 'a', 2, { v: 2 }),
        change('other', 'a', 0, { other: true }),
        change('docs', 'b', 0, null),
      ]);
      expect(newest).to.have.deep.members([
        change('docs', 'a', 3, { v: 3 }),
        change('other', 'a', 0, { other: true }),
        change('docs', 'b', 0, null),
      ]);
      expect(newest).to.have.length(3);
    });

    it('reads many locations with one $in on keys per partition', () => {
      const locations = [
        { partition: 'acme', key: 'a' },
        { partition: 'globex', key: 'a' },
        { partition: 'acme', key: 'b' },
        { partition: 'acme', key: 'a' },
      ];
      expect(locationsFilter('docs', locations)).to.deep.equal({
        collection: 'docs',
        $or: [
          { partition: 'acme', key: { $in: ['a', 'b'] } },
          { partition: 'globex', key: { $in: ['a'] } },
        ],
      });
    });

    it('lists live documents of a partition, after a key when given', () => {
      expect(listFilter('docs', 'acme')).to.deep.equal({ collection: 'docs', partition: 'acme', doc: { $ne: null } });
      expect(listFilter('docs', 'acme', 'c')).to.deep.equal({
        collection: 'docs',
        partition: 'acme',
        doc: { $ne: null },
        key: { $gt: 'c' },
      });
    });

    it('resolves names through their aliases, each name to itself when it has none', () => {
      const resolved = physicalNames(['docs', 'other', 'docs'], [{ _id: 'docs', physical: 'docs@rebuild-1' }]);
      expect([...resolved]).to.deep.equal([
        ['docs', 'docs@rebuild-1'],
        ['other', 'other'],
      ]);
    });
  });

  describe('checkpoints', () => {
    const notHeld = { $or: [{ switchOver: { $exists: false } }, { 'switchOver.until': { $lt: new Date(NOW) } }] };

    it('moves a checkpoint with a position only over an older version, or the same version with no position or an earlier one, and never a held or retired one', () => {
      expect(checkpointWrite('docs', { version: 2, position: pos(9) }, NOW)).to.deep.equal({
        filter: {
          _id: 'docs',
          retired: { $exists: false },
          $and: [notHeld, { $or: [{ version: { $lt: 2 } }, { version: 2, position: null }, { version: 2, position: { $lt: pos(9) } }] }],
        },
        update: { $set: { version: 2, position: pos(9) }, $unset: { switchOver: '' } },
      });
    });

    it('moves a checkpoint without a position only over an older version, or the same version with no position (never over a newer version)', () => {
      expect(checkpointWrite('docs', { version: 1, position: null }, NOW)).to.deep.equal({
        filter: {
          _id: 'docs',
          retired: { $exists: false },
          $and: [notHeld, { $or: [{ version: { $lt: 1 } }, { version: 1, position: null }] }],
        },
        update: { $set: { version: 1, position: null }, $unset: { switchOver: '' } },
      });
    });

    it('fences the live checkpoint only while the rebuilt one has caught up with it: of the same or an older version, with no position or one at or before', () => {
      expect(switchOverFence('docs', { version: 3, position: pos(5) }, 'docs@2', NOW, 30_000)).to.deep.equal({
        filter: {
          _id: 'docs',
          retired: { $exists: false },
          $and: [
            notHeld,
            {
              $or: [
                { version: { $exists: false } },
                { version: { $lte: 3 }, position: null },
                { version: { $lte: 3 }, position: { $lte: pos(5) } },
              ],
            },
          ],
        },
        update: { $set: { switchOver: { to: 'docs@2', until: new Date(NOW + 30_000) } } },
      });
    });

    it('fences only a live checkpoint without a position when the rebuilt one has none either', () => {
      expect(switchOverFence('docs', { version: 3, position: null }, 'docs@2', NOW, 1_000).filter).to.deep.equal({
        _id: 'docs',
        retired: { $exists: false },
        $and: [notHeld, { $or: [{ version: { $exists: false } }, { version: { $lte: 3 }, position: null }] }],
      });
    });

    it('tells a checkpoint a switch-over refuses (retired, or fenced until later) from one that is just newer', () => {
      expect(refusedBySwitchOver({ _id: 'docs', retired: true, supersededBy: 'docs@2' }, NOW)).to.equal(true);
      expect(
        refusedBySwitchOver({ _id: 'docs', version: 1, position: pos(5), switchOver: { to: 'docs@2', until: new Date(NOW + 1) } }, NOW),
      ).to.equal(true);
      expect(
        refusedBySwitchOver({ _id: 'docs', version: 1, position: pos(5), switchOver: { to: 'docs@2', until: new Date(NOW - 1) } }, NOW),
        'expired',
      ).to.equal(false);
      expect(refusedBySwitchOver({ _id: 'docs', version: 1, position: pos(5) }, NOW)).to.equal(false);
      expect(refusedBySwitchOver(null, NOW)).to.equal(false);
    });

    it('reads a retired checkpoint, or a bare fence, as none', () => {
      expect(toCheckpoint({ _id: 'docs', version: 1, position: pos(5), switchOver: { to: 'x', until: new Date(NOW) } })).to.deep.equal({
        version: 1,
        position: pos(5),
      });
      expect(toCheckpoint({ _id: 'docs', version: 1, position: null })).to.deep.equal({ version: 1, position: null });
      expect(toCheckpoint({ _id: 'docs', retired: true, supersededBy: 'docs@2' })).to.equal(null);
      expect(toCheckpoint({ _id: 'docs', switchOver: { to: 'docs@2', until: new Date(NOW) } })).to.equal(null);
      expect(toCheckpoint(null)).to.equal(null);
    });
  });

  describe('the projector lease', () => {
    it('matches the lease when the holder renews it or it has expired, and sets holder and expiry', () => {
      expect(leaseAcquisition('projector', 'host-a:1', 15_000, NOW)).to.deep.equal({
        filter: { _id: 'projector', $or: [{ holder: 'host-a:1' }, { expiresAt: { $lt: new Date(NOW) } }] },
        update: { $set: { holder: 'host-a:1', expiresAt: new Date(NOW + 15_000) } },
      });
    });
  });

  describe('duplicate keys', () => {
    it('a single write failed only on a duplicate key: code 11000 and no write concern error', () => {
      expect(isDuplicateKeyError({ code: 11000, message: 'E11000 duplicate key error' })).to.equal(true);
      expect(isDuplicateKeyError({ code: 11000, writeConcernError: { code: 64, errmsg: 'waiting for replication timed out' } })).to.equal(
        false,
      );
      expect(isDuplicateKeyError({ code: 11001 })).to.equal(false);
      expect(isDuplicateKeyError({ code: '11000' })).to.equal(false);
      expect(isDuplicateKeyError(new Error('connection reset'))).to.equal(false);
      expect(isDuplicateKeyError(null)).to.equal(false);
    });

    it('an unordered bulk write failed only on duplicate keys: their indexes, ascending', () => {
      expect(
        duplicateKeyIndexes(
          [
            { code: 11000, index: 4 },
            { code: 11000, index: 1 },
          ],
          false,
        ),
      ).to.deep.equal([1, 4]);
    });

    it('anything else in a bulk write failure is not "nothing to do"', () => {
      expect(
        duplicateKeyIndexes(
          [
            { code: 11000, index: 0 },
            { code: 121, index: 1 },
          ],
          false,
        ),
        'a validation error too',
      ).to.equal(null);
      expect(duplicateKeyIndexes([{ code: 11000, index: 0 }], true), 'a write concern error').to.equal(null);
      expect(duplicateKeyIndexes([], false), 'the driver failed, not a write').to.equal(null);
    });
  });
});
