/**
 * API keys: bearer tokens `lp_<key id>_<secret>` (secret: 32 random bytes, base64url). Only the SHA-256
 * of the whole token is stored, with its workspace, scopes and optional expiry. Known keys are verified
 * from a small in-process cache so a request makes no store round trip (see `ApiKeysOptions`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ApiKeyExistsError, SCOPES, type ApiKeyRecord, type ApiKeyStore, type Scope } from '../ports/index.js';
import { UnknownTokens } from './unknown-tokens.js';
import { CodedError } from '../../domain/errors.js';

/** Who is calling: the key's id, workspace and scopes. */
export interface Principal {
  keyId: string;
  workspace: string;
  scopes: ReadonlySet<Scope>;
  /** The key's own limit, requests per minute; absent when it has none (the service default applies). */
  rateLimitPerMinute?: number;
}

/** Why a request could not be authenticated: no key, an unknown one, an expired one, a revoked one. */
export const AUTH_FAILURES = ['missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key'] as const;

/** One of {@link AUTH_FAILURES}. */
export type AuthFailure = (typeof AUTH_FAILURES)[number];

/** A request could not be authenticated (401). */
export class AuthError extends CodedError<AuthFailure> {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Workspace of keys made by the bootstrap rule. */
export const DEFAULT_WORKSPACE = 'default';

const TOKEN = /^lp_([A-Za-z0-9]{12})_[A-Za-z0-9_-]{43}$/;

/** Hex SHA-256 of a token: what the store keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Construction options of `ApiKeys`. */
export interface ApiKeysOptions {
  /** Clock for expiry checks, issue/revocation timestamps and cache ages. Default: system time. */
  now?: () => Date;
  /**
   * How long (ms) a key record read from the store is trusted from memory: the longest a key revoked (or
   * changed) by another process keeps working here. Default 5000; 0 turns the cache off.
   */
  cacheTtlMs?: number;
  /** Most key records cached (least recently used go first). Default 10,000. */
  cacheMaxEntries?: number;
  /**
   * How long (ms) a token the store did not know is refused without asking again (`UnknownTokens`, which
   * states the bound for a key created meanwhile on another instance). Default 5000; 0 turns it off.
   */
  unknownTtlMs?: number;
  /** Most unknown token hashes remembered. Default 10,000. */
  unknownMaxEntries?: number;
}

/** How long a token that authenticated stays "recently valid" for a blocked client address, ms (10 min). */
export const RECENTLY_VALID_MS = 10 * 60 * 1000;

interface CachedKey {
  record: ApiKeyRecord;
  /** `now()` in ms when the store read began: the entry's age counts from before the read. */
  readAt: number;
}

export class ApiKeys {
  /** The clock every expiry and timestamp of these keys is measured by (key management uses it too). */
  readonly now: () => Date;
  private readonly cacheTtlMs: number;
  /** By token hash. Only keys the store knows are cached, so random tokens cannot evict real ones. */
  private readonly cache: LRUCache<string, CachedKey>;
  /** Bumped by every revocation or expiry change, so a store read that raced one is not cached (it may predate it). */
  private revocations = 0;
  /** Hashes of tokens the store did not know, briefly (a separate LRU: they never evict known keys). */
  private readonly unknown: UnknownTokens;
  /**
   * Hashes of tokens that authenticated in the last {@link RECENTLY_VALID_MS}: a client address blocked for
   * refused tokens (authentication.ts) still gets these looked up, so one bad client behind a shared proxy
   * does not lock out the good ones. Bounded like the cache.
   */
  private readonly recentlyValid: LRUCache<string, true>;

