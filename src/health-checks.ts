/**
 * The dependency checks behind `GET /health` (part of the composition root, `wiring.ts`). Each check runs
 * under its own bound, all at once, so the answer comes within that bound in every fault — a stalled
 * database included — and says which dependency failed (issue 19, item 1).
 */

/** Outcome of one check, as `/health` lists it. */
export interface CheckResult {
  /** `event_store`, `read_models`, `rate_limits`, … */
  name: string;
  /** The engine behind it: `postgres`, `sqlite`, `kurrentdb`, `mongodb`, `redis`, `memory`. */
  dependency: string;
  /** `ok`; `failing` (it answered with an error, or reports itself degraded); `timeout` (no answer within the bound). */
  status: 'ok' | 'failing' | 'timeout';
  /** Why it is not ok (the error's message); null when ok. */
  detail: string | null;
  /** How long the check took, ms (the bound when it timed out). */
  ms: number;
  /** Whether the service is unavailable without it (then /health answers 503); a degraded extra is not. */
  required: boolean;
}

/** A check to run: `run` resolves with what the 200 body shows of it, or rejects. */
export interface Check<T> {
  name: string;
  dependency: string;
  required: boolean;
  run: () => Promise<T>;
  /** Optional second opinion on a value that arrived: a reason makes the check `failing` (e.g. a degraded limiter). */
  judge?: (value: T) => string | null;
}

/**
 * Run `check` under `timeoutMs`. Never rejects and never waits longer than the bound (the check's own
 * work may go on in the background; its late result or error is dropped).
 */
export async function runCheck<T>(check: Check<T>, timeoutMs: number): Promise<{ result: CheckResult; value: T | undefined }> {
  const started = performance.now();
  const base = { name: check.name, dependency: check.dependency, required: check.required };
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const attempt = Promise.resolve()
    .then(check.run)
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  try {
    const outcome = await Promise.race([attempt, bound]);
    const ms = Math.round(performance.now() - started);
    if (outcome === 'timeout') {
      return {
        result: { ...base, status: 'timeout', detail: `${check.dependency} did not answer within ${timeoutMs} ms`, ms: timeoutMs },
        value: undefined,
      };
    }
    if ('error' in outcome) {
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      return { result: { ...base, status: 'failing', detail: message, ms }, value: undefined };
    }
    const reason = check.judge?.(outcome.value) ?? null;
    return { result: { ...base, status: reason === null ? 'ok' : 'failing', detail: reason, ms }, value: outcome.value };
  } finally {
    clearTimeout(timer);
  }
}

/** One line naming every check that is not ok, for a 503's `detail`; null when all are ok. */
export function describeFailures(results: readonly CheckResult[]): string | null {
  const bad = results.filter((r) => r.status !== 'ok' && r.required);
  if (bad.length === 0) return null;
  return bad.map((r) => `${r.name} (${r.dependency}) ${r.status === 'timeout' ? 'timed out' : 'is failing'}: ${r.detail}`).join('; ');
}
