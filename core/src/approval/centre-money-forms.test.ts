import { describe, expect, it } from 'vitest';
import { closingInputOfForm, closingKindOfCode } from '../closing/closing-centre-form.js';
import { fundPayInputOfForm } from '../fund-pay/fund-pay-centre-form.js';
import { loanInputOfForm } from '../fund/loan-centre-form.js';

/** What 发起审批's loan, closing and payment forms hand to their records' own use cases. */
describe('the money forms from 发起审批 as their records read them', () => {
  it('a loan borrows for the picked team with 申请借款’s fields, record fields first', () => {
    expect(
      loanInputOfForm(110, { reason: { type: 'text', value: '表单事由' } } as never, {
        loanAmount: '0.3',
        refundDate: '2026-12-31',
        reason: '借款事由',
        taskId: '7',
      }),
    ).toEqual({
      loanDeptId: 110,
      taskId: 7,
      loanAmount: '0.3',
      refundDate: '2026-12-31',
      reason: '借款事由',
    });
    // A field left out stays out: the loan's own rule names it (还款日期不能为空).
    expect(loanInputOfForm(110, {}, { loanAmount: '1' })).toEqual({
      loanDeptId: 110,
      loanAmount: '1',
    });
  });

  it('a closing code draws up its own kind on the picked contract', () => {
    expect(closingKindOfCode('11_1')).toBe('settle');
    expect(closingKindOfCode('11_2')).toBe('closed');
    expect(closingKindOfCode('10_1')).toBeUndefined();
    expect(
      closingInputOfForm(9, {}, { closedCaseAmount: '30', directFee: '5', remark: '结案' }),
    ).toEqual({ contractId: 9, closedCaseAmount: '30', fees: { directFee: '5' }, remark: '结案' });
  });

  it('a payment sits on the pay item for 16_x and on the plan line for 20_1, with the form’s code', () => {
    const fields = { payAmount: '3', reason: '付款', payTime: '2024-07-20' };
    expect(fundPayInputOfForm('16_2', 4, {}, fields)).toEqual({
      ...fields,
      childPayId: 4,
      typeCode: '16_2',
    });
    expect(fundPayInputOfForm('20_1', 5, {}, fields)).toEqual({
      ...fields,
      paymentPlanId: 5,
      typeCode: '20_1',
    });
  });
});
