/**
 * The render slice: a template's revision rendered with a caller's variables (`TemplateRenderer`, compiled once
 * per revision and cached), the variables policy and its errors, read-your-writes (`RenderRevisions`,
 * `RevisionFollower`), the recipient-visible diff of two revisions (`RevisionDiff`) and validation of an unsaved template (`TemplateValidation`); layouts and shared partials
 * (`SharedDocuments`) and the composition of a template with them (`TemplateComposer`).
 * The only file of this folder that other code imports.
 */
export { RevisionDiff, diffRevisions, sampleVariables } from './diff-revisions.js';
export type { DiffRequest, RecordedShapesSource, RevisionDiffOutput, SampleSource } from './diff-revisions.js';
export { MAX_DIFF_SAMPLES, pickShapes, uniteDiffs } from './diff-samples.js';
export type { SampledChange, SampleRefusal, ShapeSample } from './diff-samples.js';
export { messagePartProblems } from './render-parts.js';
export { RenderRevisions, RevisionNotYetVisibleError } from './render-revisions.js';
export { RenderError, TemplateRenderer } from './render-template.js';
export { RevisionReads } from './revision-reads.js';
export type { RenderFormat, RenderOutput, RenderRequest, RendererOptions, RevisionLoader } from './render-template.js';
export { InvalidSchemaError, InvalidVariablesError, VariablesPolicy, declaredSchema, undeclaredReads } from './render-variables.js';
export { RevisionFollower } from './revision-follower.js';
export { TemplateValidation } from './validate-template.js';
export { BreakingVariableChangeError, PublishGate } from './publish-gate.js';
export type { BreakingChange, BreakingChangeKind } from './publish-gate.js';
export { VariableShapeRecorder } from './variable-shape-recorder.js';
export { VARIABLE_SHAPES_COLLECTION, VariableShapeStore } from './variable-shape-store.js';
export type { RecordedShape, ShapesDocument } from './variable-shape-store.js';
export { SharedDocuments } from './shared-documents.js';
export type { ResolvedShared, SharedActor, SharedView } from './shared-documents.js';
export { toRevision as sharedRevisionOf, type SharedRevision, type SharedSourceRevision } from './shared-history.js';
export type { SharedListItem } from './shared-list.js';
export { TemplateComposer } from './template-composer.js';
export type { ResolvedUses, Uses } from './template-composer.js';
