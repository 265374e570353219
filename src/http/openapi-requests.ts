/**
 * The request side of the OpenAPI document: bodies and list queries converted from the very zod schemas
 * the routes parse with (`z.toJSONSchema`, zod 4), so the document cannot drift from them.
 */
import { z } from 'zod';

/** zod → a draft 2020-12 schema as the request side sees it (`io: 'input'`: defaults are optional). */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Query parameters from a zod object schema, one per property. */
export function queryParameters(schema: z.ZodObject): object[] {
  const converted = jsonSchema(schema) as { properties: Record<string, object>; required?: string[] };
  const required = (name: string) => converted.required?.includes(name) ?? false;
  return Object.entries(converted.properties).map(([name, schema]) => ({ name, in: 'query', required: required(name), schema }));
}

/** A required request body of `type` with `schema` and one example. */
export function requestBody(schema: object, example: unknown, type = 'application/json'): object {
  return { required: true, content: { [type]: { schema, examples: { example: { value: example } } } } };
}
