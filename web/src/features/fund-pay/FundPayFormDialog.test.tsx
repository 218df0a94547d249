import {
  ApiError,
  type FundPayBody,
  type FundPayRecord,
  type PaymentPlanBody,
  type PaymentPlanRecord,
  type PayItemRecord,
} from '@dpms/http-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundPayFormDialog } from './FundPayFormDialog';
import { PaymentPlanFormDialog } from './PaymentPlanFormDialog';

const PLAN = {
  paymentPlanId: 7,
  contractId: 3,
  contractName: '某住宅设计合同',
  planMonth: '2026-07',
  receiveCompanyName: '某设计顾问公司',
  planPayAmount: '25',
  paidAmount: '5',
  pendingAmount: '0',
  canPayAmount: '20',
} as PaymentPlanRecord;

const item = (over: Partial<PayItemRecord>): PayItemRecord => ({
  childPayId: 26,
  contractChildId: 5,
  contractChildNo: 'FB-2026-05',
  contractId: 3,
  contractName: '某住宅设计合同',
  receiveCompanyName: '某设计顾问公司',
  payAmount: '30',
  payDate: '2026-07-01',
  remark: '第一期',
  committedAmount: '10',
  canPayAmount: '20',
  ...over,
});
/** Two sub-contracts' pay items: record ids that nobody could guess from the screen. */
const ITEMS: PayItemRecord[] = [
  item({}),
  item({
    childPayId: 27,
    remark: '第二期',
    payAmount: '15',
    committedAmount: '0',
    canPayAmount: '15',
  }),
  item({
    childPayId: 41,
    contractChildId: 9,
    contractChildNo: 'FB-2026-09',
    receiveCompanyName: '某勘察院',
    remark: '勘察费',
  }),
];

class PayGateway {
  readonly added: FundPayBody[] = [];
  readonly edited: unknown[] = [];
  planList = () => Promise.resolve({ rows: [PLAN], total: 1 });
  payItems = () => Promise.resolve(ITEMS);
  addPay = (b: FundPayBody) => {
    this.added.push(b);
    return Promise.resolve({ status: b.submit ? 1 : 0 } as FundPayRecord);
  };
  editPay = (b: unknown) => {
    this.edited.push(b);
    return Promise.resolve({ status: 0 } as FundPayRecord);
  };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the fund payment form', () => {
  it('shows the net pay live with core’s rule and refuses a wrong tax rate before sending', async () => {
    const gateway = new PayGateway();
    render(
      <FundPayFormDialog
        gateway={gateway as never}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /某设计顾问公司/ })).toBeTruthy(),
    );
    fill('付款计划', '7');
    expect(screen.getByTestId('fund-pay-can-pay').textContent).toBe('20');
    fill('付款事由', '七月咨询费');
    fill('本次付款金额（万元）', '10');
    expect(screen.getByTestId('fund-pay-net').textContent).toBe('10');
    fill('税率', '0.03');
    expect(screen.getByTestId('fund-pay-net').textContent).toBe('9.7');
    fill('本次付款金额（万元）', '1.2345');
    fill('税率', '0.01');
    expect(screen.getByTestId('fund-pay-net').textContent).toBe('1.172775');

    fill('税率', '0.09');
    expect(screen.getByText(/税率应为0到0.06之间的小数/)).toBeTruthy();
    expect(screen.getByTestId('fund-pay-net').textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    expect(gateway.added).toHaveLength(0);

    fill('税率', '0.03');
    fill('本次付款金额（万元）', '12');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toEqual({
      paymentPlanId: 7,
      reason: '七月咨询费',
      payAmount: '12',
      taxRate: '0.03',
      submit: true,
    });
  });

  it('names what is missing and pays a sub-contract pay item as 16_x', async () => {
    const gateway = new PayGateway();
    render(
      <FundPayFormDialog
        gateway={gateway as never}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    // Core's marks and words, every field at once.
    expect(screen.getByText('付款计划').textContent).toBe('*付款计划');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择付款计划或分包付款项中的一项作为付款依据')).toBeTruthy();
    expect(screen.getByText('付款事由不能为空')).toBeTruthy();
    expect(screen.getByText('本次付款金额不能为空')).toBeTruthy();
    fill('付款依据', 'item');
    await waitFor(() => expect(screen.getByRole('option', { name: /FB-2026-09/ })).toBeTruthy());
    fill('分包合同', '9');
    fill('分包付款项', '41');
    fill('付款事由', '分包技术服务费');
    fill('本次付款金额（万元）', '8');
    // A pay item's payment takes its pay day's month: one of the two is needed.
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('计划月份不能为空')).toBeTruthy();
    expect(gateway.added).toHaveLength(0);
    fill('审批类型', '16_2');
    fill('付款事由', '分包技术服务费');
    fill('付款日期', '2026-07-20');
    fill('本次付款金额（万元）', '8');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toMatchObject({
      childPayId: 41,
      typeCode: '16_2',
      payTime: '2026-07-20',
      payAmount: '8',
      submit: false,
    });
  });
});

