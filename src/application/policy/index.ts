/**
 * The policy slice: a workspace's send-readiness policy, kept as events (`WorkspacePolicies`), and the gate
 * that checks templates against it at publish, at a save that publishes, on drafts and in dry runs
 * (`PolicyGate`, `PolicyViolationError`). The only file of this folder that other code imports.
 */
export { PolicyGate, PolicyViolationError, asWarning } from './policy-gate.js';
export { WorkspacePolicies } from './workspace-policies.js';
export type { PolicyActor, StoredPolicy } from './workspace-policies.js';
