/**
 * The OpenAPI document's types as openapi-typescript generates them: written by `npm run openapi:types`, not by hand.
 * test/api/openapi-client.test.ts fails when this file is not current, and type-checks an openapi-fetch client with it.
 */
export interface paths {
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects (projects:read)
         * @description The workspace's projects, a page at a time, by id. Pass `next_cursor` as `cursor` for the next page. Needs `projects:read`.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project (projects:write)
         * @description Stores a new project at revision 0 from MJML markup (`mjml`) or MJML JSON (`ast`), compiled and checked first. Without `id` the server names it. Needs `projects:write`. A template that does not compile is a 400 `invalid_mjml`; one that takes longer than COMPILE_TIMEOUT_MS a 500 `mjml_compile_timeout`; a full compile queue a 503 `compile_queue_full`.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        /**
         * Fetch a project (projects:read)
         * @description The project now, or at a past `revision`, or as it was at an instant `at` (not both). The `ETag` is its revision: send it back as `If-None-Match` for a 304, or as `If-Match` on a write. Needs `projects:read`.
         */
        get: operations["getProject"];
        /**
         * Save a new revision (projects:write)
         * @description Replaces the template (and the metadata, when sent) as the next revision; content equal to the current revision appends nothing (`unchanged: true`). With `If-Match` only if the project is still at that revision (412 otherwise). Needs `projects:write`.
         */
        put: operations["saveProject"];
        post?: never;
        /**
         * Delete a project (projects:write)
         * @description Deletes the project: it then reads and renders 404; its revisions stay in its history, and creating the id again continues it. With `If-Match` only at that revision. Needs `projects:write`.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        /**
         * Change metadata only (projects:write)
         * @description A JSON Merge Patch (RFC 7396) of the metadata, sent as `application/merge-patch+json` (any other type is a 415 with `Accept-Patch`). The template is kept; the result is the next revision. Needs `projects:write`.
         */
        patch: operations["patchProject"];
        trace?: never;
    };
    "/projects/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        /**
         * Revision history (projects:read)
         * @description Every revision of the project, oldest first, a page at a time: what happened (`event`) and when. Needs `projects:read`.
         */
        get: operations["listRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/revisions/{revision}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
                /**
                 * @description A past revision of the project (0 is the first).
                 * @example 0
                 */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a past revision (projects:write)
         * @description Appends a new revision with the content of a past one (the history is kept). Needs `projects:write`.
         */
        post: operations["restoreRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a revision (projects:write)
         * @description Makes a template revision (`revision`, default: the latest create or save) the one renders use by default, by appending a publish event (the project revision, its ETag, goes up by one; the publish is not a template revision). Publishing the published revision appends nothing (`unchanged: true`). A project under `on_save` publishes every save: only its latest revision can be named (409 `publishing_on_save` otherwise). A publish event or a revision from before a deletion is 409 `revision_not_publishable`; an unknown revision 404 `revision_not_found`. With `If-Match` only if the project is still at that revision (412 otherwise). Under `review`, the publish gate checks the revision against the shapes of the variables each API key rendered the published revision with recently: a path it newly requires that payloads lack, or a type it narrows, is 409 `breaking_variable_change`, each `errors[]` item with `path`, `change` and `key_ids`; `"force": true` publishes anyway and the event records what it overrode. A retry with the same `Idempotency-Key` answers the first answer. Needs `projects:write` (docs/publishing.md).
         */
        post: operations["publishProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/variables": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        /**
         * Variables the published revision takes (projects:read)
         * @description What the template reads (inferred), what `metadata.variables` declares, and where they disagree (docs/variables.md), for the revision a render without `revision` uses: the published one (under `on_save`, the newest). `?revision=N` or `?revision=latest` (the draft under `review`) reads another. `?locale=<BCP 47>`: as rendered in that locale (its variant's subject and preheader read too, docs/locales.md). Needs `projects:read`.
         */
        get: operations["getProjectVariables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a recipient would see change (templates:render)
         * @description Renders two revisions (`from`, default `published`; `to`, default `latest`) with the same `variables` (or sample data built from what they read) and compares what a recipient sees: visible text, links by `href`, images, subject, preheader, the text part, and the HTML size against the Gmail clipping budget. Markup and whitespace are not changes. Nothing is stored. Needs `templates:render` (it renders). A revision the project does not have is a 404 `revision_not_found`.
         */
        post: operations["diffRevisions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates (projects:read)
         * @description The same summaries as `GET /projects`, by id, a page at a time. Needs `projects:read`.
         */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        /**
         * What a sender needs to render (projects:read)
         * @description The name, subject and variable paths of the revision a render without `revision` uses: the published revision (under `on_save`, the newest). `?revision=N` or `?revision=latest` describes another, as a render would name it; `revision` in the answer is the template revision described. Needs `projects:read`.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a template (projects:write)
         * @description The same as `DELETE /projects/{id}`. Needs `projects:write`.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/render": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render with variables (templates:render)
         * @description Renders the current revision (or `revision`, or at least `min_revision`) with `variables`: HTML, subject, preheader and text, or the MJML with `format: "mjml"`. JSON by default; `Accept: text/html` answers the bare HTML. Variables the template cannot take are a 400 `invalid_variables`. Needs `templates:render`. A template that takes longer than COMPILE_TIMEOUT_MS to compile is a 500 `mjml_compile_timeout`; a full compile queue a 503 `compile_queue_full`.
         */
        post: operations["renderTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run variables against a saved template (templates:render)
         * @description Renders the saved template with `variables` and throws the output away: problems with the variables are `errors`, paths read and not sent are `missing_variable` warnings. `locale`: rendered in that locale (its variant, as a render picks it; the answer names it); without it, also in each locale with its own `mjml`, those findings naming `locale` (docs/locales.md). Nothing is stored. Needs `templates:render`.
         */
        post: operations["validateSavedTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run a template and variables (templates:render)
         * @description Compiles and checks an unsaved template as a create would, and `variables` against it. A template that does not compile is reported in `errors` with `variables: null`. `locale`: the findings of the variant a render in it uses (its own `mjml` as the markup); without it every variant is checked, each finding of one pointing under `/locales/<tag>`. Nothing is stored. Needs `templates:render`. A template that takes longer than COMPILE_TIMEOUT_MS to compile is a 500 `mjml_compile_timeout`; a full compile queue a 503 `compile_queue_full`.
         */
        post: operations["validateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List layouts (projects:read)
         * @description The workspace's live layouts (a deleted one is absent), a page at a time, by id, as GET /projects pages: pass `next_cursor` as `cursor` for the next page. Each item is GET /layouts/{id}'s answer less the source (`mjml`).
         */
        get: operations["listLayouts"];
        put?: never;
        /**
         * Create a layout (projects:write)
         * @description An MJML document whose `mj-body` holds exactly one `<lp-slot />` (else 400 `invalid_layout`), replaced by the `mj-body` children of each template that follows it; their `mj-head` children join its head. `publishing` as for projects. 409 `layout_exists` on a live id.
         */
        post: operations["createLayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        /**
         * A layout (projects:read)
         * @description The layout's latest create or save and its publishing; with `revision`, that create or save and its source (404 `revision_not_found` for any other revision). 404 `layout_not_found` when absent or deleted.
         */
        get: operations["getLayout"];
        /**
         * Save a layout (projects:write)
         * @description A new revision: under `on_save` published at once (every template that follows it renders it next), under `review` a draft until POST /layouts/{id}/publish. The same source appends nothing (`unchanged`). `If-Match` as for projects.
         */
        put: operations["saveLayout"];
        post?: never;
        /**
         * Delete a layout (projects:write)
         * @description Refused 409 `layout_in_use` while a project names it (`dependents` lists them).
         */
        delete: operations["deleteLayout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layouts/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a revision of a layout (projects:write)
         * @description Makes `revision` (default: the latest save) the one followers render, after composing every project that follows it with that revision, compiling it, holding it to the workspace policy and to the publish gate's variables check (its recorded payloads): the answer's `dependents` reports each; one that fails refuses the publish, 422 `dependents_refused`. `"force": true` passes `breaking_variable_change` (recorded in the event with what it overrode), never a policy violation.
         */
        post: operations["publishLayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layouts/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        /**
         * The events of a layout (projects:read)
         * @description Every create, save, publish and delete of its stream, oldest first, a page at a time (as GET /projects/{id}/revisions). A create or save reads with GET /layouts/{id}?revision=N.
         */
        get: operations["listLayoutRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layouts/{id}/dependents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        /**
         * The projects that name a layout (projects:read)
         * @description Every live project whose latest create or save names it; `pinned_revision` null when it follows the published revision.
         */
        get: operations["layoutDependents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shared partials (projects:read)
         * @description The workspace's live shared partials (a deleted one is absent), a page at a time, by id, as GET /projects pages: pass `next_cursor` as `cursor` for the next page. Each item is GET /partials/{id}'s answer less the source (`source`).
         */
        get: operations["listPartials"];
        put?: never;
        /**
         * Create a shared partial (projects:write)
         * @description Handlebars/MJML markup a template calls as `{{> shared/<id>}}`, inlined where the call stands before MJML compiles (so it may hold sections, as an `mj-include` file). `publishing` as for projects. 409 `partial_exists` on a live id.
         */
        post: operations["createPartial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        /**
         * A shared partial (projects:read)
         * @description The shared partial's latest create or save and its publishing; with `revision`, that create or save and its source (404 `revision_not_found` for any other revision). 404 `partial_not_found` when absent or deleted.
         */
        get: operations["getPartial"];
        /**
         * Save a shared partial (projects:write)
         * @description A new revision: under `on_save` published at once (every template that follows it renders it next), under `review` a draft until POST /partials/{id}/publish. The same source appends nothing (`unchanged`). `If-Match` as for projects.
         */
        put: operations["savePartial"];
        post?: never;
        /**
         * Delete a shared partial (projects:write)
         * @description Refused 409 `partial_in_use` while a project names it (`dependents` lists them).
         */
        delete: operations["deletePartial"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partials/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a revision of a shared partial (projects:write)
         * @description Makes `revision` (default: the latest save) the one followers render, after composing every project that follows it with that revision, compiling it, holding it to the workspace policy and to the publish gate's variables check (its recorded payloads): the answer's `dependents` reports each; one that fails refuses the publish, 422 `dependents_refused`. `"force": true` passes `breaking_variable_change` (recorded in the event with what it overrode), never a policy violation.
         */
        post: operations["publishPartial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partials/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        /**
         * The events of a shared partial (projects:read)
         * @description Every create, save, publish and delete of its stream, oldest first, a page at a time (as GET /projects/{id}/revisions). A create or save reads with GET /partials/{id}?revision=N.
         */
        get: operations["listPartialRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partials/{id}/dependents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        /**
         * The projects that name a shared partial (projects:read)
         * @description Every live project whose latest create or save names it; `pinned_revision` null when it follows the published revision.
         */
        get: operations["partialDependents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List keys (keys:admin)
         * @description The workspace's keys, a page at a time, never their tokens. Needs `keys:admin`.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Issue a key (keys:admin)
         * @description A new key in the caller's workspace with `scopes` (at most the caller's own), an optional own `rate_limit_per_minute` and an expiry. The token is in this answer only. Needs `keys:admin`.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
                 * @example k3x9q2m7p4w8
                 */
                id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        /**
         * Fetch a key (keys:admin)
         * @description One key of the workspace, without its token. Needs `keys:admin`.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke a key (keys:admin)
         * @description The key stops working at once; it stays listed as `revoked`. Revoking a revoked key changes nothing (204). Needs `keys:admin`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
                 * @example k3x9q2m7p4w8
                 */
                id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate: a new token, the old one valid for an overlap (keys:admin)
         * @description A new key with the same name, scopes and rate limit; the old one keeps working for `overlap`, then expires (`previous` shows when). The new key lives as long as the old one was given, unless `expires_in` or `expires_at` say otherwise. A revoked or expired key is a 409 `api_key_inactive`. Needs `keys:admin`.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Store and read models answer (any valid key)
         * @description Checks each dependency within HEALTH_TIMEOUT_MS: 200 when the event store and read models answer, else 503 `dependency_unavailable` listing every check (`checks`). Any valid key. Also served at the root, outside the API prefixes (`GET /health`), where probes look by default.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (any valid key)
         * @description The Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4; charset=utf-8`): requests, renders, the compile queue, the projector. Any valid key. Also served at the root, outside the API prefixes (`GET /metrics`), where scrapers look by default.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document (no key needed)
         * @description The OpenAPI 3.1 document of the API. No key needed; nothing else is public.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's send-readiness policy (projects:read)
         * @description The policy every publish of the workspace is checked against (docs/policy.md), with its `revision` (also the `ETag`). Before any PUT: an empty policy, `revision` null. Readable with `projects:read`, `policy:write` or `keys:admin`.
         */
        get: operations["getPolicy"];
        /**
         * Set the workspace's send-readiness policy (policy:write)
         * @description Replaces the whole policy (members left out are unset), stored as a `PolicySet` event. Needs `policy:write` or `keys:admin`. An unknown rule or client is a 400 naming it and listing the valid ones; `If-Match` of another revision a 412; none under REQUIRE_IF_MATCH a 428 (`If-Match: *` sets a first policy).
         */
        put: operations["setPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys of the workspace's render receipts (JWKS) (any valid key)
         * @description A JSON Web Key Set (RFC 7517 §5) of every key that signed receipts in the caller's workspace, the retired ones included, so a receipt verifies offline by its `kid` with any JOSE library. Empty before the first signed render.
         */
        get: operations["getReceiptKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/receipts/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a render receipt (projects:read)
         * @description Checks the receipt's signature with the workspace's keys, then the HTML and variables sent against its digests. Always 200 for a receipt that is a compact JWS: `valid` and `code` say what holds (`bad_signature`: changed, or of another workspace; `unknown_key`; `html_mismatch`; `variables_mismatch`). A string that is not one is 422 `invalid_receipt`. Offline, any JOSE library verifies it with GET /.well-known/jwks.json.
         */
        post: operations["verifyReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/receipts/keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a receipt signing key (keys:admin)
         * @description A new Ed25519 key signs from now on (a `ReceiptKeyAdded` event); the earlier keys stay in the JWKS and keep verifying what they signed. Other instances sign with it within 5 s.
         */
        post: operations["rotateReceiptKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The MCP server (streamable HTTP, stateless) (any valid key)
         * @description The Letterpress MCP server for agents (docs/mcp.md): one JSON-RPC 2.0 message of the Model Context Protocol per request, answered as `application/json` (never an SSE stream; no sessions: `Mcp-Session-Id` is not used). Tools list_templates, get_template, validate_template, render_template, diff_revisions, save_template (a draft), publish_template and restore_revision; resources `letterpress://templates/{id}/source` and `…/variables`. Any valid key connects; each tool needs the scope of its route, and a key without it gets a tool result with `isError: true` whose text is the 403 problem naming the scope. GET and DELETE answer 405 (no SSE stream, no session to end).
         */
        post: operations["postMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            /**
             * Format: uri-reference
             * @description urn:letterpress:problem:<code with dashes> (RFC 9457 §3.1.1).
             */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** Format: uri-reference */
            instance?: string;
            /** @description Stable machine-readable code, e.g. invalid_request, revision_mismatch. */
            code: string;
            request_id?: string;
            /** @description `revision_not_yet_visible`: the newest live revision this instance sees (null: none). */
            found_revision?: number | null;
            /** @description `revision_not_yet_visible`: the revision the render asked for (`min_revision` / `X-Min-Revision`). */
            min_revision?: number;
            /** @description `revision_not_yet_visible`: how long the render waited for it, ms (RENDER_MIN_REVISION_WAIT_MS). */
            waited_ms?: number;
            /** @description What is wrong, where: one item per problem found. */
            errors?: components["schemas"]["ProblemItem"][];
        } & {
            [key: string]: unknown;
        };
        ProblemItem: {
            /** @description A dry run (`POST /validate`): the code the template was refused with, e.g. invalid_mjml. */
            code?: string;
            /** @description RFC 6901 JSON Pointer into the request (`policy_violation`: into the stored project, e.g. `/ast/children/0/children/1`). */
            pointer?: string;
            /** @description `policy_violation`: the caniemail feature, e.g. `css-display-flex`. */
            feature?: string;
            /** @description A finding of a locale's own `mjml` (canonical BCP 47): `policy_violation` (its pointer under `/locales/<tag>/mjml`, docs/policy.md), a dry run's variant finding. */
            locale?: string;
            file?: string;
            line?: number;
            message: string;
            /** @description invalid_variables: the broken rule (type, required, enum, …). */
            rule?: string;
            /** @description invalid_variables: what the template takes there. invalid_mjml (a tag mismatch): the tag that was expected there, e.g. "</mj-text>", or "end of file". */
            expected?: unknown;
            /** @description invalid_variables: what was sent, by type and size, never its value. invalid_mjml (a tag mismatch): what was found there, e.g. "</mj-txt>", "end of file", "<mj-text>", 'text "…"'. breaking_variable_change: the JSON type recent payloads send. */
            found?: unknown;
            /** @description breaking_variable_change: the variable path, e.g. order.total, order.lines[].qty. */
            path?: string;
            /**
             * @description breaking_variable_change: what the revision published would change at `path`.
             * @enum {string}
             */
            change?: "newly_required" | "type_narrowed";
            /** @description breaking_variable_change: the API key ids whose recent payloads would fail (docs/publishing.md "Publish gate"). */
            key_ids?: string[];
        };
        /** @description What the import, the validator or the render had to say (docs/templates.md "Templates", "Subject, preheader, text, warnings"). A render (and a dry run of a saved template with variables) lists each path it read, in the branches it rendered, that the variables do not have: `missing_variable` with `path`, at most 50, then one `missing_variables_omitted` with `count` when there were more. */
        Warning: ({
            /** @description Set on warnings that have one, e.g. policy_violation, policy_warning (docs/policy.md: with `pointer` and `feature`), missing_variable, missing_variables_omitted, header_control_characters, header_truncated, unsafe_url_neutralised, gmail_clipping, image_without_alt, unescaped_output, unsafe_url, mismatched_tag, unclosed_tag, dropped_content (docs/markup-checks.md, docs/variables.md). */
            code?: string;
            message: string;
            /** @description A finding of a locale's own `mjml` (canonical BCP 47): policy_violation, policy_warning (pointer under `/locales/<tag>/mjml`, docs/policy.md), a dry run's variant finding. */
            locale?: string;
            /** @description "" or absent: the template itself; else an include key. */
            file?: string;
            line?: number;
            /** @description mismatched_tag, unclosed_tag, dropped_content: what was found, e.g. "</mj-txt>", "end of file". */
            found?: string;
            /** @description mismatched_tag, unclosed_tag, dropped_content: what was expected there, e.g. "</mj-text>", "end of file". */
            expected?: string;
            /** @description `sample_render_incomplete` (docs/helpers.md): the helper called where the save-time check could not render with sample data. */
            helper?: string;
            /** @description `sample_render_incomplete`: the argument that helper refused, e.g. `the 1st value`, `code=`. */
            argument?: string;
            /** @description missing_variable: the path read and not sent, as GET /templates/:id names paths (`customer.first_name`, `order.lines[].qty`). */
            path?: string;
            /** @description missing_variables_omitted: how many more missing paths than listed; header_control_characters: how many characters were replaced; header_truncated: the length found; other codes: how many elements the warning is about. */
            count?: number;
            /**
             * @description header_control_characters, header_truncated: the rendered part changed (docs/templates.md "Subject, preheader, text, warnings").
             * @enum {string}
             */
            field?: "subject" | "preheader";
        } & {
            [key: string]: unknown;
        }) & (unknown & unknown);
        Project: {
            id: string;
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            metadata: {
                [key: string]: unknown;
            };
            /** @description MJML JSON (the `mjml` package's AST). */
            ast?: unknown;
            published_html?: string | null;
            mjml_version?: string | null;
            partials?: {
                [key: string]: string;
            };
            helpers?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            render_mode?: "static" | "dynamic";
            /** @description The BCP 47 locale renders fall back to last; null when the revision has no locales (docs/locales.md). */
            default_locale?: string | null;
            /** @description Localized variants by canonical BCP 47 tag: `subject`, `preheader`, `strings` (ICU messages by key), `mjml` (a full MJML document replacing the template's markup in that locale) (docs/locales.md). */
            locales?: {
                [key: string]: {
                    subject?: string;
                    preheader?: string;
                    strings?: {
                        [key: string]: string;
                    };
                    /** @description This locale's own MJML document, as sent (uncomposed); absent: the template's markup. */
                    mjml?: string;
                };
            };
            /** @description The layout this revision follows (docs/layouts.md); absent when none. No `revision`: the published one. */
            layout?: {
                id: string;
                revision?: number;
            };
            /** @description The shared partials this revision calls as `{{> shared/<id>}}`; absent when none. */
            shared_partials?: {
                id: string;
                revision?: number;
            }[];
            /**
             * @description `on_save`: every save is published at once. `review`: saves are drafts until POST /projects/{id}/publish (docs/publishing.md).
             * @enum {string}
             */
            publishing?: "on_save" | "review";
            /** @description The template revision renders use by default; null under `review` before a first publish. */
            published_revision?: number | null;
            /**
             * Format: date-time
             * @description When `published_revision` was published; null when none.
             */
            published_at?: string | null;
            /** @description true when the latest create or save is not the published revision (a draft). */
            unpublished_changes?: boolean;
        };
        ProjectWrite: {
            id: string;
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            metadata: {
                [key: string]: unknown;
            };
            /** @description MJML JSON (the `mjml` package's AST). */
            ast?: unknown;
            published_html?: string | null;
            mjml_version?: string | null;
            partials?: {
                [key: string]: string;
            };
            helpers?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            render_mode?: "static" | "dynamic";
            /** @description The BCP 47 locale renders fall back to last; null when the revision has no locales (docs/locales.md). */
            default_locale?: string | null;
            /** @description Localized variants by canonical BCP 47 tag: `subject`, `preheader`, `strings` (ICU messages by key), `mjml` (a full MJML document replacing the template's markup in that locale) (docs/locales.md). */
            locales?: {
                [key: string]: {
                    subject?: string;
                    preheader?: string;
                    strings?: {
                        [key: string]: string;
                    };
                    /** @description This locale's own MJML document, as sent (uncomposed); absent: the template's markup. */
                    mjml?: string;
                };
            };
            /** @description The layout this revision follows (docs/layouts.md); absent when none. No `revision`: the published one. */
            layout?: {
                id: string;
                revision?: number;
            };
            /** @description The shared partials this revision calls as `{{> shared/<id>}}`; absent when none. */
            shared_partials?: {
                id: string;
                revision?: number;
            }[];
            /**
             * @description `on_save`: every save is published at once. `review`: saves are drafts until POST /projects/{id}/publish (docs/publishing.md).
             * @enum {string}
             */
            publishing?: "on_save" | "review";
            /** @description The template revision renders use by default; null under `review` before a first publish. */
            published_revision?: number | null;
            /**
             * Format: date-time
             * @description When `published_revision` was published; null when none.
             */
            published_at?: string | null;
            /** @description true when the latest create or save is not the published revision (a draft). */
            unpublished_changes?: boolean;
            warnings: components["schemas"]["Warning"][];
            /** @description true when the content equalled the current revision: nothing appended. */
            unchanged: boolean;
        };
        Summary: {
            id: string;
            name: string | null;
            subject: string | null;
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            /**
             * @description `on_save`: every save is published at once. `review`: saves are drafts until POST /projects/{id}/publish (docs/publishing.md).
             * @enum {string}
             */
            publishing: "on_save" | "review";
            /** @description The template revision renders use by default; null under `review` before a first publish. */
            published_revision: number | null;
            /**
             * Format: date-time
             * @description When `published_revision` was published; null when none.
             */
            published_at: string | null;
            /** @description true when the latest create or save is not the published revision (a draft). */
            unpublished_changes: boolean;
        };
        SummaryPage: {
            items: components["schemas"]["Summary"][];
            /** @description Pass as ?cursor= for the next page; null at the end. */
            next_cursor: string | null;
        };
        Revision: {
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            /**
             * @description `created`, `saved`, `restored` (a restore: `restored_from` names the revision it republished), `deleted`, or `published` (a publish: `published_revision` names the template revision it made the published one; its own revision is not a template revision).
             * @enum {string}
             */
            event: "created" | "saved" | "restored" | "deleted" | "published";
            /** @description Only on a `published` entry: the template revision renders use from then on. */
            published_revision?: number;
            /**
             * @description Only on a save under `review`: a draft, not published by its save.
             * @constant
             */
            draft?: true;
            /** @description Only on a `restored` entry: the revision whose template and metadata it published again. */
            restored_from?: number;
            name?: string | null;
            mjml_version?: string | null;
            published_html_bytes?: number | null;
        };
        RevisionPage: {
            items: components["schemas"]["Revision"][];
            /** @description Pass as ?cursor= for the next page; null at the end. */
            next_cursor: string | null;
        };
        Template: {
            id: string;
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            name: string | null;
            subject: string | null;
            mjml_version: string | null;
            variables: string[];
        };
        Rendered: {
            id: string;
            revision: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            updated_at: string;
            published_sha256: string;
            /** @description A revision that follows a layout or shared partials: the layout revision this render used (null: no layout). Absent otherwise (docs/layouts.md). */
            layout_revision?: number | null;
            /** @description The revision of each shared partial this render used, by id; absent when the revision follows none. */
            shared_partial_revisions?: {
                [key: string]: number;
            };
            /** @enum {string} */
            format: "html" | "mjml";
            html?: string;
            mjml?: string;
            subject?: string | null;
            preheader?: string | null;
            text?: string | null;
            /** @description The localized variant used (canonical BCP 47; also `Content-Language`): the asked locale, else its shorter prefixes, else the default locale (docs/locales.md). Null for a revision without locales. */
            locale?: string | null;
            /** @description The headers the template declares (`metadata.headers`), rendered with the variables; absent when it declares none (docs/policy.md). */
            headers?: {
                [key: string]: string;
            };
            /** @description A signed receipt of this render: a compact JWS (EdDSA, Ed25519) stating the revision and SHA-256 digests of the answer, to keep with the message; verify it with POST /receipts/verify or offline with GET /.well-known/jwks.json (docs/receipts.md). Null for format `mjml`, with `"receipt": false`, or when receipts are off. */
            receipt?: string | null;
            warnings?: components["schemas"]["Warning"][];
        };
        ApiKey: {
            id: string;
            name: string;
            workspace: string;
            scopes: string[];
            rate_limit_per_minute: number | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            status: string;
        };
        ApiKeyPage: {
            items: components["schemas"]["ApiKey"][];
            /** @description Pass as ?cursor= for the next page; null at the end. */
            next_cursor: string | null;
        };
        IssuedKey: {
            id: string;
            name: string;
            workspace: string;
            scopes: string[];
            rate_limit_per_minute: number | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC with milliseconds.
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            status: string;
            /** @description Shown once; store it now. */
            token: string;
            /** @description rotate: the old key, with its new expiry. */
            previous?: components["schemas"]["ApiKey"];
        };
        /** @description docs/operations.md "Observability"; `projector.lag_ms` is the read models' lag, ms. */
        Health: {
            /** @enum {string} */
            status: "ok";
            store: {
                [key: string]: unknown;
            };
            read_models?: {
                [key: string]: unknown;
            };
            projector: {
                [key: string]: unknown;
            };
            mjml_version?: string;
            compile_threads?: number;
            /** @description Compile jobs waiting for a worker. */
            compile_queue?: number;
            render_cache_entries?: number;
            render_cache_loads?: number;
            rate_limits?: {
                [key: string]: unknown;
            };
            /** @description Seconds since start. */
            uptime_s?: number;
            /** @description Each dependency check, run under HEALTH_TIMEOUT_MS. */
            checks?: components["schemas"]["HealthCheck"][];
        };
        /** @description One dependency check of /health (docs/dependency-timeouts.md). A 503 from /health lists them too, as `checks`. */
        HealthCheck: {
            /** @description event_store, read_models, rate_limits; api_keys when the key lookup itself timed out (503 only). */
            name: string;
            /** @description The engine: postgres, sqlite, kurrentdb, mongodb, redis, memory. */
            dependency: string;
            /** @enum {string} */
            status: "ok" | "failing" | "timeout";
            /** @description Why it is not ok; null when ok. */
            detail: string | null;
            /** @description Time the check took, ms (its bound when it timed out). */
            ms: number;
            /** @description false: a degraded extra (a rate-limit store) that does not make /health 503. */
            required: boolean;
        };
        /** @description docs/variables.md "Variables": what the template reads (inferred from it), the schema saved in `metadata.variables` (declared, or null), and where they disagree. */
        Variables: {
            /** @description A JSON Schema (draft 2020-12). */
            inferred: {
                [key: string]: unknown;
            } | null;
            /** @description A JSON Schema (draft 2020-12). */
            declared: {
                [key: string]: unknown;
            } | null;
            differences: components["schemas"]["SchemaDifference"][];
        };
        /** @description One place where the template and `metadata.variables` disagree. */
        SchemaDifference: {
            /** @description The variable path, e.g. `order.lines[].qty`. */
            path: string;
            /**
             * @description Read and not declared; declared and never read; declared with another type than the template uses.
             * @enum {string}
             */
            kind: "not_declared" | "not_read" | "type_conflict";
            message: string;
        };
        /** @description Dry-run outcome (docs/variables.md "Variables"); nothing is stored. */
        ValidationReport: {
            valid: boolean;
            /** @description Why the template or the variables are refused; empty when `valid`. */
            errors: components["schemas"]["ProblemItem"][];
            warnings: components["schemas"]["Warning"][];
            /** @description What the template takes; `null` when the template itself was refused (it did not compile, so there is nothing to infer from: see `errors`). */
            variables: components["schemas"]["Variables"] | null;
            /** @description Only when the request named `locale`: the variant validated (canonical BCP 47, the fallback chain as in render); null for a template without locales (docs/locales.md "Validating a locale"). */
            locale?: string | null;
            /** @description `POST /validate` naming `layout` or `shared_partials`: the layout revision the template was composed with, as a save would compose it now (null: no layout). Absent otherwise (docs/layouts.md "Validating"). */
            layout_revision?: number | null;
            /** @description With `layout_revision`: the revision of each shared partial the template was composed with, by id. */
            shared_partial_revisions?: {
                [key: string]: number;
            };
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
         * @example welcome
         */
        ProjectId: string;
        /**
         * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
         * @example welcome
         */
        LayoutId: string;
        /**
         * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
         * @example welcome
         */
        PartialId: string;
        /**
         * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
         * @example k3x9q2m7p4w8
         */
        KeyId: string;
        /**
         * @description A past revision of the project (0 is the first).
         * @example 0
         */
        Revision: number;
        /**
         * @description The template revision to read, as a render names it: a number, or `latest` (the newest create or save: a draft under `review`). Omitted: the published revision, what a render without `revision` uses; a `review` project never published answers 404 `not_published` (docs/publishing.md).
         * @example latest
         */
        TemplateRevision: string;
        /**
         * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
         * @example "3"
         */
        IfMatch: string;
        /**
         * @description The ETag you hold (`"3"`): 304 Not Modified when it is still the current revision (RFC 9110 §13.1.2).
         * @example "3"
         */
        IfNoneMatch: string;
        /**
         * @description Render at this revision or a later one: the revision a write answered with, as a number (`3`) or its ETag as it came (`"3"`). Same as the body's `min_revision` (400 when both are sent and differ). When this instance has not seen it yet, the render reads the project's event stream and waits for it up to RENDER_MIN_REVISION_WAIT_MS (default 2,000 ms), then answers 409 `revision_not_yet_visible` (docs/read-your-writes.md).
         * @example 3
         */
        MinRevision: string;
        /**
         * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
         * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id: the incoming `X-Request-Id` when it is 1–128 of `A-Z a-z 0-9 . _ : -`, else a new UUID. Quote it when reporting a problem. */
        XRequestId: string;
        /** @description Always `nosniff`. */
        XContentTypeOptions: "nosniff";
        /** @description The key's quota (draft-ietf-httpapi-ratelimit-headers §3): policy `"default"` or `"key"`, `q` requests per `w` seconds. */
        RateLimitPolicy: string;
        /** @description What is left of it (draft §4): `r` requests remaining, `t` seconds until more quota. */
        RateLimit: string;
        /** @description Requests per window (as GitHub's API). */
        XRateLimitLimit: number;
        /** @description Requests left in the window. */
        XRateLimitRemaining: number;
        /** @description Unix time, s, when the window resets. */
        XRateLimitReset: number;
        /** @description Seconds to wait before retrying (RFC 9110 §10.2.3), at least 1. */
        RetryAfter: number;
        /** @description The Bearer challenge (RFC 6750 §3): `Bearer realm="letterpress"`, with `error` (invalid_request, invalid_token, insufficient_scope) and `scope` where they apply. */
        WWWAuthenticate: string;
        /** @description Strong ETag of the revision, `"<revision>"` (RFC 9110 §8.8.3). */
        ETag: string;
        /** @description URL of the created resource. */
        Location: string;
        /** @description How a cache may keep the answer (RFC 9111 §5.2). */
        CacheControl: string;
        /** @description `true` on an answer replayed for a repeated `Idempotency-Key` (docs/api.md "Retries: Idempotency-Key"). */
        IdempotentReplayed: "true";
        /** @description The patch format PATCH takes (RFC 5789 §3.1): `application/merge-patch+json`. */
        AcceptPatch: "application/merge-patch+json";
        /** @description The request content codings this server decodes, when it refused another (RFC 9110 §15.5.16). */
        AcceptEncoding: string;
        /** @description Whether the compiled template came from this instance's render cache. */
        XCache: "HIT" | "MISS";
        /** @description The localized variant the render used (RFC 9110 §8.5; the JSON answer's `locale`); absent for a revision without locales (docs/locales.md). */
        ContentLanguage: string;
        /** @description `text/html` only: the revision rendered. */
        XTemplateRevision: number;
        /** @description `text/html` only: when that revision was saved, RFC 3339. */
        XTemplateUpdatedAt: string;
        /** @description `text/html` only: SHA-256 of the published HTML, hex. */
        XTemplatePublishedSha256: string;
        /** @description `text/html` only: how many distinct paths the HTML (and its preheader) read, in the branches it rendered, that the variables do not have (0 when none). */
        XMissingVariables: number;
        /** @description `text/html` only, when there are any: the first of those paths, sorted, separated by ", " (at most 50 and 4,096 characters), each percent-encoded outside letters, digits and `. _ - ~ [ ] $`. */
        XMissingVariablePaths: string;
        /** @description `text/html` only: the signed receipt of this render (the JSON answer's `receipt`: a compact JWS; docs/receipts.md); absent with `"receipt": false` or when receipts are off. */
        LetterpressReceipt: string;
        /** @description `text/html` only: a restrictive policy (no script, `sandbox`) for the rendered email. */
        ContentSecurityPolicy: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProjects: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of project summaries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                    ast?: unknown;
                    mjml?: string;
                    includes?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    validation?: "strict" | "soft";
                    partials?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    render_mode?: "static" | "dynamic";
                    helpers?: {
                        [key: string]: {
                            use?: string;
                            hash?: {
                                [key: string]: string | number | boolean | null;
                            };
                            template?: string;
                            params?: string[];
                            html?: boolean;
                        };
                    };
                    /** @description BCP 47 tag renders fall back to last (`pt-BR` → `pt` → this); default: the first of `locales`. */
                    default_locale?: string;
                    /** @description Localized variants by BCP 47 tag (docs/locales.md). */
                    locales?: {
                        [key: string]: {
                            /** @description Handlebars subject in this locale (replaces `metadata.subject`). */
                            subject?: string;
                            /** @description Handlebars preheader in this locale (replaces `metadata.preheader`). */
                            preheader?: string;
                            /** @description ICU MessageFormat messages by key, read by `{{t "key" name=value}}`. */
                            strings?: {
                                [key: string]: string;
                            };
                            /** @description A whole MJML document that replaces the template's markup in this locale; validated and composed as the main markup (docs/locales.md). */
                            mjml?: string;
                        };
                    };
                    layout?: {
                        id: string;
                        revision?: number;
                    };
                    shared_partials?: {
                        id: string;
                        revision?: number;
                    }[];
                    /**
                     * @description `on_save` (the default): every save is published at once. `review`: a save is a draft until POST /projects/{id}/publish. Omitted on a save: kept as it is.
                     * @enum {string}
                     */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description Created: the project at revision 0, with the warnings of the import. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectWrite"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `policy_violation`: the template breaks the workspace send-readiness policy (docs/policy.md); each `errors[]` item carries `pointer` (into the stored project) and, for a target client, `feature` (caniemail). `force` does not pass it. Or `idempotency_key_reused` (a save with an Idempotency-Key used before). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: {
                /**
                 * @description A past revision (0 is the first).
                 * @example 2
                 */
                revision?: number;
                /**
                 * @description An RFC 3339 instant: the revision that was current then. Not with `revision`.
                 * @example 2026-11-23T10:00:00Z
                 */
                at?: string;
            };
            header?: {
                /**
                 * @description The ETag you hold (`"3"`): 304 Not Modified when it is still the current revision (RFC 9110 §13.1.2).
                 * @example "3"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Not modified: `If-None-Match` names the current revision. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    saveProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                    ast?: unknown;
                    mjml?: string;
                    includes?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    validation?: "strict" | "soft";
                    partials?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    render_mode?: "static" | "dynamic";
                    helpers?: {
                        [key: string]: {
                            use?: string;
                            hash?: {
                                [key: string]: string | number | boolean | null;
                            };
                            template?: string;
                            params?: string[];
                            html?: boolean;
                        };
                    };
                    /** @description BCP 47 tag renders fall back to last (`pt-BR` → `pt` → this); default: the first of `locales`. */
                    default_locale?: string;
                    /** @description Localized variants by BCP 47 tag (docs/locales.md). */
                    locales?: {
                        [key: string]: {
                            /** @description Handlebars subject in this locale (replaces `metadata.subject`). */
                            subject?: string;
                            /** @description Handlebars preheader in this locale (replaces `metadata.preheader`). */
                            preheader?: string;
                            /** @description ICU MessageFormat messages by key, read by `{{t "key" name=value}}`. */
                            strings?: {
                                [key: string]: string;
                            };
                            /** @description A whole MJML document that replaces the template's markup in this locale; validated and composed as the main markup (docs/locales.md). */
                            mjml?: string;
                        };
                    };
                    layout?: {
                        id: string;
                        revision?: number;
                    };
                    shared_partials?: {
                        id: string;
                        revision?: number;
                    }[];
                    /**
                     * @description `on_save` (the default): every save is published at once. `review`: a save is a draft until POST /projects/{id}/publish. Omitted on a save: kept as it is.
                     * @enum {string}
                     */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description Saved (or unchanged). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectWrite"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `policy_violation`: the template breaks the workspace send-readiness policy (docs/policy.md); each `errors[]` item carries `pointer` (into the stored project) and, for a target client, `feature` (caniemail). `force` does not pass it. Or `idempotency_key_reused` (a save with an Idempotency-Key used before). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/merge-patch+json": {
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Patched. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectWrite"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    "Accept-Patch": components["headers"]["AcceptPatch"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRevisions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of revisions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreRevision: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
                /**
                 * @description A past revision of the project (0 is the first).
                 * @example 0
                 */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restored: the new revision. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectWrite"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The template revision (a create or save) to publish; default: the latest. */
                    revision?: number;
                    /** @description Publish even when the publish gate would refuse it (409 breaking_variable_change); recorded in the event with what it overrode. */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Published (or unchanged): the project. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectWrite"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `breaking_variable_change`: recent payloads would fail under this revision (send `"force": true` to publish anyway); also `revision_not_publishable`, `publishing_on_save`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `policy_violation`: the template breaks the workspace send-readiness policy (docs/policy.md); each `errors[]` item carries `pointer` (into the stored project) and, for a target client, `feature` (caniemail). `force` does not pass it. Or `idempotency_key_reused` (a save with an Idempotency-Key used before). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProjectVariables: {
        parameters: {
            query?: {
                /**
                 * @description The template revision to read, as a render names it: a number, or `latest` (the newest create or save: a draft under `review`). Omitted: the published revision, what a render without `revision` uses; a `review` project never published answers 404 `not_published` (docs/publishing.md).
                 * @example latest
                 */
                revision?: components["parameters"]["TemplateRevision"];
                /** @description BCP 47: the variables as a render in this locale reads them (docs/locales.md). */
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Inferred and declared variables. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variables"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    diffRevisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The revision compared from: a number, or `published` (the revision renders use; the default). */
                    from?: number | "published";
                    /** @description The revision compared to: a number, or `latest` (the newest revision; the default). */
                    to?: number | "latest";
                    /** @description Both revisions are rendered with these; without them, with a payload made of each variable shape recent renders sent (at most 5, the most-seen first), else with a sample built from what the two revisions read (typed by the declared schema). */
                    variables?: unknown;
                    /** @description BCP 47: both revisions are rendered in this locale, each with the variant its fallback chain picks (docs/locales.md). */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The revision compared from. */
                        from: number;
                        /** @description The revision compared to. */
                        to: number;
                        /** @description Whether both were rendered with sample data (no `variables` sent). */
                        sample_variables: boolean;
                        /**
                         * @description What both were rendered with: `variables` (sent); `recorded_shapes` (a payload per shape the publish gate recorded from renders of the published revision, `samples`); `schema` (a sample of what the revisions read, typed by the declared schema: no shape was recorded, or every one was refused).
                         * @enum {string}
                         */
                        sample_source?: "variables" | "recorded_shapes" | "schema";
                        /** @description The recorded shapes rendered, the most-seen first (then the most recently seen); present when any was recorded. */
                        samples?: {
                            /** @description Its number, which `changes[].samples` names. */
                            sample: number;
                            /** @description The shape recent renders sent: each path (`order.lines[].qty`) with its JSON types (`missing`: some list elements lack it). Never a value: the payload rendered has a placeholder of each type. */
                            paths: {
                                [key: string]: string[];
                            };
                            /** @description Renders of the published revision that sent this shape within the window, every key. */
                            seen: number;
                            /** Format: date-time */
                            last_seen: string;
                            /** @description Present when a revision refused the payload: this sample shows no change, and the other samples are compared. */
                            refused?: {
                                /** @description The revision that refused the payload. */
                                revision: number;
                                /**
                                 * @description As its render answers it.
                                 * @enum {string}
                                 */
                                code: "invalid_variables" | "render_failed" | "render_limit_exceeded";
                                message: string;
                                /** @description As the 400 of a render sent this payload: `errors`. */
                                errors?: components["schemas"]["ProblemItem"][];
                            }[];
                        }[];
                        /** @description Distinct shapes recorded for the template within the window, of which `samples` holds at most 5. */
                        shapes_recorded?: number;
                        /** @description Whether a recipient would see a difference: any change but `size`, or a `size` change that crosses the budget. */
                        visible_change: boolean;
                        /** @description In this order: subject, preheader, text, links, images, text part, size. */
                        changes: {
                            /** @enum {string} */
                            kind: "text" | "link" | "image" | "subject" | "preheader" | "text_part" | "size";
                            /**
                             * @description `link` and `image` only.
                             * @enum {string}
                             */
                            change?: "added" | "removed" | "changed";
                            before?: (string | null) | {
                                /** @description Decoded. */
                                href: string;
                                /** @description Its visible text (and image alt). */
                                text: string;
                            } | {
                                src: string;
                                /** @description null when the image has no `alt`. */
                                alt: string | null;
                            } | number;
                            after?: (string | null) | {
                                /** @description Decoded. */
                                href: string;
                                /** @description Its visible text (and image alt). */
                                text: string;
                            } | {
                                src: string;
                                /** @description null when the image has no `alt`. */
                                alt: string | null;
                            } | number;
                            /** @description `size` only: `after` − `before`, bytes. */
                            delta?: number;
                            /** @description `size` only: the clipping budget, bytes (GMAIL_CLIPPING_BYTES). */
                            budget?: number;
                            /** @description `size` only: whether the `after` HTML is past the budget. */
                            clipped?: boolean;
                            /** @description With `sample_source: recorded_shapes` only: the `samples[].sample` numbers whose renders showed this change. Of the `size` changes the samples show, only the one with the largest `after` is listed. */
                            samples?: number[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of template summaries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: {
                /**
                 * @description The template revision to read, as a render names it: a number, or `latest` (the newest create or save: a draft under `review`). Omitted: the published revision, what a render without `revision` uses; a `review` project never published answers 404 `not_published` (docs/publishing.md).
                 * @example latest
                 */
                revision?: components["parameters"]["TemplateRevision"];
            };
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Retry-safe writes (IETF draft-ietf-httpapi-idempotency-key-header): the same key and body replay the first response (docs/api.md "Retries: Idempotency-Key").
                 * @example 5f0c6b1e-8d2a-4f6e-9a57-2b8f3c1d0e94
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    renderTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Render at this revision or a later one: the revision a write answered with, as a number (`3`) or its ETag as it came (`"3"`). Same as the body's `min_revision` (400 when both are sent and differ). When this instance has not seen it yet, the render reads the project's event stream and waits for it up to RENDER_MIN_REVISION_WAIT_MS (default 2,000 ms), then answers 409 `revision_not_yet_visible` (docs/read-your-writes.md).
                 * @example 3
                 */
                "X-Min-Revision"?: components["parameters"]["MinRevision"];
            };
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    variables?: unknown;
                    /** @enum {string} */
                    format?: "html" | "mjml";
                    /** @description The template revision to render: a number, or `latest` (the newest create or save: a draft under review). Omitted: the published revision (under `on_save`, the newest). */
                    revision?: number | "latest";
                    /** @description Render at this revision or a later one: the revision a write answered with (its ETag / `revision`). When this instance has not seen it yet it waits (RENDER_MIN_REVISION_WAIT_MS, default 2,000 ms), then answers 409 `revision_not_yet_visible`. Same as the `X-Min-Revision` header; both must agree. */
                    min_revision?: number;
                    strict?: boolean;
                    locale?: string;
                    /** @description Whether the JSON answer carries the plain-text part (`text`); default true. `false`: `text` is null and the text part is not rendered (nor are the variables only it reads listed as missing); everything else is as with the default. An `Accept: text/html` answer never has one. */
                    include_text?: boolean;
                    /** @description Whether the answer carries a signed receipt (`receipt` in JSON, the `Letterpress-Receipt` header with `text/html`); default true. `false` saves its cost (an Ed25519 signature and SHA-256 digests of the answer): `receipt` is null. See docs/receipts.md. */
                    receipt?: boolean;
                };
            };
        };
        responses: {
            /** @description Rendered. As JSON a `Rendered` object; with `Accept: text/html` the bare HTML, whose revision, hash and missing variables (the `missing_variable` warnings of a JSON render) come as header fields instead. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "X-Cache": components["headers"]["XCache"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    "Content-Language": components["headers"]["ContentLanguage"];
                    "X-Template-Revision": components["headers"]["XTemplateRevision"];
                    "X-Template-Updated-At": components["headers"]["XTemplateUpdatedAt"];
                    "X-Template-Published-Sha256": components["headers"]["XTemplatePublishedSha256"];
                    "X-Missing-Variables": components["headers"]["XMissingVariables"];
                    "X-Missing-Variable-Paths": components["headers"]["XMissingVariablePaths"];
                    "Letterpress-Receipt": components["headers"]["LetterpressReceipt"];
                    "Content-Security-Policy": components["headers"]["ContentSecurityPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rendered"];
                    "text/html": string;
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: `format: "mjml"` asked for as `text/html`. */
            406: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_not_yet_visible`: `min_revision` / `X-Min-Revision` is not visible on this instance within RENDER_MIN_REVISION_WAIT_MS; `found_revision`, `min_revision` and `waited_ms` say which. Retry (a revision just written elsewhere appears), or ask for one that was written. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    validateSavedTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Project id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
                 * @example welcome
                 */
                id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    variables?: unknown;
                    /** @description BCP 47: validate the variant a render in this locale uses (chain as in render); absent: every variant, each variant's findings under /locales/<tag>. */
                    locale?: string;
                    revision?: number | "latest";
                    strict?: boolean;
                };
            };
        };
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationReport"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    validateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                    ast?: unknown;
                    mjml?: string;
                    includes?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    validation?: "strict" | "soft";
                    partials?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    render_mode?: "static" | "dynamic";
                    helpers?: {
                        [key: string]: {
                            use?: string;
                            hash?: {
                                [key: string]: string | number | boolean | null;
                            };
                            template?: string;
                            params?: string[];
                            html?: boolean;
                        };
                    };
                    /** @description BCP 47 tag renders fall back to last (`pt-BR` → `pt` → this); default: the first of `locales`. */
                    default_locale?: string;
                    /** @description Localized variants by BCP 47 tag (docs/locales.md). */
                    locales?: {
                        [key: string]: {
                            /** @description Handlebars subject in this locale (replaces `metadata.subject`). */
                            subject?: string;
                            /** @description Handlebars preheader in this locale (replaces `metadata.preheader`). */
                            preheader?: string;
                            /** @description ICU MessageFormat messages by key, read by `{{t "key" name=value}}`. */
                            strings?: {
                                [key: string]: string;
                            };
                            /** @description A whole MJML document that replaces the template's markup in this locale; validated and composed as the main markup (docs/locales.md). */
                            mjml?: string;
                        };
                    };
                    layout?: {
                        id: string;
                        revision?: number;
                    };
                    shared_partials?: {
                        id: string;
                        revision?: number;
                    }[];
                    variables?: unknown;
                    strict?: boolean;
                    /** @description BCP 47: validate the variant a render in this locale uses (chain as in render); absent: every variant, each variant's findings under /locales/<tag>. */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationReport"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLayouts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of layouts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @description The stream revision (the ETag of GET …/{id}). */
                            revision: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The stream revision of the latest create or save. */
                            source_revision: number;
                            /** @enum {string} */
                            publishing: "on_save" | "review";
                            /** @description The revision followers render; null before a first publish. */
                            published_revision: number | null;
                            /** Format: date-time */
                            published_at: string | null;
                            unpublished_changes: boolean;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createLayout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    mjml: string;
                    /** @enum {string} */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description The layout. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        mjml: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLayout: {
        parameters: {
            query?: {
                /**
                 * @description A create or save of the stream (its revision): answered with its source; 404 `revision_not_found` for any other.
                 * @example 0
                 */
                revision?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The layout, or (`revision`) that create or save. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        mjml: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    } | {
                        id: string;
                        /** @description Its stream revision. */
                        revision: number;
                        /** @enum {string} */
                        event: "created" | "saved";
                        /** Format: date-time */
                        occurred_at: string;
                        /** @description A create or save under `review` (not published by itself). */
                        draft?: boolean;
                        /** @description The source of that create or save. */
                        mjml: string;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    saveLayout: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    mjml: string;
                    /** @enum {string} */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description The layout. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        mjml: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteLayout: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishLayout: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    revision?: number;
                    /** @description Publish even when a follower would refuse what its callers sent recently (breaking_variable_change); never passes a policy violation. Recorded in the event with what it overrode. */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description The layout. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        mjml: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLayoutRevisions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Its stream revision. */
                            revision: number;
                            /** @enum {string} */
                            event: "created" | "saved" | "published" | "deleted";
                            /** Format: date-time */
                            occurred_at: string;
                            /** @description A create or save under `review` (not published by itself). */
                            draft?: boolean;
                            /** @description A publish: the create or save it published. */
                            published_revision?: number;
                            /** @description A publish sent with `"force": true`. */
                            force?: boolean;
                        }[];
                        /** @description Send as `cursor` for the next page; null: the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    layoutDependents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Layout id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["LayoutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            project_id: string;
                            pinned_revision: number | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPartials: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of shared partials. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @description The stream revision (the ETag of GET …/{id}). */
                            revision: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The stream revision of the latest create or save. */
                            source_revision: number;
                            /** @enum {string} */
                            publishing: "on_save" | "review";
                            /** @description The revision followers render; null before a first publish. */
                            published_revision: number | null;
                            /** Format: date-time */
                            published_at: string | null;
                            unpublished_changes: boolean;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPartial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    source: string;
                    /** @enum {string} */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description The shared partial. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        source: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPartial: {
        parameters: {
            query?: {
                /**
                 * @description A create or save of the stream (its revision): answered with its source; 404 `revision_not_found` for any other.
                 * @example 0
                 */
                revision?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared partial, or (`revision`) that create or save. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        source: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    } | {
                        id: string;
                        /** @description Its stream revision. */
                        revision: number;
                        /** @enum {string} */
                        event: "created" | "saved";
                        /** Format: date-time */
                        occurred_at: string;
                        /** @description A create or save under `review` (not published by itself). */
                        draft?: boolean;
                        /** @description The source of that create or save. */
                        source: string;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    savePartial: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    source: string;
                    /** @enum {string} */
                    publishing?: "on_save" | "review";
                };
            };
        };
        responses: {
            /** @description The shared partial. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        source: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePartial: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishPartial: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    revision?: number;
                    /** @description Publish even when a follower would refuse what its callers sent recently (breaking_variable_change); never passes a policy violation. Recorded in the event with what it overrode. */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description The shared partial. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The stream revision (the ETag): up by one on every create, save, publish and delete. */
                        revision: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The latest create or save (under review: the draft). */
                        source: string;
                        /** @description The stream revision of the latest create or save. */
                        source_revision: number;
                        /** @enum {string} */
                        publishing: "on_save" | "review";
                        /** @description The revision renders of followers use; null before a first publish. */
                        published_revision: number | null;
                        /** Format: date-time */
                        published_at?: string | null;
                        unpublished_changes?: boolean;
                        /** @description A save or publish that appended nothing. */
                        unchanged?: boolean;
                        /** @description A publish (and an `on_save` save that changed the source): each project that names it, as checked (`passed`, `refused`, `pinned`, `unpublished`). */
                        dependents?: {
                            project_id: string;
                            /** @description The follower's published revision that was checked. */
                            revision: number | null;
                            /** @enum {string} */
                            outcome: "passed" | "refused" | "pinned" | "unpublished";
                            /** @description Refused: `policy_violation`, `breaking_variable_change` (recent payloads would fail; a publish with `"force": true` passes it), or a compile error's code. */
                            code?: string;
                            message?: string;
                            /** @description `breaking_variable_change`: `{ path, change, key_ids, message }` as the project 409 lists them. */
                            errors?: Record<string, never>[];
                            /** @description Policy findings that do not refuse and, on an `on_save` save, `{ code: "breaking_variable_change", path, change, key_ids, message }`. */
                            warnings?: Record<string, never>[];
                            /** @description A forced publish: the breaking changes it went past. */
                            overridden?: {
                                path: string;
                                /** @enum {string} */
                                change: "newly_required" | "type_narrowed";
                                key_ids: string[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPartialRevisions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Its stream revision. */
                            revision: number;
                            /** @enum {string} */
                            event: "created" | "saved" | "published" | "deleted";
                            /** Format: date-time */
                            occurred_at: string;
                            /** @description A create or save under `review` (not published by itself). */
                            draft?: boolean;
                            /** @description A publish: the create or save it published. */
                            published_revision?: number;
                            /** @description A publish sent with `"force": true`. */
                            force?: boolean;
                        }[];
                        /** @description Send as `cursor` for the next page; null: the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    partialDependents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Shared partial id: 1–100 letters, digits, `.`, `_` or `-`, starting with a letter or digit (docs/layouts.md).
                 * @example welcome
                 */
                id: components["parameters"]["PartialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            project_id: string;
                            pinned_revision: number | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyPage"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("projects:read" | "projects:write" | "templates:render" | "keys:admin" | "policy:write")[];
                    rate_limit_per_minute?: number;
                    expires_at?: string;
                    expires_in?: string;
                };
            };
        };
        responses: {
            /** @description Issued: the token is shown once (store it now), and the answer is neither cached (`no-store`) nor compressed (`no-transform`). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedKey"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
                 * @example k3x9q2m7p4w8
                 */
                id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
                 * @example k3x9q2m7p4w8
                 */
                id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description API key id: the `id` of a key, 1–64 letters or digits (the part of its token between `lp_` and the second `_`).
                 * @example k3x9q2m7p4w8
                 */
                id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    overlap?: string;
                    overlap_seconds?: number;
                    expires_at?: string;
                    expires_in?: string;
                };
            };
        };
        responses: {
            /** @description Issued: the token is shown once (store it now), and the answer is neither cached (`no-store`) nor compressed (`no-transform`). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedKey"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, `revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A dependency is down or did not answer in time: `dependency_unavailable`, with every check as `checks`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most bytes of the HTML rendered with sample variables; null: no budget. */
                        html_max_bytes: number | null;
                        require: ("lang" | "title" | "alt" | "link_text" | "color_scheme" | "preheader")[];
                        /** @description caniemail client names or globs (`gmail.*`). */
                        clients: string[];
                        marketing_unsubscribe: boolean;
                        /** @description The policy stream revision (the ETag); null when never set. */
                        revision: number | null;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** @description PUT only: the policy equalled the one in force; nothing was appended. */
                        unchanged?: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setPolicy: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Write only if the current revision has this ETag (`"3"`, or `*`), RFC 9110 §13.1.1; else 412. Required (428) when REQUIRE_IF_MATCH is on.
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Most bytes of the HTML rendered with the sample variables (Gmail clips past 102 KB, 102400 is a common budget). */
                    html_max_bytes?: number;
                    /** @description Rules every template must meet: lang, title, alt, link_text, color_scheme, preheader. */
                    require?: string[];
                    /** @description Target email clients as caniemail names them, or globs of them: `outlook.windows`, `gmail.*`, `*.ios`. */
                    clients?: string[];
                    /** @description Templates with `metadata.category: "marketing"` must declare one-click unsubscribe headers (RFC 8058). */
                    marketing_unsubscribe?: boolean;
                };
            };
        };
        responses: {
            /** @description The policy now in force. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most bytes of the HTML rendered with sample variables; null: no budget. */
                        html_max_bytes: number | null;
                        require: ("lang" | "title" | "alt" | "link_text" | "color_scheme" | "preheader")[];
                        /** @description caniemail client names or globs (`gmail.*`). */
                        clients: string[];
                        marketing_unsubscribe: boolean;
                        /** @description The policy stream revision (the ETag); null when never set. */
                        revision: number | null;
                        /** Format: date-time */
                        updated_at: string | null;
                        /** @description PUT only: the policy equalled the one in force; nothing was appended. */
                        unchanged?: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `revision_mismatch`: `If-Match` names another revision than the current one. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`. */
            428: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReceiptKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /** @constant */
                            kty: "OKP";
                            /** @constant */
                            crv: "Ed25519";
                            /** @description The public key, base64url (RFC 8037 §2). */
                            x: string;
                            /** @description The JWS `kid` of the receipts it signed: `r` and 16 hex digits. */
                            kid: string;
                            /** @constant */
                            alg: "EdDSA";
                            /** @constant */
                            use: "sig";
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verifyReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The compact JWS a render answered with (`receipt`, or the `Letterpress-Receipt` header). */
                    receipt: string;
                    /** @description The HTML the receipt should state (as sent): `html_matches` answers whether its SHA-256 is `html_sha256`. */
                    html?: string;
                    /** @description The variables the render should have had: `variables_match` answers whether their salted digest is `variables_sha256`. */
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description What holds. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signature holds by a key of the caller's workspace, and the HTML and variables given match. */
                        valid: boolean;
                        /** @enum {string|null} */
                        code: "bad_signature" | "unknown_key" | "html_mismatch" | "variables_mismatch" | null;
                        detail: string | null;
                        kid: string | null;
                        /** @description The receipt's claims once its signature holds (docs/receipts.md "Claims"); null otherwise. */
                        claims: {
                            [key: string]: unknown;
                        } | null;
                        revision: number | null;
                        /** @description Only when `html` was sent. */
                        html_matches?: boolean;
                        /** @description Only when `variables` were sent. */
                        variables_match?: boolean;
                        /** @description Whether a render now, without `revision`, uses another revision (or the template is gone). */
                        changed_since: boolean | null;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_key_reused`: this `Idempotency-Key` came with another request before. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateReceiptKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new public key. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        kty: "OKP";
                        /** @constant */
                        crv: "Ed25519";
                        /** @description The public key, base64url (RFC 8037 §2). */
                        x: string;
                        /** @description The JWS `kid` of the receipts it signed: `r` and 16 hex digits. */
                        kid: string;
                        /** @constant */
                        alg: "EdDSA";
                        /** @constant */
                        use: "sig";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                    /** @description The JSON-RPC request id; absent on a notification. */
                    id?: string | number;
                    /** @description `initialize`, `tools/list`, `tools/call`, `resources/read`, … */
                    method: string;
                    /** @description As the MCP specification defines them for the method. */
                    params?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description The JSON-RPC answer to the request (a refused tool call too: `result.isError`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id?: string | number | null;
                        /** @description The method's result (a tool call's `content`, `structuredContent`, `isError`). */
                        result?: Record<string, never>;
                        error?: {
                            /**
                             * Format: int32
                             * @description JSON-RPC error code.
                             */
                            code: number;
                            message: string;
                            /** @description More about the error (MCP: for a resource read, the problem details). */
                            data?: unknown;
                        };
                    };
                };
            };
            /** @description A notification (or answer) was accepted; no body. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed request: problem details (the `Authorization`, the JSON body), or a JSON-RPC error (not an MCP message). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id?: string | number | null;
                        /** @description The method's result (a tool call's `content`, `structuredContent`, `isError`). */
                        result?: Record<string, never>;
                        error?: {
                            /**
                             * Format: int32
                             * @description JSON-RPC error code.
                             */
                            code: number;
                            message: string;
                            /** @description More about the error (MCP: for a resource read, the problem details). */
                            data?: unknown;
                        };
                    };
                };
            };
            /** @description No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Accept` field admits no `application/json`. */
            406: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id?: string | number | null;
                        /** @description The method's result (a tool call's `content`, `structuredContent`, `isError`). */
                        result?: Record<string, never>;
                        error?: {
                            /**
                             * Format: int32
                             * @description JSON-RPC error code.
                             */
                            code: number;
                            message: string;
                            /** @description More about the error (MCP: for a resource read, the problem details). */
                            data?: unknown;
                        };
                    };
                };
            };
            /** @description The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Accept-Encoding": components["headers"]["AcceptEncoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Content-Type-Options": components["headers"]["XContentTypeOptions"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
