import { describe, expect, it } from 'vitest';
import {
  fundPerformAddBody,
  fundPerformListQuery,
  fundPlanAddBody,
  fundPlanListQuery,
  fundPlanRecord,
} from './fund-plan.js';

const problemsOf = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

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
      createByName: '系统管理员',
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

  it("check every line of a plan by core's rules, each problem on its line's field", () => {
    const r = fundPlanAddBody.safeParse({
      planMonth: '2026-07',
      lines: [
        { lineKind: 'rigid', subjectName: '工资', amount: '20' },
        { lineKind: 'rigid', subjectName: '', amount: 12 },
        { lineKind: 'income', subjectName: '回款', amount: '1.0000001', paybackRate: '2' },
        { lineKind: 'bonus', subjectName: '奖金', amount: '1' },
      ],
    });
    expect(problemsOf(r)).toEqual([
      ['lines.1.amount', '第2行金额格式不正确：请输入最多6位小数的金额（万元）'],
      ['lines.3.lineKind', '第4行类别只能是预计回款、刚性支出、借款支出或付款支出'],
      ['lines.1.subjectName', '第2行科目名称不能为空'],
      ['lines.2.amount', '第3行金额格式不正确：请输入最多6位小数的金额（万元）'],
      ['lines.2.contractId', '第3行合同：预计回款须选择合同'],
      ['lines.2.paybackRate', '第3行回款率应为0到1之间、最多6位小数的数'],
    ]);
    const fine = fundPlanAddBody.safeParse({
      planMonth: '2026-07',
      lines: [{ lineKind: 'income', subjectName: '回款', contractId: '7', amount: '3' }],
    });
    expect(fine.success && fine.data.lines?.[0]?.contractId).toBe(7);
  });

  it("check an execution sheet's lines: each names a plan line, once", () => {
    const r = fundPerformAddBody.safeParse({
      planId: 1,
      lineKind: 'rigid',
      performDate: '2026-07-31',
      lines: [{ planLineId: 3, amount: '1' }, { planLineId: 3, amount: '1' }, { amount: '0' }],
    });
    expect(problemsOf(r).map(([f]) => f)).toEqual([
      'lines.1.planLineId',
      'lines.2.planLineId',
      'lines.2.amount',
    ]);
  });
});
