/**
 * The application's ports: the interfaces it reaches stores and the compile pool through (event store, read
 * models, API keys, idempotency records, rate limits, failure counts, the template preparer), and the errors a
 * port may throw. Adapters in src/adapters implement them; the composition root (src/wiring.ts) plugs them in.
 * The only file of this folder that other code imports.
 */
export { ApiKeyExistsError, SCOPES } from './api-keys.js';
export type { ApiKeyRecord, ApiKeyStore, Scope } from './api-keys.js';
export { DependencyUnavailableError } from './errors.js';
export { AppendTooLargeError, WrongExpectedRevisionError, comparePositions } from './event-store.js';
export type {
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  Position,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
  SubscriptionHandlers,
} from './event-store.js';
export { MAX_EVENT_BYTES, checkEventSize, eventBytes, storeRefusedEventSize } from './event-size.js';
export type { FailureCounter } from './failure-counter.js';
export type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore, NewIdempotencyClaim, StoredResponse } from './idempotency.js';
export type { AnyProjection } from './projection.js';
export { UnknownProjectEventError, decodeProjectEvent, isProjectEvent } from './project-events.js';
export type { RecordedProjectEvent } from './project-events.js';
export type { RateLimitDecision, RateLimiter, RateLimiterStatus } from './rate-limit.js';
export type { DocumentChange, DocumentLocation, ProjectionCheckpoint, ProjectorLease, ReadModelStore } from './read-model.js';
export type { SkippedEvent, Stores } from './stores.js';
export type {
  PreparedTemplate,
  ProofData,
  TemplatePreparer,
  TemplateSource,
  TemplateWarning,
  ValidationMode,
} from './template-preparer.js';
