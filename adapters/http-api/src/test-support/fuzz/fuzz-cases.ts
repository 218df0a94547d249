import fc from 'fast-check';
import {
  baseFor,
  baseValue,
  conforms,
  fieldName,
  fieldsOf,
  hasControl,
  plainlyWrong,
  setAt,
  type JsonSchema,
} from './json-schema.js';
import type { Operation, Param } from './operations.js';
import type { RawRequest } from './raw-http.js';

/** One generated bad request and what the answer must be. */
export interface FuzzCase {
  /** What was broken, e.g. `body field`, `path escape`. */
  readonly kind: string;
  /** The field (or `path`) the case broke, as the API's messages name it. */
  readonly field?: string;
  /**
   * True when the input is wrong whatever the route reads it as (a wrong JSON type for a typed
   * field, a number no integer field holds, `NaN`, `Infinity`, not text, not JSON, not a path)
   * or when the document itself calls it invalid (out of bounds, missing): the answer must be a
   * 4xx. Otherwise any non-5xx will do.
   */
  readonly mustRefuse: boolean;
  /** The value put into the field, when one field was broken. */
  readonly value?: unknown;
  readonly request: RawRequest;
}

/** A value a JSON serialiser cannot write (`NaN`, `Infinity`): sent as raw, invalid JSON. */
class RawToken {
  constructor(readonly text: string) {}
}

const LONG = 'x'.repeat(10_000);
const LONG_CJK = '汉'.repeat(10_000);

/** Texts that are wrong somewhere: not text at all, too long, numeric edge cases, injections. */
const BAD_TEXTS = [
  'a\u0000b',
  '\u0000',
  'x\u001by',
  'x\u007fy',
  'x\ud800y',
  LONG,
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '2147483648',
  '%ff',
  '../../../etc/passwd',
  "' or '1'='1",
  '<img src=x onerror=alert(1)>',
  'true',
  'null',
] as const;

const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 6 }), fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f'))
      .map(([s, c]) => `${s}${c}${s}`),
  },
);

/** Bad JSON values of every type. */
const jsonArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: textArb },
  { weight: 1, arbitrary: fc.constant(LONG_CJK) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -0.000001),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(true, false, null, {}, [], [1, 2], { a: 1 }, ['a\u0000']),
  },
  { weight: 1, arbitrary: fc.constantFrom(new RawToken('NaN'), new RawToken('Infinity')) },
);

/** A query value as it arrives: a text, a repeated key (array) or a bracketed key (object). */
type QueryValue = string | readonly string[] | Readonly<Record<string, string>>;
const queryArb: fc.Arbitrary<QueryValue> = fc.oneof(
  { weight: 6, arbitrary: textArb },
  { weight: 1, arbitrary: fc.tuple(textArb, textArb).map(([a, b]) => [a, b] as const) },
  { weight: 1, arbitrary: textArb.map((v) => ({ a: v })) },
);

/** Path segments as sent, some not valid percent-encoding at all. */
const MALFORMED_ESCAPES = ['%ff', '%', '%00', '%zz', '%e4%b8', '%c0%af', 'a%'] as const;

/** Stringifies a body, writing raw tokens where they stand. */
function jsonText(v: unknown): { text: string; raw: boolean } {
  const tokens: string[] = [];
  const text = JSON.stringify(v, (_k, x: unknown) => {
    if (x instanceof RawToken) {
      tokens.push(x.text);
      return `__raw_${tokens.length - 1}__`;
    }
    return x;
  });
  return {
    text: tokens.reduce((t, tok, i) => t.replace(`"__raw_${i}__"`, tok), text ?? 'null'),
    raw: tokens.length > 0,
  };
}

/**
 * Percent-encodes any JS string; a lone surrogate (which has no UTF-8) goes as the bytes of its
 * generalised UTF-8 form (`%ED%A0%80`), which is what a client that does not check sends.
 */
