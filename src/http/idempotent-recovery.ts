/**
 * What keeps an `Idempotency-Key` exactly-once across crashes and slow requests (issue 19, item 2; the
 * middleware is idempotency.ts):
 *
 * - `ClaimLease`: while a request runs, its claim's lease is renewed every third of `inFlightTtlMs`, so a
 *   retry meets 409 `idempotency_key_in_use` for as long as the first attempt's process lives; before the
 *   write appends, the lease notes where it lands (committed-writes.ts), and the note fails — nothing is
 *   appended — when a retry has taken the key over.
 * - `recoveredResponse`: the answer to a write a retry found committed, rebuilt from its events: the status,
 *   `Location`, `ETag` and body the first attempt sent, except that the body is regenerated — `warnings`
 *   (the save-time findings, not stored in the event) is empty and `unchanged` false.
 */
import type { CommittedWrite, WriteTarget } from '../application/write/index.js';
import type { IdempotencyStore, StoredResponse } from '../application/ports/index.js';
import { presentWrite } from './presenters.js';
import { ProblemError } from './problem.js';

/** What a route's write answers, so its answer can be rebuilt: 201 + Location, 200, or 204. */
export type ReplayKind = 'created' | 'saved' | 'deleted';

/** The claim of one running request (`owner`) on (`scope`, `key`), renewed until `stop`. */
export class ClaimLease {
  readonly #timer: NodeJS.Timeout;
  /** Whether a target was noted: from then on the write's outcome is unknown until the request ends. */
  noted = false;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly scope: string,
    private readonly key: string,
    private readonly owner: string,
    private readonly now: () => number,
    private readonly inFlightTtlMs: number,
    onRenewFailed: (error: unknown) => void,
  ) {
    this.#timer = setInterval(
      () => {
        this.store.renew(scope, key, owner, now() + inFlightTtlMs).catch(onRenewFailed);
      },
      Math.max(1, Math.floor(inFlightTtlMs / 3)),
    );
    this.#timer.unref();
  }

  /**
   * Note where the write lands, renewing the lease. @throws ProblemError 409 `idempotency_key_in_use` when
   * the key is no longer this request's (a retry took it over); DependencyUnavailableError from the store.
   */
  async note(target: WriteTarget): Promise<void> {
    if (!(await this.store.renew(this.scope, this.key, this.owner, this.now() + this.inFlightTtlMs, JSON.stringify(target)))) {
      throw new ProblemError(
        409,
        'idempotency_key_in_use',
        'This request held its Idempotency-Key too long and a retry took it over; this attempt wrote nothing. The retry answers for it.',
        [],
        { 'Retry-After': '1' },
      );
    }
    this.noted = true;
  }

  /**
   * End the lease now, keeping the record and its note: the request failed after it may have appended, so
   * the next retry asks the event store instead of running blindly (or being refused for the lease's length).
   */
  lapse(): Promise<boolean> {
    return this.store.renew(this.scope, this.key, this.owner, this.now());
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** A noted target, or null when the text is not one (a record from another version). */
export function parseTarget(text: string): WriteTarget | null {
  try {
    const value = JSON.parse(text) as Partial<WriteTarget>;
    if (typeof value.workspace !== 'string' || typeof value.projectId !== 'string') return null;
    if (value.after !== null && typeof value.after !== 'number') return null;
    return { workspace: value.workspace, projectId: value.projectId, after: value.after };
  } catch {
    return null;
  }
}

/**
 * The answer of a write found committed, as the route would have sent it (`kind`): 201 with `Location`
 * (`path` + the project id, as the create route builds it), 200, or 204; `ETag` the revision's.
 */
export function recoveredResponse(write: CommittedWrite, kind: ReplayKind, path: string): StoredResponse {
  if (write.view === null || kind === 'deleted') return { status: 204, headers: {}, body: null };
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', etag: `"${write.revision}"` }; // routes/projects.ts etag()
  if (kind === 'created') headers['location'] = `${path}/${encodeURIComponent(write.ref.projectId)}`;
  return { status: kind === 'created' ? 201 : 200, headers, body: JSON.stringify(presentWrite(write.view, [])) };
}
