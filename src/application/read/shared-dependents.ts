/**
 * Who names a layout or a shared partial (docs/layouts.md): the projects whose latest create or save names
 * it, read from the `template-list` read model (projections/template-list.ts keeps each project's `layout`
 * and `sharedPartials`), a page of the workspace at a time.
 */
import type { SharedKind } from '../../domain/shared-documents.js';
import type { TemplateSummaryDoc } from '../../../projections/index.js';
import type { ReadModelStore } from '../ports/index.js';

/** A project that names a layout or shared partial: pinned to `revision`, or following the published one (null). */
export interface SharedDependent {
  projectId: string;
  /** The pinned revision; null: it follows the published one. */
  pinnedRevision: number | null;
}

const PAGE = 500;

export class SharedDependents {
  constructor(private readonly readModels: Pick<ReadModelStore, 'list'>) {}

  /** The live projects of `workspace` that name `kind` `id`, in id order. @throws what the store throws. */
  async of(workspace: string, kind: SharedKind, id: string): Promise<SharedDependent[]> {
    const found: SharedDependent[] = [];
    let after: string | undefined;
    for (;;) {
      const rows = await this.readModels.list<TemplateSummaryDoc>('template-list', {
        partition: workspace,
        limit: PAGE,
        ...(after !== undefined ? { after } : {}),
      });
      for (const { doc } of rows) {
        const uses = kind === 'layout' ? (doc.layout ? [doc.layout] : []) : (doc.sharedPartials ?? []);
        const use = uses.find((named) => named.id === id);
        if (use) found.push({ projectId: doc.id, pinnedRevision: use.revision ?? null });
      }
      if (rows.length < PAGE) return found;
      after = rows[rows.length - 1]!.key;
    }
  }
}
