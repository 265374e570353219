/**
 * What makes two revisions "the same": their content in canonical form. A save whose content equals the
 * current revision's appends nothing (docs/api.md "Saving identical content").
 *
 * Canonical form: JSON with object members sorted by key at every depth (array order kept), so the key
 * order a client happened to send — in metadata, partials, helpers or the AST's attribute maps — never
 * makes a new revision. Absent `partials`/`helpers` equal `{}` and an absent `renderMode` equals
 * `"static"`, as the API presents them. Pure: hashing is a deterministic computation, no I/O.
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

/** Sorted keys at every depth (deterministic); values that JSON has no form for are dropped as JSON.stringify drops them. */
const canonicalStringify = configure({ deterministic: true, circularValue: TypeError, bigint: false });

/** A JSON value as canonical text: members sorted by key (UTF-16 code unit order), arrays in order, no spaces. */
export function canonicalJson(value: unknown): string {
  return canonicalStringify(value) ?? 'null';
}

/**
 * What a revision publishes: its metadata and template (`PublishedTemplate` in project.ts, typed
 * structurally here so that this module imports nothing of the decider's).
 */
export interface RevisionContent {
  metadata: unknown;
  ast: unknown;
  publishedHtml: string;
  mjmlVersion: string;
  renderMode?: string;
  partials?: unknown;
  helpers?: unknown;
  defaultLocale?: string;
  locales?: unknown;
  /** A layout and shared partials followed (docs/layouts.md); absent: none. */
  composition?: unknown;
}

/**
 * Hex SHA-256 of a revision's canonical content: metadata, AST, published HTML, MJML version, render
 * mode, partials, helpers and localized variants. Equal digests ⇔ equal content (the MJML version counts: the same source
 * published by another MJML may give other HTML).
 */
export function contentDigest(content: RevisionContent): string {
  const { metadata, ast, publishedHtml, mjmlVersion, renderMode, partials, helpers, defaultLocale, locales, composition } = content;
  const normalised = {
    metadata,
    ast,
    publishedHtml,
    mjmlVersion,
    renderMode: renderMode ?? 'static',
    partials: partials ?? {},
    helpers: helpers ?? {},
    // Added only when set: a revision without locales keeps the digest it had before locales existed.
    ...(locales !== undefined ? { locales, defaultLocale: defaultLocale ?? null } : {}),
    // Absent (every revision without a layout) leaves the digest of older revisions as it was.
    ...(composition !== undefined ? { composition } : {}),
  };
  return createHash('sha256').update(canonicalJson(normalised), 'utf8').digest('hex');
}
