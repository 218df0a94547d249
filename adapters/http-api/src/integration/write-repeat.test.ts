import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../http/openapi-docs.js';
import { DEMO_PASSWORD, nextAddress } from '../test-support/api.js';
import { changedTables, businessTables, fingerprint } from '../test-support/fuzz/db-fingerprint.js';
import { openFuzzApi, type FuzzApi } from '../test-support/fuzz/fuzz-api.js';
import { baseRequest } from '../test-support/fuzz/fuzz-cases.js';
import { operationsOf, type Operation } from '../test-support/fuzz/operations.js';
import {
  closeRawAgent,
  sendRaw,
  type RawAnswer,
  type RawRequest,
} from '../test-support/fuzz/raw-http.js';

/** FUZZ_SEED seeds the keys, as in the API fuzz test. */
const SEED = Number(process.env['FUZZ_SEED'] ?? 16_2026);

/** A key as a client may send it: 1 to 100 visible ASCII characters. */
const keyArb = fc
  .array(fc.integer({ min: 0x21, max: 0x7e }), { minLength: 1, maxLength: 90 })
  .map((codes) => String.fromCharCode(...codes));

interface DocOperation {
  readonly 'x-idempotency'?: string;
}

/**
 * Every write of the OpenAPI document that takes an Idempotency-Key, sent twice under one key
 * with its plainly valid request (as admin, so the permission check passes): the repeat changes
 * no table, and when the first was a success the repeat answers the same status and body. Keys
 * are generated (any visible ASCII, FUZZ_SEED), one per operation.
 */
describe('a repeated keyed write never writes twice', () => {
  let api: FuzzApi;
  let tables: string[];

  const signIn = async (): Promise<string> => {
    const a = await sendRaw(api.origin, {
      method: 'POST',
      path: '/prod-api/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = (a.json as { token?: unknown } | undefined)?.token;
    if (a.status !== 200 || typeof token !== 'string')
      throw new Error(`login: ${a.status} ${a.text}`);
    return token;
  };

  const send = (r: RawRequest, token: string, key: string): Promise<RawAnswer> =>
    sendRaw(api.origin, {
      ...r,
      headers: {
        ...r.headers,
        'x-forwarded-for': nextAddress(),
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
    });

  beforeAll(async () => {
    api = await openFuzzApi('embedded');
    tables = await businessTables(api.db);
  });
  afterAll(async () => {
    closeRawAgent();
    await api?.close();
  });

  it('replays or refuses the repeat of every keyed write, and no table changes', async () => {
    const doc = openApiDocument(api.book) as {
      paths?: Record<string, Record<string, DocOperation> | undefined>;
    };
    const keyed = (op: Operation): boolean => {
      const mode = doc.paths?.[op.path]?.[op.method]?.['x-idempotency'];
      return mode === 'route' || mode === 'use-case';
    };
    const writes = operationsOf(doc as never).filter(
      (op) => op.method !== 'get' && !op.multipart && keyed(op),
    );
    // Both kinds of holder are covered, and nearly every write of the API.
    expect(writes.length).toBeGreaterThan(80);
    const keys = fc.sample(keyArb, { seed: SEED, numRuns: writes.length });
    const problems: string[] = [];
    /** How many first answers had each status. */
    const stats: Record<number, number> = {};

    for (const [i, op] of writes.entries()) {
      // A session of its own: a write may end the caller's sessions (a role or password change).
      const token = await signIn();
      const key = `${keys[i] ?? 'k'}#${i}`.slice(-100);
      const request = baseRequest(op);
      const first = await send(request, token, key);
      stats[first.status] = (stats[first.status] ?? 0) + 1;
      const before = await fingerprint(api.db, tables);
      const again = await send(request, token, key);
      const changed = changedTables(before, await fingerprint(api.db, tables));
      const what = `${op.key} (key ${JSON.stringify(key)}): ${first.status} then ${again.status}`;
      if (changed.length > 0) problems.push(`${what}: the repeat changed ${changed.join(', ')}`);
      if (first.status === 200) {
        if (again.status !== 200 || !isDeepStrictEqual(again.json, first.json))
          problems.push(`${what}: the repeat of a success is not its answer: ${again.text}`);
      } else if (first.status >= 500) {
        problems.push(`${what}: ${first.text}`);
      }
    }
    // Most plainly valid requests name records that do not exist (404) or miss what a rule needs
    // (400); the successes are the writes whose repeat could have written twice.
    expect(stats[200] ?? 0).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
    // Every keyed write of the OpenAPI document, twice each: it grows with the routes.
  }, 240_000);
});
