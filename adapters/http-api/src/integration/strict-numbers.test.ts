import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../http/openapi-docs.js';
import { DEMO_PASSWORD, nextAddress } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { businessTables, changedTables, fingerprint } from '../test-support/fuzz/db-fingerprint.js';
import { openFuzzApi, type FuzzApi } from '../test-support/fuzz/fuzz-api.js';
import { baseValue, setAt, type JsonSchema } from '../test-support/fuzz/json-schema.js';
import { operationsOf, type Operation } from '../test-support/fuzz/operations.js';
import { closeRawAgent, sendRaw, type RawAnswer } from '../test-support/fuzz/raw-http.js';

/**
 * Numbers are read strictly: for every numeric field of every operation of the OpenAPI
 * document, in a path, a query or a JSON body, `true`, `[5]`, `1e308`, `NaN` and 2147483648 (one
 * above PostgreSQL's `integer`) answer 400 with a Chinese message naming the field, and nothing
 * is written. `z.coerce.number()` read `true` as 1, and an unbounded id reached PostgreSQL as an
 * integer overflow (500).
 *
 * The table is the document itself, so a field added later is checked too; RuoYi's batch id
 * paths (`1,2,3`) are included.
 */

/** The bad values as a query string or a path carries them (always text; `[5]` also as qs). */
const TEXT_VALUES = ['true', '[5]', '1e308', 'NaN', '2147483648'] as const;
/** The same values as JSON carries them. */
const JSON_VALUES: readonly unknown[] = [true, [5], 1e308, 'NaN', 2_147_483_648];

const ID_LIST_PATTERN = String.raw`^\d{1,10}(,\d{1,10}){0,999}$`;

const typesOf = (s: JsonSchema): readonly string[] =>
  s.type === undefined ? [] : typeof s.type === 'string' ? [s.type] : s.type;
/**
 * A field the document types as a number only (nullable or not). A field documented as text or a
 * number (the approval ids, a task's seal types) is an id read as text, not a number field.
 */
function isNumeric(s: JsonSchema): boolean {
  const types = (s.anyOf ?? s.oneOf ?? [s]).flatMap(typesOf).filter((t) => t !== 'null');
  return types.length > 0 && types.every((t) => t === 'integer' || t === 'number');
}
const isIdList = (s: JsonSchema): boolean => s.pattern === ID_LIST_PATTERN;

interface Row {
  readonly op: Operation;
  readonly where: 'path' | 'query' | 'body';
  readonly field: string;
  /** A JSON body field that is a list of numbers: the bad value goes in as its first item. */
  readonly item: boolean;
}

function tableOf(ops: readonly Operation[]): Row[] {
  const rows: Row[] = [];
  for (const op of ops) {
    for (const p of op.pathParams)
      if (isNumeric(p.schema) || isIdList(p.schema))
        rows.push({ op, where: 'path', field: p.name, item: false });
    for (const p of op.query)
      if (isNumeric(p.schema)) rows.push({ op, where: 'query', field: p.name, item: false });
    for (const [name, s] of Object.entries(op.body?.properties ?? {})) {
      if (isNumeric(s)) rows.push({ op, where: 'body', field: name, item: false });
      else if (s.items && isNumeric(s.items))
        rows.push({ op, where: 'body', field: name, item: true });
    }
  }
  return rows;
}

interface Envelope {
  readonly msg?: unknown;
  readonly errors?: readonly { readonly field?: unknown; readonly message?: unknown }[];
}

const CJK = /[\u4e00-\u9fff]/;

/** The 400 names the field: a Chinese message, and an `errors` entry for the field. */
function namesField(a: RawAnswer, field: string): boolean {
  const env = (a.json ?? {}) as Envelope;
  if (typeof env.msg !== 'string' || !CJK.test(env.msg)) return false;
  return (env.errors ?? []).some(
    (e) =>
      typeof e.field === 'string' &&
      (e.field === field || e.field.startsWith(`${field}[`) || e.field.startsWith(`${field}.`)) &&
      typeof e.message === 'string' &&
      CJK.test(e.message),
  );
}

/** The operation's path with every path parameter 1, and `field` (if a path one) `value`. */
function pathWith(op: Operation, field: string | undefined, value: string): string {
  return `/prod-api${op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === field ? value : '1',
  )}`;
}

