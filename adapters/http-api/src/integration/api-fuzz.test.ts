import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../http/messages.js';
import { openApiDocument } from '../http/openapi-docs.js';
import { DEMO_PASSWORD, nextAddress } from '../test-support/api.js';
import { testDatabaseKinds, type TestDatabaseKind } from '../test-support/test-database.js';
import { businessTables, changedTables, fingerprint } from '../test-support/fuzz/db-fingerprint.js';
import {
  baseRequest,
  caseArbitrary,
  fixedCases,
  notJson,
  type FuzzCase,
} from '../test-support/fuzz/fuzz-cases.js';
import { openFuzzApi, type FuzzApi } from '../test-support/fuzz/fuzz-api.js';
import { multipartCases } from '../test-support/fuzz/multipart-cases.js';
import { operationsOf, type Operation } from '../test-support/fuzz/operations.js';
import {
  closeRawAgent,
  sendRaw,
  type RawAnswer,
  type RawRequest,
} from '../test-support/fuzz/raw-http.js';

/**
 * The API fuzz test: every operation of the OpenAPI document gets generated bad input
 * (wrong types, missing and extra fields, text that is not text, 10,000-character strings, -1,
 * 1e308, NaN, malformed JSON, malformed multipart bodies and path escapes), as admin (who passes
 * every permission check, so validation is reached) and without a token. Every answer must be
 * below 500; a 4xx must carry a Chinese message; a 400 to a case that broke one field (a wrong
 * type, -1, 1e308, NaN, a missing or an extra field, text that is not text) must name that field,
 * in its message or in `errors[].field` (the exemptions are listed below, each with its reason);
 * input that is wrong whatever the route makes of it (a wrong JSON type for a typed field, NaN,
 * Infinity or 1e308 for an integer field, malformed JSON, NUL) or that the document itself calls
 * invalid must be refused with a 4xx; the server must still answer after each operation's batch;
 * and the database must read back unchanged unless an answer was a success.
 *
 * FUZZ_SEED (default below) seeds every operation's generator; FUZZ_RUNS bounds the generated
 * cases per operation; FUZZ_DATABASES=all runs it on every database kind of the run (by default
 * the embedded server only: the inputs are refused before any SQL runs, so a second kind doubles the time
 * and adds little; the SQL-level checks have their own suites on both kinds).
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 15_2025);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10);
const KINDS: TestDatabaseKind[] =
  process.env['FUZZ_DATABASES'] === 'all' ? testDatabaseKinds() : ['embedded'];

/** Operations that end the caller's own session when they succeed. */
const ENDS_SESSION = new Set(['POST /logout']);

const CJK = /[\u4e00-\u9fff]/;

interface Envelope {
  readonly code?: unknown;
  readonly msg?: unknown;
  /** The field a domain failure names. */
  readonly field?: unknown;
  readonly errors?: readonly { readonly field?: unknown; readonly message?: unknown }[];
}

interface Failure {
  readonly problem: string;
  readonly op: string;
  readonly seed: number;
  readonly fuzzCase: FuzzCase;
  readonly answer: string;
}

/** A per-operation seed: FUZZ_SEED mixed with the operation, so each one is reproducible alone. */
function seedOf(op: Operation): number {
  let h = SEED >>> 0;
  for (const ch of op.key) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0;
  return h;
}

const clip = (s: string, n = 300): string =>
  s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s;

function showRequest(r: RawRequest): string {
  const body = r.body === undefined ? '' : ` body=${JSON.stringify(clip(r.body.toString()))}`;
  const type = r.headers['content-type'] ? ` content-type=${r.headers['content-type']}` : '';
  return `${r.method} ${clip(r.path, 400)}${type}${body}`;
}

const showAnswer = (a: RawAnswer): string => `${a.status} ${clip(a.text, 300)}`;

function show(f: Failure): string {
  return [
    `${f.problem}: ${f.op} (${f.fuzzCase.kind}${f.fuzzCase.field ? ` ${f.fuzzCase.field}` : ''})`,
    `  FUZZ_SEED=${SEED} operation seed ${f.seed}`,
    `  request: ${showRequest(f.fuzzCase.request)}`,
    `  answer:  ${f.answer}`,
  ].join('\n');
}

/**
 * The 400s that need not name the field their case broke, each with its reason. Nothing else is
 * exempt: a 400 to a case that broke a field names it, in `msg` or in `errors[].field`.
 */
