import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { id, numeric } from './schemas.js';

describe('numbers read from a request', () => {
  it('reads a JSON number or numeric text as a number', () => {
    expect(id().parse(12)).toBe(12);
    expect(id().parse('12')).toBe(12);
    expect(id().parse(' 12 ')).toBe(12);
  });

  it('refuses what is not a number rather than coercing it (true is not 1, [5] is not 5)', () => {
    for (const v of [true, false, ['5'], { a: 1 }, null, '', ' ', '\r', 'abc', 'NaN', '1e308'])
      expect({ v, ok: id().safeParse(v).success }).toEqual({ v, ok: false });
  });

  it('keeps the bounds of the number schema it wraps', () => {
    const version = numeric(z.number().int().min(0).max(2_147_483_647));
    expect(version.safeParse('0').success).toBe(true);
    expect(version.safeParse(2_147_483_648).success).toBe(false);
    expect(version.safeParse(' ').success).toBe(false);
  });
});
