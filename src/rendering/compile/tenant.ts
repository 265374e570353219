/**
 * Who a compile job is for (its "tenant": an opaque key string, the API key id of the request in this
 * service), for the compile pool's per-tenant share of waiting slots (fair-queue.ts).
 *
 * Why a context and not a parameter: compile jobs are started from six application paths (a save, a
 * dry run, a render's cache miss, its JSON form, a dynamic render's MJML, the variables of a template),
 * several through caches shared by every caller; threading a tenant through each signature would put a
 * scheduling concern into the domain's ports. The request's edge (http/app.ts) sets it once, with
 * AsyncLocalStorage, and it follows every await of that request; the pool reads it when a job arrives.
 * Jobs started outside any (warm-up) belong to no tenant and share one slot budget.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const tenants = new AsyncLocalStorage<string>();

/** Run `work` with compile jobs it starts (across awaits) counted against `tenant`. Returns what `work` returns. */
export function withCompileTenant<T>(tenant: string, work: () => T): T {
  return tenants.run(tenant, work);
}

/** The tenant of the code running now; undefined outside `withCompileTenant`. */
export function currentCompileTenant(): string | undefined {
  return tenants.getStore();
}
