/**
 * The read slice: what the API answers from the read models and streams — a project's view, lists, revision
 * history, a revision at an instant (`ProjectQueries`, `eventAt`), and the current revision of each template
 * as the render path needs it (`CurrentRevisions`).
 * The only file of this folder that other code imports.
 */
export { CurrentRevisions } from './current-revisions.js';
export { eventAt, revisionRecords } from './project-history.js';
export { ProjectQueries, publishingView, summaryOf } from './project-queries.js';
export type { ProjectSummary, ProjectView, PublishingView } from './project-queries.js';
export { PublishedRevisions, type PublishedAt } from './published-revisions.js';
export { SharedDependents } from './shared-dependents.js';
export type { SharedDependent } from './shared-dependents.js';
