import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addAmounts,
  compareAmounts,
  formatAmount,
  isAmountString,
  isZeroAmount,
  multiplyAmount,
  parseAmount,
  roundAmount,
  subtractAmounts,
  toMoneyDecimal,
  wanToYuan,
  yuanToWan,
} from './amount.js';

/** A value with `scale` decimals written from an integer count of its last decimal, float-free. */
const scaled = (units: bigint, scale: number): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return `${negative ? '-' : ''}${text}`;
};
const units = fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n });

describe('parseAmount', () => {
  it('canonicalises a valid amount', () => {
    expect(parseAmount(' 12.3400 ')).toEqual({ ok: true, value: '12.34' });
    expect(parseAmount('007')).toEqual({ ok: true, value: '7' });
    expect(parseAmount('12.')).toEqual({ ok: true, value: '12' });
    expect(parseAmount('.5')).toEqual({ ok: true, value: '0.5' });
    expect(parseAmount('-0')).toEqual({ ok: true, value: '0' });
    expect(parseAmount('-1.000001')).toEqual({ ok: true, value: '-1.000001' });
  });

  it('refuses what is not an amount, naming the field', () => {
    for (const bad of ['', 'abc', '1e3', '1,000', '12.3.4', '+1', '.']) {
      const r = parseAmount(bad, 'totalAmount');
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('MONEY.INVALID_AMOUNT');
        expect(r.error.field).toBe('totalAmount');
        expect(r.error.message).toBe('请输入正确的金额');
      }
    }
  });

  it('refuses finer than one 分 and beyond numeric(18,6)', () => {
    const fine = parseAmount('0.0000001');
    expect(!fine.ok && fine.error.code).toBe('MONEY.TOO_MANY_DECIMALS');
    const big = parseAmount('1000000000000');
    expect(!big.ok && big.error.code).toBe('MONEY.OUT_OF_RANGE');
    expect(parseAmount('999999999999.999999').ok).toBe(true);
  });

  it('accepts every 6-decimal amount and gives back the same value', () => {
    fc.assert(
      fc.property(units, (u) => {
        const r = parseAmount(scaled(u, 6));
        expect(r.ok).toBe(true);
        if (r.ok) expect(toMoneyDecimal(r.value).eq(toMoneyDecimal(scaled(u, 6)))).toBe(true);
        if (r.ok) expect(r.value).toMatch(/^-?(?:0|[1-9]\d*)(?:\.\d{0,5}[1-9])?$/);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('rounds subtraction results to 4 decimals, half away from zero', () => {
    expect(subtractAmounts('10', '3.25')).toBe('6.75');
    expect(subtractAmounts('1.00005', '0')).toBe('1.0001');
    expect(subtractAmounts('0', '1.00005')).toBe('-1.0001');
    expect(subtractAmounts('0.3', '0.1')).toBe('0.2'); // 0.19999999999999998 as floats
  });

  it('is exact on amounts typed with at most 4 decimals', () => {
    fc.assert(
      fc.property(units, units, (a, b) => {
        expect(subtractAmounts(scaled(a, 4), scaled(b, 4))).toBe(roundAmount(scaled(a - b, 4)));
        expect(addAmounts(scaled(a, 6), scaled(b, 6))).toBe(roundAmount(scaled(a + b, 6)));
      }),
    );
  });

  it('multiplies by a rate and rounds to one 分', () => {
    expect(multiplyAmount('100', '0.101')).toBe('10.1');
    expect(multiplyAmount('1.2345', '0.101')).toBe('0.124685'); // 0.1246845 → half up
    expect(multiplyAmount('12.3456', '10000')).toBe('123456');
  });

  it('adds any number of amounts', () => {
    expect(addAmounts()).toBe('0');
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('1', '2', '3.000001')).toBe('6.000001');
  });

  it('compares and tests zero', () => {
    expect(compareAmounts('1.50', '1.5')).toBe(0);
    expect(compareAmounts('1', '1.000001')).toBe(-1);
    expect(compareAmounts('-1', '-2')).toBe(1);
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('0.000001')).toBe(false);
  });

  it('throws on a string that is not an amount: callers parse at the edge', () => {
    expect(() => addAmounts('1', 'abc')).toThrow(RangeError);
    expect(() => multiplyAmount('1e3', '1')).toThrow(RangeError);
  });
});

describe('万元 and 元', () => {
  it('moves the decimal point exactly', () => {
    expect(wanToYuan('12.3456')).toBe('123456');
    expect(wanToYuan('0.000001')).toBe('0.01');
    expect(yuanToWan('123456')).toBe('12.3456');
    expect(yuanToWan('0.01')).toBe('0.000001');
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(units, (u) => {
        expect(yuanToWan(wanToYuan(scaled(u, 6)))).toBe(roundAmount(scaled(u, 6)));
        expect(wanToYuan(scaled(u, 6))).toBe(roundAmount(scaled(u, 2), 2));
      }),
    );
  });
});

describe('formatAmount', () => {
  it('pads to the table default of 6 decimals, or to what is asked', () => {
    expect(formatAmount('12.5')).toBe('12.500000');
    expect(formatAmount('12.34567', 4)).toBe('12.3457');
    expect(formatAmount('-0.00001', 4)).toBe('0.0000');
  });

  it('leaves a blank or invalid cell blank', () => {
    expect(formatAmount('')).toBe('');
    expect(formatAmount('n/a')).toBe('');
    expect(isAmountString('n/a')).toBe(false);
    expect(isAmountString(' 12. ')).toBe(true);
  });
});
