import { describe, expect, it } from 'vitest';
import {
  closingAnswer,
  closingSaveBody,
  finishConfirmBody,
  finishOverviewAnswer,
} from './closing.js';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the closing wire contract carries core rules', () => {
  it('names every closing field problem at once, in core words', () => {
    const r = closingSaveBody.safeParse({
      closedCaseAmount: '',
      settleAmount: '1.1234567',
      directFee: '-1',
      remark: 'x'.repeat(2001),
    });
    expect(messages(r)).toEqual({
      contractId: '合同不能为空',
      closedCaseAmount: '结案金额不能为空',
      settleAmount: '结算金额须为不小于0、最多6位小数的金额（万元）',
      directFee: '直接费须为不小于0、最多6位小数的金额（万元）',
      remark: '备注不能超过2000个字',
    });
  });

  it('refuses an amount sent as a JSON number naming the field', () => {
    const r = closingSaveBody.safeParse({ contractId: 3, closedCaseAmount: 12.5 });
    expect(Object.keys(messages(r))).toEqual(['closedCaseAmount']);
  });

  it('accepts a closing with only the contract and the closed-case amount', () => {
    expect(closingSaveBody.safeParse({ contractId: '3', closedCaseAmount: '12.5' }).success).toBe(
      true,
    );
  });

  it('names the task and the amount of a finish confirmation together', () => {
    expect(messages(finishConfirmBody.safeParse({ contractId: 3 }))).toEqual({
      taskId: '任务单不能为空',
      confirmFinishAmount: '确认完成产值不能为空',
    });
    expect(
      messages(finishConfirmBody.safeParse({ contractId: 3, taskId: 4, confirmFinishAmount: '0' })),
    ).toEqual({ confirmFinishAmount: '确认完成产值须为大于0、最多6位小数的金额（万元）' });
  });

  it('an answer missing a field is refused, naming it', () => {
    const r = closingAnswer.safeParse({ code: 200, msg: 'ok', data: { closedId: 1 } });
    expect(r.success).toBe(false);
    expect(finishOverviewAnswer.safeParse({ code: 200, msg: 'ok', data: {} }).success).toBe(false);
  });
});