const NAMING_EXEMPTIONS: readonly {
  readonly name: string;
  readonly reason: string;
  readonly applies: (c: FuzzCase, env: Envelope, base: BaseAnswer) => boolean;
}[] = [
  {
    name: 'a path segment that is not percent-encoding or not text',
    reason:
      'the path is checked in front of every route (text-guard.ts), before the router knows ' +
      "which parameter a segment is, so the refusal names the path (errors[].field 'path') and " +
      'quotes the segment; malformed escapes are also sent to routes with no parameter at all',
    applies: (c, env) =>
      (c.kind === 'path escape' || c.kind === 'path field') &&
      (env.errors ?? []).some((e) => e.field === 'path'),
  },
  {
    name: 'an empty path parameter',
    reason:
      "a path with an empty segment is another route's path (GET /system/dict/data/type/ is " +
      "GET /system/dict/data/{dictCode} with dictCode 'type'), refused naming that route's " +
      'parameter',
    applies: (c) => c.kind === 'path field' && c.value === '',
  },
  {
    name: 'a multipart part header that is not text',
    reason:
      'the form parser refuses a part whose header (its field name or file name) holds a NUL as ' +
      'a malformed form before it reads which field the part is',
    applies: (c, env) => c.kind.startsWith('multipart') && env.msg === MSG.formMalformed,
  },
  {
    name: 'NaN or Infinity in a JSON body',
    reason:
      'JSON has no NaN or Infinity, so the body is refused by the JSON parser as not JSON before ' +
      'any field is read: the message says the body is not JSON',
    applies: (c, env) => notJson(c.value) && env.msg === MSG.badJson,
  },
  {
    name: "the unbroken request's own refusal",
    reason:
      'the request with nothing broken is itself refused by a rule the document cannot state ' +
      '(a field the domain requires, an id that names nothing), naming the field it is about; ' +
      'a case whose value passes validation gets that same refusal. Not for a value that must ' +
      'be refused: that one must be refused naming its field',
    applies: (c, env, base) =>
      !c.mustRefuse &&
      !c.kind.startsWith('multipart') &&
      base.status === 400 &&
      typeof env.msg === 'string' &&
      env.msg === base.msg,
  },
  {
    name: 'a field the request leaves out',
    reason:
      'the generated request carries only what the document requires; a field the domain ' +
      "requires besides (a borrow's pledge, a new password sent in the query or the body, the " +
      'fileId of a file item the case created) is refused naming that field. Only for a case ' +
      'whose value passes validation, and only when every field the refusal names is absent',
    applies: (c, env) => {
      if (c.mustRefuse || c.kind.startsWith('multipart')) return false;
      const named = [
        ...(typeof env.field === 'string' ? [env.field] : []),
        ...(env.errors ?? []).map((e) => (typeof e.field === 'string' ? e.field : '')),
      ];
      return named.length > 0 && named.every((f) => f !== '' && !carries(c.request, f));
    },
  },
];

/** Whether a request carries a value for a field (`files[0].fileId`) in its query or its body. */
function carries(r: RawRequest, field: string): boolean {
  const steps = field.split(/\.|\[(\d+)\]/).filter((x) => x !== undefined && x !== '');
  const query = Object.fromEntries(new URL(r.path, 'http://x').searchParams);
  if (steps.length === 1 && query[steps[0]!] !== undefined) return true;
  let at: unknown;
  try {
    at = r.body === undefined ? undefined : JSON.parse(r.body.toString());
  } catch {
    return false;
  }
  for (const step of steps) {
    if (at === null || typeof at !== 'object') return false;
    at = (at as Record<string, unknown>)[step];
  }
  return at !== undefined;
}

/** What the operation's request with nothing broken is answered. */
interface BaseAnswer {
  readonly status: number;
  readonly msg?: unknown;
}

const exemptFromNaming = (c: FuzzCase, env: Envelope, base: BaseAnswer): boolean =>
  NAMING_EXEMPTIONS.some((x) => x.applies(c, env, base));

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a refusal names the broken field: its message names it as a whole word (`参数 userId
 * …`, `不允许的参数 fuzzExtra`), a domain failure's `field` is it, or an `errors[].field` is the
 * field, a part of it (`items[0].x` for `items`) or the object it is in (`items` for
 * `items[0].x`).
 */
function namesField(env: Envelope, field: string): boolean {
  const msg = typeof env.msg === 'string' ? env.msg : '';
  if (new RegExp(`(?<![\\w.\\[\\]])${escapeRe(field)}(?!\\w)`).test(msg)) return true;
  if (env.field === field) return true;
  return (env.errors ?? []).some((e) => {
    const f = typeof e.field === 'string' ? e.field : '';
    return (
      f === field ||
      f.startsWith(`${field}.`) ||
      f.startsWith(`${field}[`) ||
      field.startsWith(`${f}.`) ||
      field.startsWith(`${f}[`)
    );
  });
}

/** What is wrong with an answer to a case, or undefined. */
function judge(c: FuzzCase, a: RawAnswer, base: BaseAnswer): string | undefined {
  if (a.status >= 500) return 'server error';
  if (a.status >= 200 && a.status < 300) return c.mustRefuse ? 'accepted bad input' : undefined;
  if (a.status < 400) return `unexpected ${a.status}`;
  const env = (a.json ?? {}) as Envelope;
  if (typeof env.msg !== 'string' || !CJK.test(env.msg)) return 'refusal without a Chinese message';
  for (const e of env.errors ?? [])
    if (typeof e.field !== 'string' || typeof e.message !== 'string' || !CJK.test(e.message))
      return 'validation error without field and Chinese message';
  // Every field that failed is named, the broken one among them (the base of a generated body
  // is only plainly valid, so it need not be the first).
  if (a.status === 400 && c.field && !namesField(env, c.field) && !exemptFromNaming(c, env, base))
    return 'refusal not naming the field';
  return undefined;
}

