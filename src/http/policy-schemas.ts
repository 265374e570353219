/**
 * GET/PUT /policy: the request body of a workspace's send-readiness policy (docs/policy.md), checked
 * strictly, and the policy as the API answers it.
 */
import { z } from 'zod';
import type { StoredPolicy } from '../application/policy/index.js';
import { POLICY_RULES, type PolicyRule, type SendPolicy } from '../domain/policy.js';
import { EMAIL_CLIENTS, clientsMatching } from '../rendering/index.js';
import { check } from './check.js';
import { ProblemError } from './problem.js';

/** Largest `html_max_bytes`: 10 MiB (a render's output cap is far below; Gmail clips past 102 KB). */
export const MAX_HTML_BUDGET = 10 * 1024 * 1024;

const policyBody = z.strictObject({
  html_max_bytes: z
    .number()
    .int()
    .min(1)
    .max(MAX_HTML_BUDGET)
    .optional()
    .describe('Most bytes of the HTML rendered with the sample variables (Gmail clips past 102 KB, 102400 is a common budget).'),
  require: z
    .array(z.string().max(100))
    .max(POLICY_RULES.length * 2)
    .optional()
    .describe(`Rules every template must meet: ${POLICY_RULES.join(', ')}.`),
  clients: z
    .array(z.string().min(1).max(100))
    .max(EMAIL_CLIENTS.length * 2)
    .optional()
    .describe('Target email clients as caniemail names them, or globs of them: `outlook.windows`, `gmail.*`, `*.ios`.'),
  marketing_unsubscribe: z
    .boolean()
    .optional()
    .describe('Templates with `metadata.category: "marketing"` must declare one-click unsubscribe headers (RFC 8058).'),
});

/**
 * PUT /policy body → the policy (members absent are unset).
 * @throws ProblemError 400 `invalid_request`: a member of the wrong type or unknown, a `require` value that is
 *   not a rule, a `clients` entry that names no client (each naming the value and listing the valid ones).
 */
export function parsePolicy(body: unknown): SendPolicy {
  const parsed = check(policyBody, body ?? {});
  const rules = parsed.require ?? [];
  const unknownRule = rules.findIndex((rule) => !(POLICY_RULES as readonly string[]).includes(rule));
  if (unknownRule !== -1) {
    throw new ProblemError(
      400,
      'invalid_request',
      `require: '${rules[unknownRule]}' is not a rule; the rules are ${POLICY_RULES.join(', ')}.`,
      [{ pointer: `/require/${unknownRule}`, message: `unknown rule (${POLICY_RULES.join(', ')})` }],
    );
  }
  const clients = parsed.clients ?? [];
  const unknownClient = clients.findIndex((client) => clientsMatching(client).length === 0);
  if (unknownClient !== -1) {
    throw new ProblemError(
      400,
      'invalid_request',
      `clients: '${clients[unknownClient]}' names no email client caniemail knows; name one of ${EMAIL_CLIENTS.join(', ')}, or a glob of them such as 'gmail.*'.`,
      [{ pointer: `/clients/${unknownClient}`, message: 'matches no email client' }],
    );
  }
  return {
    ...(parsed.html_max_bytes !== undefined ? { htmlMaxBytes: parsed.html_max_bytes } : {}),
    ...(rules.length > 0 ? { require: rules as PolicyRule[] } : {}),
    ...(clients.length > 0 ? { clients } : {}),
    ...(parsed.marketing_unsubscribe !== undefined ? { marketingUnsubscribe: parsed.marketing_unsubscribe } : {}),
  };
}

/** The policy as the API answers it: every member present (unset: null, [] or false), its revision and time. */
export function presentPolicy(stored: StoredPolicy): Record<string, unknown> {
  const { policy } = stored;
  return {
    html_max_bytes: policy.htmlMaxBytes ?? null,
    require: policy.require ?? [],
    clients: policy.clients ?? [],
    marketing_unsubscribe: policy.marketingUnsubscribe ?? false,
    revision: stored.revision,
    updated_at: stored.updatedAt,
  };
}

/** The body schema, for the OpenAPI document. */
export const policyRequestSchema = policyBody;
