/**
 * The audit slice (docs/audit.md): what renders used at an instant — template, layout, shared partial and
 * locale revisions and the exact published HTML (`InstantAudit`) — and the history of a layout's or shared
 * partial's stream (`sharedHistory`). The project's own history is the read slice's (`revisionRecords`).
 * The only file of this folder that other code imports.
 */
export { InstantAudit } from './audit-at.js';
export type { AuditAt, AuditDeps, NothingStatus, UsedDocument } from './audit-at.js';
export { sharedHistory } from './shared-history.js';
export type { SharedRevisionRecord } from './shared-history.js';
