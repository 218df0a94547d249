import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../http/openapi-docs.js';
import { DEMO_PASSWORD, nextAddress } from '../test-support/api.js';
import { businessTables, changedTables, fingerprint } from '../test-support/fuzz/db-fingerprint.js';
import { baseRequest } from '../test-support/fuzz/fuzz-cases.js';
import { openFuzzApi, type FuzzApi } from '../test-support/fuzz/fuzz-api.js';
import {
  conforms,
  fieldsOf,
  plainlyWrong,
  type JsonSchema,
  type Wire,
} from '../test-support/fuzz/json-schema.js';
import { operationsOf, type Operation } from '../test-support/fuzz/operations.js';
import { closeRawAgent, sendRaw, type RawRequest } from '../test-support/fuzz/raw-http.js';
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The route modules: every file that registers routes on the book. */
function routeModules(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        if (readFileSync(p, 'utf8').includes('book.add(')) out.push(p);
      }
    }
  };
  walk(SRC);
  return out;
}

/**
 * Where a handler parses values it already received validated (never the raw request): the
 * password change merges its body and its query (the spec's form) and checks the merge with the
 * same schema its body and query were validated with.
 */
const REPARSES_VALIDATED_INPUT = new Set(['routes/user/user-profile.routes.ts']);

/**
 * Routes the probe below cannot refuse through their schema, each with its reason. Anything else
 * with a body or a query must answer a value its documented schema calls invalid with a 400 that
 * names the field.
 */
const PROBE_UNREACHABLE: ReadonlyMap<string, string> = new Map(
  [
    '/v4/contract-document/pdf',
    '/v4/contract-document/contractPdf',
    '/v4/contract-document/approvalPdf',
  ].map((p) => [
    `GET ${p}`,
    'its id is a string or a number piped into a pattern, which the document cannot show: any ' +
      'text conforms to what it states (the print slice has not moved to @dpms/wire yet)',
  ]),
);

/** Values that are wrong for most typed fields; the probe takes the first the schema refuses. */
const WRONG_JSON: readonly unknown[] = [{ probe: 1 }, 'probe', 12345, true, []];

/** A value the document calls invalid for the field, as JSON or as query text, if there is one. */
function invalidValue(schema: JsonSchema, required: boolean, wire: Wire): unknown {
  if (wire === 'json') {
    const wrong = WRONG_JSON.find((v) => plainlyWrong(v, schema, wire));
    if (wrong !== undefined) return wrong;
  }
  const long = schema.maxLength === undefined ? [] : ['x'.repeat(schema.maxLength + 1)];
  const texts = [...long, 'probe', '-1', '1.5', '99999999999', ...(required ? [''] : [])];
  return texts.find((v) => !conforms(v, schema, wire) && (v !== '' || required));
}

interface Probe {
  readonly field: string;
  readonly request: RawRequest;
}

/** The operation's unbroken request with one field made invalid: a required one first. */
function probeOf(op: Operation): Probe | undefined {
  const base = baseRequest(op);
  const url = new URL(base.path, 'http://probe');
  const body: unknown = base.body === undefined ? undefined : JSON.parse(base.body.toString());
  const candidates = [
    ...(op.body && typeof body === 'object' && body !== null
      ? fieldsOf(op.body, 1).map((f) => ({ where: 'body' as const, name: String(f.path[0]), ...f }))
      : []),
    ...op.query.map((q) => ({ where: 'query' as const, ...q })),
  ].sort((a, b) => Number(b.required) - Number(a.required));
  for (const c of candidates) {
    const value = invalidValue(c.schema, c.required, c.where === 'body' ? 'json' : 'text');
    if (value === undefined) continue;
    if (c.where === 'body') {
      const broken = { ...(body as Record<string, unknown>), [c.name]: value };
      return { field: c.name, request: { ...base, body: JSON.stringify(broken) } };
    }
    url.searchParams.set(c.name, typeof value === 'string' ? value : JSON.stringify(value));
    return { field: c.name, request: { ...base, path: `${url.pathname}${url.search}` } };
  }
  return undefined;
}

interface Refusal {
  readonly msg?: unknown;
  readonly field?: unknown;
  readonly errors?: readonly { readonly field?: unknown }[];
}

