/**
 * Tokens the key store did not know, remembered briefly (issue 19, item 5) so that the same unknown token
 * sent again and again costs no store read. Only token hashes (hex SHA-256) are kept, never tokens, in a
 * bounded LRU of its own: a flood of distinct random tokens evicts other unknown ones, never a known key
 * (those live in `ApiKeys`' own cache).
 *
 * The bound that matters: a token refused here is refused for at most `ttlMs` more without asking the
 * store. `ApiKeys.issue` in this process forgets the token at once, so a key created here works here at
 * once; another instance that saw the token as unknown just before it was created refuses it for up to
 * `ttlMs` (default 5 s). Tokens made by this service are random, so in practice only a token chosen
 * beforehand (BOOTSTRAP_API_KEY) can meet that bound.
 */
import { LRUCache } from 'lru-cache';

export class UnknownTokens {
  /** Token hash → `now()` in ms when the store read that found nothing began. */
  private readonly seen: LRUCache<string, number>;
  /** Bumped by every `forget`, so a store read that raced a key's creation is not remembered (it may predate it). */
  private forgets = 0;

  /**
   * @param ttlMs how long an unknown token stays unknown without a store read, ms; 0 remembers nothing.
   * @param maxEntries most hashes kept (least recently used go first).
   * @param now the clock entries are aged by, ms.
   * @throws RangeError when `ttlMs` is not a non-negative integer or `maxEntries` not a positive one.
   */
  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly now: () => number,
  ) {
    if (!Number.isSafeInteger(ttlMs) || ttlMs < 0)
      throw new RangeError(`unknown-token ttlMs must be a non-negative integer, got ${ttlMs}.`);
    if (!Number.isSafeInteger(maxEntries) || maxEntries <= 0)
      throw new RangeError(`unknown-token maxEntries must be a positive integer, got ${maxEntries}.`);
    this.seen = new LRUCache<string, number>({ max: maxEntries });
  }

  /** True while `hash` was found unknown less than `ttlMs` ago (a clock gone back ends the entry). */
  has(hash: string): boolean {
    const readAt = this.seen.get(hash);
    if (readAt === undefined) return false;
    const age = this.now() - readAt;
    if (age >= 0 && age < this.ttlMs) return true;
    this.seen.delete(hash);
    return false;
  }

  /** What `remember` needs to know that nothing was forgotten while its store read ran. */
  ticket(): { readAt: number; forgets: number } {
    return { readAt: this.now(), forgets: this.forgets };
  }

  /** Remember `hash` as unknown, as of the store read `ticket` was taken for; skipped when a `forget` came since. */
  remember(hash: string, ticket: { readAt: number; forgets: number }): void {
    if (this.ttlMs > 0 && ticket.forgets === this.forgets) this.seen.set(hash, ticket.readAt);
  }

  /** `hash` is a key now: stop refusing it, and keep a read under way from remembering it. */
  forget(hash: string): void {
    this.forgets += 1;
    this.seen.delete(hash);
  }

  /** Hashes remembered now (expired ones included until looked at or evicted). */
  get size(): number {
    return this.seen.size;
  }
}
