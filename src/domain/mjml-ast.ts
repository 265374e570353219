/**
 * MJML's own JSON form of a template (the shape `mjml2html` accepts and `mjml-parser-xml` produces).
 *
 * - `tagName`: an MJML tag (`mjml`, `mj-body`, `mj-section`, `mj-text`, …).
 * - `attributes`: the tag's attributes, values as written (the parser turns "true"/"false" into booleans).
 * - `children`: child nodes; omitted when empty.
 * - `content`: the verbatim inner markup of an "ending tag" (`mj-text`, `mj-button`, `mj-raw`, …), where
 *   Handlebars expressions live. Omitted when empty.
 *
 * Source: MJML documentation, "Using MJML in JSON" (https://documentation.mjml.io/#using-mjml-in-json).
 */
export interface MjmlNode {
  tagName: string;
  attributes: Record<string, string | number | boolean>;
  children?: MjmlNode[];
  content?: string;
}

/** Project metadata: a free-form JSON object; `name` and `subject` are the fields the service reads. */
export type ProjectMetadata = Record<string, unknown>;
