import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roundAmount, toMoneyDecimal } from '../money/amount.js';
import { netPay, STANDARD_VAT_RATE } from './net-pay.js';

const scaled = (units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};
const payAmount = fc.bigInt({ min: 0n, max: 10n ** 16n }).map((u) => scaled(u, 6));
const taxRate = fc.bigInt({ min: 0n, max: 1300n }).map((u) => scaled(u, 4)); // 0% to 13%

describe('netPay', () => {
  it('deducts payAmount × (0.06 − taxRate)', () => {
    expect(STANDARD_VAT_RATE).toBe('0.06');
    expect(netPay('100', '0.06')).toBe('100');
    expect(netPay('100', '0.03')).toBe('97');
    expect(netPay('100', '0.01')).toBe('95');
    expect(netPay('100', '0')).toBe('94');
    expect(netPay('100', '0.09')).toBe('103'); // above 6% the difference is added back
    expect(netPay('1.2345', '0.01')).toBe('1.172775');
    expect(netPay('0.000011', '0.01')).toBe('0.00001'); // 0.00001045 → half up to the 分
  });

  it('pays the full amount on a 6% invoice', () => {
    fc.assert(
      fc.property(payAmount, (pay) => {
        expect(netPay(pay, '0.06')).toBe(roundAmount(pay));
      }),
    );
  });

  it('equals payAmount × (0.94 + taxRate), rounded to one 分', () => {
    fc.assert(
      fc.property(payAmount, taxRate, (pay, rate) => {
        const expected = toMoneyDecimal(pay).times(
          toMoneyDecimal('0.94').plus(toMoneyDecimal(rate)),
        );
        const result = netPay(pay, rate);
        expect(result).toBe(roundAmount(expected.toFixed()));
        expect(result).toMatch(/^(?:0|[1-9]\d*)(?:\.\d{0,5}[1-9])?$/);
      }),
    );
  });

  it('throws on a value that is not a decimal', () => {
    expect(() => netPay('abc', '0.06')).toThrow(RangeError);
  });
});
