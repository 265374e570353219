/**
 * The ports now live in `ports/`, one file per concern (event-store, read-model, api-keys, rate-limit,
 * idempotency, errors); import from those. This re-export remains only for test/api/projects.test.ts, which
 * a parallel branch edits: once that lands, point its import at `ports/api-keys.js` and delete this file.
 */
export type { Scope } from './ports/api-keys.js';
