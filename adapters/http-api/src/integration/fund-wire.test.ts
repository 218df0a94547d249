/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundPayActions,
  fundPlanActionPermission,
  loanActions,
  paymentPlanActions,
  type ActionActor,
  type Result,
} from '@dpms/core';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { loanBody } from '../test-support/fund-bodies.js';

/**
 * The fund slices keep one rule per action: the route declares the permission core's rule names,
 * a row's button is offered exactly when the route will accept it, and a malformed body is a 400
 * naming every field at once that changes nothing.
 */
describe('the fund routes declare the permissions of core’s action rules', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi('embedded');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('route and rule name the same permission for every offered action', () => {
    const declared = (method: string, path: string) => {
      const r = api.book.records.find((x) => x.method === method && x.path === path);
      return r !== undefined && 'permission' in r.access ? r.access.permission : undefined;
    };
    const expected: [string, string, string][] = [
      ['post', '/contract/loan/edit', loanActions.permissions.edit],
      ['post', '/v4/contract/modifyReadyMoney', loanActions.permissions.amount],
      ['post', '/contract/loan/updateToApproval', loanActions.permissions.submit],
      ['post', '/contract/loan/delete', loanActions.permissions.remove],
      ['post', '/v4/fundPay/edit', fundPayActions.permissions.edit],
      ['post', '/v4/fundPay/updateToApproval', fundPayActions.permissions.submit],
      ['post', '/v4/fundPay/delete', fundPayActions.permissions.remove],
      ['post', '/contract/paymentPlan/edit', paymentPlanActions.permissions.edit],
      ['post', '/contract/paymentPlan/delete', paymentPlanActions.permissions.remove],
      ['post', '/contract/fundPlan/edit', fundPlanActionPermission('plan', 'edit')],
      ['post', '/contract/fundPlan/updateToApproval', fundPlanActionPermission('plan', 'submit')],
      ['get', '/contract/fundPlan/delete', fundPlanActionPermission('plan', 'remove')],
      ['post', '/contract/fundPerform/edit', fundPlanActionPermission('perform', 'edit')],
      [
        'post',
        '/contract/fundPerform/updateToApproval',
        fundPlanActionPermission('perform', 'submit'),
      ],
      ['get', '/contract/fundPerform/delete', fundPlanActionPermission('perform', 'remove')],
    ];
    for (const [method, path, permission] of expected)
      expect({ path, permission: declared(method, path) }).toEqual({ path, permission });
  });
});

