/**
 * `letterpress publish <id> [--revision N]`: make a template revision (default: the latest save) the one
 * renders use, through POST /projects/:id/publish (docs/publishing.md).
 */
import { seg, type LetterpressClient } from '../client.js';
import { EXIT } from '../errors.js';

/** What the publish answers (the fields reported). */
interface Published {
  revision: number;
  published_revision: number | null;
  unchanged?: boolean;
}

/**
 * Publish `revision` (default: the latest create or save) of project `id`; one line on stderr says what renders
 * use now. @throws ApiError for a refusal (exit 1 or 3, as every command: errors.ts); network errors.
 */
export async function publish(client: LetterpressClient, id: string, options: { revision?: number }): Promise<number> {
  const body = options.revision !== undefined ? { revision: options.revision } : {};
  const result = (await client.post<Published>(`/projects/${seg(id)}/publish`, body)).body;
  const what = result.unchanged ? `already published: ${id} renders revision` : `published ${id}: renders now use revision`;
  process.stderr.write(`${what} ${result.published_revision} (project revision ${result.revision})\n`);
  return EXIT.ok;
}
