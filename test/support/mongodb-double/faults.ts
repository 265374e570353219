/**
 * The double's fault switches: what a replica set does to a write under trouble, for the next writes a
 * test names. Each copies the reply a server sends (server source `src/mongo/db/write_concern.cpp`,
 * `waitForWriteConcern`; error codes from `src/mongo/base/error_codes.yml`):
 *
 * - `writeConcernErrors(n, collection?)`: the next n writes (to `collection` only, when named) are applied, then answered `ok: 1` with a `writeConcernError`
 *   64 WriteConcernTimeout ("waiting for replication timed out", errInfo `{ wtimeout: true }`): the primary has
 *   the write; the acknowledgement timed out. The write counts as replicated afterwards (it landed).
 * - `holdMajority()`: the majority stops acknowledging (say the secondary of a primary–secondary–arbiter set
 *   is down). Writes reach the primary only and are not answered until `releaseMajority()` — unless the
 *   command set `writeConcern.wtimeout` (answered with 64 after it) or `maxTimeMS` (what the driver sends for
 *   `timeoutMS`: answered with 50 MaxTimeMSExpired after it). Majority reads see the data from before the hold.
 * - `notWritablePrimary(n, collection?)`: the next n writes (to `collection`, when named) are refused, nothing applied, with 10107 NotWritablePrimary
 *   ("not primary"), as from a node that stepped down.
 * - `raceNextUpsert(collection, racer)`: another writer inserts the same unique key just before the next
 *   upsert into `collection` inserts (the race the manual's "Upsert with Duplicate Values" describes).
 * - `dropBefore(command, n)`: the connection is closed instead of running the next n such commands.
 * - `stall()`: nothing is answered — no command, no handshake — until `resume()`, which answers everything
 *   received meanwhile, in order (a mongod stopped with SIGSTOP, then SIGCONT: the kernel still accepts
 *   connections and data; the process reads them when it runs again).
 */
import type { Document } from 'bson';
import type { Storage } from './storage.js';
import type { UpsertRace } from './writes.js';

/** The commands that write documents, which the write-concern faults apply to. */
export const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify']);

type Reply = (body: Document) => void;

export class MongoDoubleFaults {
  readonly race: { pending: UpsertRace | null } = { pending: null };
  #writeConcernErrors = { count: 0, collection: undefined as string | undefined };
  #notWritablePrimary = { count: 0, collection: undefined as string | undefined };
  readonly #drops = new Map<string, number>();
  readonly #held = new Set<{ body: Document; reply: Reply; timer?: NodeJS.Timeout }>();
  #stalled = false;
  readonly #parked: Array<() => void> = [];

  constructor(private readonly storage: Storage) {}

  /** `collection`: only writes to it count (others, such as the projector's lease renewals, pass). */
  writeConcernErrors(count = 1, collection?: string): void {
    this.#writeConcernErrors = { count, collection };
  }

  /** `collection`: only writes to it count. */
  notWritablePrimary(count = 1, collection?: string): void {
    this.#notWritablePrimary = { count, collection };
  }

  holdMajority(): void {
    this.storage.setHolding(true);
  }

  /** The majority catches up: every held write is answered `ok`, and majority reads see them. */
  releaseMajority(): void {
    this.storage.setHolding(false);
    for (const held of [...this.#held]) this.#answerHeld(held, held.body);
  }

  raceNextUpsert(collection: string, racer: Document = {}): void {
    this.race.pending = { collection, racer };
  }

  dropBefore(command: string, count = 1): void {
    this.#drops.set(command, count);
  }

  stall(): void {
    this.#stalled = true;
  }

  /** Answer, in order, everything received while stalled (connections closed meanwhile get nothing). */
  resume(): void {
    this.#stalled = false;
    for (const run of this.#parked.splice(0)) run();
  }

  /** While stalled: keep `run` for `resume()` and say true. Else false (run it now). */
  park(run: () => void): boolean {
    if (!this.#stalled) return false;
    this.#parked.push(run);
    return true;
  }

  /** Every switch off; held writes are answered. */
  reset(): void {
    this.resume();
    this.#writeConcernErrors = { count: 0, collection: undefined };
    this.#notWritablePrimary = { count: 0, collection: undefined };
    this.#drops.clear();
    this.race.pending = null;
    this.releaseMajority();
  }

  /** Number of writes waiting for a majority now. */
  get heldWrites(): number {
    return this.#held.size;
  }

  /** Whether the next `command` is to lose its connection instead of an answer. */
  dropsBefore(command: string): boolean {
    const left = this.#drops.get(command) ?? 0;
    if (left <= 0) return false;
    this.#drops.set(command, left - 1);
    return true;
  }

  /** The refusal to answer a write to `collection` with instead of running it, or null. */
  refusal(collection: unknown): Document | null {
    if (!takeOne(this.#notWritablePrimary, collection)) return null;
    return { ok: 0, errmsg: 'not primary', code: 10107, codeName: 'NotWritablePrimary' };
  }

  /** Answer an applied write as its write concern, and the switches, say. */
  acknowledge(command: Document, body: Document, reply: Reply): void {
    if (body['ok'] !== 1) return reply(body);
    if (takeOne(this.#writeConcernErrors, Object.values(command)[0])) {
      return reply({
        ...body,
        writeConcernError: writeConcernError(64, 'WriteConcernTimeout', 'waiting for replication timed out', { wtimeout: true }),
      });
    }
    const w = command['writeConcern']?.w;
    if (!this.storage.holding || (typeof w === 'number' && w <= 1)) return reply(body);
    const held: { body: Document; reply: Reply; timer?: NodeJS.Timeout } = { body, reply };
    this.#held.add(held);
    const wtimeout = Number(command['writeConcern']?.wtimeout ?? 0);
    const maxTimeMs = Number(command['maxTimeMS'] ?? 0);
    const waits = [wtimeout, maxTimeMs].filter((ms) => ms > 0);
    if (waits.length === 0) return; // waits for the majority, however long
    const ms = Math.min(...waits);
    const error =
      ms === wtimeout
        ? writeConcernError(64, 'WriteConcernTimeout', 'waiting for replication timed out', { wtimeout: true })
        : writeConcernError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
    held.timer = setTimeout(() => this.#answerHeld(held, { ...body, writeConcernError: error }), ms);
    held.timer.unref();
  }

  #answerHeld(held: { body: Document; reply: Reply; timer?: NodeJS.Timeout }, body: Document): void {
    if (!this.#held.delete(held)) return;
    clearTimeout(held.timer);
    held.reply(body);
  }
}

/** Whether a switch applies to a write to `collection`, counting it down when it does. */
function takeOne(switchState: { count: number; collection: string | undefined }, collection: unknown): boolean {
  if (switchState.count <= 0 || (switchState.collection !== undefined && switchState.collection !== collection)) return false;
  switchState.count -= 1;
  return true;
}

function writeConcernError(code: number, codeName: string, errmsg: string, errInfo: Document = {}): Document {
  return { code, codeName, errmsg, errInfo };
}
