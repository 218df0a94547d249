import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addAmounts, compareAmounts, multiplyAmount, roundAmount } from '../money/amount.js';
import type { DomainError, Result } from '../shared/result.js';
import type { FeeRateSets, FeeRates, FeeSource } from './fee-rates.js';
import { isDirectFeeReadOnly, splitFees, type FeeSplit, type FeeSplitInput } from './fee-split.js';

const RATES: FeeRates = {
  technicalFee_rate: '0.1',
  operateFee_rate: '0.2',
  expertFee_rate: '0.05',
  designFee_rate: '0.3',
};
const RATE_SETS: FeeRateSets = {
  market: RATES,
  inner: RATES,
  union: RATES,
  declare: { ...RATES, technicalFee_rate: '0.2' },
};

function split(input: Partial<FeeSplitInput> & Pick<FeeSplitInput, 'bizSource'>): FeeSplit {
  const r = splitFees({ totalAmount: '100', cleanAmount: '90', rateSets: RATE_SETS, ...input });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function failure(r: Result<FeeSplit>): DomainError {
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
}

describe('splitFees: market business signed on or after 2024-04-01', () => {
  it('takes 10.1% of cleanAmount, 2.5% of totalAmount and leaves directFee the remainder', () => {
    expect(split({ bizSource: '1', signDate: '2024-04-01', directFee: '5' })).toEqual({
      rule: 'market2024',
      category: 'market',
      directFeeReadOnly: true,
      realAmount: '9.09', // 10.1% × 90
      designFee: '2.5', // 2.5% × 100
      directFee: '78.41', // 90 − 9.09 − 2.5; the entered 5 is ignored: it is read-only
      technicalFee: '0.909', // 9.09 × 0.1
      operateFee: '1.6362', // (9.09 − 0.909) × 0.2
      expertFee: '0.40905', // (9.09 − 0.909) × 0.05
    });
  });

  it('floors directFee at 0', () => {
    const s = split({
      bizSource: '1',
      signDate: '2025-01-01',
      totalAmount: '1000',
      cleanAmount: '10',
    });
    expect(s.directFee).toBe('0');
    expect(s.realAmount).toBe('1.01');
    expect(s.designFee).toBe('25');
  });

  it('rounds the percentages to one 分', () => {
    const s = split({
      bizSource: '1',
      signDate: '2024-04-01',
      totalAmount: '1.2345',
      cleanAmount: '1.2345',
    });
    expect(s.realAmount).toBe('0.124685'); // 0.1246845 half up
    expect(s.designFee).toBe('0.030863'); // 0.0308625 half up
    expect(s.directFee).toBe('1.078952');
    expect(addAmounts(s.realAmount, s.designFee, s.directFee)).toBe('1.2345');
  });
});

describe('splitFees: the other rules', () => {
  it('market before 2024-04-01: realAmount = cleanAmount − directFee, fees by the market rates', () => {
    expect(split({ bizSource: '1', signDate: '2024-03-31', directFee: '10' })).toEqual({
      rule: 'standard',
      category: 'market',
      directFeeReadOnly: false,
      realAmount: '80',
      directFee: '10',
      technicalFee: '8',
      operateFee: '14.4', // (80 − 8) × 0.2
      expertFee: '3.6', // (80 − 8) × 0.05
      designFee: '21.6', // (80 − 8) × 0.3
    });
  });

  it('market without a sign date follows the standard rule', () => {
    expect(split({ bizSource: '1', directFee: '10' }).rule).toBe('standard');
    expect(split({ bizSource: '1', signDate: '', directFee: '10' }).realAmount).toBe('80');
  });

  it('internal: no technical fee, rates from the inner set', () => {
    const s = split({ bizSource: '2', signDate: '2025-01-01', directFee: '10' });
    expect(s).toMatchObject({ rule: 'standard', category: 'inner', directFeeReadOnly: false });
    expect(s).toMatchObject({ realAmount: '80', technicalFee: '0', operateFee: '16' });
    expect(s).toMatchObject({ expertFee: '4', designFee: '24' });
  });

  it('joint: realAmount = cleanAmount × the chosen rate, no operating fee, expertFee on realAmount', () => {
    const s = split({ bizSource: '3', cleanAmount: '100', realAmountRate: '0.6', directFee: '7' });
    expect(s).toEqual({
      rule: 'joint',
      category: 'union',
      directFeeReadOnly: false,
      realAmount: '60',
      directFee: '7',
      technicalFee: '6',
      operateFee: '0',
      expertFee: '3', // 60 × 0.05, not (60 − 6) × 0.05
      designFee: '16.2', // (60 − 6) × 0.3
    });
  });

  it('joint without a chosen rate takes all of cleanAmount', () => {
    expect(split({ bizSource: '3', cleanAmount: '100' }).realAmount).toBe('100');
  });

  it('declare: the standard rule with the declare rates, whatever the sign date', () => {
    const s = split({ bizSource: 'declare', signDate: '2025-01-01', directFee: '10' });
    expect(s).toMatchObject({ rule: 'standard', category: 'declare', technicalFee: '16' });
  });

  it('a missing or blank rate is 1', () => {
    const s = splitFees({
      bizSource: '2',
      totalAmount: '100',
      cleanAmount: '90',
      directFee: '10',
      rateSets: { inner: { operateFee_rate: '', expertFee_rate: null, designFee_rate: '0.5' } },
    });
    expect(s.ok && s.value).toMatchObject({ operateFee: '80', expertFee: '80', designFee: '40' });
  });

  it('rounds cleanAmount − directFee to 4 decimals, the spec’s subtraction rule', () => {
    expect(split({ bizSource: '2', cleanAmount: '1.00005', directFee: '0' }).realAmount).toBe(
      '1.0001',
    );
  });
});

describe('splitFees: refusals', () => {
  it('refuses a malformed or negative amount, naming the field in Chinese', () => {
    const bad = failure(
      splitFees({ bizSource: '1', totalAmount: 'x', cleanAmount: '1', rateSets: {} }),
    );
    expect(bad).toEqual({
      code: 'FEES.INVALID_AMOUNT',
      message: '合同金额格式不正确',
      field: 'totalAmount',
    });
    const negative = failure(
      splitFees({
        bizSource: '1',
        totalAmount: '1',
        cleanAmount: '1',
        directFee: '-1',
        rateSets: {},
      }),
    );
    expect(negative).toEqual({
      code: 'FEES.NEGATIVE_AMOUNT',
      message: '直接费不能为负数',
      field: 'directFee',
    });
    const fine = failure(
      splitFees({ bizSource: '1', totalAmount: '1', cleanAmount: '0.0000001', rateSets: {} }),
    );
    expect(fine.code).toBe('FEES.INVALID_AMOUNT');
  });

  it('refuses a malformed rate or one above 1', () => {
    const sets = (rate: string): FeeRateSets => ({ market: { technicalFee_rate: rate } });
    const bad = failure(
      splitFees({ bizSource: '1', totalAmount: '1', cleanAmount: '1', rateSets: sets('10%') }),
    );
    expect(bad).toMatchObject({ code: 'FEES.INVALID_RATE', field: 'technicalFee_rate' });
    const high = failure(
      splitFees({ bizSource: '1', totalAmount: '1', cleanAmount: '1', rateSets: sets('1.01') }),
    );
    expect(high).toEqual({
      code: 'FEES.RATE_OUT_OF_RANGE',
      message: '技术费率应在0到1之间',
      field: 'technicalFee_rate',
    });
    const joint = failure(
      splitFees({
        bizSource: '3',
        totalAmount: '1',
        cleanAmount: '1',
        realAmountRate: '2',
        rateSets: {},
      }),
    );
    expect(joint.field).toBe('realAmountRate');
  });

  it('refuses a directFee above cleanAmount under the standard rule', () => {
    const r = failure(
      splitFees({
        bizSource: '2',
        totalAmount: '1',
        cleanAmount: '1',
        directFee: '1.5',
        rateSets: {},
      }),
    );
    expect(r).toEqual({
      code: 'FEES.DIRECT_FEE_EXCEEDS_CLEAN_AMOUNT',
      message: '直接费不能大于合同净额',
      field: 'directFee',
    });
  });

  it('refuses a sign date that is not a yyyy-MM-dd date', () => {
    for (const signDate of ['2024/04/01', '2024-4-1', '2024-02-30', '2024-13-01', 'soon']) {
      const r = failure(
        splitFees({ bizSource: '1', signDate, totalAmount: '1', cleanAmount: '1', rateSets: {} }),
      );
      expect(r).toMatchObject({ code: 'FEES.INVALID_SIGN_DATE', field: 'signDate' });
    }
  });
});

describe('isDirectFeeReadOnly', () => {
  it.each([
    ['1', '2024-04-01', true],
    ['1', '2030-12-31', true],
    ['1', '2024-03-31', false],
    ['1', '', false],
    ['1', null, false],
    ['1', undefined, false],
    ['1', '2024-02-30', false],
    ['1', '2024/04/01', false],
    ['2', '2024-04-01', false],
    ['3', '2024-04-01', false],
    ['declare', '2024-04-01', false],
  ] as const)('%s signed %s → %s', (source, date, expected) => {
    expect(isDirectFeeReadOnly(source, date)).toBe(expected);
  });

  it('accepts a leap day', () => {
    expect(isDirectFeeReadOnly('1', '2024-02-29')).toBe(false);
    expect(isDirectFeeReadOnly('1', '2028-02-29')).toBe(true);
  });
});

/** A decimal written from an integer count of its last decimal, float-free. */
const scaled = (units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};
const amount4 = fc.bigInt({ min: 0n, max: 10n ** 14n }).map((u) => scaled(u, 4));
const amount6 = fc.bigInt({ min: 0n, max: 10n ** 16n }).map((u) => scaled(u, 6));
const anyAmount = fc.oneof(amount4, amount6);
const rate = fc.bigInt({ min: 0n, max: 10_000n }).map((u) => scaled(u, 4));
const rates: fc.Arbitrary<FeeRates> = fc.record(
  {
    technicalFee_rate: rate,
    operateFee_rate: rate,
    expertFee_rate: rate,
    designFee_rate: rate,
  },
  { requiredKeys: [] },
);
const rateSets: fc.Arbitrary<FeeRateSets> = fc.record({
  market: rates,
  inner: rates,
  union: rates,
  declare: rates,
});
const source = fc.constantFrom<FeeSource>('1', '2', '3', 'declare');
const signDate = fc.option(
  fc
    .date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  { nil: undefined },
);

/** Any valid input: directFee kept within cleanAmount so that the standard rule accepts it. */
const validInput: fc.Arbitrary<FeeSplitInput> = fc
  .record({
    bizSource: source,
    signDate,
    totalAmount: anyAmount,
    cleanAmount: anyAmount,
    directFee: anyAmount,
    realAmountRate: fc.option(rate, { nil: undefined }),
    rateSets,
  })
  .map((i) =>
    compareAmounts(i.directFee, i.cleanAmount) > 0 ? { ...i, directFee: i.cleanAmount } : i,
  );

const FEE_FIELDS = [
  'realAmount',
  'directFee',
  'technicalFee',
  'operateFee',
  'expertFee',
  'designFee',
] as const;
const CANONICAL_NON_NEGATIVE = /^(?:0|[1-9]\d*)(?:\.\d{0,5}[1-9])?$/;

describe('splitFees: properties', () => {
  it('accepts every valid input and answers non-negative decimal strings with at most 6 decimals', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const r = splitFees(input);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        for (const f of FEE_FIELDS) expect(r.value[f]).toMatch(CANONICAL_NON_NEGATIVE);
      }),
      { numRuns: 1000 },
    );
  });

  it('uses the 2024 market rule exactly when directFee is read-only', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const r = splitFees(input);
        if (!r.ok) return;
        const readOnly = isDirectFeeReadOnly(input.bizSource, input.signDate);
        expect(r.value.directFeeReadOnly).toBe(readOnly);
        expect(r.value.rule === 'market2024').toBe(readOnly);
        expect(readOnly).toBe(input.bizSource === '1' && (input.signDate ?? '') >= '2024-04-01');
      }),
    );
  });

  it('2024 market rule: realAmount + designFee + directFee = cleanAmount unless directFee is floored', () => {
    fc.assert(
      fc.property(anyAmount, anyAmount, rates, (totalAmount, cleanAmount, market) => {
        const r = splitFees({
          bizSource: '1',
          signDate: '2024-04-01',
          totalAmount,
          cleanAmount,
          rateSets: { market },
        });
        if (!r.ok) throw new Error(r.error.message);
        const { realAmount, designFee, directFee } = r.value;
        expect(realAmount).toBe(multiplyAmount(cleanAmount, '0.101'));
        expect(designFee).toBe(multiplyAmount(totalAmount, '0.025'));
        const sum = addAmounts(realAmount, designFee, directFee);
        if (directFee === '0') expect(compareAmounts(sum, cleanAmount)).toBeGreaterThanOrEqual(0);
        else expect(sum).toBe(roundAmount(cleanAmount));
      }),
      { numRuns: 1000 },
    );
  });

  it('standard rule: realAmount + directFee = cleanAmount for amounts typed with 4 decimals', () => {
    fc.assert(
      fc.property(
        amount4,
        amount4,
        fc.constantFrom<FeeSource>('1', '2', 'declare'),
        (a, b, bizSource) => {
          const [directFee, cleanAmount] = compareAmounts(a, b) <= 0 ? [a, b] : [b, a];
          const r = splitFees({
            bizSource,
            totalAmount: '0',
            cleanAmount,
            directFee,
            rateSets: {},
          });
          if (!r.ok) throw new Error(r.error.message);
          expect(addAmounts(r.value.realAmount, r.value.directFee)).toBe(roundAmount(cleanAmount));
        },
      ),
    );
  });

  it('fees by rate never exceed realAmount, and partition it when the shares after technical add to 1', () => {
    const shares = fc
      .tuple(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10_000n }))
      .filter(([o, e]) => o + e <= 10_000n)
      .map(([o, e]) => [scaled(o, 4), scaled(e, 4), scaled(10_000n - o - e, 4)] as const);
    fc.assert(
      fc.property(
        amount6,
        amount6,
        rate,
        shares,
        fc.constantFrom<FeeSource>('1', 'declare'),
        (a, b, t, s, bizSource) => {
          const [directFee, cleanAmount] = compareAmounts(a, b) <= 0 ? [a, b] : [b, a];
          const set: FeeRates = {
            technicalFee_rate: t,
            operateFee_rate: s[0],
            expertFee_rate: s[1],
            designFee_rate: s[2],
          };
          const r = splitFees({
            bizSource,
            totalAmount: '0',
            cleanAmount,
            directFee,
            rateSets: { market: set, declare: set },
          });
          if (!r.ok) throw new Error(r.error.message);
          const v = r.value;
          for (const fee of [v.technicalFee, v.operateFee, v.expertFee, v.designFee]) {
            expect(compareAmounts(fee, v.realAmount)).toBeLessThanOrEqual(0);
          }
          // Four products, each rounded to the 分 (the technical one cancels out): the parts add up
          // to realAmount within 1.5 分.
          const exactGap = addAmounts(
            v.technicalFee,
            v.operateFee,
            v.expertFee,
            v.designFee,
            `-${v.realAmount}`,
          );
          expect(compareAmounts(exactGap.replace('-', ''), '0.0000015')).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a missing rate is the same as a rate of 1', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const ones: FeeRates = {
          technicalFee_rate: '1',
          operateFee_rate: '1',
          expertFee_rate: '1',
          designFee_rate: '1',
        };
        const blank = splitFees({ ...input, rateSets: {} });
        const explicit = splitFees({
          ...input,
          realAmountRate: input.realAmountRate ?? '1',
          rateSets: { market: ones, inner: ones, union: ones, declare: ones },
        });
        expect(blank).toEqual(explicit);
      }),
    );
  });

  it('internal business has no technical fee and joint business no operating fee', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const r = splitFees(input);
        if (!r.ok) return;
        if (input.bizSource === '2') expect(r.value.technicalFee).toBe('0');
        if (input.bizSource === '3') expect(r.value.operateFee).toBe('0');
      }),
    );
  });
});