describe.each(testDatabaseKinds())('fund buttons and bodies on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  const { post, get, bodyOf, okData, signIn, as } = apiClient(() => api);

  /** The caller as the web builds it from getInfo. */
  async function actorOf(user: string): Promise<ActionActor> {
    const info = await bodyOf(get(user, '/getInfo'), 200);
    return {
      userId: info.user.userId,
      permissions: info.permissions,
      isAdmin: (info.roles as string[]).includes('admin'),
    };
  }
  /** The route's answer agrees with the rule's verdict, word for word when it refuses. */
  function agrees(verdict: Result<void>, res: request.Response, what: string) {
    if (verdict.ok) expect({ what, status: res.status }).toEqual({ what, status: 200 });
    else expect({ what, msg: res.body.msg }).toEqual({ what, msg: verdict.error.message });
  }
  const planCount = async () =>
    (await bodyOf(get('caiwu', '/contract/paymentPlan/list', { contractId }), 200)).total;

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    contractId = await insertFormalContract(api.database.handle.db, {
      project_name: '付款按钮测试项目',
      contract_name: '付款按钮测试合同',
      total_amount: '500',
      sign_by_sub: '某某建筑设计研究院',
    });
    await signIn('caiwu');
    void as;
  }, 120_000);
  afterAll(async () => {
    await api?.database.close();
  });

  it('付款计划: 删除 is offered exactly where the server deletes, by the row’s payment count', async () => {
    const plan = (receiveCompanyName: string) =>
      okData(
        post('caiwu', '/contract/paymentPlan/add', {
          contractId,
          planMonth: '2024-07',
          planPayAmount: '20',
          receiveCompanyName,
        }),
      );
    const free = await plan('甲公司');
    const used = await plan('乙公司');
    await okData(
      post('caiwu', '/v4/fundPay/add', {
        paymentPlanId: used.paymentPlanId,
        reason: '设计费',
        payAmount: '5',
      }),
    );
    const actor = await actorOf('caiwu');
    const rows = (await bodyOf(get('caiwu', '/contract/paymentPlan/list', { contractId }), 200))
      .rows as { paymentPlanId: number; paymentCount: number; receiveCompanyName: string }[];
    expect(rows.map((r) => [r.receiveCompanyName, r.paymentCount]).sort()).toEqual([
      ['乙公司', 1],
      ['甲公司', 0],
    ]);
    const offered = rows.map((r) => paymentPlanActions.may('remove', r, actor));
    expect(offered.filter(Boolean)).toHaveLength(1);
    for (const r of rows) {
      const res = await post('caiwu', '/contract/paymentPlan/delete', {
        paymentPlanId: r.paymentPlanId,
      });
      agrees(paymentPlanActions.check('remove', r, actor), res, r.receiveCompanyName);
    }
    const left = (await bodyOf(get('caiwu', '/contract/paymentPlan/list', { contractId }), 200))
      .rows;
    expect(left.map((r: { paymentPlanId: number }) => r.paymentPlanId)).toEqual([
      used.paymentPlanId,
    ]);
    expect(free.paymentCount).toBe(0);
  });

  it('借款: 改金额 is refused exactly where loanActions refuses it, in its words', async () => {
    const actor = await actorOf('caiwu');
    const rows = (await bodyOf(get('caiwu', '/contract/loan/list', { pageSize: 100 }), 200))
      .rows as { loanId: number; status: number; loanAmount: string }[];
    let refused = 0;
    for (const l of rows) {
      const verdict = loanActions.check('amount', l, actor);
      if (verdict.ok) continue;
      const res = await post('caiwu', '/v4/contract/modifyReadyMoney', {
        loanId: l.loanId,
        loanAmount: '0.01',
      });
      expect(res.status).not.toBe(200);
      agrees(verdict, res, `loan ${String(l.loanId)}`);
      refused++;
    }
    // The seeded institute has loans in approval or approved, so this checked some.
    expect(refused).toBeGreaterThan(0);
  });

  it('资金支付: a malformed body is one 400 naming every field, and nothing is stored', async () => {
    const before = await planCount();
    const plan = await bodyOf(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-13',
        planPayAmount: 12.5,
        receiveCompanyName: '',
      }),
      400,
    );
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    expect([...plan.errors].sort(byField)).toEqual([
      { field: 'planMonth', message: '计划月份格式应为yyyy-MM' },
      {
        field: 'planPayAmount',
        message: '计划付款金额格式不正确：请输入最多6位小数的金额（万元）',
      },
      { field: 'receiveCompanyName', message: '收款单位不能为空' },
    ]);
    expect(await planCount()).toBe(before);
    const pays = async () =>
      (await bodyOf(get('caiwu', '/v4/fundPay/list', { contractId }), 200)).total;
    const paysBefore = await pays();
    const pay = await bodyOf(
      post('caiwu', '/v4/fundPay/add', { reason: '', payAmount: '-1', payTime: '2024-02-30' }),
      400,
    );
    expect(pay.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['payAmount', 'payTime', 'paymentPlanId', 'reason'].sort(),
    );
    expect(await pays()).toBe(paysBefore);
  });

  it('借款/回款/还款: a malformed body is one 400 naming every field, and nothing is stored', async () => {
    const loans = async () =>
      (await bodyOf(get('caiwu', '/contract/loan/list', { pageSize: 100 }), 200)).total;
    const before = await loans();
    const loan = await bodyOf(
      post('caiwu', '/contract/loan/add', loanBody(3, { refundDate: '2024-13-01' })),
      400,
    );
    expect(loan.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'loanAmount',
      'refundDate',
    ]);
    expect(await loans()).toBe(before);
    const backs = async () =>
      (await bodyOf(get('caiwu', '/project/backMoney/list', { contractId }), 200)).total;
    const backsBefore = await backs();
    const back = await bodyOf(
      post('caiwu', '/project/backMoney/insert', { contractId, backAmount: '-1', backDate: '' }),
      400,
    );
    expect(back.errors).toEqual(
      expect.arrayContaining([
        { field: 'backAmount', message: '回款金额必须大于0' },
        { field: 'backDate', message: '回款日期不能为空' },
      ]),
    );
    expect(await backs()).toBe(backsBefore);
    const repay = await bodyOf(
      post('caiwu', '/contract/repayment/add', { loanId: 1, repaymentAmount: '1.0000001' }),
      400,
    );
    expect(repay.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'repaymentAmount',
      'repaymentDate',
    ]);
  });
});
