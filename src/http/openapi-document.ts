/**
 * The OpenAPI 3.1 document of the API (OpenAPI Specification 3.1.0, whose Schema Object is JSON Schema
 * draft 2020-12). Request bodies and list queries are converted from the very zod schemas the routes
 * parse with (openapi-requests.ts), so the document cannot drift from them; the operations are in
 * openapi-paths-*.ts, the shapes and header fields in openapi-components.ts. Served by routes/openapi.ts;
 * test/api/openapi-lint.test.ts holds it to Spectral and Redocly, openapi-responses.test.ts to the routes.
 */
import { components } from './openapi-components.js';
import { guidesMarkdown } from './openapi-guides.js';
import { adminPaths } from './openapi-paths-admin.js';
import { diffPaths } from './openapi-paths-diff.js';
import { policyPaths } from './openapi-paths-policy.js';
import { receiptPaths } from './openapi-paths-receipts.js';
import { layoutPaths } from './openapi-paths-layouts.js';
import { mcpPaths } from './openapi-paths-mcp.js';
import { projectPaths } from './openapi-paths-projects.js';
import { templatePaths } from './openapi-paths-templates.js';

/** Every route of routes/*.ts, paths relative to a server (`/v1` or `/api/v1`). */
const paths = {
  ...projectPaths,
  ...diffPaths,
  ...templatePaths,
  ...layoutPaths,
  ...adminPaths,
  ...policyPaths,
  ...receiptPaths,
  ...mcpPaths,
};

const TAGS = [
  { name: 'projects', description: 'Email-template projects: create, save, patch, delete, history, restore.' },
  { name: 'templates', description: 'The renderable view of projects: render, dry runs.' },
  { name: 'api-keys', description: 'API keys of the workspace (`keys:admin`).' },
  { name: 'layouts', description: "Layouts and shared partials, shared by the workspace's templates (docs/layouts.md)." },
  { name: 'policy', description: "The workspace's send-readiness policy, enforced at publish (`policy:write` or `keys:admin`)." },
  { name: 'receipts', description: 'Signed render receipts: the keys (JWKS), verification and rotation (docs/receipts.md).' },
  { name: 'mcp', description: 'The MCP server for agents: tools and resources over JSON-RPC (docs/mcp.md).' },
  { name: 'operations', description: 'Health, metrics and this document.' },
];

/** The document for an API mounted under each of `prefixes` (app.ts `API_PREFIXES`), as its `servers`. */
export function openApiDocument(prefixes: readonly string[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Letterpress',
      version: '1',
      summary: 'MJML + Handlebars email templates as event-sourced projects, rendered on request.',
      description:
        'MJML + Handlebars email templates as event-sourced projects, rendered on request. Errors are RFC 9457 problem details. Every ' +
        "answer carries `X-Request-Id` and `X-Content-Type-Options: nosniff`; every answer past authentication the key's rate-limit " +
        'fields (`RateLimit-Policy`, `RateLimit`, `X-RateLimit-*`); a `text/html` render a restrictive `Content-Security-Policy` (no ' +
        'script, `sandbox`).' +
        `\n\n${guidesMarkdown()}`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Letterpress maintainers' },
    },
    servers: prefixes.map((prefix) => ({ url: prefix, description: `Mounted at ${prefix} of this server.`, 'x-internal': false })),
    security: [{ bearer: [] }],
    tags: TAGS,
    paths,
    components,
  };
}