/** Whether a refusal names the field: in its message, as its field, or among its errors. */
function namesField(env: Refusal, field: string): boolean {
  if (typeof env.msg === 'string' && new RegExp(`(?<![\\w.])${field}(?!\\w)`).test(env.msg))
    return true;
  if (env.field === field) return true;
  return (env.errors ?? []).some(
    (e) =>
      typeof e.field === 'string' &&
      (e.field === field || e.field.startsWith(`${field}.`) || e.field.startsWith(`${field}[`)),
  );
}

describe('every route validates with, and answers through, the schemas its OpenAPI entry shows', () => {
  let api: FuzzApi;
  beforeAll(async () => {
    api = await openFuzzApi('embedded');
  }, 120_000);
  afterAll(async () => {
    closeRawAgent();
    await api?.close();
  });

  const signIn = async (): Promise<string> => {
    const login = await sendRaw(api.origin, {
      method: 'POST',
      path: '/prod-api/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    return (login.json as { token?: string }).token ?? '';
  };

  it('takes an approval opinion of 20 characters and refuses 21 in core’s words (000 §5)', async () => {
    const token = await signIn();
    const process = (opinion: string) =>
      sendRaw(api.origin, {
        method: 'POST',
        path: '/prod-api/project/approval/process',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-forwarded-for': nextAddress(),
        },
        body: JSON.stringify({ approvalId: '2147480000', action: 'approve', version: 1, opinion }),
      });
    const refused = await process('同'.repeat(21));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      msg: '审批意见不能超过20个字',
      errors: [{ field: 'opinion', message: '审批意见不能超过20个字' }],
    });
    // Twenty pass the schema and reach the engine, which knows no such approval.
    const taken = await process(` ${'同'.repeat(20)} `);
    expect(taken.status).toBe(404);
  });

  it(
    'refuses, naming the field, a value its documented schema calls invalid, and changes nothing',
    async () => {
      const token = await signIn();
      const tables = await businessTables(api.db);
      const operations = operationsOf(openApiDocument(api.book) as never).filter(
        (op) => op.key !== 'POST /logout' && (op.body !== undefined || op.query.length > 0),
      );
      expect(operations.length).toBeGreaterThan(150);
      const problems: string[] = [];
      let probed = 0;
      for (const op of operations) {
        const probe = probeOf(op);
        const unreachable = PROBE_UNREACHABLE.get(op.key);
        if (probe === undefined) {
          if (unreachable === undefined) problems.push(`${op.key}: no invalid value to send`);
          continue;
        }
        if (unreachable !== undefined) {
          problems.push(`${op.key}: listed as unreachable but probed on ${probe.field}`);
          continue;
        }
        const before = await fingerprint(api.db, tables);
        const answer = await sendRaw(api.origin, {
          ...probe.request,
          headers: {
            ...probe.request.headers,
            authorization: `Bearer ${token}`,
            'x-forwarded-for': nextAddress(),
          },
        });
        probed += 1;
        const env = (answer.json ?? {}) as Refusal;
        const sent = `${probe.request.path} ${String(probe.request.body ?? '').slice(0, 200)}`;
        if (answer.status !== 400)
          problems.push(
            `${op.key} (${probe.field}): ${answer.status} ${answer.text.slice(0, 200)} for ${sent}`,
          );
        else if (!namesField(env, probe.field))
          problems.push(
            `${op.key} (${probe.field}): the refusal names another field: ${answer.text.slice(0, 200)}`,
          );
        const changed = changedTables(before, await fingerprint(api.db, tables));
        if (changed.length > 0)
          problems.push(`${op.key}: a refused request changed ${changed.join(', ')}`);
      }
      expect(problems).toEqual([]);
      expect(probed).toBeGreaterThan(150);
    },
    10 * 60_000,
  );

  it('gives no handler the raw request to validate some other way', () => {
    const files = routeModules();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(SRC, file);
      // A handler reads ctx.query / ctx.body / ctx.params, which RouteBook parsed with the
      // documented schemas; the raw request's input would bypass them.
      expect(text, rel).not.toMatch(/\breq\.(body|query|params)\b/);
      if (!REPARSES_VALIDATED_INPUT.has(rel)) expect(text, rel).not.toMatch(/\bparseInput\(/);
    }
  });

  it('documents the answer of every contract call that answers JSON', () => {
    const contractCalls = api.book.records.filter((r) => r.tag === '合同');
    const jsonRecords = contractCalls.filter((r) => !/export|chart/.test(r.path));
    expect(jsonRecords.length).toBeGreaterThan(15);
    for (const r of jsonRecords) expect(r.schemas.response, r.path).toBeDefined();
  });
});
