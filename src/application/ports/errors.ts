/** Shared error of every storage port. */

/** A store or read-model dependency is unreachable or broken (maps to 503). */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
  constructor(
    readonly dependency: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
