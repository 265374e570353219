/**
 * Issue 20, item 4: every relative link in README.md and docs/*.md resolves, so moving a section cannot
 * leave a link behind. A link `[text](path)` or `[text](path#anchor)` (or `#anchor` alone) must name a
 * file or folder that exists, relative to the page; an anchor into a markdown file must be the GitHub slug
 * of one of its headings. Links inside code (fenced blocks, `inline`) and absolute URLs are not checked.
 * Every docs page is linked from the README and named in the OpenAPI description that /docs renders.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { GUIDES } from '../../src/http/openapi-guides.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * GitHub's heading anchor: lower case, characters other than letters, digits, `_`, `-` and spaces removed,
 * spaces turned into `-` (github-slugger). `Retries: Idempotency-Key` → `retries-idempotency-key`.
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Markdown without fenced code blocks and inline code spans (links there are examples, not links). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors of a markdown file's headings, with GitHub's `-1`, `-2` suffixes for repeated ones. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = githubSlug(m[1]!.replace(/`/g, ''));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Relative link targets of one page: `[text](target)`, without a title, and not `scheme:` URLs. */
export function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every broken relative link of the pages above, as `page → target: why`. */
function brokenLinks(): string[] {
  const broken: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file)!;
  };
  for (const page of pages) {
    const file = join(root, page);
    for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(resolved)) {
        broken.push(`${page} → ${target}: no file ${relative(root, resolved)}`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(decodeURIComponent(anchor))) {
        broken.push(`${page} → ${target}: no heading with the anchor #${anchor} in ${relative(root, resolved)}`);
      }
    }
  }
  return broken;
}

describe('links in README.md and docs/ (issue 20)', () => {
  it('computes anchors as GitHub does', () => {
    expect(githubSlug('Retries: Idempotency-Key')).to.equal('retries-idempotency-key');
    expect(githubSlug('KurrentDB + MongoDB (docker compose)')).to.equal('kurrentdb--mongodb-docker-compose');
    expect(githubSlug('Client CLI (letterpress)')).to.equal('client-cli-letterpress');
    expect(githubSlug('Conditional writes: If-Match and REQUIRE_IF_MATCH')).to.equal('conditional-writes-if-match-and-require_if_match');
    expect([...anchorsOf('# A\n```\n# not a heading\n```\n## A\n## `b` c\n')]).to.deep.equal(['a', 'a-1', 'b-c']);
    expect(relativeLinks('[x](docs/a.md#b) [y](https://e.test) `[z](no.md)` [w](#c)')).to.deep.equal(['docs/a.md#b', '#c']);
  });

  it('finds every relative link target and anchor', () => {
    expect(pages.length).to.be.greaterThan(10);
    expect(brokenLinks()).to.deep.equal([]);
  });

  it('links every docs page from the README', () => {
    const readmeLinks = new Set(relativeLinks(readFileSync(join(root, 'README.md'), 'utf8')).map((t) => t.split('#')[0]));
    const unlinked = pages.filter((p) => p.startsWith('docs/') && !readmeLinks.has(p));
    expect(unlinked).to.deep.equal([]);
  });

  it('names every docs page, and only pages that exist, in the OpenAPI description /docs shows', () => {
    const listed = GUIDES.map(([path]) => path);
    expect([...listed].sort()).to.deep.equal(pages.filter((p) => p.startsWith('docs/')).sort());
  });
});
