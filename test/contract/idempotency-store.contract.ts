/**
 * The IdempotencyStore contract: an atomic claim (one winner among concurrent claims), completion and
 * release only by the claim's owner, expiry of in-flight and completed records at the caller's clock,
 * owners (API keys) kept apart, bounded purging. Run by every adapter:
 *
 *   describeIdempotencyStoreContract('sqlite', async () => ({ store, cleanup }));
 */
import { expect } from 'chai';
import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from '../../src/application/ports/index.js';

export interface IdempotencyStoreFixture {
  store: IdempotencyStore;
  /** A second store on the same database (another instance), when the adapter can make one. */
  other?: IdempotencyStore;
  cleanup(): Promise<void>;
}

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Claim = Omit<IdempotencyRecord, 'response' | 'leaseUntil' | 'target'>;

function claimOf(overrides: Partial<Claim> = {}): Claim {
  return { scope: 'lp_key1', key: 'order-1042', fingerprint: 'f'.repeat(64), owner: 'owner-a', expiresAt: T0 + MINUTE, ...overrides };
}

/** The record a claim made without a lease leaves: in flight, leased until its expiry, nothing noted. */
function inFlight(claim: Claim, more: Partial<IdempotencyRecord> = {}): IdempotencyRecord {
  return { ...claim, leaseUntil: claim.expiresAt, target: null, response: null, ...more };
}

const created: StoredResponse = {
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', etag: '"0"', location: '/v1/projects/p-1' },
  body: '{"id":"p-1","revision":0,"note":"naïve ☃ \\u0000 \\"quoted\\""}',
};

