/**
 * Just enough JSON Schema (as zod-to-openapi writes it for this API: no $ref) to build a valid
 * base value for an operation's input and to tell whether a generated value is one the document
 * itself calls invalid, i.e. one the server must refuse.
 */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly default?: unknown;
}

import { isCanonicalNumber } from '../../http/schemas.js';

/** How a value reaches the parser: typed JSON, or the strings (and qs objects) of a query/path. */
export type Wire = 'json' | 'text';

const typesOf = (s: JsonSchema): readonly string[] | undefined =>
  s.type === undefined ? undefined : typeof s.type === 'string' ? [s.type] : s.type;

/**
 * What is not text: NUL and the other C0 controls but tab, line feed and carriage return, DEL,
 * and lone UTF-16 surrogates. A string carrying one must be refused wherever it is sent.
 */
export const CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string inside the value (or any key) is not text. */
export function hasControl(v: unknown): boolean {
  if (typeof v === 'string') return CONTROL.test(v);
  if (Array.isArray(v)) return v.some(hasControl);
  if (v !== null && typeof v === 'object') {
    return Object.entries(v).some(([k, x]) => CONTROL.test(k) || hasControl(x));
  }
  return false;
}

function stringOk(v: string, s: JsonSchema): boolean {
  if (s.minLength !== undefined && [...v].length < s.minLength) return false;
  if (s.maxLength !== undefined && [...v].length > s.maxLength) return false;
  // The API trims the codes and amounts it reads (`z.string().trim()`), which a pattern cannot say.
  const pattern = s.pattern === undefined ? undefined : new RegExp(s.pattern, 'u');
  if (pattern && !pattern.test(v) && !pattern.test(v.trim())) return false;
  if (s.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v)) return false;
  return true;
}

function numberOk(n: number, s: JsonSchema, integer: boolean): boolean {
  if (!Number.isFinite(n)) return false;
  if (integer && !Number.isSafeInteger(n)) return false;
  if (s.minimum !== undefined && n < s.minimum) return false;
  if (s.maximum !== undefined && n > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
  if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return false;
  return true;
}

function oneType(t: string, v: unknown, s: JsonSchema, wire: Wire): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'string':
      return typeof v === 'string' && stringOk(v, s);
    case 'integer':
    case 'number': {
      const integer = t === 'integer';
      if (typeof v === 'number') return numberOk(v, s, integer);
      // A number may come as its canonical text (README, "Numbers are numbers"): always in a
      // query or a path, and in JSON too (RuoYi sends some ids as strings).
      if (typeof v === 'string' && isCanonicalNumber(v)) return numberOk(Number(v), s, integer);
      return false;
    }
    case 'boolean':
      return typeof v === 'boolean' || (wire === 'text' && (v === 'true' || v === 'false'));
    case 'array':
      return Array.isArray(v) && arrayOk(v, s, wire);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v) && objectOk(v, s, wire);
    default:
      return true;
  }
}

function arrayOk(v: readonly unknown[], s: JsonSchema, wire: Wire): boolean {
  if (s.minItems !== undefined && v.length < s.minItems) return false;
  if (s.maxItems !== undefined && v.length > s.maxItems) return false;
  return s.items === undefined || v.every((x) => conforms(x, s.items!, wire));
}

function objectOk(v: object, s: JsonSchema, wire: Wire): boolean {
  const o = v as Record<string, unknown>;
  for (const r of s.required ?? []) if (o[r] === undefined) return false;
  for (const [k, x] of Object.entries(o)) {
    const p = s.properties?.[k];
    if (p) {
      // The API reads `null` (RuoYi's cleared field) as absent, and a blank number or date too
      // (schemas.ts, contract-route-helpers.ts): fine where the field may be absent.
      const absent = x === undefined || ((x === null || x === '') && !s.required?.includes(k));
      if (!absent && !conforms(x, p, wire)) return false;
    } else if (s.additionalProperties === false) return false;
    else if (
      typeof s.additionalProperties === 'object' &&
      !conforms(x, s.additionalProperties, wire)
    )
      return false;
  }
  return true;
}

/** Whether the document calls the value valid for the schema. */
export function conforms(v: unknown, s: JsonSchema, wire: Wire): boolean {
  if (s.enum !== undefined) {
    if (!s.enum.some((e) => e === v)) return false;
  }
  if (s.anyOf && !s.anyOf.some((b) => conforms(v, b, wire))) return false;
  if (s.oneOf && !s.oneOf.some((b) => conforms(v, b, wire))) return false;
  if (s.allOf && !s.allOf.every((b) => conforms(v, b, wire))) return false;
  const types = typesOf(s);
  if (types === undefined) return true;
  return types.some((t) => oneType(t, v, s, wire));
}

/**
 * The JSON types a schema admits (`integer` counted apart from `number`), through `anyOf`,
 * `oneOf` and `allOf`; undefined when the document does not type the value at all.
 */
export function jsonTypesOf(s: JsonSchema): ReadonlySet<string> | undefined {
  const own = typesOf(s);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(jsonTypesOf);
  if (branches.some((b) => b === undefined)) return undefined;
  const all = new Set<string>(own ?? []);
  for (const b of branches) for (const t of b!) all.add(t);
  if (own === undefined && branches.length === 0) {
    const parts = (s.allOf ?? []).map(jsonTypesOf).filter((b) => b !== undefined);
    if (parts.length === 0) return s.enum ? new Set(s.enum.map(jsonTypeOf)) : undefined;
    for (const b of parts) for (const t of b) all.add(t);
  }
  return all;
}

