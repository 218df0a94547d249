import { describe, expect, it } from 'vitest';
import { fundPerformListQuery, fundPlanListQuery, fundPlanRecord } from './fund-plan.js';

describe('the fund plan wire schemas', () => {
  it('read the list filters as the API does, refusing a month that is not yyyy-MM', () => {
    expect(fundPlanListQuery.parse({ planMonth: '', status: '2' })).toMatchObject({
      status: '2',
      pageNum: 1,
    });
    const r = fundPlanListQuery.safeParse({ planMonth: '2024-13' });
    expect(r.success || r.error.issues[0]?.message).toBe('参数 planMonth 格式应为yyyy-MM');
    expect(fundPerformListQuery.safeParse({ lineKind: 'bonus' }).success).toBe(false);
  });

  it('document a plan with its lines, refusing a line of an unknown kind', () => {
    const plan = {
      planId: 1,
      deptId: 110,
      deptName: '建筑一所',
      planMonth: '2024-07',
      status: 0,
      statusName: '草稿',
      incomeAmount: '10',
      rigidAmount: '2',
      loanAmount: '0',
      paymentAmount: '0',
      totalAmount: '2',
      reserveAmount: '0',
      confirmAmount: '0',
      balanceAmount: '8',
      executedAmount: '0',
      reason: '',
      remark: '',
      approvalId: null,
      approvalKind: null,
      userId: 1,
      createBy: 'admin',
      createTime: null,
      approvedTime: null,
      version: 0,
      lines: [
        {
          lineId: 1,
          lineKind: 'income',
          lineKindName: '预计回款',
          subjectName: '回款',
          contractId: null,
          contractName: '',
          amount: '10',
          paybackRate: null,
          allotAmount: null,
          confirmAmount: '0',
          executedAmount: '0',
          remark: '',
        },
      ],
    };
    expect(fundPlanRecord.safeParse(plan).success).toBe(true);
    const odd = { ...plan, lines: [{ ...plan.lines[0], lineKind: 'bonus' }] };
    expect(fundPlanRecord.safeParse(odd).success).toBe(false);
  });
});
