/**
 * A workspace's receipt signing keys, kept as events (`ReceiptKeyAdded` on `receipt-keys-<workspace>`): the last
 * one signs, every one verifies (docs/receipts.md "Keys"). The first render of a workspace that signs creates its
 * first key; `rotate` adds another. Keys read are kept in memory and read again from the stream at most every
 * `refreshMs`, so a rotation through another instance signs there within that bound (its older key still
 * verifies meanwhile) and a render pays no store read.
 */
import { createPrivateKey, randomBytes, type KeyObject, type webcrypto } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK } from 'jose';
import { RECEIPT_ALG, RECEIPT_TYP, receiptKeysStream, type Ed25519Jwk, type ReceiptKeyAdded } from '../../domain/receipts.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../ports/index.js';

/** One key of a workspace, ready to sign and verify. */
export interface ReceiptKey {
  kid: string;
  /** RFC 3339: when it was added. */
  createdAt: string;
  publicJwk: Ed25519Jwk;
  /** The private key as node:crypto signs with it (receipts.ts `compactJws`), imported once. */
  signingKey: KeyObject;
  /** The public key as jose verifies with it (a WebCrypto CryptoKey), imported once. */
  publicKey: webcrypto.CryptoKey;
  /** BASE64URL of the JWS protected header `{ alg, kid, typ }` every receipt of this key carries (RFC 7515 §7.1). */
  protectedHeader: string;
  /** HMAC key of `variables_sha256` in the receipts this key signs (32 bytes). */
  variablesSalt: Buffer;
}

/** A workspace's keys, oldest first, with the stream revision they were read at and when (ms since the epoch). */
interface KeyRing {
  keys: ReceiptKey[];
  revision: number | null;
  readAt: number;
}

/** Who rotates: recorded in the event's metadata, as other writes record it. */
export interface ReceiptKeyActor {
  keyId: string;
  requestId?: string;
}

export class ReceiptKeys {
  readonly #rings = new Map<string, Promise<KeyRing>>();

  constructor(
    private readonly eventStore: EventStore,
    /** Current time as RFC 3339 UTC with ms. */
    private readonly now: () => string,
    /** How long keys read stay in use before the stream is read again, ms (default 5,000). */
    private readonly refreshMs = 5_000,
  ) {}

  /**
   * The key that signs in `workspace` now; the first one is created when the workspace has none.
   * @throws what the event store throws.
   */
  async signing(workspace: string): Promise<ReceiptKey> {
    let ring = await this.#ring(workspace);
    if (ring.keys.length === 0) ring = await this.#add(workspace, ring, undefined);
    return ring.keys[ring.keys.length - 1]!;
  }

  /** Every key of `workspace`, oldest first (none before its first signed render). @throws what the event store throws. */
  async all(workspace: string): Promise<readonly ReceiptKey[]> {
    return (await this.#ring(workspace)).keys;
  }

  /**
   * The key `kid` of `workspace`, read from the stream again when it is not among the keys in memory (a key
   * just added through another instance); undefined when the workspace has no such key.
   */
  async find(workspace: string, kid: string): Promise<ReceiptKey | undefined> {
    const known = (await this.#ring(workspace)).keys.find((key) => key.kid === kid);
    if (known) return known;
    return (await this.#ring(workspace, true)).keys.find((key) => key.kid === kid);
  }

  /**
   * Add a key that signs from now on; the earlier ones keep verifying. @returns the new key.
   * @throws what the event store throws (a concurrent rotation is retried once over what it added).
   */
  async rotate(workspace: string, actor?: ReceiptKeyActor): Promise<ReceiptKey> {
    const ring = await this.#add(workspace, await this.#ring(workspace, true), actor);
    return ring.keys[ring.keys.length - 1]!;
  }

  #ring(workspace: string, fresh = false): Promise<KeyRing> {
    const cached = this.#rings.get(workspace);
    if (cached && !fresh) {
      return cached.then((ring) => (Date.now() - ring.readAt < this.refreshMs ? ring : this.#refresh(workspace, ring)));
    }
    const reading = this.#read(workspace);
    this.#rings.set(workspace, reading);
    reading.catch(() => this.#rings.delete(workspace)); // a failed read is not kept
    return reading;
  }

  /**
   * Read `workspace`'s keys again after `refreshMs`; when the store does not answer, the keys already read go on
   * signing (they are valid keys; a rotation elsewhere is seen at the next refresh), so a render never fails for
   * a refresh it does not need. A fresh read (`find`, `rotate`) still reports the store's error.
   */
  #refresh(workspace: string, stale: KeyRing): Promise<KeyRing> {
    const reading = this.#read(workspace).catch(() => ({ ...stale, readAt: Date.now() }));
    this.#rings.set(workspace, reading);
    return reading;
  }

  async #read(workspace: string): Promise<KeyRing> {
    const events = await this.eventStore.readStream(receiptKeysStream(workspace));
    const keys: ReceiptKey[] = [];
    for (const event of events)
      if (event.type === 'ReceiptKeyAdded') keys.push(await keyOf(event as RecordedEvent<'ReceiptKeyAdded', ReceiptKeyAdded['data']>));
    return { keys, revision: events.length > 0 ? events[events.length - 1]!.revision : null, readAt: Date.now() };
  }

  /** Append a new key after `ring`; when another writer appended first, read again and add after theirs once. */
  async #add(workspace: string, ring: KeyRing, actor: ReceiptKeyActor | undefined, retried = false): Promise<KeyRing> {
    const event = await newKeyEvent(workspace, this.now());
    const metadata = actor ? { key_id: actor.keyId, ...(actor.requestId ? { request_id: actor.requestId } : {}) } : {};
    try {
      await this.eventStore.appendToStream(receiptKeysStream(workspace), [{ ...event, metadata }], {
        expectedRevision: ring.revision ?? 'no_stream',
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || retried) throw error;
      const now = await this.#ring(workspace, true);
      // A first key raced for: the other writer's is as good as ours.
      if (actor === undefined && now.keys.length > 0) return now;
      return this.#add(workspace, now, actor, true);
    }
    return this.#ring(workspace, true);
  }
}

/** A fresh Ed25519 key pair and salt as the event that adds them. */
async function newKeyEvent(workspace: string, occurredAt: string): Promise<ReceiptKeyAdded> {
  const { privateKey } = await generateKeyPair(RECEIPT_ALG, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d) throw new Error('generated key is not an Ed25519 JWK');
  return {
    type: 'ReceiptKeyAdded',
    data: {
      workspace,
      kid: `r${randomBytes(8).toString('hex')}`,
      alg: RECEIPT_ALG,
      privateJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d },
      variablesSalt: randomBytes(32).toString('base64url'),
      occurredAt,
    },
  };
}

async function keyOf(event: RecordedEvent<'ReceiptKeyAdded', ReceiptKeyAdded['data']>): Promise<ReceiptKey> {
  const { kid, privateJwk, variablesSalt, occurredAt } = event.data;
  const publicJwk: Ed25519Jwk = { kty: 'OKP', crv: 'Ed25519', x: privateJwk.x };
  return {
    kid,
    createdAt: occurredAt,
    publicJwk,
    signingKey: createPrivateKey({ key: { ...privateJwk }, format: 'jwk' }),
    protectedHeader: Buffer.from(JSON.stringify({ alg: RECEIPT_ALG, kid, typ: RECEIPT_TYP }), 'utf8').toString('base64url'),
    publicKey: await importJWK<Ed25519Jwk>(publicJwk, RECEIPT_ALG),
    variablesSalt: Buffer.from(variablesSalt, 'base64url'),
  };
}
