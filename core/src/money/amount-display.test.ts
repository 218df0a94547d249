import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayAmount, displayExactAmount, displayRate } from './amount-display.js';
import { MoneyDecimal } from './money-decimal.js';

describe('displayAmount', () => {
  it('groups thousands and trims to at most four decimals', () => {
    expect(displayAmount('2262.300000')).toBe('2,262.3');
    expect(displayAmount('1234567.123456')).toBe('1,234,567.1235');
    expect(displayAmount('4')).toBe('4');
    expect(displayAmount('0.000000')).toBe('0');
    expect(displayAmount('-1000.5')).toBe('-1,000.5');
    expect(displayAmount(30614.34)).toBe('30,614.34');
    expect(displayAmount('0.00005')).toBe('0.0001');
    expect(displayAmount('-0.00004')).toBe('0');
  });

  it('reads a number JavaScript would write in exponent form', () => {
    expect(displayAmount(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(displayAmount(5e-5)).toBe('0.0001');
    expect(displayAmount(1e-7)).toBe('0');
    expect(displayRate(1e-7)).toBe('0.00001%');
    expect(displayAmount(Number.NaN)).toBe('');
  });

  it('keeps blanks blank and other text as it is, and reads an already grouped amount', () => {
    expect(displayAmount(null)).toBe('');
    expect(displayAmount('')).toBe('');
    expect(displayAmount('-')).toBe('-');
    expect(displayAmount('1,234.5')).toBe('1,234.5');
  });

  it('round-trips: without its commas it is the amount rounded to four decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (micro) => {
        const amount = new MoneyDecimal(micro.toString()).div(1_000_000);
        const shown = displayAmount(amount.toFixed());
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{0,3}[1-9])?$/);
        const back = new MoneyDecimal(shown.replace(/,/g, ''));
        expect(back.eq(amount.toDecimalPlaces(4, MoneyDecimal.ROUND_HALF_UP))).toBe(true);
      }),
    );
  });
});

describe('displayRate', () => {
  it('reads a stored fraction as a percentage', () => {
    expect(displayRate('0.06')).toBe('6%');
    expect(displayRate('0.025')).toBe('2.5%');
    expect(displayRate(0.13)).toBe('13%');
    expect(displayRate('1')).toBe('100%');
    expect(displayRate(null)).toBe('');
  });
});

describe('displayExactAmount', () => {
  it('groups and trims trailing zeros but never rounds a figure being typed', () => {
    expect(displayExactAmount('11.500000')).toBe('11.5');
    expect(displayExactAmount('11.500001')).toBe('11.500001');
    expect(displayExactAmount('-0.000001')).toBe('-0.000001');
    expect(displayExactAmount('1234567.000000')).toBe('1,234,567');
    expect(displayExactAmount('0.000000')).toBe('0');
    expect(displayExactAmount('-')).toBe('-');
    expect(displayExactAmount(undefined)).toBe('');
  });

  it('round-trips: without its commas it is the amount itself', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (micro) => {
        const amount = new MoneyDecimal(micro.toString()).div(1_000_000);
        const shown = displayExactAmount(amount.toFixed());
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{0,5}[1-9])?$/);
        expect(new MoneyDecimal(shown.replace(/,/g, '')).eq(amount)).toBe(true);
      }),
    );
  });
});
