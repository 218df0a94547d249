import { ApiError } from '@dpms/http-client';
import { aContractRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClosedCasePage } from '../../features/closing/ClosedCasePage';
import {
  change,
  listed,
  ok,
  openCentre,
  openScreen,
  page,
  sentTo,
  writesOf,
} from '../../features/approval/screen-test-kit';

const FEES = {
  directFee: '10',
  technicalFee: '5',
  expertFee: '2.5',
  operateFee: '1.333333',
  designFee: '2.5',
};
const closingRecord = (kind: 'closed' | 'settle', b: Record<string, unknown>) => ({
  closedId: 3,
  settleId: 3,
  kind,
  kindName: kind === 'closed' ? '结案' : '结算',
  contractId: 7,
  contractNo: 'HT-7',
  contractName: '结案合同',
  projectName: '结案项目',
  closedCaseAmount: String(b['closedCaseAmount']),
  backAmount: '80',
  settleAmount: String(b['settleAmount'] ?? b['closedCaseAmount']),
  originalFees: FEES,
  fees: FEES,
  remark: '',
  status: b['submit'] === true ? 1 : 0,
  statusName: b['submit'] === true ? '审批中' : '草稿',
  approvalId: b['submit'] === true ? '88' : null,
  deptId: 107,
  userId: 10,
  createBy: '用户',
  createByName: '用户',
  version: 1,
  createTime: null,
  approvedTime: null,
});
const INFO = ok({
  contract: {
    contractId: 7,
    stage: 'formal',
    contractNo: 'HT-7',
    contractName: '结案合同',
    projectName: '结案项目',
    fees: FEES,
    backAmount: '80',
  },
  record: null,
});
const OVER_BACK_MESSAGE = '结案金额不能超过合同已回款金额 80 万元';
const OVER_BACK = new ApiError(
  'CLOSING.OVER_BACK',
  OVER_BACK_MESSAGE,
  400,
  false,
  'closedCaseAmount',
  [{ field: 'closedCaseAmount', message: OVER_BACK_MESSAGE }],
);
const ROUTES = {
  '/v4/contract/list': () =>
    page([
      aContractRecord({
        contractId: 7,
        contractName: '结案合同',
        projectName: '结案项目',
        contractNo: 'HT-7',
      }),
    ]),
  '/v4/contract/closedCase/list': () => page([]),
  '/v4/contract/closedCase/detailByContractId': () => INFO,
  '/contract/settle/getContractInfo': () => INFO,
  '/v4/contract/closedCase/add': (b: Record<string, unknown>) => {
    // The server's closing ceiling (core's closingWithinBack), as the route answers it.
    if (Number(b['closedCaseAmount']) > 80) throw OVER_BACK;
    return ok(closingRecord('closed', b));
  },
  '/contract/settle/insertContractSettle': (b: Record<string, unknown>) =>
    ok(closingRecord('settle', b)),
};

/** 结算结案's form as a person fills it: the contract, then the closed-case amount. */
async function fillClosing(amount: string) {
  const dialog = await screen.findByTestId('closing-form');
  const contract = within(dialog).getByLabelText('合同');
  await within(contract).findByText('结案项目（结案合同）');
  change(dialog, '合同', '7');
  await within(dialog).findByTestId('closing-back-amount');
  change(dialog, '结案金额', amount);
  return dialog;
}

describe('发起审批 of a closing (11_2) or settlement (11_1) is 结算结案’s own form', () => {
  it('refuses a closing above the back money with the ceiling, then sends the same closing as 结算结案 and opens its approval', async () => {
    const centre = await openCentre('Common', '11_2', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '新增结案' }));
    const dialog = await fillClosing('100');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    // The closing ceiling is the record's own rule on its own route: beside the amount.
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe(OVER_BACK_MESSAGE);
    expect(refusal.parentElement?.querySelector('[aria-label="结案金额"]')).not.toBeNull();
    expect(centre.saved).not.toHaveBeenCalled();
    change(dialog, '结案金额', '60');
    expect(within(dialog).getByTestId('closing-fee-directFee').textContent).toBe('7.5');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    await sentTo(centre.api, '/v4/contract/closedCase/add', 2);
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('88'));
    const fromCentre = writesOf(centre.api).slice(1);
    expect(writesOf(centre.api).map((w) => w.url)).toEqual([
      '/v4/contract/closedCase/add',
      '/v4/contract/closedCase/add',
    ]);

    const screenApi = openScreen(<ClosedCasePage />, ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: '新增结案' }));
    const again = await fillClosing('60');
    fireEvent.click(within(again).getByRole('button', { name: '提交审批' }));
    await sentTo(screenApi, '/v4/contract/closedCase/add');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toMatchObject({
      contractId: 7,
      closedCaseAmount: '60',
      backAmount: '80',
      directFee: '7.5',
      submit: true,
    });
  });

  it('sends a settlement (11_1) through 结算’s own call', async () => {
    const centre = await openCentre('Common', '11_1', ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '新增结算' }));
    const dialog = await fillClosing('40');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    await sentTo(centre.api, '/contract/settle/insertContractSettle');
    expect(writesOf(centre.api).map((w) => w.url)).toEqual([
      '/contract/settle/insertContractSettle',
    ]);
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('88'));
  });
});

describe('发起审批 sends only a record picked under the code chosen now', () => {
  it('forgets a settlement draft picked under 11_1 once 11_2 is chosen: 送审 asks for a closing and sends nothing', async () => {
    const settleDraft = closingRecord('settle', { closedCaseAmount: '40' });
    const centre = await openCentre('Common', '11_1', {
      ...ROUTES,
      '/contract/settle/list': listed([settleDraft]),
    });
    const picker = within(centre.form).getByLabelText('关联结算');
    const option = await within(picker).findByText('结案项目（结案合同） 40万元');
    change(centre.form, '关联结算', (option as HTMLOptionElement).value);
    change(centre.form, '审批类型', '11_2');
    const closing = await within(centre.form).findByLabelText('关联结案');
    await waitFor(() => expect((closing as HTMLSelectElement).value).toBe(''));
    fireEvent.click(within(centre.form).getByRole('button', { name: '送审' }));
    const alert = centre.form.querySelector('[data-field="recordId"] [role="alert"]');
    expect(alert?.textContent).toBe('请选择关联结案');
    expect(writesOf(centre.api)).toEqual([]);
  });
});
