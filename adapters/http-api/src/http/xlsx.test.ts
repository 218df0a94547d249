import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellValue, numFmtOf } from './xlsx.js';

const SHANGHAI = 'Asia/Shanghai';

/** The one cell rule: each column's kind decides what its cells hold and how they show. */
describe('cellValue', () => {
  it('writes money as the number of its decimal string, whatever the decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        (n, d) => {
          const text =
            d === 0
              ? n.toString()
              : `${n / 10n ** BigInt(d)}.${(n % 10n ** BigInt(d)).toString().padStart(d, '0')}`;
          const v = cellValue(text, 'money', SHANGHAI);
          expect(typeof v).toBe('number');
          expect(v).toBe(Number(text));
        },
      ),
    );
  });

  it('keeps a blank or a word as text, never a wrong number', () => {
    expect(cellValue('', 'money', SHANGHAI)).toBe('');
    expect(cellValue(null, 'money', SHANGHAI)).toBe('');
    expect(cellValue('待定', 'money', SHANGHAI)).toBe('待定');
  });

  it('writes a rate as its fraction, from a fraction or from percent text', () => {
    expect(cellValue('0.03', 'percent', SHANGHAI)).toBe(0.03);
    expect(cellValue('3%', 'percent', SHANGHAI)).toBe(0.03);
  });

  it("writes an instant as the institute's wall clock, in any zone", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          const v = cellValue(at, 'instant', SHANGHAI) as Date;
          // Shanghai keeps no daylight saving: its wall clock is UTC + 8 h, to the second.
          const wall = Math.floor(at.getTime() / 1000) * 1000 + 8 * 3_600_000;
          expect(v.getTime()).toBe(wall);
          expect((cellValue(at.toISOString(), 'instant', SHANGHAI) as Date).getTime()).toBe(wall);
        },
      ),
    );
  });

  it("writes a date as its day, and an instant's date as the institute's day", () => {
    expect((cellValue('2026-03-01', 'date', SHANGHAI) as Date).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    // 20:00 UTC on 25 November is already the 26th in Shanghai.
    expect((cellValue('2026-11-25T20:00:00Z', 'date', SHANGHAI) as Date).toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
  });

  it('never leaves raw ISO text in a text cell', () => {
    expect(cellValue('2026-11-25T14:47:58.712Z', 'text', SHANGHAI)).toBe('2026-11-25 22:47');
    expect(cellValue('合同A', 'text', SHANGHAI)).toBe('合同A');
  });

  it('formats money with the list’s decimals, dates and times as the institute writes them', () => {
    expect(numFmtOf('money')).toBe('#,##0.0000');
    expect(numFmtOf('money', 6)).toBe('#,##0.000000');
    expect(numFmtOf('date')).toBe('yyyy-mm-dd');
    expect(numFmtOf('instant')).toBe('yyyy-mm-dd hh:mm');
    expect(numFmtOf('text')).toBeUndefined();
  });
});
