/**
 * The guides beside the API reference (docs/*.md in the repository), listed in the OpenAPI document's
 * `info.description` so that `/docs` points a reader at them. They are named by path, not linked: this
 * server does not serve them. test/unit/docs-links.test.ts checks that every docs/*.md file is listed.
 */

export const GUIDES: ReadonlyArray<readonly [path: string, subject: string]> = [
  ['docs/api.md', 'routes, bodies, headers, API habits, conditional writes, Idempotency-Key'],
  ['docs/publishing.md', 'drafts and publishing: review mode, publish, what renders use'],
  ['docs/receipts.md', 'signed render receipts: the JWS every render carries, verifying it, the keys'],
  ['docs/locales.md', 'localized variants: locales, {{t}} with ICU messages, the fallback chain'],
  ['docs/layouts.md', 'layouts and shared partials across a workspace, and their publishing'],
  ['docs/errors.md', 'problem details and every code'],
  ['docs/access.md', 'API keys, authentication, rate limits'],
  ['docs/preview.md', 'the /preview/ page'],
  ['docs/templates.md', 'MJML first, Handlebars after: helpers, partials, declared helpers, dynamic templates, unsafe URLs'],
  ['docs/helpers.md', 'the handlebars-helpers names that work, and those refused'],
  ['docs/variables.md', 'variables and validation, missing variables'],
  ['docs/variable-names.md', 'any name is a variable name'],
  ['docs/markup-checks.md', 'markup that does not close what it opened'],
  ['docs/email-output.md', 'image alt text, preheader, text part, subject'],
  ['docs/policy.md', 'the send-readiness policy enforced at publish, metadata.headers'],
  ['docs/diff.md', 'what a recipient would see change between two revisions'],
  ['docs/limits.md', 'template and render limits, hostile input'],
  ['docs/audit.md', 'npm run audit: which template, layout, partial and locale revisions made an email at an instant, and its bytes'],
  ['docs/operations.md', 'configuration, several instances, KurrentDB + MongoDB, metrics and logs, under faults, scripts'],
  ['docs/cli.md', 'the letterpress client CLI'],
  ['docs/mcp.md', 'the MCP server for agents: letterpress mcp (stdio) and POST /v1/mcp, tools, resources'],
  ['docs/performance.md', 'what a render costs'],
  ['docs/architecture.md', 'layers; revisions, events and read models'],
  ['docs/choices.md', 'choices made where the spec is silent'],
  ['docs/idempotency.md', 'Idempotency-Key across crashes'],
  ['docs/read-your-writes.md', 'min_revision on every instance'],
  ['docs/projections.md', 'one active projector, versions without downtime'],
  ['docs/dependency-timeouts.md', 'dependency timeouts and /health'],
  ['docs/sqlite-locks.md', 'another process holding the SQLite lock'],
  ['docs/compile-queue.md', 'the bounded, fair compile queue'],
  ['docs/hardening.md', 'failed-authentication limits, connection caps, CSP'],
  ['docs/testing.md', 'running the tests: tiers, the template corpus, the services they use'],
  ['docs/kurrentdb.md', 'the KurrentDB event store'],
  ['docs/mongodb.md', 'MongoDB: wire double, write timeouts, schema changes'],
];

/** The guides as a markdown list (Redoc renders `info.description` as markdown). */
export function guidesMarkdown(): string {
  return `Guides, in the repository beside its README.md:\n\n${GUIDES.map(([path, subject]) => `- \`${path}\`: ${subject}`).join('\n')}`;
}