function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out +=
      cp >= 0xd800 && cp <= 0xdfff
        ? `%${(0xe0 | (cp >> 12)).toString(16)}%${(0x80 | ((cp >> 6) & 63)).toString(16)}%${(0x80 | (cp & 63)).toString(16)}`.toUpperCase()
        : encodeURIComponent(ch);
  }
  return out;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A query value as the server reads it: a lone surrogate went as bytes that are not UTF-8, which
 * the query parser keeps as the literal escape text.
 */
function asReceived(v: QueryValue): QueryValue {
  const one = (s: string): string => s.replace(LONE_SURROGATE, (c) => encode(c));
  if (typeof v === 'string') return one(v);
  if (Array.isArray(v)) return (v as readonly string[]).map(one);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, one(x)]));
}

const hasRaw = (v: unknown): boolean =>
  v instanceof RawToken ||
  (Array.isArray(v) && v.some(hasRaw)) ||
  (v !== null && typeof v === 'object' && Object.values(v).some(hasRaw));

function queryString(q: Readonly<Record<string, QueryValue>>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    const key = encode(k);
    if (typeof v === 'string') parts.push(`${key}=${encode(v)}`);
    else if (Array.isArray(v))
      for (const x of v as readonly string[]) parts.push(`${key}=${encode(x)}`);
    else
      for (const [sub, x] of Object.entries(v as Record<string, string>))
        parts.push(`${key}%5B${encode(sub)}%5D=${encode(x)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Whether a query (as the server parses it) is valid per the document. */
function queryConforms(params: readonly Param[], q: Readonly<Record<string, QueryValue>>): boolean {
  for (const p of params) {
    const v = q[p.name];
    if (v === undefined || v === '') {
      if (p.required && !conforms('', p.schema, 'text')) return false;
      continue;
    }
    if (!conforms(v, p.schema, 'text')) return false;
  }
  return true;
}

/** The valid query of an operation: its required parameters only. */
function baseQuery(op: Operation): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const p of op.query) {
    if (!p.required) continue;
    const v = baseValue(p.schema);
    q[p.name] =
      v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
        : String(v);
  }
  return q;
}

/** Valid path values (ids that exist nowhere, texts that name nothing). */
function basePath(op: Operation): Record<string, string> {
  return Object.fromEntries(
    op.pathParams.map((p) => [p.name, encode(String(baseValue(p.schema)))]),
  );
}

const fillPath = (op: Operation, values: Readonly<Record<string, string>>): string =>
  `/prod-api${op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => values[n] ?? '')}`;

interface Parts {
  readonly pathValues: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, QueryValue>>;
  readonly rawQuery?: string;
  readonly body?:
    | { readonly json: unknown }
    | { readonly text: string; readonly contentType: string }
    | { readonly bytes: Buffer; readonly contentType: string };
}

function requestOf(op: Operation, parts: Parts): RawRequest {
  const path = fillPath(op, parts.pathValues) + (parts.rawQuery ?? queryString(parts.query));
  const method = op.method.toUpperCase();
  if (!parts.body) return { method, path, headers: {} };
  if ('json' in parts.body)
    return {
      method,
      path,
      headers: { 'content-type': 'application/json' },
      body: jsonText(parts.body.json).text,
    };
  const b = parts.body;
  return {
    method,
    path,
    headers: { 'content-type': b.contentType },
    body: 'text' in b ? b.text : b.bytes,
  };
}

/** The body of an operation with no broken field: its required fields, plainly valid. */
const baseBody = (op: Operation): unknown => (op.body ? baseValue(op.body) : undefined);

/**
 * The operation's request with nothing broken: its required path, query and body values, plainly
 * valid per the document (a domain rule the document cannot state may still refuse it).
 */
export function baseRequest(op: Operation): RawRequest {
  const body = baseBody(op);
  return requestOf(op, {
    pathValues: basePath(op),
    query: baseQuery(op),
    ...(body === undefined ? {} : { body: { json: body } }),
  });
}

/** Whether a value is one JSON cannot carry (`NaN`, `Infinity`), so its body is not JSON. */
export const notJson = (v: unknown): boolean => hasRaw(v);

/** Generated bad requests for one operation, every kind its inputs allow. */
export function caseArbitrary(op: Operation): fc.Arbitrary<FuzzCase> {
  const pathValues = basePath(op);
  const query = baseQuery(op);
  const body = baseBody(op);
  const withBody = body === undefined ? {} : { body: { json: body } };
  const kinds: fc.Arbitrary<FuzzCase>[] = [];

  if (op.query.length > 0) {
    kinds.push(
      fc.tuple(fc.constantFrom(...op.query), queryArb).map(([p, v]) => {
        const q = { ...query, [p.name]: v };
        const received = { ...query, [p.name]: asReceived(v) };
        return {
          kind: 'query field',
          field: p.name,
          value: asReceived(v),
          mustRefuse:
            plainlyWrong(asReceived(v), p.schema, 'text') || !queryConforms(op.query, received),
          request: requestOf(op, { pathValues, query: q, ...withBody }),
        };
      }),
    );
    const required = op.query.filter((p) => p.required);
    if (required.length > 0)
      kinds.push(
        fc.constantFrom(...required).map((p) => {
          const q = { ...query };
          delete q[p.name];
          return {
            kind: 'query field missing',
            field: p.name,
            mustRefuse: !queryConforms(op.query, q),
            request: requestOf(op, { pathValues, query: q, ...withBody }),
          };
        }),
      );
  }
  kinds.push(
    fc
      .tuple(fc.constantFrom('fuzzExtra', 'pageSize', '__proto__', 'constructor'), textArb)
      .map(([name, v]) => {
        const known = op.query.find((p) => p.name === name);
        const q = { ...query, [name]: v };
        return {
          kind: 'query extra',
          field: name,
          value: name === '__proto__' ? undefined : asReceived(v),
          // The query parser drops `__proto__` before anyone sees it.
          mustRefuse:
            name !== '__proto__' &&
            (hasControl(asReceived(v)) ||
              (known !== undefined &&
                (plainlyWrong(asReceived(v), known.schema, 'text') ||
                  !queryConforms(op.query, { ...query, [name]: asReceived(v) })))),
          request: requestOf(op, { pathValues, query: q, ...withBody }),
        };
      }),
  );

  if (op.pathParams.length > 0) {
    kinds.push(
      fc
        .tuple(
          fc.constantFrom(...op.pathParams),
          fc.oneof(
            textArb.map((v) => ({ sent: encode(v), value: v })),
            fc.constantFrom(...MALFORMED_ESCAPES).map((e) => ({ sent: e, value: undefined })),
          ),
        )
        .map(([p, { sent, value }]) => ({
          kind: value === undefined ? 'path escape' : 'path field',
          field: p.name,
          value,
          mustRefuse:
            // An empty value leaves another route's path (`GET /system/user/` is RuoYi's new
            // user form), which may answer anything but a 5xx.
            value === undefined ||
            (value !== '' &&
              (plainlyWrong(value, p.schema, 'text') || !conforms(value, p.schema, 'text'))),
          request: requestOf(op, {
            pathValues: { ...pathValues, [p.name]: sent },
            query,
            ...withBody,
          }),
        })),
    );
  }

  if (op.body) {
    const schema: JsonSchema = op.body;
    const fields = fieldsOf(schema);
    if (fields.length > 0) {
      kinds.push(
        fc.tuple(fc.constantFrom(...fields), jsonArb).map(([f, v]) => {
          const b = setAt(baseFor(body, f), f.path, v);
          return {
            kind: 'body field',
            field: fieldName(f.path),
            value: v,
            mustRefuse:
              hasRaw(v) || plainlyWrong(v, f.schema, 'json') || !conforms(b, schema, 'json'),
            request: requestOf(op, { pathValues, query, body: { json: b } }),
          };
        }),
      );
      kinds.push(
        fc.constantFrom(...fields).map((f) => {
          const b = setAt(baseFor(body, f), f.path, undefined);
          return {
            kind: 'body field missing',
            field: fieldName(f.path),
            mustRefuse: !conforms(b, schema, 'json'),
            request: requestOf(op, { pathValues, query, body: { json: b } }),
          };
        }),
      );
    }
    kinds.push(
      fc
        .tuple(fc.constantFrom('fuzzExtra', '__proto__', 'constructor', 'userId'), jsonArb)
        .map(([name, v]) => {
          const b = { ...(body as object), [name]: v };
          const known = Object.hasOwn(schema.properties ?? {}, name)
            ? schema.properties![name]
            : undefined;
          return {
            kind: 'body extra',
            field: name,
            value: v,
            mustRefuse:
              hasRaw(v) ||
              hasControl(v) ||
              (known !== undefined && plainlyWrong(v, known, 'json')) ||
              !conforms(b, schema, 'json'),
            request: requestOf(op, { pathValues, query, body: { json: b } }),
          };
        }),
    );
    kinds.push(
      fc.constantFrom<unknown>([], 'text', 123, null, true, [body]).map((whole) => ({
        kind: 'body whole',
        mustRefuse: !conforms(whole, schema, 'json'),
        request: requestOf(op, { pathValues, query, body: { json: whole } }),
      })),
    );
  }
  return fc.oneof(...kinds);
}

/** Malformed JSON texts: each must be refused by any route that reads a JSON body. */
export const MALFORMED_JSON = [
  '{"a":',
  '{a:1}',
  '{"a":1,}',
  '{"a": NaN}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\ud800"}',
  '[',
] as const;

/**
 * The cases every operation gets whatever the seed: each malformed path escape in each path
 * parameter (or in a segment added to a path without one), malformed JSON for JSON bodies, and
 * a NUL in the first text field of its query and body.
 */
export function fixedCases(op: Operation): FuzzCase[] {
  const pathValues = basePath(op);
  const query = baseQuery(op);
  const body = baseBody(op);
  const withBody = body === undefined ? {} : { body: { json: body } };
  const out: FuzzCase[] = [];
  for (const e of ['%ff', '%', '%00']) {
    if (op.pathParams.length === 0) {
      const r = requestOf(op, { pathValues, query, ...withBody });
      const [p, q = ''] = r.path.split('?');
      out.push({
        kind: 'path escape',
        field: 'path',
        mustRefuse: true,
        request: { ...r, path: `${p}/${e}${q ? `?${q}` : ''}` },
      });
    }
    for (const p of op.pathParams)
      out.push({
        kind: 'path escape',
        field: p.name,
        mustRefuse: true,
        request: requestOf(op, { pathValues: { ...pathValues, [p.name]: e }, query, ...withBody }),
      });
  }
  if (op.body) {
    for (const text of MALFORMED_JSON)
      out.push({
        kind: 'malformed JSON',
        mustRefuse: true,
        request: requestOf(op, {
          pathValues,
          query,
          body: { text, contentType: 'application/json' },
        }),
      });
  }
  // A request line over Node's 16 KB header limit, refused before the app sees it.
  const long = requestOf(op, {
    pathValues,
    query: { ...query, fuzzExtra: [LONG, LONG] },
    ...withBody,
  });
  out.push({ kind: 'overlong request line', mustRefuse: true, request: long });
  const textQuery = op.query.find((p) => conforms('a', p.schema, 'text'));
  if (textQuery)
    out.push({
      kind: 'query field',
      field: textQuery.name,
      value: 'a\u0000b',
      mustRefuse: true,
      request: requestOf(op, {
        pathValues,
        query: { ...query, [textQuery.name]: 'a\u0000b' },
        ...withBody,
      }),
    });
  const textField = op.body
    ? fieldsOf(op.body).find((f) => conforms('a', f.schema, 'json'))
    : undefined;
  if (textField)
    out.push({
      kind: 'body field',
      field: fieldName(textField.path),
      value: 'a\u0000b',
      mustRefuse: true,
      request: requestOf(op, {
        pathValues,
        query,
        body: { json: setAt(baseFor(body, textField), textField.path, 'a\u0000b') },
      }),
    });
  return out;
}
