/**
 * The OpenAPI document as a contract for answers: `Contract.check` holds one real answer to what the document
 * says of its operation and status — the body against the schema of its media type (Ajv, JSON Schema draft
 * 2020-12, the dialect of OpenAPI 3.1), every header field it documents against that field's schema, the
 * required ones present, and no header field the document does not name (beyond HTTP's own framing fields).
 * It keeps what it saw, so a test can ask which operations, statuses and header fields were never driven.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import type { Response } from './server.js';

type Schema = Record<string, unknown>;
type HeaderObject = { required?: boolean; schema: Schema; $ref?: string };
type ResponseObject = { headers?: Record<string, HeaderObject>; content?: Record<string, { schema: Schema }> };
type Operation = { operationId: string; responses: Record<string, ResponseObject> };
/** The parts of the document the contract reads. */
export type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, HeaderObject> } & Record<string, unknown>;
};

/** Header fields every HTTP answer may carry that describe the message itself, not the API (RFC 9110 §6, §8; RFC 9112). */
const FRAMING = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'vary',
]);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The contract of one document; `check` each answer, then ask what was left undriven. */
export class Contract {
  private readonly ajv = new Ajv2020.default({ strict: false, allErrors: true });
  private compiled = 0;
  /** `operationId status` of every answer checked. */
  readonly seen = new Set<string>();
  /** Lower-case names of the documented header fields seen on some answer. */
  readonly headersSeen = new Set<string>();

  constructor(readonly doc: OpenApiDoc) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: closed(doc.components) }); // '#/components/...' refs resolve inside it
  }

  /** Hold `res` to what the document says of `method path` (a document path) at `res.status`. */
  check(path: string, method: string, res: Response): void {
    const name = `${method.toUpperCase()} ${path}`;
    const operation = this.doc.paths[path]?.[method];
    expect(operation, `${name} is documented`).to.not.equal(undefined);
    const response = operation!.responses[String(res.status)];
    expect(response, `${name} documents status ${res.status} (${res.text.slice(0, 200)})`).to.not.equal(undefined);
    this.checkBody(name, res, response!);
    this.checkHeaders(name, res, response!);
    this.seen.add(`${operation!.operationId} ${res.status}`);
  }

  /** Every operation of the document as `operationId`. */
  operations(): string[] {
    return Object.values(this.doc.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]!.operationId));
  }

  /** Every header field the document names on some response, lower case. */
  documentedHeaders(): string[] {
    const names = new Set<string>();
    for (const item of Object.values(this.doc.paths)) {
      for (const method of METHODS)
        for (const response of Object.values(item[method]?.responses ?? {}))
          for (const field of Object.keys(response.headers ?? {})) names.add(field.toLowerCase());
    }
    return [...names].sort();
  }

  private checkBody(name: string, res: Response, response: ResponseObject): void {
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (response.content === undefined) {
      expect(res.text, `${name} ${res.status} has no body`).to.equal('');
      return;
    }
    const media = response.content[type];
    expect(media, `${name} ${res.status} documents ${type || 'no content type'}`).to.not.equal(undefined);
    const value = type.endsWith('json') ? res.json : res.text;
    this.validate(`${name} ${res.status} body`, media!.schema, value);
  }

  private checkHeaders(name: string, res: Response, response: ResponseObject): void {
    const documented = new Map(
      Object.entries(response.headers ?? {}).map(([field, header]) => [field.toLowerCase(), this.resolve(header)]),
    );
    for (const [field, value] of Object.entries(res.headers)) {
      if (FRAMING.has(field)) continue;
      const header = documented.get(field);
      expect(header, `${name} ${res.status} sends ${field}: ${String(value)}, which the document does not name there`).to.not.equal(
        undefined,
      );
      this.headersSeen.add(field);
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      const typed = header!.schema['type'] === 'integer' && /^\d+$/.test(text) ? Number(text) : text;
      this.validate(`${name} ${res.status} ${field}`, header!.schema, typed);
    }
    for (const [field, header] of documented) {
      if (header.required) expect(res.headers[field], `${name} ${res.status} must send ${field}`).to.not.equal(undefined);
    }
  }

  private resolve(header: HeaderObject): HeaderObject {
    return header.$ref ? this.doc.components.headers[header.$ref.split('/').pop()!]! : header;
  }

  private validate(what: string, schema: Schema, value: unknown): void {
    const validate = this.ajv.compile({ $id: `check-${(this.compiled += 1)}`, ...rebase(schema) });
    const valid = validate(value);
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('; ');
    expect(valid, `${what}: ${errors}\n${JSON.stringify(value).slice(0, 600)}`).to.equal(true);
  }
}

/** '#/components/…' → 'openapi#/components/…', so a schema compiled on its own finds the document's. */
const rebase = (schema: object): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as Schema;

/**
 * The components with every object that lists its `properties` and says nothing of others closed
 * (`additionalProperties: false`), for tests only: the document stays open to additions for clients, but
 * a field the server sends and the document does not name fails here.
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, v]) => [name, closed(v)])) : closed(value);
  if ('properties' in out && !('additionalProperties' in out)) out['additionalProperties'] = false;
  return out;
}
