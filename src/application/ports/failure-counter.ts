/** Failure-counter port: failed authentications counted per client address (issue 19, item 5). */

/**
 * A fixed-window count of failures per key (a client address). The window starts with the key's first
 * failure and lasts `windowSeconds`; once it has `limit` failures in it the key is blocked until it ends.
 */
export interface FailureCounter {
  /** Failures allowed per key per window. */
  readonly limit: number;
  /** Length of the window, s. */
  readonly windowSeconds: number;
  /** ms until `key` may be heard again: 0 while it has failed fewer than `limit` times in its window. */
  blockedForMs(key: string): Promise<number>;
  /** Count one failure for `key`. @returns its failures in the current window, this one included. */
  fail(key: string): Promise<number>;
}
