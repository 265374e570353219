/**
 * `npm run corpus:fetch [-- --out .corpus --base-url https://raw.githubusercontent.com --manifest scripts/corpus/sources.json]`
 *
 * Downloads the template corpus the corpus suites read (real MJML templates written by others, kept out of
 * this repository under their own licences) from their public repositories at pinned commits:
 * `GET <base-url>/<repository>/<commit>/<path>` for each entry of the sources list, each checked against
 * its SHA-256 before anything is kept. The files land in `--out` (default `.corpus/`, git-ignored, where
 * the tests look when neither LETTERPRESS_CORPUS nor ../shared/corpus is there), with a MANIFEST.md
 * naming each file's source and licence. All or nothing: files are written to `<out>.partial` and moved
 * into place only when every one arrived whole.
 *
 * Exit codes: 0 fetched; 1 a download failed or a file's hash differs (each named on stderr); 2 usage.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** One pinned file: `file` is its place in the corpus, `path` its place in `repository` at `commit`. */
interface CorpusSource {
  file: string;
  repository: string;
  commit: string;
  path: string;
  license: string;
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** Per-file download bound (ms): a stalled connection fails the run instead of hanging it. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

const usage = 'usage: npm run corpus:fetch [-- --out DIR] [--base-url URL] [--manifest sources.json]';

function fail(code: 1 | 2, message: string): never {
  console.error(`corpus:fetch: ${message}`);
  process.exit(code);
}

/** Reads and checks the sources list; throws an Error naming the entry that is malformed. */
function readSources(file: string): CorpusSource[] {
  const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${file}: expected a non-empty JSON array`);
  return list.map((entry: Partial<CorpusSource>, index) => {
    const ok =
      typeof entry.file === 'string' &&
      !entry.file.split('/').includes('..') &&
      !entry.file.startsWith('/') &&
      /^[\w.-]+\/[\w.-]+$/.test(entry.repository ?? '') &&
      /^[0-9a-f]{40}$/.test(entry.commit ?? '') &&
      typeof entry.path === 'string' &&
      /^[0-9a-f]{64}$/.test(entry.sha256 ?? '') &&
      typeof entry.license === 'string';
    if (!ok)
      throw new Error(
        `${file}: entry ${index} needs file (relative), repository (owner/name), commit (40 hex), path, license, sha256 (64 hex)`,
      );
    return entry as CorpusSource;
  });
}

/** The URL of one source under `baseUrl`, raw.githubusercontent.com's layout: `<owner>/<name>/<commit>/<path>`. */
function sourceUrl(baseUrl: string, source: CorpusSource): string {
  const path = source.path.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${source.repository}/${source.commit}/${path}`;
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

function manifest(sources: CorpusSource[]): string {
  const rows = sources.map((s) => `| ${s.file} | ${s.repository} @ \`${s.commit}\` : \`${s.path}\` | ${s.license} | \`${s.sha256}\` |`);
  return [
    '# Template corpus — fetched by `npm run corpus:fetch`',
    '',
    'Each file verbatim from its public repository at the pinned commit, checked by SHA-256. The files stay',
    "under their authors' licences (column licence; see each repository's licence file at that commit).",
    '',
    '| file | source (repo @ commit : path) | licence | sha256 |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        out: { type: 'string', default: '.corpus' },
        'base-url': { type: 'string', default: 'https://raw.githubusercontent.com' },
        manifest: { type: 'string', default: 'scripts/corpus/sources.json' },
      },
    }).values;
  } catch (error) {
    fail(2, `${(error as Error).message}\n${usage}`);
  }
  let sources: CorpusSource[];
  try {
    sources = readSources(args.manifest);
  } catch (error) {
    fail(2, (error as Error).message);
  }
  const out = resolve(args.out);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const problems: string[] = [];
  for (const source of sources) {
    const url = sourceUrl(args['base-url'], source);
    try {
      const bytes = await download(url);
      const found = createHash('sha256').update(bytes).digest('hex');
      if (found !== source.sha256) throw new Error(`SHA-256 ${found}, expected ${source.sha256}`);
      const target = join(partial, source.file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    } catch (error) {
      problems.push(`${source.file} from ${url}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) {
    rmSync(partial, { recursive: true, force: true });
    fail(1, `${problems.length} of ${sources.length} files not fetched, nothing kept:\n  ${problems.join('\n  ')}`);
  }
  writeFileSync(join(partial, 'MANIFEST.md'), manifest(sources));
  if (existsSync(out)) rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  console.log(`corpus:fetch: ${sources.length} files in ${out} (each checked by SHA-256)`);
}

await main();
