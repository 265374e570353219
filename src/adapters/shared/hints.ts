/**
 * Listeners told of something that happened in a store (an append, a commit), synchronously after it
 * committed. A listener that throws is ignored: these are hints (whoever relies on them also reads), and
 * what committed must not fail.
 */
export class Hints<T> {
  readonly #listeners = new Set<(value: T) => void>();

  /** @returns a function that unregisters the listener (each registration separately, even of one function). */
  add(listener: (value: T) => void): () => void {
    const entry = (value: T): void => listener(value);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  notify(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch {
        // not the writer's failure
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
