/**
 * `letterpress diff <id> <revA> <revB>`: unified diffs (the `diff` package's createTwoFilesPatch) of the
 * template's MJML, its metadata and its published HTML between two revisions, as `git diff` shows files.
 * `letterpress diff --rendered <id> [--from N|published] [--to N|latest] [--vars file.json]`: what a recipient
 * would see change between two revisions (POST /projects/:id/diff, docs/diff.md), one change a line.
 */
import { createTwoFilesPatch } from 'diff';
import { seg, type LetterpressClient } from '../client.js';
import { EXIT } from '../errors.js';
import { canonicalJson } from '../files.js';
import { parseRevision, readJsonObject } from './inputs.js';

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

export interface RenderedDiffOptions {
  /** A revision number or `published` (default). */
  from?: string;
  /** A revision number or `latest` (default). */
  to?: string;
  /** A JSON file of variables; default: the server's sample data. */
  vars?: string;
}

/** One change as the server sends it (docs/diff.md). */
interface Change {
  kind: string;
  change?: string;
  before?: unknown;
  after?: unknown;
  delta?: number;
  budget?: number;
  clipped?: boolean;
}

/** Print the changes; exit 0 whether or not a recipient would see one (as `git diff` without `--exit-code`). @throws UsageError. */
export async function renderedDiff(client: LetterpressClient, id: string, options: RenderedDiffOptions): Promise<number> {
  const body = {
    from: options.from === undefined || options.from === 'published' ? 'published' : parseRevision(options.from),
    to: options.to === undefined || options.to === 'latest' ? 'latest' : parseRevision(options.to),
    ...(options.vars !== undefined ? { variables: readJsonObject(options.vars, '--vars') } : {}),
  };
  const res = await client.post(`/projects/${seg(id)}/diff`, body);
  const answer = res.body as DiffAnswer;
  const { from, to, visible_change: visible, changes } = answer;
  process.stdout.write(
    `${id}: revision ${from} → ${to}, rendered with ${renderedWith(answer)}: ${visible ? 'a recipient would see changes' : 'no visible change'}\n`,
  );
  for (const sample of answer.samples ?? []) {
    for (const refusal of sample.refused ?? []) {
      process.stdout.write(`  sample ${sample.sample} refused by revision ${refusal.revision} (${refusal.code}): ${refusal.message}\n`);
    }
  }
  for (const change of changes) process.stdout.write(`${describeChange(change)}\n`);
  return EXIT.ok;
}

/** The answer of POST /projects/:id/diff, as far as the CLI reads it (docs/diff.md). */
interface DiffAnswer {
  from: number;
  to: number;
  visible_change: boolean;
  sample_variables: boolean;
  /** Absent from a server older than recorded-shape samples. */
  sample_source?: 'variables' | 'recorded_shapes' | 'schema';
  samples?: Array<{ sample: number; refused?: Array<{ revision: number; code: string; message: string }> }>;
  shapes_recorded?: number;
  changes: Change[];
}

/** What the renders used, in words: `your variables`, `sample data`, or the recorded shapes' samples. */
function renderedWith(answer: DiffAnswer): string {
  if (!answer.sample_variables) return 'your variables';
  if (answer.sample_source !== 'recorded_shapes' || !answer.samples) return 'sample data';
  const shown = answer.samples.filter((sample) => !sample.refused).length;
  const of =
    answer.shapes_recorded !== undefined && answer.shapes_recorded > answer.samples.length ? ` (of ${answer.shapes_recorded})` : '';
  return `the payloads of ${shown} recorded variable shape${shown === 1 ? '' : 's'}${of}`;
}

/** One line (or a few, for text) for a change. */
export function describeChange(change: Change): string {
  switch (change.kind) {
    case 'size': {
      const budget = change.budget ?? 0;
      const sign = (change.delta ?? 0) >= 0 ? '+' : '';
      const room = change.clipped
        ? `past the ${kb(budget)} clipping budget: Gmail clips it`
        : `${kb(budget - Number(change.after))} under the ${kb(budget)} clipping budget`;
      return `  size       ${kb(Number(change.before))} → ${kb(Number(change.after))} (${sign}${change.delta} bytes), ${room}`;
    }
    case 'link':
    case 'image':
      return `  ${change.kind.padEnd(10)} ${change.change}: ${[change.before, change.after]
        .filter((v) => v !== undefined)
        .map(item)
        .join(' → ')}`;
    default: {
      const quote = (value: unknown) => (value === undefined || value === null ? '(none)' : JSON.stringify(value));
      if (change.kind === 'text' && change.before === undefined) return `  text       added: ${quote(change.after)}`;
      if (change.kind === 'text' && change.after === undefined) return `  text       removed: ${quote(change.before)}`;
      return `  ${change.kind.padEnd(10)} ${quote(change.before)} → ${quote(change.after)}`;
    }
  }
}

/** A link `href "text"` or an image `src "alt"`. */
function item(value: unknown): string {
  const v = value as { href?: string; text?: string; src?: string; alt?: string | null };
  return v.href !== undefined
    ? `${v.href} "${v.text ?? ''}"`
    : `${v.src} ${v.alt === null || v.alt === undefined ? '(no alt)' : `"${v.alt}"`}`;
}

/** Bytes as KB with one decimal (1 KB = 1,024 bytes, as the budget is counted). */
function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
