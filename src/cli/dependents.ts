/**
 * The followers' report of a layout or shared partial write (docs/layouts.md "Publishing a layout or partial"):
 * the `dependents` of a publish or an `on_save` save, or of a 422 `dependents_refused`, as lines a person reads.
 */
import { problemItemLine, type ProblemItem } from './errors.js';
import { SHARED, type SharedKind } from './shared-files.js';

/** One follower's check as the API answers it. */
export interface DependentCheck {
  project_id: string;
  /** The follower's published revision that was checked; null when pinned or nothing is published. */
  revision: number | null;
  outcome: 'passed' | 'refused' | 'pinned' | 'unpublished';
  code?: string;
  message?: string;
  errors?: ProblemItem[];
  warnings?: Array<{ message?: string; path?: string; code?: string }>;
  overridden?: Array<{ path: string; change: string; key_ids?: string[] }>;
}

const OUTCOME: Record<DependentCheck['outcome'], string> = {
  passed: 'passed',
  refused: 'refused',
  pinned: 'pinned to a revision: unaffected',
  unpublished: 'nothing published: not checked',
};

/**
 * Each follower's line (`  receipt @ revision 4: passed`), then for a refusal its code, message and every
 * finding (problemItemLine: pointer or path, caniemail feature, keys), for a pass its warnings and what a
 * forced publish overrode. `again`: the command that publishes past `breaking_variable_change` (`… --force`),
 * printed when one follower was refused only for that; '' when none fits.
 */
export function dependentsReport(checks: DependentCheck[], again: string): string {
  const lines: string[] = [];
  for (const check of checks) {
    const at = check.revision !== null ? ` @ revision ${check.revision}` : '';
    const code = check.outcome === 'refused' && check.code ? ` (${check.code})` : '';
    const message = check.outcome === 'refused' && check.message ? `: ${check.message}` : '';
    lines.push(`  ${check.project_id}${at}: ${OUTCOME[check.outcome] ?? check.outcome}${code}${message}`);
    for (const item of check.errors ?? []) lines.push(`  ${problemItemLine(item)}`);
    for (const warning of check.warnings ?? [])
      lines.push(`    warning: ${warning.path ? `${warning.path}: ` : ''}${warning.message ?? JSON.stringify(warning)}`);
    for (const change of check.overridden ?? [])
      lines.push(
        `    overridden (forced): ${change.path} ${change.change.replace('_', ' ')}; keys ${(change.key_ids ?? []).join(', ') || '?'}`,
      );
  }
  const breaking = checks.some((check) => check.outcome === 'refused' && check.code === 'breaking_variable_change');
  if (breaking && again) lines.push(`make each path optional (or keep its type), or publish anyway: ${again}`);
  return lines.map((line) => `${line}\n`).join('');
}

/** `letterpress publish --layout brand [--revision N] --force`: the step past a variables refusal. */
export function forceCommand(kind: SharedKind, id: string, revision?: number): string {
  return `letterpress publish --${kind} ${id}${revision !== undefined ? ` --revision ${revision}` : ''} --force`;
}

/** "the layout 'brand'" / "the shared partial 'footer'", for messages. */
export function sharedName(kind: SharedKind, id: string): string {
  return `the ${SHARED[kind].word} '${id}'`;
}
