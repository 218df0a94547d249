import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addAmounts, compareAmounts, roundAmount, toMoneyDecimal } from '../money/amount.js';
import { closingFees } from './closing-fees.js';

const scaled = (units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};
const amount = fc.bigInt({ min: 0n, max: 10n ** 15n }).map((u) => scaled(u, 6));
const positive = fc.bigInt({ min: 1n, max: 10n ** 15n }).map((u) => scaled(u, 6));
const fees = fc.dictionary(
  fc.constantFrom(
    'directFee',
    'technicalFee',
    'operateFee',
    'expertFee',
    'designFee',
    'settleAmount',
  ),
  amount,
);

describe('closingFees', () => {
  it('scales each fee by closedCaseAmount / backAmount', () => {
    expect(closingFees('50', '100', { technicalFee: '10', operateFee: '3.3333' })).toEqual({
      ok: true,
      value: { technicalFee: '5', operateFee: '1.66665' },
    });
  });

  it('hands the 分 lost by cutting down to the fees with the largest remainders', () => {
    // Three shares of a third of a 分 each: the total rounds to one 分, which goes to the first.
    expect(closingFees('1', '3', { a: '0.000001', b: '0.000001', c: '0.000001' })).toEqual({
      ok: true,
      value: { a: '0.000001', b: '0', c: '0' },
    });
    // 2/3 × 0.000002 = 0.0000013…, 2/3 × 0.000004 = 0.0000026…; total 0.000004 exactly.
    expect(closingFees('2', '3', { a: '0.000002', b: '0.000004' })).toEqual({
      ok: true,
      value: { a: '0.000001', b: '0.000003' },
    });
  });

  it('refuses a backAmount of 0 with a Chinese message', () => {
    expect(closingFees('1', '0', { designFee: '1' })).toEqual({
      ok: false,
      error: {
        code: 'FEES.BACK_AMOUNT_ZERO',
        message: '回款金额为0，无法按比例计算结案费用',
        field: 'backAmount',
      },
    });
  });

  it('refuses malformed or negative amounts, naming the field', () => {
    const r = closingFees('-1', '1', {});
    expect(!r.ok && r.error).toMatchObject({
      code: 'FEES.NEGATIVE_AMOUNT',
      field: 'closedCaseAmount',
    });
    const f = closingFees('1', '1', { designFee: 'abc' });
    expect(!f.ok && f.error).toMatchObject({
      code: 'FEES.INVALID_AMOUNT',
      field: 'designFee',
      message: '设计费格式不正确',
    });
  });

  it('returns the original fees when closedCaseAmount = backAmount', () => {
    fc.assert(
      fc.property(positive, fees, (back, original) => {
        const r = closingFees(back, back, original);
        const expected = Object.fromEntries(
          Object.entries(original).map(([k, v]) => [k, roundAmount(v)]),
        );
        expect(r).toEqual({ ok: true, value: expected });
      }),
    );
  });

  it('scales linearly: k × backAmount closes at k × each fee, exactly', () => {
    fc.assert(
      fc.property(positive, fc.integer({ min: 0, max: 50 }), fees, (back, k, original) => {
        const closed = toMoneyDecimal(back).times(k).toFixed();
        const r = closingFees(closed, back, original);
        const expected = Object.fromEntries(
          Object.entries(original).map(([key, v]) => [
            key,
            roundAmount(toMoneyDecimal(v).times(k).toFixed()),
          ]),
        );
        expect(r).toEqual({ ok: true, value: expected });
      }),
    );
  });

  it('keeps each fee within one 分 of its exact share and the total at the rounded exact total', () => {
    fc.assert(
      fc.property(amount, positive, fees, (closed, back, original) => {
        const r = closingFees(closed, back, original);
        if (!r.ok) throw new Error(r.error.message);
        const ratio = toMoneyDecimal(closed).div(toMoneyDecimal(back));
        for (const [key, fee] of Object.entries(original)) {
          const value = r.value[key] ?? '';
          expect(value).toMatch(/^(?:0|[1-9]\d*)(?:\.\d{0,5}[1-9])?$/);
          const exact = toMoneyDecimal(fee).times(ratio);
          expect(exact.minus(toMoneyDecimal(value)).abs().lt('0.000001')).toBe(true);
        }
        // Multiply before dividing: a total that lands exactly on half a 分 stays exact, where a
        // rounded ratio would turn it into …4999 and round the other way.
        const exactTotal = toMoneyDecimal(addAmounts(...Object.values(original)))
          .times(toMoneyDecimal(closed))
          .div(toMoneyDecimal(back));
        expect(
          compareAmounts(addAmounts(...Object.values(r.value)), roundAmount(exactTotal.toFixed())),
        ).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
