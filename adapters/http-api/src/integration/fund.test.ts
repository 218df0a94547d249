/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '@dpms/core';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';

// Demo institute: caiwu (财务, all data), xmjl (项目经理, 建筑一所 110), bmfzr (head of 110),
// bmfzr2 (head of 结构所 112), zjl (总经理), yuangong (普通员工, no fund permission).
// The loan agreement (10_1) goes to the drafter's department head, finance and the general manager.

/** One 分 (10^-6 万元) more than `amount`: the smallest step over a limit. */
const plusOneFen = (amount: string) => new MoneyDecimal(amount).plus('0.000001').toFixed();

describe.each(testDatabaseKinds())('back money, loans and repayments API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  let taskId: number;
  const { post, get, bodyOf, okData, xlsxRows, signIn } = apiClient(() => api);
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const body = await bodyOf(r, status);
    if (field !== undefined) expect(body.field ?? JSON.stringify(body)).toContain(field);
    return body;
  };
  const reconciles = async () => {
    expect(await okData(get('caiwu', '/project/backMoney/reconcile'))).toEqual([]);
  };
  const approveAll = async (approvalId: string) => {
    for (const user of ['bmfzr', 'caiwu', 'zjl']) {
      const d = await okData(
        get(user, '/project/approval/getCommonApprovalDetail', { serviceId: approvalId }),
      );
      await okData(
        post(user, '/project/approval/process', {
          approvalId,
          version: d.approval.version,
          action: 'approve',
        }),
      );
    }
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const c = await db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '资金接口测试项目',
        contract_name: '资金接口测试合同',
        biz_source: '1',
        total_amount: '500',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    const t = await db
      .insertInto('design_task')
      .values({
        contract_id: contractId,
        task_no: `FUND-API-${kind}`,
        task_name: '资金接口测试任务',
        design_stage_id: '3',
        design_user_id: 4,
        project_manager_id: 3,
        plan_finish_date: '2026-12-31',
        task_amount: '200',
        confirm_finish_amount: '50',
        major_list: '[]',
        dept_id: 110,
        user_id: 3,
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    taskId = t.task_id;
    await signIn('caiwu', 'xmjl', 'bmfzr', 'bmfzr2', 'zjl', 'yuangong', 'jingying');
  });
  afterAll(() => api.close());

  it('records, lists, changes, allots (V1 and V2), explains and exports back money', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '80',
        backDate: '2026-03-01',
        remark: '一期回款',
      }),
    );
    expect(b).toMatchObject({
      backAmount: '80',
      unallottedAmount: '80',
      allottedAmount: '0',
      projectName: '资金接口测试项目',
    });
    const changed = await okData(
      post('caiwu', '/project/backMoney/modify', {
        backMoneyId: b.backMoneyId,
        contractId,
        backAmount: '60',
        backDate: '2026-03-02',
        remark: '一期回款（更正）',
      }),
    );
    expect(changed).toMatchObject({
      backAmount: '60',
      unallottedAmount: '60',
      backDate: '2026-03-02',
    });

    const tasks = await okData(
      get('caiwu', '/project/backMoney/taskList', { backMoneyId: b.backMoneyId }),
    );
    expect(tasks).toEqual([
      expect.objectContaining({ taskId, deptId: 110, taskAmount: '200', allottedAmount: '0' }),
    ]);
    const v1 = await okData(
      post('bmfzr', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        taskId,
        allotAmount: '20',
      }),
    );
    expect(v1).toHaveLength(1);
    const v2 = await okData(
      post('caiwu', '/project/backMoney/allotDesignV2', {
        backMoneyId: b.backMoneyId,
        list: [
          { deptId: 110, allotAmount: '10.5' },
          { deptId: 112, allotAmount: '4.5' },
        ],
      }),
    );
    expect(v2.map((l: { allotAmount: string }) => l.allotAmount)).toEqual(['20', '10.5', '4.5']);

    const detail = await okData(
      get('caiwu', '/project/backMoney/getBackMoneyDesignDetail', { backMoneyId: b.backMoneyId }),
    );
    expect(detail.backMoney).toMatchObject({ allottedAmount: '35', unallottedAmount: '25' });
    expect(detail.teams).toEqual([
      expect.objectContaining({ deptId: 110, allotAmount: '30.5' }),
      expect.objectContaining({ deptId: 112, allotAmount: '4.5' }),
    ]);
    const history = await okData(
      get('caiwu', '/project/backMoney/history', { backMoneyId: b.backMoneyId }),
    );
    expect(history.map((e: { movementName: string }) => e.movementName)).toEqual([
      '登记回款',
      '修改回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
    ]);
    const list = await get('caiwu', '/project/backMoney/list', { contractId });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ backMoneyId: b.backMoneyId, unallottedAmount: '25' });
    const sheet = await xlsxRows('caiwu', '/project/backMoney/export', { contractId });
    expect(sheet[0]).toContain('回款金额（万元）');
    expect(sheet[1]).toEqual(expect.arrayContaining(['资金接口测试项目', '60', '35', '25']));
    await reconciles();
  });

  it('refuses over-allotting, lowering below what is allotted and deleting allotted back money', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '10',
        backDate: '2026-04-01',
      }),
    );
    const over = await refused(
      post('caiwu', '/project/backMoney/allotDesignV2', {
        backMoneyId: b.backMoneyId,
        list: [
          { deptId: 110, allotAmount: '6' },
          { deptId: 112, allotAmount: '4.000001' },
        ],
      }),
      422,
      'allotAmount',
    );
    expect(over.msg).toContain('可分配10万元');
    await okData(
      post('caiwu', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        allotAmount: '4',
      }),
    );
    await refused(
      post('caiwu', '/project/backMoney/modify', {
        backMoneyId: b.backMoneyId,
        contractId,
        backAmount: '3.9',
        backDate: '2026-04-01',
      }),
      422,
      'backAmount',
    );
    await refused(post('caiwu', '/project/backMoney/delete', { backMoneyId: b.backMoneyId }), 409);
    const left = await okData(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }),
    );
    expect(left).toMatchObject({ backAmount: '10', unallottedAmount: '6' });

    const spare = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-04-02',
      }),
    );
    await okData(post('caiwu', '/project/backMoney/delete', { backMoneyId: spare.backMoneyId }));
    await refused(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: spare.backMoneyId }),
      404,
    );
    await reconciles();
  });

  it.each([
    ['a JSON number (float)', 0.1],
    ['float noise', '0.30000000000000004'],
    ['more than one 分', '1.0000001'],
    ['letters', '12abc'],
    ['a negative amount', '-5'],
    ['zero', '0'],
    ['an exponent', '1e3'],
  ])('refuses %s as an amount with a 400 naming the field, changing nothing', async (_, bad) => {
    const before = await get('caiwu', '/project/backMoney/list', { contractId });
    await refused(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: bad,
        backDate: '2026-05-01',
      }),
      400,
      'backAmount',
    );
    const after = await get('caiwu', '/project/backMoney/list', { contractId });
    expect(after.body.total).toBe(before.body.total);
    const b = before.body.rows[0];
    await refused(
      post('caiwu', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        allotAmount: bad,
      }),
      400,
      'allotAmount',
    );
    await refused(
      post('xmjl', '/contract/loan/add', {
        loanDeptId: 110,
        loanAmount: bad,
        refundDate: '2026-12-31',
      }),
      400,
      'loanAmount',
    );
    await refused(
      post('caiwu', '/contract/repayment/add', {
        loanId: 1,
        repaymentAmount: bad,
        repaymentDate: '2026-05-01',
      }),
      400,
      'repaymentAmount',
    );
  });

  it('keeps another department and callers without permission out', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '5',
        backDate: '2026-06-01',
      }),
    );
    await refused(get('bmfzr2', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }), 403);
    await refused(
      post('bmfzr2', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 112,
        allotAmount: '1',
      }),
      403,
    );
    await refused(get('bmfzr2', '/project/backMoney/history', { backMoneyId: b.backMoneyId }), 403);
    const theirs = await get('bmfzr2', '/project/backMoney/list', { contractId });
    expect(theirs.body.total).toBe(0);
    const ours = await get('bmfzr', '/project/backMoney/list', { contractId });
    expect(ours.body.total).toBeGreaterThan(0);
    await refused(get('yuangong', '/project/backMoney/list'), 403);
    await refused(
      post('yuangong', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-06-01',
      }),
      403,
    );
    await refused(
      post('bmfzr', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-06-01',
      }),
      403,
    );
    await refused(get('yuangong', '/contract/loan/list'), 403);
    await refused(get('bmfzr2', '/v4/contract/designPerformDetail', { deptId: 110 }), 403);
    await refused(
      post('xmjl', '/contract/loan/add', {
        loanDeptId: 112,
        loanAmount: '1',
        refundDate: '2026-12-31',
      }),
      403,
      'loanDeptId',
    );
    await refused(get('bmfzr2', '/v4/contract/transDetailByTaskId', { taskId }), 403);
    // A caller who sees only their own records sees the limit of their own team, and no other.
    const own = await okData(get('xmjl', '/v4/contract/designPerformDetail', { deptId: 110 }));
    expect(own.deptId).toBe(110);
    await refused(get('xmjl', '/v4/contract/designPerformDetail', { deptId: 112 }), 403);
    const untouched = await okData(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }),
    );
    expect(untouched.unallottedAmount).toBe('5');
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
    expect(loanSheet.some((r) => r.includes('支付外协费') && r.includes('已生效'))).toBe(true);
    const repaySheet = await xlsxRows('caiwu', '/contract/repayment/export', {
      loanId: loan.loanId,
    });
    expect(repaySheet).toHaveLength(3);
    await reconciles();
  });

  it('a draft loan can be changed within the limit, sent later, turned down, and deleted', async () => {
    const draft = await okData(
      post('xmjl', '/contract/loan/add', {
        loanDeptId: 110,
        loanAmount: '2',
        refundDate: '2026-12-31',
        reason: '备用',
      }),
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
      post('xmjl', '/contract/loan/add', {
        loanDeptId: 999_999,
        loanAmount: '1',
        refundDate: '2026-12-31',
      }),
      404,
      'loanDeptId',
    );
    await refused(
      post('xmjl', '/contract/loan/add', {
        loanDeptId: 110,
        loanAmount: '1',
        refundDate: '2026-13-45',
      }),
      400,
      'refundDate',
    );
    await reconciles();
  });
});