describe.each(KINDS)('API fuzz on %s', (kind) => {
  let api: FuzzApi;
  let tables: string[];
  let adminToken = '';

  const signIn = async (): Promise<string> => {
    const a = await sendRaw(api.origin, {
      method: 'POST',
      path: '/prod-api/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = (a.json as { token?: unknown } | undefined)?.token;
    if (a.status !== 200 || typeof token !== 'string') throw new Error(`login: ${showAnswer(a)}`);
    return token;
  };

  const send = (r: RawRequest, token?: string): Promise<RawAnswer> =>
    sendRaw(api.origin, {
      ...r,
      headers: {
        ...r.headers,
        'x-forwarded-for': nextAddress(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  beforeAll(async () => {
    api = await openFuzzApi(kind);
    tables = await businessTables(api.db);
    adminToken = await signIn();
  });
  afterAll(async () => {
    closeRawAgent();
    await api?.close();
  });

  it(
    'answers every operation a 4xx in Chinese for bad input, never a 5xx, and changes nothing',
    async () => {
      const operations = operationsOf(openApiDocument(api.book) as never);
      expect(operations.length).toBeGreaterThan(300);
      const failures: Failure[] = [];
      let sent = 0;

      for (const op of operations) {
        const seed = seedOf(op);
        const cases = [
          ...fixedCases(op),
          ...multipartCases(op),
          ...fc.sample(caseArbitrary(op), { seed, numRuns: RUNS }),
        ];
        // Signing out must not sign the fuzz out: that operation gets a session of its own.
        const token = ENDS_SESSION.has(op.key) ? await signIn() : adminToken;
        const unbroken = await send(baseRequest(op), token);
        sent += 1;
        const base: BaseAnswer = {
          status: unbroken.status,
          msg: (unbroken.json as Envelope | undefined)?.msg,
        };
        let baseline = await fingerprint(api.db, tables);
        const refused: FuzzCase[] = [];
        for (const c of cases) {
          const callers = op.permission === 'public' ? [token, undefined] : [token];
          for (const caller of callers) {
            const answer = await send(c.request, caller);
            sent += 1;
            const problem = judge(c, answer, base);
            if (problem)
              failures.push({ problem, op: op.key, seed, fuzzCase: c, answer: showAnswer(answer) });
            if (answer.status >= 200 && answer.status < 300)
              baseline = await fingerprint(api.db, tables);
            else refused.push(c);
          }
        }
        // Without a token, a non-public route refuses before anything else, malformed paths too.
        if (op.permission !== 'public')
          for (const c of fixedCases(op).filter((x) => x.kind === 'path escape')) {
            const answer = await send(c.request);
            sent += 1;
            const problem = judge(c, answer, base);
            if (problem)
              failures.push({
                problem: `${problem} (no token)`,
                op: op.key,
                seed,
                fuzzCase: c,
                answer: showAnswer(answer),
              });
          }

        // Still answering, and still signed in.
        const alive = await send(
          { method: 'GET', path: '/prod-api/getInfo', headers: {} },
          adminToken,
        );
        if (alive.status === 401) {
          if (!ENDS_SESSION.has(op.key) || token === adminToken)
            failures.push({
              problem: 'admin session lost',
              op: op.key,
              seed,
              fuzzCase: refused[0] ?? cases[0]!,
              answer: showAnswer(alive),
            });
          adminToken = await signIn();
        } else if (alive.status !== 200) {
          failures.push({
            problem: 'server no longer answering',
            op: op.key,
            seed,
            fuzzCase: cases[cases.length - 1]!,
            answer: showAnswer(alive),
          });
        }

        const changed = changedTables(baseline, await fingerprint(api.db, tables));
        if (changed.length > 0)
          failures.push({
            problem: `database changed (${changed.join(', ')}) by refused requests`,
            op: op.key,
            seed,
            fuzzCase: refused[refused.length - 1] ?? cases[0]!,
            answer: `${refused.length} refused requests in the batch`,
          });
      }

      const distinct = new Map<string, Failure>();
      for (const f of failures) {
        const k = `${f.problem}|${f.op}|${f.fuzzCase.kind}|${f.answer.slice(0, 3)}`;
        if (!distinct.has(k)) distinct.set(k, f);
      }
      const report = [...distinct.values()].map(show);
      if (report.length > 0)
        console.error(
          `API fuzz on ${kind}: ${failures.length} failures in ${sent} requests, ${report.length} distinct\n${report.join('\n')}`,
        );
      expect(report).toEqual([]);
    },
    30 * 60_000,
  );
});
