import type {
  FundPayRecord,
  FundPerformRecord,
  FundPlanRecord,
  PayItemRecord,
} from '@dpms/http-client';
import { aContractRecord } from '@dpms/wire/testing';
import { aSealRow } from '../../test/seal-records';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundPayPage } from '../../features/fund-pay/FundPayPage';
import { FundPerformPage } from '../../features/fund-plan/FundPerformPage';
import { FundPlanPage } from '../../features/fund-plan/FundPlanPage';
import { ResultSealPage } from '../../features/task/ResultSealPage';
import {
  change,
  ok,
  openCentre,
  openScreen,
  page,
  sentTo,
  writesOf,
} from '../../features/approval/screen-test-kit';

const sheet = {
  reason: '',
  remark: '',
  approvalKind: null,
  userId: 10,
  createBy: '用户',
  createByName: '用户',
  createTime: null,
  approvedTime: null,
  version: 1,
};
const PLAN: FundPlanRecord = {
  planId: 3,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-03',
  status: 2,
  statusName: '已通过',
  incomeAmount: '60',
  rigidAmount: '20',
  loanAmount: '0',
  paymentAmount: '0',
  totalAmount: '20',
  reserveAmount: '40',
  confirmAmount: '0',
  balanceAmount: '40',
  executedAmount: '0',
  ...sheet,
  approvalId: '700',
  lines: [
    {
      lineId: 11,
      lineKind: 'rigid',
      lineKindName: '刚性支出',
      subjectName: '工资',
      contractId: null,
      contractName: '',
      amount: '20',
      paybackRate: null,
      allotAmount: null,
      confirmAmount: '0',
      executedAmount: '0',
      remark: '',
    },
  ],
};
const performOf = (b: Record<string, unknown>): FundPerformRecord => ({
  performId: 4,
  planId: 3,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-03',
  lineKind: 'rigid',
  lineKindName: '刚性支出',
  status: b['submit'] === true ? 1 : 0,
  statusName: '审批中',
  overPlan: b['overPlan'] === true,
  totalAmount: '5',
  performDate: '2026-03-05',
  ...sheet,
  approvalId: b['submit'] === true ? '702' : null,
  lines: [],
});
const ITEM: PayItemRecord = {
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
};
const payOf = (b: Record<string, unknown>): FundPayRecord => ({
  payId: 8,
  paymentPlanId: null,
  childPayId: 26,
  contractId: 3,
  contractName: '某住宅设计合同',
  contractNo: 'HT-3',
  contractChildId: 5,
  deptId: null,
  deptName: '',
  planMonth: '',
  subjectName: '',
  reason: String(b['reason']),
  payTime: '',
  payCompanyName: '',
  receiveCompanyName: '某设计顾问公司',
  payAmount: String(b['payAmount']),
  taxRate: '0.06',
  realPayAmount: String(b['payAmount']),
  typeCode: b['typeCode'] === '16_2' ? '16_2' : '16_1',
  typeName: '付款合同',
  status: b['submit'] === true ? 1 : 0,
  statusName: '审批中',
  approvalId: b['submit'] === true ? '703' : null,
  paidTime: null,
  remark: '',
  userId: 10,
  createBy: '用户',
  createByName: '用户',
  createTime: null,
  version: 1,
});
const DEPTS = [{ id: 110, label: '建筑一所', children: [] }];
const ROUTES = {
  '/system/dept/treeselect/': () => ok(DEPTS),
  '/system/dept/treeselect': () => ok(DEPTS),
  '/v4/contract/list': () => page([aContractRecord({ contractId: 7, stage: 'formal' })]),
  '/contract/fundPlan/list': () => page([PLAN]),
  '/contract/fundPlan/detail': () => ok(PLAN),
  '/contract/fundPlan/add': (b: Record<string, unknown>) =>
    ok({ ...PLAN, planId: 9, status: 1, statusName: '审批中', approvalId: '701', ...pick(b) }),
  '/contract/fundPerform/list': () => page([]),
  '/contract/fundPerform/add': (b: Record<string, unknown>) => ok(performOf(b)),
  '/contract/paymentPlan/list': () => page([]),
  '/v4/fundPay/list': () => page([]),
  '/v4/fundPay/monthStat': () => ok([]),
  '/v4/fundPay/payItems': () => ok([ITEM]),
  '/v4/fundPay/add': (b: Record<string, unknown>) => ok(payOf(b)),
};
const pick = (b: Record<string, unknown>) => ({ planMonth: String(b['planMonth']) });

describe('发起审批 of a fund plan (8_x) is 资金计划’s own 新增计划', () => {
  const fillPlan = async () => {
    const dialog = await screen.findByTestId('fund-plan-form');
    change(dialog, '计划月份', '2026-03');
    await within(within(dialog).getByLabelText('计划部门')).findByText('建筑一所');
    change(dialog, '计划部门', '110');
    change(dialog, '第1行科目名称', '合同回款');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('第1行合同').querySelectorAll('option').length).toBe(2),
    );
    change(dialog, '第1行合同', '7');
    change(dialog, '第1行金额', '60');
    change(dialog, '第2行科目名称', '工资');
    change(dialog, '第2行金额', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并送审' }));
  };

  it('sends the same plan as the screen and opens its approval', async () => {
    const centre = await openCentre('FundMonthPlan', '8_1', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '新增计划' }));
    await fillPlan();
    await sentTo(centre.api, '/contract/fundPlan/add');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('701'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<FundPlanPage />, ROUTES);
    fireEvent.click(await screen.findByTestId('fund-plan-add'));
    await fillPlan();
    await sentTo(screenApi, '/contract/fundPlan/add');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toMatchObject({ planMonth: '2026-03', deptId: 110, submit: true });
  });
});

