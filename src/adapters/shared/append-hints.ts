/**
 * Append hints: how an event-store adapter tells its own subscriptions (and tests) that `$all` moved. The
 * application never listens — it subscribes (`EventStore.subscribeToAll`) — so this is the adapters'
 * interface, not the port's.
 */
import type { EventStore, Position } from '../../application/ports/index.js';

/** A store that tells of appends. */
export interface AppendHints {
  /**
   * Called after every successful append made through this store, with the position of its last event;
   * an adapter that can (PostgreSQL's LISTEN/NOTIFY) also reports other processes' appends. A hint only:
   * a listener may miss positions or hear a later one first (subscriptions use it to wake early).
   * A listener that throws fails neither the append nor the other listeners. Returns the unsubscribe.
   */
  onAppended(listener: (position: Position) => void): () => void;
}

/** An event store adapter with its append hints (every adapter of this repository is one). */
export type HintingEventStore = EventStore & AppendHints;
