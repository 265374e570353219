/**
 * The write slice: every change to a project is a command (`ProjectCommands`: create, save, patch, restore,
 * delete) run by one command path (read the stream → fold → decide → append with the expected revision →
 * wait for the projections), and the committed-write lookup an Idempotency-Key retry replays from.
 * The only file of this folder that other code imports.
 */
export { findCommittedWriteProjected } from './committed-writes.js';
export type { CommittedWrite, WriteTag } from './committed-writes.js';
export { ProjectCommands } from './project-commands.js';
export type { Actor, WriteIdempotency, WriteTarget } from './write-results.js';
export { SharedCommands } from './shared-commands.js';
export { presentCheck } from './follower-gate.js';
export type { DependentCheck } from './follower-gate.js';