describe.each(testDatabaseKinds())('numbers are read strictly on %s', (kind) => {
  let api: FuzzApi;
  let token = '';
  let rows: Row[] = [];

  const send = (method: string, path: string, body?: unknown): Promise<RawAnswer> =>
    sendRaw(api.origin, {
      method: method.toUpperCase(),
      path,
      headers: {
        'x-forwarded-for': nextAddress(),
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    api = await openFuzzApi(kind);
    const login = await sendRaw(api.origin, {
      method: 'POST',
      path: '/prod-api/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    token = String((login.json as { token?: unknown }).token);
    rows = tableOf(operationsOf(openApiDocument(api.book) as never));
  });
  afterAll(async () => {
    closeRawAgent();
    await api?.close();
  });

  it('finds the numeric fields of every kind in the document', () => {
    const count = (where: Row['where']) => rows.filter((r) => r.where === where).length;
    expect(count('path')).toBeGreaterThanOrEqual(12);
    expect(count('query')).toBeGreaterThan(300);
    expect(count('body')).toBeGreaterThan(200);
    // The fields this check was written for are in the table.
    const has = (key: string, field: string) =>
      rows.some((r) => r.op.key === key && r.field === field);
    expect(has('GET /system/user/{userId}', 'userId')).toBe(true);
    expect(has('DELETE /system/user/{userIds}', 'userIds')).toBe(true);
    expect(has('GET /v4/pro-account/list', 'year')).toBe(true);
    expect(has('GET /project/chart/list', 'year')).toBe(true);
    expect(has('POST /system/dept', 'parentId')).toBe(true);
    expect(has('POST /project/archives/updateAllowView', 'allowViewUserIds')).toBe(true);
  });

  it('refuses true, [5], 1e308, NaN and 2147483648 in every numeric field with a 400 naming it, changing nothing', async () => {
    const tables = await businessTables(api.db);
    const before = await fingerprint(api.db, tables);
    const failures: string[] = [];
    for (const row of rows) {
      const { op, field } = row;
      const attempts: { label: string; send: () => Promise<RawAnswer> }[] = [];
      if (row.where === 'path')
        for (const v of TEXT_VALUES)
          attempts.push({
            label: v,
            send: () => send(op.method, pathWith(op, field, encodeURIComponent(v))),
          });
      else if (row.where === 'query') {
        for (const v of TEXT_VALUES)
          attempts.push({
            label: v,
            send: () =>
              send(op.method, `${pathWith(op, undefined, '')}?${field}=${encodeURIComponent(v)}`),
          });
        attempts.push({
          label: `${field}[]=5`,
          send: () => send(op.method, `${pathWith(op, undefined, '')}?${field}%5B%5D=5`),
        });
      } else
        for (const v of JSON_VALUES)
          attempts.push({
            label: JSON.stringify(v),
            send: () =>
              send(
                op.method,
                pathWith(op, undefined, ''),
                // A plainly valid body (other fields' bounds kept) with this one field broken.
                setAt(baseValue(op.body ?? {}), [field], row.item ? [v] : v),
              ),
          });
      for (const a of attempts) {
        const answer = await a.send();
        if (answer.status !== 400 || !namesField(answer, field))
          failures.push(
            `${op.key} ${row.where} ${field}=${a.label}: ${answer.status} ${answer.text.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await fingerprint(api.db, tables))).toEqual([]);
    // Every numeric field of every route, five values each: a minute on a machine where the
    // browser suite runs beside this one. A wait, not a speed limit.
  }, 240_000);

  it('keeps reading canonical numbers and blank optional filters', async () => {
    for (const path of [
      '/prod-api/v4/pro-account/list?year=2024&pageNum=1&pageSize=20',
      '/prod-api/v4/pro-account/list?year=&deptId=&contractName=&pageNum=&pageSize=',
      '/prod-api/project/chart/list?year=',
      '/prod-api/project/chart/list?year=2024',
      '/prod-api/system/user/1',
      '/prod-api/v4/contract/employe/list?year=&deptId=&pageNum=1&pageSize=20',
    ]) {
      const a = await send('get', path);
      expect({ path, status: a.status }).toEqual({ path, status: 200 });
    }
  });
});
