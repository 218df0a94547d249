import fc from 'fast-check';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { IdempotencyBegin, IdempotencyRepository } from '@dpms/core';
import { IdempotentRequests, requestFingerprint } from './idempotency.js';

const requestOf = (body: unknown, query: Record<string, unknown> = {}): Request =>
  ({ method: 'POST', params: {}, query, body }) as unknown as Request;

/** An object with its keys in reverse order: the same JSON value, written differently. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  return value;
}

const body = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/password|pwd/i.test(k)),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  { minKeys: 1 },
);

describe('requestFingerprint: what makes two requests the same for an Idempotency-Key', () => {
  it('key order does not count', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(requestFingerprint(requestOf(reordered(b)), 'POST /x')).toBe(
          requestFingerprint(requestOf(b), 'POST /x'),
        );
      }),
    );
  });

  it('any value that differs does, and so does the route', () => {
    fc.assert(
      fc.property(body, fc.string(), (b, other) => {
        const [field] = Object.keys(b);
        fc.pre(field !== undefined && b[field] !== other);
        const changed = { ...b, [field]: other };
        expect(requestFingerprint(requestOf(changed), 'POST /x')).not.toBe(
          requestFingerprint(requestOf(b), 'POST /x'),
        );
        expect(requestFingerprint(requestOf(b), 'POST /y')).not.toBe(
          requestFingerprint(requestOf(b), 'POST /x'),
        );
      }),
    );
  });

  it('keeps no trace of a password: requests differing only in one are the same', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const of = (pw: string) =>
          requestFingerprint(
            requestOf({ userName: 'li', password: pw, nested: { oldPassword: pw, pwd: pw } }),
            'POST /system/user',
          );
        expect(of(a)).toBe(of(b));
      }),
    );
  });
});

/** The store's claims in memory, as the SQL repository keeps them (pending, then completed). */
class MemoryKeys implements IdempotencyRepository {
  readonly rows = new Map<string, { fingerprint?: string; code?: number; answer?: unknown }>();
  begin(
    key: string,
    userId: number,
    route: string,
    now: Date,
    fingerprint?: string,
  ): Promise<IdempotencyBegin> {
    const id = `${userId}:${key}`;
    const row = this.rows.get(id);
    if (row === undefined) {
      this.rows.set(id, { ...(fingerprint === undefined ? {} : { fingerprint }) });
      return Promise.resolve({ kind: 'started' });
    }
    if (row.fingerprint !== fingerprint) return Promise.resolve({ kind: 'mismatch' });
    const record = {
      key,
      userId,
      route,
      fingerprint: fingerprint ?? null,
      status: row.code === undefined ? ('pending' as const) : ('completed' as const),
      responseCode: row.code ?? null,
      response: row.answer,
      createdAt: now,
    };
    return Promise.resolve({ kind: record.status, record });
  }
  complete(key: string, userId: number, code: number, answer: unknown) {
    this.rows.set(`${userId}:${key}`, { ...this.rows.get(`${userId}:${key}`), code, answer });
    return Promise.resolve();
  }
  release(key: string, userId: number) {
    this.rows.delete(`${userId}:${key}`);
    return Promise.resolve();
  }
  purge() {
    return Promise.resolve(0);
  }
}

const keyedRequest = (key: string): Request =>
  ({
    method: 'POST',
    params: {},
    query: {},
    body: { deptName: '甲' },
    get: (h: string) => (h.toLowerCase() === 'idempotency-key' ? key : undefined),
  }) as unknown as Request;

const fakeResponse = () => {
  const sent: unknown[] = [];
  const res = {
    headersSent: false,
    statusCode: 200,
    set: () => res,
    status: (c: number) => ((res.statusCode = c), res),
    json: (b: unknown) => (sent.push(b), res),
  };
  return { res: res as unknown as Response, sent };
};

describe('IdempotentRequests: a 5xx frees the key, since the failed write rolled back', () => {
  it('a plain retry under the key after an unexpected failure runs once more and is answered', async () => {
    const store = new MemoryKeys();
    const keys = new IdempotentRequests(store, () => new Date());
    let runs = 0;
    const handler = () => {
      runs += 1;
      if (runs === 1) return Promise.reject(new Error('connection reset'));
      return Promise.resolve({ code: 200, msg: '操作成功' });
    };
    const first = fakeResponse();
    await expect(
      keys.run(keyedRequest('k-5xx'), first.res, 7, 'POST /system/dept', handler),
    ).rejects.toThrow('connection reset');
    const retry = fakeResponse();
    await keys.run(keyedRequest('k-5xx'), retry.res, 7, 'POST /system/dept', handler);
    expect(runs).toBe(2);
    expect(retry.sent).toEqual([{ code: 200, msg: '操作成功' }]);
    // Once answered, the key replays that answer and the handler does not run a third time.
    const again = fakeResponse();
    await keys.run(keyedRequest('k-5xx'), again.res, 7, 'POST /system/dept', handler);
    expect(runs).toBe(2);
    expect(again.sent).toEqual(retry.sent);
  });

  it('a request whose own answer (a file) was already under way keeps its key in flight', async () => {
    const store = new MemoryKeys();
    const keys = new IdempotentRequests(store, () => new Date());
    const first = fakeResponse();
    const failing = () => {
      (first.res as { headersSent: boolean }).headersSent = true;
      return Promise.reject(new Error('stream broke'));
    };
    await expect(
      keys.run(keyedRequest('k-file'), first.res, 7, 'POST /x', failing),
    ).rejects.toThrow('stream broke');
    const retry = fakeResponse();
    await expect(
      keys.run(keyedRequest('k-file'), retry.res, 7, 'POST /x', () => Promise.resolve({})),
    ).rejects.toMatchObject({ error: { code: 'IDEMPOTENCY.IN_PROGRESS' } });
  });
});