describe('发起审批 of a fund execution (9_x/26_x) is 资金执行’s own 登记执行', () => {
  const fillPerform = async (overPlan: boolean) => {
    const dialog = await screen.findByTestId('fund-perform-form');
    await within(within(dialog).getByLabelText('资金计划')).findByText(/2026-03 建筑一所/);
    change(dialog, '资金计划', '3');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('类别').value).toBe('rigid');
    expect(within(dialog).getByLabelText<HTMLInputElement>('超计划执行').checked).toBe(overPlan);
    change(dialog, '执行日期', '2026-03-05');
    fireEvent.change(await within(dialog).findByLabelText('工资本次执行'), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并送审' }));
  };

  it('presets the code’s kind and sends the same sheet as the screen', async () => {
    const centre = await openCentre('FundMonthPlan', '26_1', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '登记执行' }));
    await fillPerform(false);
    await sentTo(centre.api, '/contract/fundPerform/add');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('702'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<FundPerformPage />, ROUTES);
    fireEvent.click(await screen.findByTestId('fund-perform-add'));
    await fillPerform(false);
    await sentTo(screenApi, '/contract/fundPerform/add');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toMatchObject({ planId: 3, lineKind: 'rigid', submit: true });
  });

  it('asks for an over-plan sheet when 9_2 is chosen', async () => {
    const centre = await openCentre('FundMonthPlan', '9_2', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '登记执行' }));
    await fillPerform(true);
    await sentTo(centre.api, '/contract/fundPerform/add');
    expect(centre.api.sent('/contract/fundPerform/add')[0]).toMatchObject({ overPlan: true });
  });
});

describe('发起审批 of a payment (16_x) is 资金支付’s own 新增付款 on a pay item', () => {
  const fillPay = async (typeCode: string) => {
    const dialog = await screen.findByTestId('fund-pay-form');
    change(dialog, '付款依据', 'item');
    await within(within(dialog).getByLabelText('分包合同')).findByText(/FB-2026-05/);
    change(dialog, '分包合同', '5');
    change(dialog, '分包付款项', '26');
    change(dialog, '审批类型', typeCode);
    change(dialog, '付款事由', '第一期设计费');
    change(dialog, '付款日期', '2026-07-10');
    change(dialog, '本次付款金额（万元）', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并送审' }));
  };

  it('starts on a pay item with the chosen code and sends the same payment as the screen', async () => {
    const centre = await openCentre('ContractSeal', '16_2', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '新增付款' }));
    const dialog = await screen.findByTestId('fund-pay-form');
    // The code chose the basis and the approval: a pay item, 16_2.
    expect(within(dialog).getByLabelText<HTMLSelectElement>('付款依据').value).toBe('item');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('审批类型').value).toBe('16_2');
    await fillPay('16_2');
    await sentTo(centre.api, '/v4/fundPay/add');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('703'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<FundPayPage />, ROUTES);
    fireEvent.click(await screen.findByTestId('fund-pay-add'));
    await fillPay('16_2');
    await sentTo(screenApi, '/v4/fundPay/add');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toMatchObject({ childPayId: 26, typeCode: '16_2', submit: true });
  });
});

describe('发起审批 of a monthly in-plan payment (20_1) is 资金支付’s own 新增付款 on a plan', () => {
  it('starts the form on a payment plan', async () => {
    const centre = await openCentre('FundMonthPlan', '20_1', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '新增付款' }));
    const dialog = await screen.findByTestId('fund-pay-form');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('付款依据').value).toBe('plan');
    expect(within(dialog).getByLabelText('付款计划')).toBeTruthy();
    expect(within(dialog).queryByLabelText('分包付款项')).toBeNull();
  });
});

const SEAL = aSealRow({ resultList: [{ resultId: 7, fileName: '总图.dwg', majorName: '建筑' }] });
const SEAL_ROUTES = {
  '/v4/design-task/getDesignResultSealList': () =>
    page([SEAL, { ...SEAL, resultSealId: 9, status: 1, statusName: '已通过', userId: 3 }]),
  '/project/design-task/updateResultSealToApproval': () =>
    ok({ ...SEAL, status: 0, statusName: '审批中', approvalId: '704' }),
};

describe('发起审批 of a result seal (13_1) is 成果盖章’s own 提交盖章审批', () => {
  it('picks the applicant’s own draft by its task and results, and sends it as the screen does', async () => {
    const centre = await openCentre('Seal', '13_1', SEAL_ROUTES, { userId: 5 });
    const picker = within(centre.form).getByLabelText('关联成果盖章');
    await within(picker).findByText('RW-1 施工图设计：总图.dwg');
    // Only the applicant's own draft may be sent (core's maySubmitSeal): one choice.
    expect(picker.querySelectorAll('option')).toHaveLength(2);
    change(centre.form, '关联成果盖章', '4');
    fireEvent.click(within(centre.form).getByRole('button', { name: '提交审批' }));
    const ask = await screen.findByTestId('seal-submit');
    expect(within(ask).getByLabelText<HTMLSelectElement>('审批类型').value).toBe('13_1');
    fireEvent.click(within(ask).getByRole('button', { name: '确定' }));
    await sentTo(centre.api, '/project/design-task/updateResultSealToApproval');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('704'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<ResultSealPage />, SEAL_ROUTES, { userId: 5 });
    fireEvent.click(await screen.findByText('提交审批'));
    const again = await screen.findByTestId('seal-submit');
    fireEvent.click(within(again).getByRole('button', { name: '确定' }));
    await sentTo(screenApi, '/project/design-task/updateResultSealToApproval');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toEqual({ resultSealId: 4, typeCode: '13_1' });
  });
});
