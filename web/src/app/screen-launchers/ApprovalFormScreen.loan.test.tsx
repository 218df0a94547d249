import { aLoanRecord } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoanPage } from '../../features/fund/LoanPage';
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

const DEPTS = [{ id: 112, label: '结构所', children: [] }];
const POSITION = {
  deptId: 112,
  totalShouldReceAmt: '100',
  totalReceiveAmt: '30',
  totalAllotConfirmAmt: '12',
  outstandingLoanAmt: '15',
  pendingLoanAmt: '8',
  borrowableAmt: '47',
};
const LOAN_ROUTES = {
  '/system/dept/treeselect/': () => ok(DEPTS),
  '/system/dept/treeselect': () => ok(DEPTS),
  '/v4/contract/designPerformDetail': () => ok(POSITION),
  '/contract/loan/list': () => page([]),
  '/v4/design-task/list': () => page([]),
  '/contract/loan/add': (b: Record<string, unknown>) =>
    ok(
      aLoanRecord({
        loanId: 9,
        loanDeptId: 112,
        loanAmount: String(b['loanAmount']),
        status: b['submit'] === true ? 1 : 0,
        statusName: b['submit'] === true ? '审批中' : '草稿',
        approvalId: b['submit'] === true ? '77' : null,
      }),
    ),
};

/** The loan form as a person fills it, wherever it was opened. */
async function fillLoan(amount: string) {
  const dialog = await screen.findByTestId('loan-form');
  change(dialog, '借款部门', '112');
  await waitFor(() => expect(within(dialog).getByTestId('loan-borrowable').textContent).toBe('47'));
  change(dialog, '借款金额（万元）', amount);
  change(dialog, '还款日期', '2026-12-31');
  change(dialog, '借款事由', '项目周转');
  fireEvent.click(within(dialog).getByRole('button', { name: '保存并送审' }));
  return dialog;
}

describe('发起审批 of a loan agreement (10_1) is 借款管理’s own loan form', () => {
  it('holds the loan limit beside the amount, then sends the same loan as 借款管理 and opens its approval', async () => {
    const centre = await openCentre('Common', '10_1', LOAN_ROUTES);
    fireEvent.click(within(centre.form).getByRole('button', { name: '申请借款' }));
    // The team's limit (47) is the record's own rule: refused beside the field, nothing sent.
    const dialog = await fillLoan('47.5');
    expect(within(dialog).getByText('借款金额超过可借额度（可借47万元）')).toBeTruthy();
    expect(centre.api.sent('/contract/loan/add')).toHaveLength(0);
    change(dialog, '借款金额（万元）', '40');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并送审' }));
    await sentTo(centre.api, '/contract/loan/add');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('77'));
    // The approval centre's own create route is never asked.
    const fromCentre = writesOf(centre.api);
    expect(fromCentre.map((w) => w.url)).toEqual(['/contract/loan/add']);

    const screenApi = openScreen(<LoanPage />, LOAN_ROUTES);
    fireEvent.click(await screen.findByTestId('loan-add'));
    await fillLoan('40');
    await sentTo(screenApi, '/contract/loan/add');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre[0]?.body).toMatchObject({ loanDeptId: 112, loanAmount: '40', submit: true });
  });

  it('offers 借款管理’s form only to who may apply for a loan there', async () => {
    const centre = await openCentre('Common', '10_1', LOAN_ROUTES, {
      permissions: ['project:approval:add'],
    });
    expect(within(centre.form).queryByRole('button', { name: '申请借款' })).toBeNull();
    expect(within(centre.form).getByTestId('screen-no-permission').textContent).toBe(
      '您没有“申请借款”的权限，请联系管理员。',
    );
  });

  it('sends a loan draft saved in 借款管理 as that screen’s 送审 does', async () => {
    const draft = aLoanRecord({ loanId: 12, loanDeptName: '结构所', loanAmount: '8', userId: 10 });
    const routes = {
      ...LOAN_ROUTES,
      '/contract/loan/list': listed([
        draft,
        aLoanRecord({ loanId: 13, status: 1, statusName: '审批中' }),
      ]),
      '/contract/loan/updateToApproval': () =>
        ok({ ...draft, status: 1, statusName: '审批中', approvalId: '78' }),
    };
    const centre = await openCentre('Common', '10_1', routes);
    const drafts = within(centre.form).getByTestId('screen-drafts');
    const picker = within(drafts).getByLabelText('关联借款');
    await within(picker).findByText('结构所 8万元（还款日期2024-12-31）');
    // The loan in approval is not a draft the screen would send.
    expect(picker.querySelectorAll('option')).toHaveLength(2);
    change(drafts, '关联借款', '12');
    fireEvent.click(within(drafts).getByRole('button', { name: '送审' }));
    await sentTo(centre.api, '/contract/loan/updateToApproval');
    await waitFor(() => expect(centre.saved).toHaveBeenCalledWith('78'));
    const fromCentre = writesOf(centre.api);

    const screenApi = openScreen(<LoanPage />, routes);
    fireEvent.click(await screen.findByTestId('loan-submit-12'));
    await sentTo(screenApi, '/contract/loan/updateToApproval');
    expect(writesOf(screenApi)).toEqual(fromCentre);
    expect(fromCentre).toEqual([{ url: '/contract/loan/updateToApproval', body: { loanId: 12 } }]);
  });
});
