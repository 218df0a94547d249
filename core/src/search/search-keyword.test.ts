import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normaliseSearchKeyword,
  searchLimitOf,
  SEARCH_KEYWORD_MAX,
  SEARCH_MESSAGES,
} from './search-keyword.js';

const spaces = fc.constantFrom(' ', '\u3000', '\u00a0');
const printable = fc.string({ unit: 'grapheme', minLength: 0, maxLength: 70 }).filter(
  // eslint-disable-next-line no-control-regex
  (s) => !/[\u0000-\u001f\u007f-\u009f]/u.test(s),
);

describe('normaliseSearchKeyword', () => {
  it('keeps a keyword as typed, trimmed', () => {
    expect(normaliseSearchKeyword('  HT-2026-001 ')).toEqual({ ok: true, value: 'HT-2026-001' });
    expect(normaliseSearchKeyword('\u3000绿色  建筑\u3000')).toEqual({
      ok: true,
      value: '绿色 建筑',
    });
  });

  it('refuses an empty, an over-long and a control-character keyword, naming keyword', () => {
    const empty = normaliseSearchKeyword(' \u3000 ');
    expect(empty).toMatchObject({ ok: false, error: { field: 'keyword' } });
    expect(normaliseSearchKeyword('合'.repeat(51))).toMatchObject({
      ok: false,
      error: { code: 'SEARCH.TOO_LONG', field: 'keyword', message: SEARCH_MESSAGES.tooLong },
    });
    expect(normaliseSearchKeyword('合'.repeat(50))).toMatchObject({ ok: true });
    expect(normaliseSearchKeyword('合同\u0000')).toMatchObject({
      ok: false,
      error: { code: 'SEARCH.CONTROL_CHAR', field: 'keyword' },
    });
  });

  it('answers a trimmed text of 1 to 50 characters without edge or double spaces, or refuses', () => {
    fc.assert(
      fc.property(printable, (raw) => {
        const r = normaliseSearchKeyword(raw);
        if (!r.ok) {
          expect(r.error.field).toBe('keyword');
          const t = raw.trim();
          expect(t === '' || [...t.replace(/\s+/gu, ' ')].length > SEARCH_KEYWORD_MAX).toBe(true);
          return;
        }
        const len = [...r.value].length;
        expect(len).toBeGreaterThanOrEqual(1);
        expect(len).toBeLessThanOrEqual(SEARCH_KEYWORD_MAX);
        expect(r.value).toBe(r.value.trim());
        expect(r.value).not.toMatch(/\s\s/u);
        expect(raw.replace(/\s+/gu, '')).toContain(r.value.replace(/\s+/gu, ''));
      }),
    );
  });

  it('is idempotent and blind to surrounding white space', () => {
    fc.assert(
      fc.property(printable, fc.array(spaces), fc.array(spaces), (raw, before, after) => {
        const r = normaliseSearchKeyword(raw);
        const padded = normaliseSearchKeyword(before.join('') + raw + after.join(''));
        expect(padded).toEqual(r);
        if (r.ok) expect(normaliseSearchKeyword(r.value)).toEqual(r);
      }),
    );
  });

  it('refuses any keyword holding a control character', () => {
    fc.assert(
      fc.property(
        printable,
        fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f),
        printable,
        (a, c, b) => {
          expect(normaliseSearchKeyword(a + String.fromCharCode(c) + b)).toMatchObject({
            ok: false,
            error: { code: 'SEARCH.CONTROL_CHAR', field: 'keyword' },
          });
        },
      ),
    );
  });
});

describe('searchLimitOf', () => {
  it('defaults to 5 and stays within 1..20', () => {
    expect(searchLimitOf(undefined)).toBe(5);
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (n) => {
        const l = searchLimitOf(n);
        expect(l).toBeGreaterThanOrEqual(1);
        expect(l).toBeLessThanOrEqual(20);
      }),
    );
  });
});
