/**
 * `letterpress diff <id> <revA> <revB>`: unified diffs (the `diff` package's createTwoFilesPatch) of the
 * template's MJML, its metadata and its published HTML between two revisions, as `git diff` shows files.
 */
import { createTwoFilesPatch } from 'diff';
import { seg, type LetterpressClient } from '../client.js';
import { EXIT } from '../errors.js';
import { canonicalJson } from '../files.js';

/** What one revision publishes, as files. */
async function revisionFiles(client: LetterpressClient, id: string, revision: number): Promise<Record<string, string>> {
  const [project, rendered] = await Promise.all([
    client.get(`/projects/${seg(id)}?revision=${revision}`),
    client.post(`/templates/${seg(id)}/render`, { format: 'mjml', revision }),
  ]);
  return {
    'template.mjml': rendered.body.mjml as string,
    'metadata.json': canonicalJson(project.body.metadata ?? {}),
    'published.html': project.body.published_html as string,
  };
}

/** Print the diffs; exit 0 whether or not they differ (as `git diff` without `--exit-code`). */
export async function diff(client: LetterpressClient, id: string, a: number, b: number): Promise<number> {
  const [before, after] = await Promise.all([revisionFiles(client, id, a), revisionFiles(client, id, b)]);
  let same = true;
  for (const name of Object.keys(before)) {
    if (before[name] === after[name]) continue;
    same = false;
    process.stdout.write(
      createTwoFilesPatch(`a/${id}@${a}/${name}`, `b/${id}@${b}/${name}`, before[name]!, after[name]!, `revision ${a}`, `revision ${b}`),
    );
  }
  if (same) process.stderr.write(`${id}: revisions ${a} and ${b} publish the same template, metadata and HTML\n`);
  return EXIT.ok;
}