  /** @throws RangeError when `cacheTtlMs` is not a non-negative integer or `cacheMaxEntries` not a positive one. */
  constructor(
    /** Where the keys live; read it directly, but change keys through this class (its cache must hear of it). */
    readonly store: ApiKeyStore,
    options: ApiKeysOptions = {},
  ) {
    const {
      now = () => new Date(),
      cacheTtlMs = 5000,
      cacheMaxEntries = 10_000,
      unknownTtlMs = 5000,
      unknownMaxEntries = 10_000,
    } = options;
    if (!Number.isSafeInteger(cacheTtlMs) || cacheTtlMs < 0)
      throw new RangeError(`cacheTtlMs must be a non-negative integer, got ${cacheTtlMs}.`);
    if (!Number.isSafeInteger(cacheMaxEntries) || cacheMaxEntries <= 0)
      throw new RangeError(`cacheMaxEntries must be a positive integer, got ${cacheMaxEntries}.`);
    this.now = now;
    this.cacheTtlMs = cacheTtlMs;
    this.cache = new LRUCache<string, CachedKey>({ max: cacheMaxEntries });
    this.unknown = new UnknownTokens(unknownTtlMs, unknownMaxEntries, () => this.now().getTime());
    this.recentlyValid = new LRUCache<string, true>({ max: cacheMaxEntries, ttl: RECENTLY_VALID_MS });
  }

  /** Store reads made by `authenticate` so far (cache misses, unknown tokens included): what a flood costs. */
  get storeReads(): number {
    return this.reads;
  }
  private reads = 0;

  /**
   * Check a bearer token. Any string may be presented; only its hash is looked up, in the cache first
   * (entries younger than `cacheTtlMs`), then among tokens found unknown less than `unknownTtlMs` ago, then
   * in the store. Expiry is checked against `now()` every time.
   * @throws AuthError `invalid_api_key` (unknown), `expired_api_key`, `revoked_api_key`; what the store throws on a miss.
   */
  async authenticate(token: string): Promise<Principal> {
    const hash = hashToken(token);
    const record = this.cached(hash) ?? (await this.read(hash));
    if (!record) throw new AuthError('invalid_api_key', 'The API key is not valid.');
    if (record.revokedAt) throw new AuthError('revoked_api_key', `The API key ${record.id} was revoked at ${record.revokedAt}.`);
    if (record.expiresAt && Date.parse(record.expiresAt) <= this.now().getTime()) {
      throw new AuthError('expired_api_key', `The API key ${record.id} expired at ${record.expiresAt}.`);
    }
    this.recentlyValid.set(hash, true);
    const principal: Principal = { keyId: record.id, workspace: record.workspace, scopes: new Set(record.scopes) };
    if (record.rateLimitPerMinute !== null) principal.rateLimitPerMinute = record.rateLimitPerMinute;
    return principal;
  }

  /**
   * Whether `token` authenticated in this process within the last {@link RECENTLY_VALID_MS} (no store read).
   * Not a check of the key: revocation and expiry are still decided by {@link authenticate}.
   */
  recentlyAuthenticated(token: string): boolean {
    return this.recentlyValid.has(hashToken(token));
  }

  /**
   * Revoke key `id` in the store and drop it from this process's cache, so its next request here is refused
   * with `revoked_api_key`. Other processes refuse it once their cached copy is `cacheTtlMs` old.
   * @returns false when no key has that id.
   * @throws what the store throws (the key is dropped from the cache all the same).
   */
  async revoke(id: string): Promise<boolean> {
    try {
      return await this.store.revoke(id, this.now().toISOString());
    } finally {
      this.forget(id);
    }
  }

  /**
   * Make key `id` expire at `at` unless it already expires earlier (rotation's overlap), and drop it from
   * this process's cache so the new expiry holds here at once.
   * @returns false when no key has that id. @throws what the store throws (the key is dropped all the same).
   */
  async expireBy(id: string, at: Date): Promise<boolean> {
    try {
      return await this.store.expireBy(id, at.toISOString());
    } finally {
      this.forget(id);
    }
  }

