import fc from 'fast-check';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './idempotency.js';

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
