/**
 * A writer thread that takes every write and never answers (a stuck commit): its writes must answer 503 in time.
 * A Piscina task module whose task never settles (a module without a task function would fail the write at once,
 * which is the crashing double's case, not this one).
 */
export default function neverAnswers(): Promise<never> {
  return new Promise<never>(() => {});
}
