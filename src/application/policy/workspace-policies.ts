/**
 * A workspace's send-readiness policy, kept as events: the stream `policy-<workspace>` holds one `PolicySet`
 * per change with the whole policy, and its last event is the policy in force. Small, so it is read from the
 * event store, never projected; the last one read is kept per workspace and used again only while the
 * stream's revision (a cheap check) says it is still the last, so every instance checks a publish against
 * the policy as it is now.
 */
import { DomainError } from '../../domain/errors.js';
import { normalPolicy, policyStream, type PolicySet, type SendPolicy } from '../../domain/policy.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../ports/index.js';

/** A workspace's policy with its stream revision (the ETag of GET /policy); `revision` null: never set. */
export interface StoredPolicy {
  policy: SendPolicy;
  revision: number | null;
  /** RFC 3339: when it was set; null when never. */
  updatedAt: string | null;
}

const NONE: StoredPolicy = Object.freeze({ policy: {}, revision: null, updatedAt: null });

/** Who sets a policy: recorded in the event's metadata, as project writes record it. */
export interface PolicyActor {
  keyId: string;
  requestId?: string;
}

export class WorkspacePolicies {
  readonly #last = new Map<string, StoredPolicy>();

  constructor(
    private readonly eventStore: EventStore,
    /** Current time as RFC 3339 UTC with ms. */
    private readonly now: () => string,
  ) {}

  /** The policy in force in `workspace` (an empty policy, revision null, when none was set). @throws what the event store throws. */
  async current(workspace: string): Promise<StoredPolicy> {
    const stream = policyStream(workspace);
    const known = this.#last.get(workspace);
    let events: RecordedEvent[];
    if (this.eventStore.streamRevision) {
      const revision = await this.eventStore.streamRevision(stream);
      if (revision === null) return NONE;
      if (known && known.revision === revision) return known;
      events = await this.eventStore.readStream(stream, { fromRevision: revision, maxCount: 1 });
    } else {
      events = await this.eventStore.readStream(stream);
    }
    const last = events[events.length - 1];
    if (!last) return NONE;
    const data = (last as RecordedEvent<'PolicySet', PolicySet['data']>).data;
    const stored = { policy: normalPolicy(data.policy), revision: last.revision, updatedAt: data.occurredAt };
    this.#last.set(workspace, stored);
    return stored;
  }

  /**
   * Set `workspace`'s whole policy (members absent are unset). A policy equal to the one in force appends
   * nothing (`unchanged`).
   * @throws DomainError `revision_mismatch` when `expectedRevision` (If-Match) is not the policy's revision.
   */
  async set(
    workspace: string,
    policy: SendPolicy,
    options: { expectedRevision?: number; actor?: PolicyActor } = {},
  ): Promise<StoredPolicy & { unchanged: boolean }> {
    const current = await this.current(workspace);
    const { expectedRevision } = options;
    if (expectedRevision !== undefined && expectedRevision !== current.revision) {
      const now = current.revision === null ? 'has never been set' : `is at revision ${current.revision}`;
      throw new DomainError(
        'revision_mismatch',
        `The workspace policy ${now}, not ${expectedRevision}: GET /policy, then PUT with If-Match: "<its revision>".`,
        { current_revision: current.revision },
      );
    }
    const normal = normalPolicy(policy);
    if (current.revision !== null && JSON.stringify(normal) === JSON.stringify(current.policy)) return { ...current, unchanged: true };
    const occurredAt = this.now();
    const event: PolicySet = { type: 'PolicySet', data: { workspace, occurredAt, policy: normal } };
    const actor = options.actor;
    const metadata = actor ? { key_id: actor.keyId, ...(actor.requestId ? { request_id: actor.requestId } : {}) } : {};
    // With If-Match the append is conditional (a concurrent PUT makes it fail: WrongExpectedRevisionError → 412); without, the last writer wins.
    let appended;
    try {
      appended = await this.eventStore.appendToStream(policyStream(workspace), [{ ...event, metadata }], {
        expectedRevision: expectedRevision ?? 'any',
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      throw new DomainError(
        'revision_mismatch',
        `The workspace policy changed meanwhile (it was at revision ${expectedRevision}): GET /policy and try again.`,
      );
    }
    const stored = { policy: normal, revision: appended.nextExpectedRevision, updatedAt: occurredAt };
    this.#last.set(workspace, stored);
    return { ...stored, unchanged: false };
  }
}
