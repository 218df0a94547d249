import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitFees } from '../fees/fee-split.js';
import type { FeeRateSets } from '../fees/fee-rates.js';
import { checkClientFees, computeContractFees, rateSetFromDict } from './contract-fees.js';
import {
  contractInputProblems,
  requiredContractFields,
  validateContractInput,
  type ContractInput,
} from './contract-validation.js';
import type { ContractFields } from './contract.js';

const BASE: ContractInput = {
  projectName: ' 滨江新城规划 ',
  contractName: '滨江新城规划设计合同',
  bizSource: '1',
  totalAmount: '100',
  cleanAmount: '90',
};

const valid = (
  input: ContractInput,
  stage: 'stay' | 'contract' | 'formal' = 'contract',
): ContractFields => {
  const r = validateContractInput(input, stage);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const refused = (input: ContractInput, stage: 'stay' | 'contract' | 'formal' = 'contract') => {
  const r = validateContractInput(input, stage);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
};

describe('validateContractInput', () => {
  it('trims text, canonicalises amounts and defaults the blanks', () => {
    const f = valid({ ...BASE, totalAmount: '100.50', cleanAmount: '', receiveAmount: ' ' });
    expect(f.projectName).toBe('滨江新城规划');
    expect(f.totalAmount).toBe('100.5');
    expect(f.cleanAmount).toBe('100.5');
    expect(f.receiveAmount).toBe('0');
    expect(f.signDate).toBeNull();
  });

  it('names the field of every refusal in Chinese', () => {
    expect(refused({ ...BASE, contractName: '  ' })).toMatchObject({
      field: 'contractName',
      message: '合同名称不能为空',
    });
    expect(refused({ ...BASE, bizSource: '9' })).toMatchObject({
      field: 'bizSource',
      message: '业务来源的取值不正确',
    });
    expect(refused({ ...BASE, totalAmount: '12a' })).toMatchObject({
      field: 'totalAmount',
      code: 'VALIDATION.INVALID_AMOUNT',
    });
    expect(refused({ ...BASE, totalAmount: '-1' }).message).toContain('合同金额');
    expect(refused({ ...BASE, totalAmount: '1.1234567' }).field).toBe('totalAmount');
    expect(refused({ ...BASE, cleanAmount: '101' })).toMatchObject({
      field: 'cleanAmount',
      message: '合同净额不能大于合同金额',
    });
    expect(refused({ ...BASE, receiveAmount: '100.01' }).field).toBe('receiveAmount');
    expect(refused({ ...BASE, signDate: '2024-02-30' })).toMatchObject({
      field: 'signDate',
      message: '签订日期格式应为yyyy-MM-dd',
    });
    expect(refused({ ...BASE, contractNo: 'x'.repeat(65) })).toMatchObject({
      field: 'contractNo',
      message: '合同编号不能超过64个字符',
    });
    expect(refused({ ...BASE, realAmountRate: '1.5' }).field).toBe('realAmountRate');
  });

  it('asks a contract recorded as signed (addHistory) for its parties and sign date', () => {
    expect(refused(BASE, 'formal')).toMatchObject({ field: 'signByMain', message: '甲方不能为空' });
    expect(
      valid({ ...BASE, signByMain: '甲', signBySub: '乙', signDate: '2024-05-01' }, 'formal')
        .signBySub,
    ).toBe('乙');
  });
});

const RATES: FeeRateSets = {
  market: {
    technicalFee_rate: '0.05',
    operateFee_rate: '0.03',
    expertFee_rate: '0.02',
    designFee_rate: '0.025',
  },
  inner: {
    technicalFee_rate: '0',
    operateFee_rate: '0.03',
    expertFee_rate: '0.02',
    designFee_rate: '0.025',
  },
  union: {
    technicalFee_rate: '0.05',
    operateFee_rate: '0',
    expertFee_rate: '0.02',
    designFee_rate: '0.025',
  },
  declare: {
    technicalFee_rate: '0.1',
    operateFee_rate: '0.03',
    expertFee_rate: '0.02',
    designFee_rate: '0.025',
  },
};

describe('computeContractFees', () => {
  it('applies the 2024 market rule and refuses an edited directFee', () => {
    const f = valid({ ...BASE, signDate: '2024-04-01', directFee: '5' });
    const c = computeContractFees(f, 'contract', RATES);
    if (!c.ok) throw new Error(c.error.message);
    expect(c.value.fees).toMatchObject({
      realAmount: '9.09',
      designFee: '2.5',
      directFee: '78.41',
      closedCaseAmount: '0',
    });
    expect(c.value.rates).toEqual(RATES.market);
    expect(checkClientFees({ directFee: '5' }, c.value)).toMatchObject({
      ok: false,
      error: { field: 'directFee' },
    });
    expect(checkClientFees({ directFee: '78.41', designFee: '2.500' }, c.value).ok).toBe(true);
    expect(checkClientFees({ technicalFee: '1' }, c.value)).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT.FEE_MISMATCH', field: 'technicalFee' },
    });
  });

  it('splits a declared project with the declare rate set', () => {
    const c = computeContractFees(valid({ ...BASE, directFee: '10' }), 'declare', RATES);
    if (!c.ok) throw new Error(c.error.message);
    expect(c.value.fees.realAmount).toBe('80');
    expect(c.value.fees.technicalFee).toBe('8');
    expect(c.value.rates).toEqual(RATES.declare);
  });

  it('reads a rate set from its dictionary items', () => {
    expect(
      rateSetFromDict([
        { dictLabel: 'technicalFee_rate', dictValue: '0.05' },
        { dictLabel: 'cleanAmount_rate', dictValue: '0.9' },
      ]),
    ).toEqual({ technicalFee_rate: '0.05' });
  });

  const amount = fc
    .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 9999 }))
    .map(([i, d]) => `${i}.${String(d).padStart(4, '0')}`);
  it('stores exactly what splitFees gives for the stored inputs, for any contract', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('1', '2', '3'),
        fc.constantFrom('', '2023-12-31', '2024-04-01', '2025-06-30'),
        fc.constantFrom<'stay' | 'declare' | 'contract'>('stay', 'declare', 'contract'),
        (total, cleanPct, directPct, bizSource, signDate, stage) => {
          const clean = ((Number(total) * cleanPct) / 100).toFixed(4);
          const direct = ((Number(clean) * directPct) / 100).toFixed(4);
          const cleanAmount = Number(clean) > Number(total) ? total : clean;
          const f = valid(
            { ...BASE, totalAmount: total, cleanAmount, directFee: direct, bizSource, signDate },
            'contract',
          );
          const c = computeContractFees(f, stage, RATES);
          if (!c.ok) throw new Error(c.error.message);
          const stored = { ...f, directFee: c.value.fees.directFee };
          // Redo the split from what is stored (inputs and the stored rate set): the same figures.
          const again = splitFees({
            bizSource: stage === 'declare' ? 'declare' : stored.bizSource,
            signDate: stored.signDate,
            totalAmount: stored.totalAmount,
            cleanAmount: stored.cleanAmount,
            directFee: stored.directFee,
            realAmountRate: stored.realAmountRate,
            rateSets: {
              market: c.value.rates,
              inner: c.value.rates,
              union: c.value.rates,
              declare: c.value.rates,
            },
          });
          if (!again.ok) throw new Error(again.error.message);
          for (const k of [
            'realAmount',
            'directFee',
            'technicalFee',
            'operateFee',
            'expertFee',
            'designFee',
          ] as const) {
            expect(again.value[k]).toBe(c.value.fees[k]);
          }
          expect(c.value.fees.directFee.startsWith('-')).toBe(false);
          expect(checkClientFees(c.value.fees, c.value).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('contractInputProblems', () => {
  it('names every field with a problem at once, one message per field', () => {
    const problems = contractInputProblems(
      {
        projectName: '',
        contractName: ' ',
        bizSource: '1',
        totalAmount: 'x',
        signDate: '2024-13-01',
      },
      'contract',
      { review: true },
    );
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['projectName', '项目名称不能为空'],
      ['contractName', '合同名称不能为空'],
      ['totalAmount', '合同金额应为不小于0的金额（万元，最多6位小数）'],
      ['signDate', '签订日期格式应为yyyy-MM-dd'],
      ['signByMain', '甲方不能为空'],
      ['signBySub', '乙方不能为空'],
    ]);
  });

  it('asks for the parties only where the review sheet needs them', () => {
    expect(requiredContractFields('stay')).not.toContain('signByMain');
    expect(requiredContractFields('contract')).not.toContain('signByMain');
    expect(requiredContractFields('contract', { review: true })).toEqual(
      expect.arrayContaining(['signByMain', 'signBySub', 'signDate']),
    );
    expect(requiredContractFields('formal')).toContain('signBySub');
    expect(contractInputProblems(BASE, 'contract')).toEqual([]);
    expect(contractInputProblems(BASE, 'contract', { review: true }).map((p) => p.field)).toEqual([
      'signByMain',
      'signBySub',
      'signDate',
    ]);
  });

  it('refuses exactly when a problem is found, with the first problem, for any input', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const field = fc.oneof(
      fc.constant(''),
      fc.constant(' '),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('1', '3', '9', '12.5', '-1', '1.1234567', '2024-02-30', '2024-05-01'),
      fc.string({ minLength: 60, maxLength: 70 }),
    );
    const anyInput = fc.record({
      projectName: maybe(field),
      contractName: maybe(field),
      contractNo: maybe(field),
      signByMain: maybe(field),
      signBySub: maybe(field),
      bizSource: maybe(field),
      bizType: maybe(field),
      totalAmount: maybe(field),
      cleanAmount: maybe(field),
      receiveAmount: maybe(field),
      realAmountRate: maybe(field),
      signDate: maybe(field),
    });
    fc.assert(
      fc.property(
        anyInput,
        fc.constantFrom('stay', 'declare', 'contract', 'formal' as const),
        fc.boolean(),
        (raw, stage, review) => {
          const problems = contractInputProblems(raw, stage, { review });
          const r = validateContractInput(raw, stage, { review });
          const fields = problems.map((p) => p.field);
          expect(new Set(fields).size).toBe(fields.length);
          if (r.ok) expect(problems).toEqual([]);
          else expect(r.error).toEqual(problems[0]);
          for (const required of requiredContractFields(stage, { review })) {
            const v = (raw as Record<string, string | undefined>)[required];
            if (v === undefined || v.trim() === '') expect(fields).toContain(required);
          }
        },
      ),
    );
  });
});
