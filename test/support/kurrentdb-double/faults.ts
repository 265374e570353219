/**
 * What a test can make the KurrentDB double do wrong, switched per test on a double of its own
 * (`startKurrentDouble({ faults })` or `double.faults.x = …`). Each fault imitates a real server's
 * behaviour that no healthy test server shows on demand.
 */
export interface KurrentFaults {
  /** Subscriptions never send `CaughtUp`: servers before EventStoreDB 23.10 (kurrent-io/KurrentDB PR #3899 added it). */
  noCaughtUp: boolean;
  /** The next this-many BatchAppend messages end the call with gRPC UNAVAILABLE (a node going away mid-write). */
  unavailableAppends: number;
  /**
   * Hold appends and answer each with the server's `Timeout` at the request's deadline (the client's
   * `defaultDeadline`, 10 s unless the URL says otherwise); `commit`: the events are written first, so the
   * client does not know that its write landed (the review's K6).
   */
  holdAppends: { commit: boolean } | null;
  /** The server's `MaxAppendSize`, bytes (KurrentDB default 1,048,576: docs "Configuration", `MaxAppendSize`). */
  maxAppendSize: number;
  /** Appends to streams starting with this are refused with AccessDenied (a user without write ACLs); null: none. */
  deniedStreamPrefix: string | null;
  /**
   * Called once per append just before it is applied, with the stream: a test appends through `log` there
   * to be "another writer" that lands first, making the append meet a wrong expected version for certain.
   */
  beforeWrite: ((stream: string) => void) | null;
  /**
   * Reads (not subscriptions) get no answer at all, until the double stops: a server that stopped
   * answering (a stalled process, a partition), which the client's Rust bridge waits on with no deadline.
   */
  holdReads: boolean;
  /** Reads and subscriptions of `$all` are refused with PERMISSION_DENIED (a non-admin user on a secure cluster). */
  denyAll: boolean;
}

/** A healthy server of today (KurrentDB 24.10 defaults). */
export function healthy(): KurrentFaults {
  return {
    noCaughtUp: false,
    unavailableAppends: 0,
    holdAppends: null,
    maxAppendSize: 1_048_576,
    deniedStreamPrefix: null,
    beforeWrite: null,
    denyAll: false,
    holdReads: false,
  };
}
