import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeRateSets } from '../fees/fee-rates.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { Contract } from './contract.js';
import { changeContent, changeFees, isInChange } from './contract-change.js';
import { computeContractFees } from './contract-fees.js';
import { validateContractInput } from './contract-validation.js';

const stored: FeeRateSets = {
  inner: {
    technicalFee_rate: '0',
    operateFee_rate: '0.05',
    expertFee_rate: '0.02',
    designFee_rate: '0.5',
  },
};
const current: FeeRateSets = {
  inner: {
    technicalFee_rate: '0',
    operateFee_rate: '0.1',
    expertFee_rate: '0.1',
    designFee_rate: '0.1',
  },
  market: {
    technicalFee_rate: '0.05',
    operateFee_rate: '0.03',
    expertFee_rate: '0.02',
    designFee_rate: '0.3',
  },
};

function formal(total: string, clean: string, bizSource = '2'): Contract {
  const input = {
    projectName: 'p',
    contractName: 'c',
    bizSource,
    totalAmount: total,
    cleanAmount: clean,
    signByMain: 'a',
    signBySub: 'b',
    signDate: '2023-05-06',
  };
  const f = validateContractInput(input, 'formal');
  if (!f.ok) throw new Error(f.error.message);
  const fees = computeContractFees(f.value, 'formal', stored);
  if (!fees.ok) throw new Error(fees.error.message);
  return {
    ...f.value,
    ...fees.value.fees,
    contractId: 1,
    stage: 'formal',
    status: 1,
    effective: true,
    convertedFrom: null,
    approvalId: null,
    changeId: null,
    feeRates: fees.value.rates,
    version: 0,
    deptId: 1,
    userId: 1,
    createBy: 'x',
    createByName: 'x',
    createTime: new Date(0),
    updateTime: new Date(0),
    settleAmount: '1.5',
  };
}

describe('contract change fees', () => {
  it('recomputes the split of the changed amounts with the rates the contract was computed with', () => {
    const c = formal('100', '90');
    const r = changeFees(c, { ...c, totalAmount: '150', cleanAmount: '140' }, current);
    expect(r.ok && r.value.fees).toMatchObject({
      realAmount: '140',
      operateFee: '7',
      expertFee: '2.8',
      designFee: '70',
      settleAmount: '1.5',
    });
  });

  it('an edit recomputes the split even when the whole stored contract is passed as its closing amounts', () => {
    const c = formal('100', '90');
    const r = computeContractFees({ ...c, cleanAmount: '50' }, 'formal', stored, c);
    expect(r.ok && r.value.fees).toMatchObject({ realAmount: '50', settleAmount: '1.5' });
  });

  it('uses the current rates when the change moves the contract to another source', () => {
    const c = formal('100', '90');
    const r = changeFees(c, { ...c, bizSource: '1' }, current);
    expect(r.ok && r.value.rates).toEqual(current.market);
  });

  it('property: every recomputed fee is the split of the proposed amounts, never the old ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (t, pct) => {
          const total = new MoneyDecimal(t).div(100).toString();
          const clean = new MoneyDecimal(t).mul(pct).div(10_000).toString();
          const c = formal('100', '90');
          const r = changeFees(c, { ...c, totalAmount: total, cleanAmount: clean }, current);
          if (!r.ok) return false;
          return new MoneyDecimal(r.value.fees.realAmount).eq(new MoneyDecimal(clean));
        },
      ),
    );
  });

  it('says which fields change, and when a contract is held by a change', () => {
    const c = formal('100', '90');
    const content = changeContent(c, { totalAmount: ['100', '150'] }, '追加');
    expect(content['contractContent']?.value).toBe('合同金额：100 → 150\n变更原因：追加');
    expect(isInChange(c)).toBe(false);
    expect(isInChange({ changeId: 3 })).toBe(true);
  });
});