  /** Drop key `id` from the cache, and keep a store read already under way from caching it again. */
  private forget(id: string): void {
    this.revocations += 1;
    // Changes are rare, so a scan beats keeping an id → hash index in step with LRU eviction.
    const stale = [...this.cache.entries()].filter(([, entry]) => entry.record.id === id).map(([hash]) => hash);
    for (const hash of stale) this.cache.delete(hash);
  }

  /** A cached record younger than `cacheTtlMs`, else undefined. */
  private cached(hash: string): ApiKeyRecord | undefined {
    const entry = this.cache.get(hash);
    if (!entry) return undefined;
    const age = this.now().getTime() - entry.readAt;
    // A negative age means the clock went back: do not trust the entry for longer than intended.
    if (age >= 0 && age < this.cacheTtlMs) return entry.record;
    this.cache.delete(hash);
    return undefined;
  }

  /** Look a hash up in the store and cache what it finds. */
  private async read(hash: string): Promise<ApiKeyRecord | null> {
    if (this.unknown.has(hash)) return null;
    const readAt = this.now().getTime();
    const revocations = this.revocations;
    const ticket = this.unknown.ticket();
    this.reads += 1;
    const record = await this.store.findByHash(hash);
    // Unknown tokens go to their own LRU: a flood of random tokens must not evict the keys in use. A read
    // that overlapped a revoke() here may have seen the key before it; caching it would undo the eviction.
    if (!record) this.unknown.remember(hash, ticket);
    else if (this.cacheTtlMs > 0 && revocations === this.revocations) this.cache.set(hash, { record, readAt });
    return record;
  }

  /**
   * Issue a new key. The token is returned once and never stored.
   * `token` may be given (bootstrap); it must look like `lp_<12 alphanumerics>_<43 base64url>`, or any
   * string of 32+ characters, whose first 12 characters' hash then names it. `scopes` defaults to every
   * scope, `rateLimitPerMinute` to none (the service default). No rule is checked here: `ApiKeyAdmin` does.
   */
  async issue(input: {
    name: string;
    workspace: string;
    scopes?: Scope[];
    expiresAt?: string | null;
    rateLimitPerMinute?: number | null;
    token?: string;
    /** RFC 3339 UTC; default now. The instant `expiresAt` was counted from, so the lifetime is exact. */
    createdAt?: string;
  }): Promise<{ token: string; record: ApiKeyRecord }> {
    const token = input.token ?? `lp_${randomId()}_${randomBytes(32).toString('base64url')}`;
    const id = TOKEN.exec(token)?.[1] ?? `k${hashToken(token).slice(0, 11)}`;
    const record: ApiKeyRecord = {
      id,
      hash: hashToken(token),
      name: input.name,
      workspace: input.workspace,
      scopes: input.scopes ?? [...SCOPES],
      createdAt: input.createdAt ?? this.now().toISOString(),
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    };
    // Forgotten before and after the insert: a lookup racing it must not leave the new key refused here.
    this.unknown.forget(record.hash);
    try {
      await this.store.insert(record);
    } finally {
      this.unknown.forget(record.hash);
    }
    return { token, record };
  }

  /**
   * The bootstrap rule (ARCHITECTURE §5): when no key exists, register `bootstrapKey` (all scopes,
   * workspace `default`), or generate one. Returns the generated token so the caller can print it once.
   */
  async bootstrap(bootstrapKey: string | undefined): Promise<{ created: false } | { created: true; generated: string | null; id: string }> {
    if ((await this.store.count()) > 0) return { created: false };
    try {
      const { token, record } = await this.issue({
        name: 'bootstrap',
        workspace: DEFAULT_WORKSPACE,
        ...(bootstrapKey ? { token: bootstrapKey } : {}),
      });
      return { created: true, generated: bootstrapKey ? null : token, id: record.id };
    } catch (error) {
      // Another instance starting at the same moment registered the same BOOTSTRAP_API_KEY first.
      if (error instanceof ApiKeyExistsError && bootstrapKey) return { created: false };
      throw error;
    }
  }
}

function randomId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}