/** `null`, `boolean`, `integer` (a safe one), `number`, `string`, `array` or `object`. */
function jsonTypeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * Whether a value is wrong for a field whatever else the document says (its bounds, its
 * patterns): not text (a control character), a wrong JSON type for a typed field, or for an
 * integer field a number no integer column holds (`1e308`, `NaN`, `Infinity`, `1.5`). A blank
 * (`''`) or `null` is not counted: the API reads both as "absent" for a number (schemas.ts), and
 * whether the field may be absent is the document's to say.
 */
export function plainlyWrong(v: unknown, s: JsonSchema, wire: Wire): boolean {
  if (hasControl(v)) return true;
  if (v === undefined || v === null || v === '') return false;
  const types = jsonTypesOf(s);
  if (types === undefined || types.size === 0) return false;
  const integerOnly = types.has('integer') && !types.has('number') && !types.has('string');
  if (wire === 'text' && typeof v !== 'string')
    // A repeated key (an array) or a bracketed key (an object) for a scalar field.
    return !types.has(Array.isArray(v) ? 'array' : 'object');
  // A number may come as its canonical text, and only as that (README, "Numbers are numbers").
  if (
    typeof v === 'string' &&
    !types.has('string') &&
    (types.has('integer') || types.has('number'))
  )
    return !isCanonicalNumber(v) || (integerOnly && !Number.isSafeInteger(Number(v)));
  if (wire === 'text') return false;
  const t = jsonTypeOf(v);
  if (types.has(t)) return false;
  if (t === 'integer' && types.has('number')) return false;
  return true;
}

const STRING_CANDIDATES = ['1', '2024-01-01', '0', 'fuzz', 'a', '2024-01', 'fuzz@example.com', ''];

/** A valid value of the schema, built plainly: minimal, with ids that exist nowhere. */
export function baseValue(s: JsonSchema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.enum !== undefined) return s.enum.find((e) => e !== null) ?? null;
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return baseValue(branch);
  const types = typesOf(s) ?? ['string'];
  const t = types.find((x) => x !== 'null') ?? 'null';
  switch (t) {
    case 'string': {
      const fit = STRING_CANDIDATES.find((c) => c !== '' && stringOk(c, s));
      if (fit) return fit;
      const min = s.minLength ?? 1;
      return 'f'.repeat(Math.max(min, 1));
    }
    case 'integer':
    case 'number': {
      // A large id that no record has, inside the schema's bounds.
      const candidates = [2_147_480_000, 1, 0, 2000, 2024];
      return candidates.find((c) => numberOk(c, s, t === 'integer')) ?? s.minimum ?? 1;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => baseValue(s.items ?? {}));
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const r of s.required ?? []) o[r] = baseValue(s.properties?.[r] ?? {});
      return o;
    }
    default:
      return null;
  }
}

/** A field inside a body: its path (as the API's error map names it) and its schema. */
export interface FieldAt {
  readonly path: readonly (string | number)[];
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** The object the field is in below the top (an array's item, a nested object), if any. */
  readonly container?: { readonly path: readonly (string | number)[]; readonly schema: JsonSchema };
}

/** The body's fields down to `depth` levels (objects by property, arrays by their first item). */
export function fieldsOf(
  s: JsonSchema,
  depth = 2,
  at: (string | number)[] = [],
  container?: FieldAt['container'],
): FieldAt[] {
  const out: FieldAt[] = [];
  const props = s.properties ?? s.anyOf?.find((b) => b.properties)?.properties ?? {};
  const required = new Set(s.required ?? []);
  for (const [k, p] of Object.entries(props)) {
    const path = [...at, k];
    out.push({ path, schema: p, required: required.has(k), ...(container ? { container } : {}) });
    if (depth > 1) {
      const items = p.items ?? p.anyOf?.find((b) => b.items)?.items;
      if (items?.properties)
        out.push(
          ...fieldsOf(items, depth - 1, [...path, 0], { path: [...path, 0], schema: items }),
        );
      else if (p.properties) out.push(...fieldsOf(p, depth - 1, path, { path, schema: p }));
    }
  }
  return out;
}

/** `a.b[0].c`, as the API's zod error map writes a field. */
export const fieldName = (path: readonly (string | number)[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');

/**
 * The body a case on a nested field starts from: the base, with the field's object (an array
 * item, a nested object) made plainly valid when the base has none, so that only the case's own
 * field is broken.
 */
export function baseFor(body: unknown, f: FieldAt): unknown {
  if (!f.container) return body;
  let at: unknown = body;
  for (const step of f.container.path)
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[step] : undefined;
  return at === undefined ? setAt(body, f.container.path, baseValue(f.container.schema)) : body;
}

/** A copy of `o` with `value` at `path` (undefined deletes); arrays are made to reach the index. */
export function setAt(o: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const arr = Array.isArray(o) ? [...(o as unknown[])] : [];
    while (arr.length <= head) arr.push({});
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> =
    o !== null && typeof o === 'object' && !Array.isArray(o) ? { ...o } : {};
  const next = setAt(obj[head], rest, value);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}
