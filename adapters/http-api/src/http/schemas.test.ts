import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PG_INT_MAX,
  PG_INT_MIN,
  id,
  idList,
  integer,
  isCanonicalNumber,
  numeric,
  optionalId,
  optionalInteger,
  version,
} from './schemas.js';
import { pagingShape } from './paging.js';
import { parseInput } from './validation.js';

describe('numbers read from a request', () => {
  it('reads a JSON number or numeric text as a number', () => {
    expect(id().parse(12)).toBe(12);
    expect(id().parse('12')).toBe(12);
    expect(integer().parse('-3')).toBe(-3);
    expect(numeric(z.number()).parse('0.5')).toBe(0.5);
  });

  it('refuses what is not a number rather than coercing it (true is not 1, [5] is not 5)', () => {
    for (const v of [
      true,
      false,
      ['5'],
      [5],
      { a: 1 },
      null,
      '',
      ' ',
      '\r',
      ' 12 ',
      'abc',
      'NaN',
      'Infinity',
      '1e308',
      '1e3',
      '0x10',
      '012',
      '+1',
      '1.0',
      '-0',
      NaN,
      Infinity,
      1e308,
      2_147_483_648,
      '2147483648',
    ])
      expect({ v, ok: id().safeParse(v).success }).toEqual({ v, ok: false });
  });

  it('keeps the bounds of the number schema it wraps', () => {
    const v = numeric(z.number().int().min(0).max(2_147_483_647));
    expect(v.safeParse('0').success).toBe(true);
    expect(v.safeParse(2_147_483_648).success).toBe(false);
    expect(v.safeParse(' ').success).toBe(false);
  });

  it('reads a blank or null as absent: an optional field is not applied, a required one is missing', () => {
    expect(optionalInteger(1900, 2999).parse('')).toBeUndefined();
    expect(optionalInteger(1900, 2999).parse(null)).toBeUndefined();
    expect(optionalId().parse('')).toBeUndefined();
    expect(version().parse(undefined)).toBeUndefined();
    expect(() => parseInput(z.object({ parentId: integer(0) }), { parentId: '' })).toThrow(
      '参数 parentId 不能为空',
    );
    // A nullable id keeps null: "clear this value".
    expect(id().nullable().optional().parse(null)).toBeNull();
  });

  it('names the field in Chinese when it refuses', () => {
    const q = z.object({ year: optionalInteger(1900, 2999), deptId: optionalId() });
    expect(() => parseInput(q, { year: 'true' })).toThrow('参数 year 必须是数字');
    expect(() => parseInput(q, { year: ['5'] })).toThrow('参数 year 必须是数字');
    expect(() => parseInput(q, { deptId: '2147483648' })).toThrow(
      '参数 deptId 不能大于 2147483647',
    );
    expect(() => parseInput(q, { year: '1999.5' })).toThrow('参数 year 必须是整数');
  });

  it('pages: a blank pageNum or pageSize is the default, anything but a number is refused', () => {
    const q = z.object(pagingShape(['a']));
    expect(q.parse({ pageNum: '', pageSize: '' })).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(q.parse({ pageNum: '3', pageSize: '50' })).toMatchObject({ pageNum: 3, pageSize: 50 });
    for (const bad of ['true', ['2'], '1e3', ' 2', 'NaN'])
      expect(() => parseInput(q, { pageNum: bad })).toThrow('参数 pageNum');
    expect(() => parseInput(q, { pageSize: 'true' })).toThrow('参数 pageSize');
  });

  it('reads a batch of ids only within the integer column', () => {
    expect(idList().parse('1,2,2147483647')).toEqual([1, 2, 2_147_483_647]);
    for (const bad of ['2147483648', '1,9999999999', '0', '1,,2', '', 'true'])
      expect(() => parseInput(z.object({ ids: idList() }), { ids: bad })).toThrow('参数 ids');
  });
});

/** What a client may send: numbers and numeric-looking text of every shape, and anything else. */
const anyInput: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -(2 ** 33), max: 2 ** 33 }),
  fc.integer({ min: -(2 ** 33), max: 2 ** 33 }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double(),
  fc.double().map(String),
  fc.stringMatching(/^[-+ .0-9eExXa-f]{0,14}$/),
  fc.string(),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-0', '1e3', '0x10', '012', '+1', '1.0', '\r'),
  fc.constantFrom(true, false, null, undefined, [5], ['5'], {}),
  fc.anything(),
);

const INTEGER_TEXT = /^(0|-?[1-9]\d*)$/;

/**
 * The oracle, written without `Number` on text: an integer in [min, max] sent as a JSON number or
 * as its canonical decimal text; a blank or null is absent; nothing else is accepted.
 */
function expectedInteger(v: unknown, min: number, max: number): 'absent' | 'refused' | number {
  if (v === undefined || v === null || v === '') return 'absent';
  if (typeof v === 'number') return Number.isInteger(v) && v >= min && v <= max ? v : 'refused';
  if (typeof v === 'string' && INTEGER_TEXT.test(v)) {
    const n = BigInt(v);
    return n >= BigInt(min) && n <= BigInt(max) ? Number(v) : 'refused';
  }
  return 'refused';
}

describe('numbers read from a request, for any input', () => {
  const bounds = [
    [PG_INT_MIN, PG_INT_MAX],
    [0, PG_INT_MAX],
    [1, PG_INT_MAX],
    [0, 9999],
    [1900, 2999],
  ] as const;

  it.each(bounds)(
    'integer(%i, %i) accepts exactly a canonical in-range integer, optionalInteger also a blank',
    (min, max) => {
      fc.assert(
        fc.property(anyInput, (v) => {
          const want = expectedInteger(v, min, max);
          const required = integer(min, max).safeParse(v);
          const optional = optionalInteger(min, max).safeParse(v);
          if (want === 'refused') {
            expect(required.success).toBe(false);
            expect(optional.success).toBe(false);
          } else if (want === 'absent') {
            expect(required.success).toBe(false);
            expect(optional).toEqual({ success: true, data: undefined });
          } else {
            expect(required).toEqual({ success: true, data: want });
            expect(optional).toEqual({ success: true, data: want });
          }
        }),
        { numRuns: 2000 },
      );
    },
  );

  it('id() is integer(1, 2147483647) and version() is optionalInteger(0, 2147483647)', () => {
    fc.assert(
      fc.property(anyInput, (v) => {
        const want = expectedInteger(v, 1, PG_INT_MAX);
        expect(id().safeParse(v).success).toBe(typeof want === 'number');
        const wantVersion = expectedInteger(v, 0, PG_INT_MAX);
        expect(version().safeParse(v).success).toBe(wantVersion !== 'refused');
      }),
      { numRuns: 2000 },
    );
  });

  it('numeric text is canonical exactly when it is how JavaScript writes the number back', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double().map(String), fc.string(), anyInput), (v) => {
        if (typeof v !== 'string') return;
        const n = Number(v);
        const canonical = /^-?\d+(\.\d+)?$/.test(v) && Number.isFinite(n) && String(n) === v;
        expect(isCanonicalNumber(v)).toBe(canonical);
        const r = numeric(z.number()).safeParse(v);
        if (canonical) expect(r).toEqual({ success: true, data: n });
        else expect(r.success).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('every finite double written without an exponent reads back as itself', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const text = String(d);
        const r = numeric(z.number()).safeParse(text);
        expect(r.success).toBe(!text.includes('e'));
        if (r.success) expect(r.data).toBe(Object.is(d, -0) ? 0 : d);
      }),
      { numRuns: 2000 },
    );
  });
});