describe('the pay-item picker', () => {
  it('offers the chosen sub-contract’s pay items by name, amount and paid, and sends the record’s id', async () => {
    const gateway = new PayGateway();
    render(
      <FundPayFormDialog
        gateway={gateway as never}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('付款依据', 'item');
    expect(screen.queryByLabelText('分包付款项编号')).toBeNull();
    await waitFor(() => expect(screen.getByRole('option', { name: /FB-2026-05/ })).toBeTruthy());
    // One entry per sub-contract, its pay items only once it is chosen.
    expect(screen.getAllByRole('option', { name: /FB-2026-05/ })).toHaveLength(1);
    expect(screen.queryByRole('option', { name: /第一期/ })).toBeNull();
    fill('分包合同', '5');
    expect(
      screen.getByRole('option', { name: '2026-07-01 第一期 30万元（已付10，可付20）' }),
    ).toBeTruthy();
    expect(screen.getByRole('option', { name: /第二期 15万元/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /勘察费/ })).toBeNull();
    fill('分包付款项', '27');
    expect(screen.getByTestId('fund-pay-item-can-pay').textContent).toBe('15');
    // Another sub-contract clears the pay item chosen for the first.
    fill('分包合同', '9');
    expect(screen.getByLabelText<HTMLSelectElement>('分包付款项').value).toBe('');
    fill('分包合同', '5');
    fill('分包付款项', '26');
    fill('付款事由', '分包设计费');
    fill('付款日期', '2026-07-20');
    fill('本次付款金额（万元）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toMatchObject({ childPayId: 26, typeCode: '16_1' });
    expect(gateway.added[0]).not.toHaveProperty('contractChildId');
  });
});

/** A payment-plan gateway that refuses with `refusals` first, then records what it adds. */
function planGateway(refusals: Error[] = []) {
  const added: PaymentPlanBody[] = [];
  const gateway = {
    addPlan: (b: PaymentPlanBody) => {
      const refusal = refusals.shift();
      if (refusal) return Promise.reject(refusal);
      added.push(b);
      return Promise.resolve(PLAN);
    },
    editPlan: () => Promise.resolve(PLAN),
  };
  return { gateway, added };
}

/** The new-plan form over one contract and a `planGateway`. */
function openPlanForm(refusals: Error[] = []) {
  const { gateway, added } = planGateway(refusals);
  render(
    <PaymentPlanFormDialog
      gateway={gateway as never}
      contracts={[{ value: '3', label: '某住宅项目（某住宅设计合同）' }]}
      onClose={() => undefined}
      onSaved={() => undefined}
    />,
  );
  return { added };
}

describe('the payment plan form', () => {
  it('checks the planned amount as typed and sends the plan line', async () => {
    const { added } = openPlanForm();
    fill('合同', '3');
    fill('计划月份', '2026-08');
    fill('收款单位', '某设计顾问公司');
    fill('计划付款金额（万元）', '1.1234567');
    expect(
      screen.getByText('计划付款金额格式不正确：请输入最多6位小数的金额（万元）'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(added).toHaveLength(0);
    fill('计划付款金额（万元）', '20');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      contractId: 3,
      contractChildId: null,
      planMonth: '2026-08',
      subjectName: '',
      receiveCompanyName: '某设计顾问公司',
      planPayAmount: '20',
      remark: '',
    });
  });

  it('picks the sub-contract of the chosen contract instead of typing its id', async () => {
    const { gateway, added } = planGateway();
    const asked: number[] = [];
    render(
      <PaymentPlanFormDialog
        gateway={gateway as never}
        contracts={[
          { value: '3', label: '某住宅项目（某住宅设计合同）' },
          { value: '8', label: '某办公楼项目（某办公楼合同）' },
        ]}
        subContracts={(contractId) => {
          asked.push(contractId);
          return Promise.resolve(
            contractId === 3
              ? [
                  {
                    contractChildId: 26,
                    contractChildNo: 'FB-2026-05',
                    receiveCompanyName: '某设计顾问公司',
                  },
                ]
              : [],
          );
        }}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    expect(screen.queryByPlaceholderText(/ID/)).toBeNull();
    fill('合同', '3');
    await screen.findByRole('option', { name: 'FB-2026-05 → 某设计顾问公司' });
    expect(asked).toEqual([3]);
    fill('分包合同', '26');
    fill('计划月份', '2026-08');
    fill('计划付款金额（万元）', '5');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ contractId: 3, contractChildId: 26 });
    // Another contract clears the choice and offers its own sub-contracts.
    fill('合同', '8');
    await waitFor(() => expect(asked).toEqual([3, 8]));
    expect(screen.getByLabelText<HTMLSelectElement>('分包合同').value).toBe('');
    expect(screen.queryByRole('option', { name: /FB-2026-05/ })).toBeNull();
  });

  it('marks core required fields, shows every problem at once and a server refusal on its field', async () => {
    const refusals = [
      new ApiError(
        'FUND_PAY.PLAN_BELOW_COMMITTED',
        '计划付款金额不能小于已付及待付金额',
        422,
        false,
        'planPayAmount',
      ),
    ];
    const { added } = openPlanForm(refusals);
    for (const label of ['合同', '计划月份', '收款单位', '计划付款金额（万元）'])
      expect(screen.getByText(label).textContent).toBe(`*${label}`);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('合同不能为空')).toBeTruthy();
    expect(screen.getByText('收款单位不能为空')).toBeTruthy();
    expect(screen.getByText('计划付款金额不能为空')).toBeTruthy();
    fill('合同', '3');
    fill('收款单位', '某设计顾问公司');
    fill('计划付款金额（万元）', '2');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('计划付款金额不能小于已付及待付金额')).toBeTruthy();
    expect(added).toHaveLength(0);
  });
});
