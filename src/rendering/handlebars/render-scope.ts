/**
 * A value that code called from inside a render (helpers, compiled reads) reaches without it being passed
 * through Handlebars: the collector of the render running now. Renders are synchronous (nothing in them
 * awaits), so one value is current at a time per thread; a nested `within` has its own and restores the
 * outer one when it ends, however it ends.
 */
export class RenderScope<T> {
  #current: T | null = null;

  /** The value of the innermost `within` running now, or null outside any. */
  get current(): T | null {
    return this.#current;
  }

  /** Run `render` with `value` current. @returns what `render` returns. @throws what `render` throws. */
  within<R>(value: T, render: () => R): R {
    const previous = this.#current;
    this.#current = value;
    try {
      return render();
    } finally {
      this.#current = previous;
    }
  }
}
