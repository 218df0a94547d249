/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '@dpms/core';
import { useFundApi } from '../test-support/fund-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { loanBody } from '../test-support/fund-bodies.js';

/** One 分 (10^-6 万元) more than `amount`: the smallest step over a limit. */
const plusOneFen = (amount: string) => new MoneyDecimal(amount).plus('0.000001').toFixed();

describe.each(testDatabaseKinds())('fund API (loans and repayments) on %s', (kind) => {
  const suite = useFundApi(kind);
  const { refused, reconciles, approveAll } = suite;
  const { post, get, okData, xlsxRows } = suite.client;
  let contractId: number;
  let taskId: number;
  beforeAll(() => {
    contractId = suite.contractId();
    taskId = suite.taskId();
  });

  it('lends within the limit, takes effect only when the loan agreement is approved, and is repaid', async () => {
    const pos = await okData(get('caiwu', '/v4/contract/designPerformDetail', { taskId }));
    expect(pos).toMatchObject({ deptId: 110, outstandingLoanAmt: '0', pendingLoanAmt: '0' });
    expect(Number(pos.totalShouldReceAmt)).toBeGreaterThanOrEqual(200);
    const room = pos.borrowableAmt as string;
    const over = await refused(
      post('xmjl', '/v4/contract/addTaskLoan', {
        taskId,
        loanAmount: plusOneFen(room),
        refundDate: '2026-12-31',
      }),
      422,
      'loanAmount',
    );
    expect(over.msg).toContain('可借');

    const loan = await okData(
      post('xmjl', '/v4/contract/addTaskLoan', {
        taskId,
        loanAmount: '12',
        refundDate: '2026-12-31',
        reason: '支付外协费',
        submit: true,
      }),
    );
    expect(loan).toMatchObject({
      status: 1,
      statusName: '审批中',
      loanDeptId: 110,
      contractId,
      taskId,
      outstandingAmount: '0',
    });
    expect(loan.approvalId).toEqual(expect.any(String));
    // In approval: not repayable, not changeable, counted as pending.
    await refused(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '1',
        repaymentDate: '2026-07-01',
      }),
      422,
    );
    await refused(
      post('caiwu', '/v4/contract/modifyReadyMoney', { loanId: loan.loanId, loanAmount: '1' }),
      422,
    );
    await refused(post('caiwu', '/contract/loan/delete', { loanId: loan.loanId }), 422);
    const pending = await okData(get('caiwu', '/v4/contract/designPerformDetail', { deptId: 110 }));
    expect(pending.pendingLoanAmt).toBe('12');
    expect(await okData(get('caiwu', '/v4/contract/transDetailByTaskId', { taskId }))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ movement: 'loan.approve' })]),
    );

    await approveAll(String(loan.approvalId));
    const approved = await okData(get('caiwu', '/contract/loan/detail', { loanId: loan.loanId }));
    expect(approved).toMatchObject({ status: 2, statusName: '已生效', outstandingAmount: '12' });
    const owed = await okData(get('caiwu', '/v4/contract/designPerformDetail', { deptId: 110 }));
    expect(owed).toMatchObject({ outstandingLoanAmt: '12', pendingLoanAmt: '0' });

    const repaid = await okData(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '5',
        repaymentDate: '2026-07-01',
        remark: '首次还款',
      }),
    );
    expect(repaid).toMatchObject({ loanId: loan.loanId, repaymentAmount: '5', loanDeptId: 110 });
    const tooMuch = await refused(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '7.000001',
        repaymentDate: '2026-07-02',
      }),
      422,
      'repaymentAmount',
    );
    expect(tooMuch.msg).toContain('未还7万元');
    await okData(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '7',
        repaymentDate: '2026-07-03',
      }),
    );
    const done = await okData(get('caiwu', '/contract/loan/detail', { loanId: loan.loanId }));
    expect(done).toMatchObject({ repaidAmount: '12', outstandingAmount: '0' });
    await refused(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '0.000001',
        repaymentDate: '2026-07-04',
      }),
      422,
      'repaymentAmount',
    );

    const trans = await okData(get('caiwu', '/v4/contract/transDetailByTaskId', { taskId }));
    expect(
      trans
        .filter((e: { loanId: number }) => e.loanId === loan.loanId)
        .map(
          (e: { movementName: string; amount: string; accountKind: string }) =>
            `${e.movementName}:${e.accountKind}:${e.amount}`,
        ),
    ).toEqual([
      '借款生效:loan:12',
      '借款生效:teamLoan:12',
      '还款:loan:-5',
      '还款:teamLoan:-5',
      '还款:loan:-7',
      '还款:teamLoan:-7',
    ]);
    const byTask = await get('caiwu', '/v4/contract/loanList', { taskId });
    expect(byTask.body.rows.map((l: { loanId: number }) => l.loanId)).toContain(loan.loanId);
    const repayments = await get('caiwu', '/contract/repayment/list', { loanId: loan.loanId });
    expect(repayments.body.total).toBe(2);
    const one = await okData(
      get('caiwu', '/contract/repayment/detail', { repaymentId: repaid.repaymentId }),
    );
    expect(one.remark).toBe('首次还款');
    await refused(
      get('bmfzr2', '/contract/repayment/detail', { repaymentId: repaid.repaymentId }),
      403,
    );
    const loanSheet = await xlsxRows('caiwu', '/contract/loan/export', { taskId });
    expect(loanSheet[0]).toContain('借款金额（万元）');
    // The loan list's columns: 编号 first, the status by its name.
    expect(loanSheet.some((r) => r[0] === String(loan.loanId) && r.includes('已生效'))).toBe(true);
    const repaySheet = await xlsxRows('caiwu', '/contract/repayment/export', {
      loanId: loan.loanId,
    });
    expect(repaySheet).toHaveLength(3);
    await reconciles();
  });

  it('a draft loan can be changed within the limit, sent later, turned down, and deleted', async () => {
    const draft = await okData(
      post('xmjl', '/contract/loan/add', loanBody('2', { reason: '备用' })),
    );
    expect(draft).toMatchObject({ status: 0, statusName: '草稿' });
    const room = (await okData(get('caiwu', '/v4/contract/designPerformDetail', { deptId: 110 })))
      .borrowableAmt as string;
    await refused(
      post('caiwu', '/v4/contract/modifyReadyMoney', {
        loanId: draft.loanId,
        loanAmount: plusOneFen(room),
      }),
      422,
      'loanAmount',
    );
    const ready = await okData(
      post('caiwu', '/v4/contract/modifyReadyMoney', { loanId: draft.loanId, loanAmount: '3' }),
    );
    expect(ready.loanAmount).toBe('3');
    const edited = await okData(
      post('caiwu', '/contract/loan/edit', {
        loanId: draft.loanId,
        refundDate: '2027-01-31',
        reason: '备用金',
      }),
    );
    expect(edited).toMatchObject({ refundDate: '2027-01-31', reason: '备用金', loanAmount: '3' });
    const sent = await okData(
      post('xmjl', '/contract/loan/updateToApproval', { loanId: draft.loanId }),
    );
    expect(sent.status).toBe(1);
    const d = await okData(
      get('bmfzr', '/project/approval/getCommonApprovalDetail', { serviceId: sent.approvalId }),
    );
    await okData(
      post('bmfzr', '/project/approval/process', {
        approvalId: sent.approvalId,
        version: d.approval.version,
        action: 'reject',
        content: '额度另议',
      }),
    );
    const rejected = await okData(get('caiwu', '/contract/loan/detail', { loanId: draft.loanId }));
    expect(rejected).toMatchObject({ status: 3, outstandingAmount: '0' });
    await okData(post('caiwu', '/contract/loan/delete', { loanId: draft.loanId }));
    await refused(get('caiwu', '/contract/loan/detail', { loanId: draft.loanId }), 404);
    await refused(
      post('xmjl', '/contract/loan/add', loanBody('1', { loanDeptId: 999_999 })),
      404,
      'loanDeptId',
    );
    await refused(
      post('xmjl', '/contract/loan/add', loanBody('1', { refundDate: '2026-13-45' })),
      400,
      'refundDate',
    );
    await reconciles();
  });
});