/** Register the suite as `IdempotencyStore contract: <name>`; `factory` runs before each test and must give an empty store. */
export function describeIdempotencyStoreContract(name: string, factory: () => Promise<IdempotencyStoreFixture>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let fixture: IdempotencyStoreFixture;
    let store: IdempotencyStore;
    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterEach(() => fixture.cleanup());

    it('claims a free key, and shows the holder (in flight, no response) to a second claim', async () => {
      expect(await store.claim(claimOf(), T0)).to.deep.equal({ claimed: true });
      const second = await store.claim(claimOf({ owner: 'owner-b', fingerprint: 'e'.repeat(64), expiresAt: T0 + 2 * MINUTE }), T0 + 1000);
      expect(second).to.deep.equal({ claimed: false, existing: inFlight(claimOf()) });
      expect(await store.get('lp_key1', 'order-1042', T0 + 1000)).to.deep.equal(inFlight(claimOf()));
      expect(await store.get('lp_key1', 'another', T0)).to.equal(null);
    });

    it('keeps owners apart: the same key of another API key is claimed independently', async () => {
      expect(await store.claim(claimOf(), T0)).to.deep.equal({ claimed: true });
      expect(await store.claim(claimOf({ scope: 'lp_key2', owner: 'owner-b' }), T0)).to.deep.equal({ claimed: true });
      expect((await store.get('lp_key2', 'order-1042', T0))?.owner).to.equal('owner-b');
    });

    it('stores the response of the owner only, byte for byte, and keeps it until its new expiry', async () => {
      await store.claim(claimOf(), T0);
      expect(await store.complete('lp_key1', 'order-1042', 'owner-b', created, T0 + DAY), 'not the owner').to.equal(false);
      expect((await store.get('lp_key1', 'order-1042', T0))?.response).to.equal(null);
      expect(await store.complete('lp_key1', 'order-1042', 'owner-a', created, T0 + DAY)).to.equal(true);
      expect(await store.complete('lp_key1', 'order-1042', 'owner-a', { ...created, status: 200 }, T0 + DAY), 'completed once').to.equal(
        false,
      );
      const later = T0 + DAY - 1; // past the in-flight lease, before the retention ends
      expect(await store.claim(claimOf({ owner: 'owner-c', expiresAt: later + MINUTE }), later)).to.deep.equal({
        claimed: false,
        existing: inFlight(claimOf(), { expiresAt: T0 + DAY, response: created }),
      });
    });

    it('keeps a response without a body (204) and a large one', async () => {
      const noContent: StoredResponse = { status: 204, headers: {}, body: null };
      const large: StoredResponse = {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ html: 'é'.repeat(512 * 1024) }),
      };
      await store.claim(claimOf({ key: 'a' }), T0);
      await store.claim(claimOf({ key: 'b' }), T0);
      await store.complete('lp_key1', 'a', 'owner-a', noContent, T0 + DAY);
      await store.complete('lp_key1', 'b', 'owner-a', large, T0 + DAY);
      expect((await store.get('lp_key1', 'a', T0))?.response).to.deep.equal(noContent);
      expect((await store.get('lp_key1', 'b', T0))?.response?.body).to.equal(large.body);
    });

    it('releases an in-flight claim of its owner only, so the key can be claimed again; never a completed one', async () => {
      await store.claim(claimOf(), T0);
      await store.release('lp_key1', 'order-1042', 'owner-b');
      expect(await store.get('lp_key1', 'order-1042', T0)).to.not.equal(null);
      await store.release('lp_key1', 'order-1042', 'owner-a');
      expect(await store.get('lp_key1', 'order-1042', T0)).to.equal(null);
      expect(await store.claim(claimOf({ owner: 'owner-b' }), T0)).to.deep.equal({ claimed: true });
      await store.complete('lp_key1', 'order-1042', 'owner-b', created, T0 + DAY);
      await store.release('lp_key1', 'order-1042', 'owner-b');
      expect((await store.get('lp_key1', 'order-1042', T0))?.response).to.deep.equal(created);
    });

    it('lets a new claim take an in-flight key once its lease has expired; the old owner can no longer complete it', async () => {
      await store.claim(claimOf(), T0); // its request crashed: never completed
      const late = T0 + MINUTE; // expiresAt: from then on it no longer counts
      expect(await store.get('lp_key1', 'order-1042', late)).to.equal(null);
      expect(await store.claim(claimOf({ owner: 'owner-b', expiresAt: late + MINUTE }), late)).to.deep.equal({ claimed: true });
      expect(await store.complete('lp_key1', 'order-1042', 'owner-a', created, late + DAY)).to.equal(false);
      expect(await store.get('lp_key1', 'order-1042', late)).to.deep.equal(
        inFlight(claimOf({ owner: 'owner-b', expiresAt: late + MINUTE })),
      );
    });

    it('forgets a completed response once it expires: the key is free for any request again', async () => {
      await store.claim(claimOf(), T0);
      await store.complete('lp_key1', 'order-1042', 'owner-a', created, T0 + DAY);
      expect(await store.get('lp_key1', 'order-1042', T0 + DAY)).to.equal(null);
      const fresh = claimOf({ owner: 'owner-b', fingerprint: 'e'.repeat(64), expiresAt: T0 + DAY + MINUTE });
      expect(await store.claim(fresh, T0 + DAY)).to.deep.equal({ claimed: true });
      expect(await store.get('lp_key1', 'order-1042', T0 + DAY)).to.deep.equal(inFlight(fresh));
    });

    it('holds a lapsed lease until the retention ends: a claim sees it (lease in the past), nothing replaces it', async () => {
      const leased = { ...claimOf({ expiresAt: T0 + DAY }), leaseUntil: T0 + MINUTE };
      expect(await store.claim(leased, T0)).to.deep.equal({ claimed: true });
      const late = T0 + 2 * MINUTE; // the lease lapsed, the record has not expired
      const second = await store.claim(claimOf({ owner: 'owner-b', expiresAt: late + DAY }), late);
      expect(second).to.deep.equal({ claimed: false, existing: inFlight(claimOf({ expiresAt: T0 + DAY }), { leaseUntil: T0 + MINUTE }) });
      expect(await store.purgeExpired(late, 10)).to.equal(0);
    });

    it('renews the lease and notes a target for the owner of an in-flight claim only; a renewal without a target keeps it', async () => {
      await store.claim(claimOf({ expiresAt: T0 + DAY }), T0);
      expect(await store.renew('lp_key1', 'order-1042', 'owner-b', T0 + 9 * MINUTE, 'theirs'), 'not the owner').to.equal(false);
      expect(await store.renew('lp_key1', 'order-1042', 'owner-a', T0 + 2 * MINUTE, '{"stream":"s","after":null}')).to.equal(true);
      expect(await store.renew('lp_key1', 'order-1042', 'owner-a', T0 + 3 * MINUTE)).to.equal(true);
      const record = await store.get('lp_key1', 'order-1042', T0);
      expect([record?.owner, record?.leaseUntil, record?.target]).to.deep.equal([
        'owner-a',
        T0 + 3 * MINUTE,
        '{"stream":"s","after":null}',
      ]);
      await store.complete('lp_key1', 'order-1042', 'owner-a', created, T0 + DAY);
      expect(await store.renew('lp_key1', 'order-1042', 'owner-a', T0 + 4 * MINUTE), 'completed').to.equal(false);
    });

    it('hands a lapsed in-flight claim to exactly one of two concurrent take-overs; the old owner can no longer renew or complete', async () => {
      await store.claim({ ...claimOf({ expiresAt: T0 + DAY }), leaseUntil: T0 + MINUTE }, T0);
      await store.renew('lp_key1', 'order-1042', 'owner-a', T0 + MINUTE, 'noted');
      const stores = [store, fixture.other ?? store];
      const taken = await Promise.all(
        ['owner-b', 'owner-c'].map((to, i) => stores[i]!.takeOver('lp_key1', 'order-1042', 'owner-a', to, T0 + 3 * MINUTE)),
      );
      expect(taken.filter(Boolean)).to.have.length(1);
      const winner = taken[0] ? 'owner-b' : 'owner-c';
      const record = await store.get('lp_key1', 'order-1042', T0 + 2 * MINUTE);
      expect(record).to.deep.equal(inFlight(claimOf({ owner: winner, expiresAt: T0 + DAY }), { leaseUntil: T0 + 3 * MINUTE }));
      expect(await store.renew('lp_key1', 'order-1042', 'owner-a', T0 + 5 * MINUTE)).to.equal(false);
      expect(await store.complete('lp_key1', 'order-1042', 'owner-a', created, T0 + DAY)).to.equal(false);
      expect(await store.complete('lp_key1', 'order-1042', winner, created, T0 + DAY)).to.equal(true);
      expect(await store.takeOver('lp_key1', 'order-1042', winner, 'owner-d', T0 + 9 * MINUTE), 'completed').to.equal(false);
    });

    it('gives a key to exactly one of many concurrent claims (through two connections where the adapter has them)', async () => {
      const stores = [store, fixture.other ?? store];
      const owners = Array.from({ length: 20 }, (_, i) => `owner-${i}`);
      const results = await Promise.all(owners.map((owner, i) => stores[i % 2]!.claim(claimOf({ owner }), T0)));
      const winners = owners.filter((_, i) => results[i]!.claimed);
      expect(winners).to.have.length(1);
      for (const result of results) {
        if (!result.claimed) expect(result.existing.owner).to.equal(winners[0]);
      }
    });

    it('purges expired records, at most `limit` at a time, and leaves live ones', async () => {
      for (const [key, expiresAt] of [
        ['gone-1', T0 + 1],
        ['gone-2', T0 + 2],
        ['gone-3', T0 + 3],
        ['live', T0 + DAY],
      ] as const) {
        await store.claim(claimOf({ key, expiresAt }), T0);
      }
      const now = T0 + MINUTE;
      expect(await store.purgeExpired(now, 2)).to.equal(2);
      expect(await store.purgeExpired(now, 2)).to.equal(1);
      expect(await store.purgeExpired(now, 2)).to.equal(0);
      expect((await store.get('lp_key1', 'live', now))?.key).to.equal('live');
      // Gone for good: even a clock read before their expiry finds nothing.
      expect(await store.get('lp_key1', 'gone-3', T0)).to.equal(null);
    });
  });
}
