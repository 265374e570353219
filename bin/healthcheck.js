#!/usr/bin/env node
// The container health check (Dockerfile HEALTHCHECK): GET /health on this process, exit 0 when healthy.
// With HEALTHCHECK_API_KEY set (any scope): healthy means 200; a 503 (a store down) or anything else is
// unhealthy, so the orchestrator sees an outage. Without a key it can only check that the process answers
// HTTP: a 401 then counts as alive, and it says so on stderr. Node's built-in fetch: the image has no curl.
const port = process.env.PORT || '3000';
const key = process.env.HEALTHCHECK_API_KEY || '';
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 4000);

try {
  const response = await fetch(`http://127.0.0.1:${port}/health`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (key) {
    if (response.status !== 200) process.stderr.write(`healthcheck: GET /health answered ${response.status}: ${await response.text()}\n`);
    process.exit(response.status === 200 ? 0 : 1);
  }
  process.stderr.write('healthcheck: no HEALTHCHECK_API_KEY, so only liveness is checked (401 = the process answers)\n');
  process.exit(response.status === 401 ? 0 : 1);
} catch (error) {
  process.stderr.write(`healthcheck: GET /health failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
