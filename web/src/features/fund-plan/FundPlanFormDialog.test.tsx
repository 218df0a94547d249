import {
  ApiError,
  type FundPerformBody,
  type FundPerformRecord,
  type FundPlanBody,
  type FundPlanRecord,
  type Page,
  type WriteOptions,
} from '@dpms/http-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundPerformFormDialog } from './FundPerformFormDialog';
import { FundPlanFormDialog } from './FundPlanFormDialog';

class PlanGateway {
  readonly added: FundPlanBody[] = [];
  readonly keys: (string | undefined)[] = [];
  readonly refusals: Error[] = [];
  addPlan = (b: FundPlanBody, options?: WriteOptions) => {
    this.keys.push(options?.idempotencyKey);
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(refusal);
    this.added.push(b);
    return Promise.resolve({ status: b.submit ? 1 : 0 } as FundPlanRecord);
  };
  editPlan = () => Promise.resolve({} as FundPlanRecord);
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the fund plan form', () => {
  it('shows totals and the tips live from core and refuses a bad line before sending', async () => {
    const gateway = new PlanGateway();
    render(
      <FundPlanFormDialog
        gateway={gateway}
        depts={[{ value: '110', label: '建筑一所' }]}
        contracts={[{ value: '7', label: '示范项目（设计合同）' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('计划月份', '2026-03');
    fill('计划部门', '110');
    // Line 1 starts as 预计回款, line 2 as 刚性支出.
    fill('第1行科目名称', '合同回款');
    fill('第1行合同', '7');
    fill('第1行金额', '60');
    fill('第1行回款率', '0.5');
    fill('第1行备案分配', '10.000001');
    fill('第2行科目名称', '工资');
    fill('第2行金额', '20.1');
    expect(text('plan-line-confirm-1')).toBe('5.000001');
    expect(text('plan-rigid')).toBe('20.1');
    expect(text('plan-reserve')).toBe('40.2');
    expect(text('plan-confirm')).toBe('5.000001');
    fireEvent.click(screen.getByRole('button', { name: '添加明细' }));
    fill('第3行类别', 'payment');
    fill('第3行科目名称', '分包付款');
    fill('第3行金额', '0');
    expect(text('plan-total')).toBe('20.1');
    expect(text('plan-balance')).toBe('39.9');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    expect(await screen.findByText('第3行金额必须大于0')).toBeTruthy();
    expect(gateway.added).toHaveLength(0);
    fill('第3行金额', '15.5');
    expect(text('plan-total')).toBe('35.6');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toMatchObject({
      deptId: 110,
      planMonth: '2026-03',
      submit: true,
      lines: [
        {
          lineKind: 'income',
          contractId: 7,
          amount: '60',
          paybackRate: '0.5',
          allotAmount: '10.000001',
        },
        { lineKind: 'rigid', subjectName: '工资', amount: '20.1', contractId: null },
        { lineKind: 'payment', amount: '15.5' },
      ],
    });
  });

  it('asks for a month in yyyy-MM', async () => {
    const gateway = new PlanGateway();
    render(
      <FundPlanFormDialog
        gateway={gateway}
        depts={[]}
        contracts={[]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('计划月份', '2026-3');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('计划月份格式应为yyyy-MM')).toBeTruthy();
    expect(gateway.added).toHaveLength(0);
  });
});

describe('the fund plan form checks with the wire body', () => {
  const renderForm = (gateway: PlanGateway) =>
    render(
      <FundPlanFormDialog
        gateway={gateway}
        depts={[{ value: '110', label: '建筑一所' }]}
        contracts={[{ value: '7', label: '示范项目（设计合同）' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );

  it("marks what core requires and shows every line's problem beside its field at once", async () => {
    const gateway = new PlanGateway();
    renderForm(gateway);
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual(expect.arrayContaining(['*类别', '*科目名称', '*金额（万元）']));
    expect(screen.getByText('计划月份').textContent).toBe('*计划月份');
    // Blank is the drafter's own department: not required.
    expect(screen.getByText('计划部门').textContent).toBe('计划部门');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    for (const message of [
      '第1行科目名称不能为空',
      '第1行金额不能为空',
      '第1行合同：预计回款须选择合同',
      '第2行科目名称不能为空',
      '第2行金额不能为空',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(gateway.keys).toHaveLength(0);
  });

  it('puts a server refusal of a line on that line, and retries a lost answer under its key', async () => {
    const gateway = new PlanGateway();
    gateway.refusals.push(
      new ApiError('VALIDATION', '第2行金额必须大于0', 400, false, 'lines[1].amount', [
        { field: 'lines[1].amount', message: '第2行金额必须大于0' },
      ]),
      new ApiError('HTTP.TRANSPORT', '网络异常', 0, true),
    );
    renderForm(gateway);
    fill('第1行类别', 'loan');
    fill('第1行科目名称', '团队借款');
    fill('第1行金额', '5');
    fill('第2行科目名称', '工资');
    fill('第2行金额', '20');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const beside = await screen.findByText('第2行金额必须大于0');
    expect(screen.getByTestId('plan-line-2').contains(beside)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    // The refused try ended its key; the lost one's retry kept it.
    expect(gateway.keys[1]).not.toBe(gateway.keys[0]);
    expect(gateway.keys[2]).toBe(gateway.keys[1]);
  });
});

const PLAN = {
  planId: 3,
  planMonth: '2026-03',
  deptName: '建筑一所',
  totalAmount: '35.6',
  status: 2,
  lines: [
    { lineId: 11, lineKind: 'rigid', subjectName: '工资', amount: '20', executedAmount: '12.5' },
    { lineId: 12, lineKind: 'rigid', subjectName: '房租', amount: '4', executedAmount: '0' },
    { lineId: 13, lineKind: 'payment', subjectName: '分包付款', amount: '15', executedAmount: '0' },
  ],
} as unknown as FundPlanRecord;

class PerformGateway {
  readonly added: FundPerformBody[] = [];
  readonly refusals: Error[] = [];
  planList = () => Promise.resolve({ rows: [PLAN], total: 1 } as Page<FundPlanRecord>);
  plan = () => Promise.resolve(PLAN);
  addPerform = (b: FundPerformBody) => {
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(refusal);
    this.added.push(b);
    return Promise.resolve({ status: 0 } as FundPerformRecord);
  };
  editPerform = () => Promise.resolve({} as FundPerformRecord);
}

describe('the fund execution form', () => {
  it('shows what each plan line allows and refuses more unless over-plan is ticked', async () => {
    const gateway = new PerformGateway();
    render(
      <FundPerformFormDialog
        gateway={gateway}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await screen.findByRole('option', { name: /2026-03 建筑一所/ });
    fill('资金计划', '3');
    expect(await screen.findByTestId('perform-left-工资')).toBeTruthy();
    expect(text('perform-left-工资')).toBe('7.5');
    expect(screen.queryByTestId('perform-left-分包付款')).toBeNull();
    fill('工资本次执行', '7.500001');
    fill('房租本次执行', '4');
    expect(screen.getByRole('alert').textContent).toContain('超过计划可执行余额（余7.5万元）');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(gateway.added).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('超计划执行'));
    expect(text('perform-total')).toBe('11.500001');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toMatchObject({
      planId: 3,
      lineKind: 'rigid',
      overPlan: true,
      submit: false,
      lines: [
        { planLineId: 11, amount: '7.500001' },
        { planLineId: 12, amount: '4' },
      ],
    });
  });

  it('shows the wire body problems beside their fields, and a refused line on its row', async () => {
    const gateway = new PerformGateway();
    gateway.refusals.push(
      new ApiError(
        'FUND_PLAN.OVER_PLAN',
        '第1行金额超过计划可执行余额',
        422,
        false,
        'lines[0].amount',
      ),
    );
    render(
      <FundPerformFormDialog
        gateway={gateway}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await screen.findByRole('option', { name: /2026-03 建筑一所/ });
    expect(screen.getByText('资金计划').textContent).toBe('*资金计划');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('资金计划不能为空')).toBeTruthy();
    expect(screen.getByText('请至少填写一行明细')).toBeTruthy();
    fill('资金计划', '3');
    await screen.findByTestId('perform-left-房租');
    fill('房租本次执行', '4');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const beside = await screen.findByText('第1行金额超过计划可执行余额');
    expect(screen.getByLabelText('房租本次执行').closest('td')?.contains(beside)).toBe(true);
    expect(gateway.added).toHaveLength(0);
  });
});
