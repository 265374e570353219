/**
 * Every read-model definition the projector runs, and their document types.
 * Collection names: `project-details`, `revision-history`, `template-list` (each definition's `name`).
 * `revision-history` keeps one document per revision (partition `<workspace>/<projectId>`), the others one per project.
 */
import type { AnyProjection } from './projection.js';
import { projectDetails } from './project-details.js';
import { revisionHistory } from './revision-history.js';
import { templateList } from './template-list.js';

export { projectDetails, publishingOf, type ProjectDetailsDoc } from './project-details.js';
export { revisionHistory, projectPartition, revisionKey, type RevisionHistoryDoc, type RevisionHistoryItem } from './revision-history.js';
export { templateList, type TemplateSummaryDoc } from './template-list.js';

/** The projections the service runs, in the order the projector applies them. */
export const allProjections: AnyProjection[] = [projectDetails, revisionHistory, templateList];
