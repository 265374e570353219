/**
 * A workspace's send-readiness policy (issue 22, item 4): what every template of the workspace must meet
 * before it is published. Kept as events in its own stream per workspace (`policy-<workspace>`), one
 * `PolicySet` per change carrying the whole policy; the last event is the policy in force. Pure.
 */

/**
 * The rules a policy may require (`require`):
 * - `lang`: `<mjml lang="…">` (MJML writes it on `<html>`; without it, `lang="und"`), WCAG 2.2 SC 3.1.1;
 * - `title`: a non-empty `<mj-title>` (the HTML `<title>`), WCAG 2.2 SC 2.4.2;
 * - `alt`: every image has an `alt` attribute, and a linked image a non-empty one (it is the link's text), WCAG 2.2 SC 1.1.1;
 * - `link_text`: no link or button whose whole text is generic ("click here", "read more"…), WCAG 2.2 SC 2.4.4;
 * - `color_scheme`: a `color-scheme` declaration (`<meta name="color-scheme">` or CSS `color-scheme`) for dark mode;
 * - `preheader`: a preheader (`<mj-preview>` or `metadata.preheader`).
 */
export const POLICY_RULES = ['lang', 'title', 'alt', 'link_text', 'color_scheme', 'preheader'] as const;

/** One of {@link POLICY_RULES}. */
export type PolicyRule = (typeof POLICY_RULES)[number];

/** A workspace's policy; every member is optional and an empty policy checks nothing. */
export interface SendPolicy {
  /** Most bytes of the HTML rendered with the template's sample variables (Gmail clips past 102 KB). */
  htmlMaxBytes?: number;
  /** Accessibility and inbox rules every template must meet. */
  require?: PolicyRule[];
  /** Target email clients as caniemail names them (globs: `gmail.*`, `outlook.windows`). */
  clients?: string[];
  /** Templates with `metadata.category: "marketing"` must declare one-click unsubscribe headers (RFC 8058). */
  marketingUnsubscribe?: boolean;
}

/** The stream of `workspace`'s policy events. */
export const POLICY_STREAM_PREFIX = 'policy-';

/** `policy-<workspace>`: outside the `project-` prefix, so the projector and the revision index never see it. */
export function policyStream(workspace: string): string {
  return `${POLICY_STREAM_PREFIX}${workspace}`;
}

/** The policy of `workspace` from now on (the whole policy: members absent are unset). */
export interface PolicySet {
  type: 'PolicySet';
  data: { workspace: string; occurredAt: string; policy: SendPolicy };
}

/** The policy as set: only its members that say something (empty lists and `false` dropped), in a fixed order. */
export function normalPolicy(policy: SendPolicy): SendPolicy {
  return {
    ...(policy.htmlMaxBytes !== undefined ? { htmlMaxBytes: policy.htmlMaxBytes } : {}),
    ...(policy.require && policy.require.length > 0 ? { require: POLICY_RULES.filter((rule) => policy.require!.includes(rule)) } : {}),
    ...(policy.clients && policy.clients.length > 0 ? { clients: [...new Set(policy.clients)] } : {}),
    ...(policy.marketingUnsubscribe ? { marketingUnsubscribe: true } : {}),
  };
}

/** Whether a policy checks anything at all. */
export function policyChecksSomething(policy: SendPolicy): boolean {
  return Object.keys(normalPolicy(policy)).length > 0;
}
