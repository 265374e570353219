/**
 * A template against a workspace's send-readiness policy: every check the policy asks for, in one list of
 * findings (violations and warnings), each pointing into the stored project. Pure and synchronous; the
 * caller measures the HTML (a render with sample variables) and reads the policy.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { PolicyRule, SendPolicy } from '../../domain/policy.js';
import { checkAlt, checkLang, checkTitle } from './accessibility.js';
import { checkColorScheme, checkPreheader } from './inbox-rules.js';
import { checkLinkText } from './link-text.js';
import { checkClients } from './client-support.js';
import { checkMarketingUnsubscribe } from './email-headers.js';
import type { PolicyFinding } from './findings.js';

/** What a template is checked on. */
export interface PolicySubject {
  ast: MjmlNode;
  /** A dynamic template has no fixed MJML tree: its tree rules cannot be checked (warnings say so). */
  dynamic: boolean;
  metadata: Record<string, unknown>;
  /** Bytes of its HTML rendered with the sample variables (UTF-8). */
  htmlBytes: number;
}

const TREE_RULES: Record<PolicyRule, (subject: PolicySubject) => PolicyFinding[]> = {
  lang: (s) => checkLang(s.ast),
  title: (s) => checkTitle(s.ast),
  alt: (s) => checkAlt(s.ast),
  link_text: (s) => checkLinkText(s.ast),
  color_scheme: (s) => checkColorScheme(s.ast),
  preheader: (s) => checkPreheader(s.ast, s.metadata),
};

/**
 * The findings of `policy` on `subject`, in the policy's order: size, required rules, clients, marketing.
 * A dynamic template's tree rules and clients are warnings that they were not checked.
 */
export function policyFindings(policy: SendPolicy, subject: PolicySubject): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  if (policy.htmlMaxBytes !== undefined && subject.htmlBytes > policy.htmlMaxBytes) {
    findings.push({
      rule: 'html_max_bytes',
      severity: 'violation',
      pointer: '/ast',
      message: `The HTML rendered with sample variables is ${subject.htmlBytes} bytes; the policy allows ${policy.htmlMaxBytes} (html_max_bytes). Gmail clips messages past 102 KB.`,
    });
  }
  for (const rule of policy.require ?? []) {
    if (subject.dynamic) {
      findings.push(notChecked(rule));
      continue;
    }
    findings.push(...TREE_RULES[rule](subject));
  }
  if (policy.clients && policy.clients.length > 0) {
    findings.push(...(subject.dynamic ? [notChecked('clients')] : checkClients(subject.ast, policy.clients)));
  }
  if (policy.marketingUnsubscribe) findings.push(...checkMarketingUnsubscribe(subject.metadata));
  return findings;
}

function notChecked(rule: PolicyRule | 'clients'): PolicyFinding {
  return {
    rule,
    severity: 'warning',
    pointer: '/ast',
    message: `'${rule}' is not checked on a dynamic template (render_mode dynamic: its MJML exists only per render).`,
  };
}
