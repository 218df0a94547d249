import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { FundPlanPage } from './FundPlanPage';

const plan = (planId: number, planMonth: string, status: number, statusName: string) => ({
  planId,
  deptId: 110,
  deptName: '建筑一所',
  planMonth,
  status,
  statusName,
  incomeAmount: '1234.500000',
  rigidAmount: '1',
  loanAmount: '0',
  paymentAmount: '1',
  totalAmount: '2',
  reserveAmount: '2',
  confirmAmount: '0',
  balanceAmount: '0',
  executedAmount: '0',
  reason: '',
  remark: '',
  approvalId: null,
  approvalKind: null,
  userId: 8,
  createBy: 'caiwu',
  createByName: '周会计',
  createTime: null,
  approvedTime: null,
  version: 0,
  lines: [],
});

const api = () =>
  new FakeApi({
    '/contract/fundPlan/list': () => ({
      code: 200,
      msg: '查询成功',
      total: 3,
      rows: [
        plan(1, '2026-10', 0, '待提交'),
        plan(2, '2026-11', 2, '已通过'),
        plan(3, '2026-12', 1, '审批中'),
      ],
    }),
  });

const rowOf = async (month: string) => within((await screen.findByText(month)).closest('tr')!);

describe('资金计划 offers only what the server accepts', () => {
  it('offers 修改, 送审 and 删除 on a draft, none of them on a plan approved or in approval', async () => {
    renderWithApi(<FundPlanPage />, api());
    const draft = await rowOf('2026-10');
    for (const label of ['修改', '送审', '删除']) expect(draft.getByText(label)).toBeTruthy();
    for (const month of ['2026-11', '2026-12']) {
      const row = await rowOf(month);
      for (const label of ['修改', '送审', '删除']) expect(row.queryByText(label)).toBeNull();
    }
  });

  it('shows one 操作 column holding 详情 beside 删除, and amounts as people read them', async () => {
    renderWithApi(<FundPlanPage />, api());
    const draft = await rowOf('2026-10');
    expect(screen.getAllByRole('columnheader', { name: '操作' })).toHaveLength(1);
    const detail = draft.getByText('详情').closest('td');
    expect(detail).toBe(draft.getByText('删除').closest('td'));
    const income = screen.getByRole('columnheader', { name: '预计回款（万元）' });
    expect(income.className).toContain('text-right');
    const sums = within(screen.getByTestId('sum-row')).getAllByRole('cell');
    // Three plans of 1,234.5 万元 each: grouped, trimmed, like the cells above it.
    expect(draft.getAllByText('1,234.5').length).toBeGreaterThan(0);
    expect(sums.map((c) => c.textContent)).toContain('3,703.5');
  });
});
