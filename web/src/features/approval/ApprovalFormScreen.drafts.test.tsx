import type { TemplateKind } from '@dpms/core';
import type { FundPayRecord, FundPerformRecord } from '@dpms/http-client';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listed, openCentre, page } from './screen-test-kit';

/** What a draft payment and a draft execution sheet both carry. */
const draft = {
  reason: '',
  remark: '',
  approvalId: null,
  userId: 10,
  createBy: '用户',
  createByName: '用户',
  createTime: null,
  version: 1,
  status: 0 as const,
  statusName: '草稿',
};
const perform = (
  performId: number,
  lineKind: FundPerformRecord['lineKind'],
  lineKindName: string,
  overPlan: boolean,
): FundPerformRecord => ({
  ...draft,
  approvalKind: null,
  approvedTime: null,
  performId,
  planId: 3,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-03',
  lineKind,
  lineKindName,
  overPlan,
  totalAmount: String(performId),
  performDate: '2026-03-05',
  lines: [],
});
const pay = (payId: number, typeCode: FundPayRecord['typeCode']): FundPayRecord => ({
  ...draft,
  typeCode,
  payId,
  paymentPlanId: typeCode === '20_1' ? 2 : null,
  childPayId: typeCode === '20_1' ? null : 26,
  contractId: 3,
  contractName: `付款合同${typeCode}`,
  contractNo: 'HT-3',
  contractChildId: typeCode === '20_1' ? null : 5,
  deptId: null,
  deptName: '',
  planMonth: '',
  subjectName: '',
  payTime: '',
  payCompanyName: '',
  receiveCompanyName: '某设计顾问公司',
  payAmount: String(payId),
  taxRate: '0.06',
  realPayAmount: String(payId),
  typeName: '付款',
  paidTime: null,
  remark: '',
});
const PERFORMS = [
  perform(1, 'income', '预计回款', false),
  perform(2, 'loan', '借款支出', false),
  perform(3, 'rigid', '刚性支出', true),
];
const PAYS = [pay(16, '16_1'), pay(17, '16_2'), pay(20, '20_1')];
const ROUTES = {
  '/contract/fundPerform/list': listed(PERFORMS),
  '/v4/fundPay/list': listed(PAYS),
};

/** The drafts 发起审批's 送审 picker offers under `typeCode`, by their labels. */
async function draftsOffered(kind: TemplateKind, typeCode: string, noun: string) {
  const centre = await openCentre(kind, typeCode, ROUTES);
  const picker = within(centre.form).getByLabelText(`关联${noun}`);
  await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
  expect(picker.querySelector('option')?.textContent).not.toBe(`${noun}加载失败`);
  return [...picker.querySelectorAll('option')].slice(1).map((o) => o.textContent);
}

describe('发起审批 offers to 送审 only the drafts that travel on the chosen code', () => {
  it.each([
    ['9_1', ['2026-03 建筑一所 预计回款 1万元']],
    ['26_2', ['2026-03 建筑一所 借款支出 2万元']],
    ['9_2', ['2026-03 建筑一所 刚性支出 3万元']],
    ['26_1', []],
  ])(
    'an execution sheet under %s: its kind’s code, or 9_2 when asked over the plan',
    async (code, offered) => {
      expect(await draftsOffered('FundMonthPlan', code, '资金执行单')).toEqual(offered);
    },
  );

  it.each([
    ['ContractSeal', '16_1', ['付款合同16_1 16万元']],
    ['ContractSeal', '16_2', ['付款合同16_2 17万元']],
    ['FundMonthPlan', '20_1', ['付款合同20_1 20万元']],
  ] as const)(
    'a payment under %s %s: only the drafts of that code',
    async (kind, code, offered) => {
      expect(await draftsOffered(kind, code, '付款')).toEqual(offered);
    },
  );
});

describe('发起审批 asks the list for the drafts by status, not one page of every status', () => {
  it('finds a payment draft behind a thousand paid payments', async () => {
    const paid = Array.from({ length: 1000 }, (_, i) => ({
      ...pay(1000 + i, '16_1'),
      status: 2 as const,
      statusName: '已付款',
    }));
    const drafts = [pay(16, '16_1')];
    // One page of 1000 rows of every status holds the paid ones only.
    const centre = await openCentre('ContractSeal', '16_1', {
      '/v4/fundPay/list': (q) =>
        page(q['status'] === undefined ? paid : listed([...paid, ...drafts])(q).rows),
    });
    const picker = within(centre.form).getByLabelText('关联付款');
    await within(picker).findByText('付款合同16_1 16万元');
    const asked = centre.api.calls.filter((c) => c.url === '/v4/fundPay/list');
    expect(asked.map((c) => c.input['status']).sort()).toEqual(['0', '3']);
  });
});
