/**
 * `$ref`s into the OpenAPI document's `components` (openapi-components.ts).
 */

/** A reference to `#/components/schemas/<name>`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The shared parameters of `components.parameters`. */
export type ParameterName =
  | 'ProjectId'
  | 'LayoutId'
  | 'PartialId'
  | 'KeyId'
  | 'Revision'
  | 'TemplateRevision'
  | 'IfMatch'
  | 'IfNoneMatch'
  | 'MinRevision'
  | 'IdempotencyKey';

/** A reference to `#/components/parameters/<name>`. */
export const parameter = (name: ParameterName) => ({ $ref: `#/components/parameters/${name}` });
