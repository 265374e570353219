/**
 * Render path: compile once, render many (ARCHITECTURE §1). The MJML was compiled when the revision was
 * saved; a render only runs a compiled Handlebars function over that revision's published HTML. The
 * functions live in an LRU cache keyed by workspace, project and revision, so an entry never goes stale:
 * a save creates a new key, and the old one ages out.
 */
import { LRUCache } from 'lru-cache';
import type { ProjectQueries, ProjectView } from './project-queries.js';
import { DomainError } from '../domain/errors.js';
import type { MjmlNode } from '../domain/mjml-ast.js';
import type { ProjectRef } from '../domain/project.js';
import { analyzeTemplate, parseHandlebars } from '../rendering/handlebars/analysis.js';
import { compileTemplate, createHandlebars } from '../rendering/handlebars/environment.js';
import { toMjmlMarkup } from '../rendering/mjml/markup.js';

export type RenderFormat = 'html' | 'mjml';

export interface RenderRequest {
  /** Handlebars context: a JSON object. */
  variables: Record<string, unknown>;
  format: RenderFormat;
  /** A past revision; omitted = the current one. */
  revision?: number;
}

export interface RenderOutput {
  id: string;
  revision: number;
  /** RFC 3339: when this revision was saved. */
  updatedAt: string;
  format: RenderFormat;
  /** Compiled HTML with the variables applied (format html) or the template's MJML (format mjml). */
  body: string;
  /** Whether the compiled template came from the cache. */
  cache: 'HIT' | 'MISS';
}

/** The data variables could not be rendered (Handlebars threw at render time). */
export class RenderError extends Error {
  override readonly name = 'RenderError';
}

interface CachedTemplate {
  render: (context: Record<string, unknown>) => string;
  ast: MjmlNode;
  updatedAt: string;
  /** The MJML markup, serialised on first `format: "mjml"` request. */
  mjml?: string;
  /** Approximate bytes held (UTF-16 HTML twice: source and compiled program; the AST as JSON). */
  size: number;
}

export interface RendererOptions {
  /** Upper bound of the cache, in approximate bytes (UTF-16 length × 2 of HTML and AST). */
  maxBytes: number;
}

export class TemplateRenderer {
  private readonly handlebars = createHandlebars();
  private readonly cache: LRUCache<string, CachedTemplate>;

  constructor(
    private readonly queries: ProjectQueries,
    options: RendererOptions,
  ) {
    this.cache = new LRUCache<string, CachedTemplate>({ maxSize: options.maxBytes, sizeCalculation: (entry) => entry.size });
  }

  /**
   * Render a project's template.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found`; RenderError.
   */
  async render(ref: ProjectRef, request: RenderRequest): Promise<RenderOutput> {
    // The small template-list document answers "which revision is current"; when it is missing,
    // getProject throws the precise 404 (never existed, or deleted).
    const latest = (await this.queries.currentRevision(ref))?.revision ?? (await this.queries.getProject(ref)).revision;
    const revision = request.revision ?? latest;
    if (revision > latest || revision < 0) {
      throw new DomainError('revision_not_found', `Project '${ref.projectId}' has no revision ${revision} (revisions 0–${latest}).`);
    }
    const key = `${ref.workspace}\u0000${ref.projectId}\u0000${revision}`;
    let entry = this.cache.get(key);
    const cache = entry ? 'HIT' : 'MISS';
    if (!entry) {
      entry = this.load(await this.queries.getProjectAt(ref, revision));
      this.cache.set(key, entry);
    }
    const base = { id: ref.projectId, revision, updatedAt: entry.updatedAt, format: request.format, cache } as const;
    if (request.format === 'mjml') return { ...base, body: (entry.mjml ??= toMjmlMarkup(entry.ast)) };
    try {
      return { ...base, body: entry.render(request.variables) };
    } catch (error) {
      throw new RenderError(`The template failed to render with these variables: ${(error as Error).message}`);
    }
  }

  /** Entries currently cached (for /health). */
  get size(): number {
    return this.cache.size;
  }

  private load(view: ProjectView): CachedTemplate {
    return {
      render: compileTemplate(this.handlebars, view.publishedHtml),
      ast: view.ast,
      updatedAt: view.updatedAt,
      size: Math.max(1, view.publishedHtml.length * 2 * 2 + JSON.stringify(view.ast).length * 2),
    };
  }
}

/**
 * Data paths a template reads, resolved to the root context (`order.lines[].product_name`), sorted:
 * what a sender must supply. Empty when the template has no Handlebars.
 */
export function templateVariables(ast: MjmlNode): string[] {
  const parsed = parseHandlebars(toMjmlMarkup(ast));
  return parsed.ok ? analyzeTemplate(parsed.program).variables : [];
}
