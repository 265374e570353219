/** Shared error of every storage port. */
import { CodedError, type ErrorReport } from '../../domain/errors.js';

/** A store or read-model dependency is unreachable or broken (maps to 503). */
export class DependencyUnavailableError extends CodedError<'dependency_unavailable'> {
  override readonly name = 'DependencyUnavailableError';
  readonly code = 'dependency_unavailable';
  constructor(
    readonly dependency: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The client is told which dependency, not the driver's message (that goes to the log). */
  override report(): ErrorReport {
    return { detail: `${this.dependency} is unavailable; retry later.` };
  }
}
