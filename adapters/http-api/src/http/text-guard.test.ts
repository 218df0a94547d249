import express, { type Request, type Response } from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorMiddleware } from './error-middleware.js';
import { HttpError } from './http-error.js';
import { textGuard } from './text-guard.js';
import { REAL_STATUSES, STATUS_HEADER } from '@dpms/wire';

/** Runs the middleware on a request of these parts; answers what it passed to `next`. */
function guard(parts: { url?: string; query?: unknown; body?: unknown }): unknown {
  const req = {
    originalUrl: parts.url ?? '/prod-api/system/user/list',
    query: parts.query ?? {},
    body: parts.body,
  } as unknown as Request;
  let passed: unknown = 'next not called';
  textGuard(req, {} as Response, (e?: unknown) => {
    passed = e;
  });
  return passed;
}

/** The refusal's field, status and message, as the envelope will carry them. */
function refusal(passed: unknown): { status: number; field: string; message: string } {
  expect(passed).toBeInstanceOf(HttpError);
  const e = passed as HttpError;
  const errors = e.extra?.['errors'] as { field: string; message: string }[];
  expect(errors).toHaveLength(1);
  expect(errors[0]!.message).toBe(e.message);
  return { status: e.status, field: errors[0]!.field, message: e.message };
}

// The characters the rule refuses, written independently of the implementation.
const isRefusedCode = (c: number) =>
  (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f;
const refusedChar = fc
  .integer({ min: 0, max: 0x7f })
  .filter(isRefusedCode)
  .map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Any Unicode scalar value the rule accepts: tab/LF/CR, printable, C1, CJK, emoji. */
const cleanChar = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((c) => !isRefusedCode(c) && (c < 0xd800 || c > 0xdfff))
  .map((c) => String.fromCodePoint(c));
const cleanJson = fc.jsonValue({ stringUnit: cleanChar, maxDepth: 4 });
/** Keys printed as they are in a field name (no escapes, no `.`/`[` to blur the path). */
const plainKey = fc.string({
  unit: fc.constantFrom(...'abcdefgxyzABC_0123456789用户名称部门'.split('')),
  minLength: 1,
  maxLength: 8,
});
const step = fc.oneof(plainKey, fc.nat({ max: 3 }));

/** Puts `leaf` at `path` below a fresh value; arrays are padded with clean strings. */
function nest(path: readonly (string | number)[], leaf: unknown): unknown {
  return path.reduceRight<unknown>((value, p) => {
    if (typeof p === 'number') return [...Array.from({ length: p }, () => 'ok'), value];
    return { [p]: value };
  }, leaf);
}

const fieldOf = (path: readonly (string | number)[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');

describe('textGuard', () => {
  it('passes clean JSON bodies and queries untouched', () => {
    fc.assert(
      fc.property(
        cleanJson,
        fc.dictionary(plainKey, fc.string({ unit: cleanChar })),
        (body, query) => {
          const before = structuredClone({ body, query });
          expect(guard({ body, query })).toBeUndefined();
          expect({ body, query }).toEqual(before);
        },
      ),
    );
  });

  it('refuses a control character anywhere in the body, naming exactly that field', () => {
    fc.assert(
      fc.property(
        fc.dictionary(plainKey, cleanJson),
        plainKey,
        fc.array(step, { maxLength: 4 }),
        fc.string({ unit: cleanChar, maxLength: 5 }),
        fc.oneof(refusedChar, loneSurrogate),
        fc.string({ unit: cleanChar, maxLength: 5 }),
        (clean, first, rest, before, bad, after) => {
          const body = { ...clean, [first]: nest(rest, `${before}${bad}${after}`) };
          const r = refusal(guard({ body }));
          const field = fieldOf([first, ...rest]);
          expect(r.status).toBe(400);
          expect(r.field).toBe(field);
          expect(r.message).toBe(
            bad.charCodeAt(0) >= 0xd800
              ? `参数 ${field} 包含无效的 Unicode 字符`
              : `参数 ${field} 不能包含控制字符`,
          );
        },
      ),
    );
  });

  it('refuses a control character in a query value or key, at any depth', () => {
    fc.assert(
      fc.property(plainKey, fc.array(plainKey, { maxLength: 3 }), refusedChar, (k, rest, bad) => {
        const r = refusal(guard({ query: { ok: 'yes', [k]: nest(rest, `a${bad}`) } }));
        expect(r.field).toBe(fieldOf([k, ...rest]));
        expect(r.message).toContain('不能包含控制字符');
      }),
    );
    const key = refusal(guard({ query: { 'user\u0000Name': 'x' } }));
    expect(key.field).toBe('user\\u0000Name');
    expect(key.message).toBe('参数 user\\u0000Name 不能包含控制字符');
  });

  it('keeps tab, line breaks, C1 and astral characters, and refuses only lone surrogates', () => {
    expect(guard({ body: { remark: 'a\tb\r\nc\u0085d😀' } })).toBeUndefined();
    expect(refusal(guard({ body: { remark: 'x\ud800' } })).field).toBe('remark');
    expect(refusal(guard({ body: { remark: '\udc00x' } })).field).toBe('remark');
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(refusal(guard({ body: { deep } })).status).toBe(400);
  });

  it('refuses a path segment that does not percent-decode or decodes to a control character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: cleanChar, minLength: 1, maxLength: 6 }), { maxLength: 3 }),
        fc.constantFrom('%ff', '%', '%e4%b8', '%zz', '%00', '%1F', 'a%7f', '%ED%A0%80'),
        (segments, bad) => {
          const clean = segments.map(encodeURIComponent).join('/');
          expect(guard({ url: `/prod-api/system/${clean}?x=%ff` })).toBeUndefined();
          const r = refusal(guard({ url: `/prod-api/system/${clean}/${bad}/1` }));
          expect(r.status).toBe(400);
          expect(r.field).toBe('path');
          expect(r.message).toMatch(/^请求路径中的 .* (不是有效的百分号编码|不能包含控制字符)$/);
        },
      ),
    );
  });
});

describe('errorMiddleware on the router’s own param decoding', () => {
  it('answers a URIError from Express as a 400 naming the path, not a 500', async () => {
    const app = express();
    app.get('/user/:userId', (req, res) => {
      res.json({ userId: req.params['userId'] });
    });
    app.use(errorMiddleware());
    const r = await request(app).get('/user/%ff').set(STATUS_HEADER, REAL_STATUSES);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 400,
      msg: '请求路径不是有效的百分号编码',
      errors: [{ field: 'path', message: '请求路径不是有效的百分号编码' }],
    });
  });
});
