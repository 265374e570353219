/**
 * The stores one engine opens together: what the composition root asks an engine's front door for
 * (`open<Engine>Stores` in src/adapters/<engine>/index.ts) and what scripts use without the HTTP service.
 */
import type { ApiKeyStore } from './api-keys.js';
import type { EventStore, Position } from './event-store.js';
import type { IdempotencyStore } from './idempotency.js';
import type { ProjectorLease, ReadModelStore } from './read-model.js';

/** An event a subscription skipped because it cannot be read (only KurrentDB ever skips one). */
export interface SkippedEvent {
  position: Position | null;
  streamId: string | null;
  reason: string;
}

/** The storage adapters of one engine, as the configuration picks it. */
export interface Stores {
  eventStore: EventStore;
  readModels: ReadModelStore;
  apiKeys: ApiKeyStore;
  /** `Idempotency-Key` records, shared by every instance on the store. */
  idempotency: IdempotencyStore;
  /** Who may be the one active projector of this store. */
  projectorLease: ProjectorLease;
  /**
   * Told of each event a subscription skips as unreadable (the store keeps it; projections go on past it).
   * Absent on engines that never skip. Returns the unsubscribe.
   */
  onSkippedEvent?(listener: (skipped: SkippedEvent) => void): () => void;
  /** Close every store (a networked engine closes its connections: asynchronous). */
  close(): Promise<void>;
}
