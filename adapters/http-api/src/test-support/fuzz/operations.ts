import type { JsonSchema } from './json-schema.js';

/** A query or path parameter of an operation, as the OpenAPI document gives it. */
export interface Param {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

/** One operation of the OpenAPI document, reduced to what the fuzz sends. */
export interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  /** The document's path, e.g. `/system/user/{userId}`. */
  readonly path: string;
  readonly permission: string;
  readonly query: readonly Param[];
  readonly pathParams: readonly Param[];
  /** The JSON body's schema, when it takes one. */
  readonly body?: JsonSchema;
  readonly multipart: boolean;
  /** `METHOD /path`, for messages. */
  readonly key: string;
}

interface DocOperation {
  'x-permission'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: {
  paths?: Record<string, Record<string, DocOperation> | undefined>;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const params = (where: string): Param[] =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      out.push({
        method: method as Operation['method'],
        path,
        permission: op['x-permission'] ?? 'public',
        query: params('query'),
        pathParams: params('path'),
        ...(json ? { body: json } : {}),
        multipart: content['multipart/form-data'] !== undefined,
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return out;
}
