import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addAmounts, roundAmount } from '../money/amount.js';
import {
  allocationConfirmation,
  declareNetAmount,
  internalFilingAmount,
  marketFilingActualAmount,
  reserveFunds,
  unionOperateFee,
} from './fee-tips.js';

const scaled = (units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};
const amount4 = fc.bigInt({ min: 0n, max: 10n ** 14n }).map((u) => scaled(u, 4));

describe('the tips formulas', () => {
  it('market filing: actual amount = contract amount − business consulting fee, to 4 decimals', () => {
    expect(marketFilingActualAmount('100', '12.5')).toBe('87.5');
    expect(marketFilingActualAmount('1.00005', '0')).toBe('1.0001');
    fc.assert(
      fc.property(amount4, amount4, (contract, fee) => {
        expect(addAmounts(marketFilingActualAmount(contract, fee), fee)).toBe(
          roundAmount(contract),
        );
      }),
    );
  });

  it('internal filing: 10.1% of the contract amount', () => {
    expect(internalFilingAmount('100')).toBe('10.1');
    expect(internalFilingAmount('1.2345')).toBe('0.124685');
  });

  it('union: operating fee 0', () => {
    expect(unionOperateFee()).toBe('0');
  });

  it('declare net = pending amount / cleanAmount_rate; a rate of 0 is refused', () => {
    expect(declareNetAmount('90', '0.9')).toEqual({ ok: true, value: '100' });
    expect(declareNetAmount('1', '3')).toEqual({ ok: true, value: '0.333333' });
    expect(declareNetAmount('2', '3')).toEqual({ ok: true, value: '0.666667' });
    expect(declareNetAmount('1', '0')).toEqual({
      ok: false,
      error: { code: 'FEES.RATE_ZERO', message: '净额比例不能为0', field: 'cleanAmount_rate' },
    });
  });

  it('reserve funds: two months of rigid costs', () => {
    expect(reserveFunds('12.345678')).toBe('24.691356');
  });

  it('allocation confirmation: payback rate × filing allocation', () => {
    expect(allocationConfirmation('0.5', '30')).toBe('15');
    expect(allocationConfirmation('0.3333', '1.0001')).toBe('0.333333'); // 0.33333333 → 分
  });
});
