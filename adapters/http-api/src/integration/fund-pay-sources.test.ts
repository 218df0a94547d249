/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPayHelpers } from './fund-pay-fixture.js';

// Payments only on approved sub-contracts and within the pay item, on every path: entering,
// sending, and the approval's final step. A wrong or foreign pay item is named on its field.

describe.each(testDatabaseKinds())('fund payments on sub-contract pay items on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  const client = apiClient(() => api);
  const { get, post, okData, refused, signIn } = client;
  const { newContract, childWithPayItem, backMoneyIn, approveAll, approvedFundPlan } =
    fundPayHelpers(() => api, client);
  const setChildStatus = async (contractChildId: number, status: number) => {
    await api.database.handle.db
      .updateTable('contract_child')
      .set({ status })
      .where('contract_child_id', '=', contractChildId)
      .execute();
  };
  const pay = (user: string, childPayId: number, payAmount = '2') =>
    post(user, '/v4/fundPay/add', {
      childPayId,
      reason: '分包付款',
      payAmount,
      payTime: '2024-07-20',
    });

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    contractId = await newContract('分包付款来源测试合同', 110);
    await signIn('caiwu', 'bmfzr2', 'zjl', 'jingying', 'zhsw');
    await backMoneyIn(contractId, '50', '2024-06-01');
    await approvedFundPlan(110, '2024-07');
  });
  afterAll(() => api.close());

  it('refuses a payment on a sub-contract still at 待提交, in approval or turned down', async () => {
    const { contractChildId, childPayId } = await childWithPayItem(contractId);
    for (const status of [-1, 0, 3]) {
      await setChildStatus(contractChildId, status);
      const body = await refused(pay('caiwu', childPayId), 422, 'childPayId');
      expect(body.msg).toContain('分包合同尚未审批通过');
    }
    await setChildStatus(contractChildId, 1);
    expect(await okData(pay('caiwu', childPayId))).toMatchObject({ childPayId, payAmount: '2' });
  });

  it('answers a wrong or foreign pay item with 分包付款项不存在 on childPayId, not a permission message', async () => {
    const wrong = await refused(pay('caiwu', 987654), 404, 'childPayId');
    expect(wrong.msg).toBe('分包付款项不存在');
    const { childPayId } = await childWithPayItem(contractId);
    // bmfzr2 heads 结构所; the contract is 建筑一所's.
    const foreign = await refused(pay('bmfzr2', childPayId), 404, 'childPayId');
    expect(foreign.msg).toBe('分包付款项不存在');
    // Likewise a plan line of a department out of their scope.
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        receiveCompanyName: '某收款单位',
        planPayAmount: '5',
      }),
    );
    const foreignPlan = await refused(
      post('bmfzr2', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '计划内付款',
        payAmount: '1',
      }),
      404,
      'paymentPlanId',
    );
    expect(foreignPlan.msg).toBe('付款计划不存在');
  });

  it('holds the rule at the approval final step: a sub-contract turned down meanwhile stops the payment', async () => {
    const { contractChildId, childPayId } = await childWithPayItem(contractId);
    const entered = await okData(pay('caiwu', childPayId, '3'));
    const sent = await okData(
      post('caiwu', '/v4/fundPay/updateToApproval', { payId: entered.payId, typeCode: '16_2' }),
    );
    await setChildStatus(contractChildId, 3);
    const end = await approveAll(sent.approvalId, ['zjl', 'jingying', 'zhsw']);
    expect(end.status).toBe(0);
    expect(String(end.refusal?.body.msg)).toContain('分包合同尚未审批通过');
    await setChildStatus(contractChildId, 1);
    expect((await approveAll(sent.approvalId, ['zjl', 'jingying', 'zhsw'])).status).toBe(1);
  });

  it('lists the pay items a payment may name, by sub-contract, with what is held and left, in scope only', async () => {
    const { contractChildId, childPayId } = await childWithPayItem(contractId);
    await okData(pay('caiwu', childPayId, '3'));
    const listed = await okData(get('caiwu', '/v4/fundPay/payItems', { contractChildId }));
    expect(listed).toEqual([
      expect.objectContaining({
        childPayId,
        contractChildId,
        contractChildNo: 'FB-001',
        contractId,
        receiveCompanyName: '某技术服务公司',
        payAmount: '8',
        committedAmount: '3',
        canPayAmount: '5',
      }),
    ]);
    // A sub-contract not approved cannot be paid: its items are not offered.
    await setChildStatus(contractChildId, -1);
    expect(await okData(get('caiwu', '/v4/fundPay/payItems', { contractChildId }))).toEqual([]);
    await setChildStatus(contractChildId, 1);
    // bmfzr2 heads 结构所; the contract is 建筑一所's: not in their picker.
    const foreign = await okData(get('bmfzr2', '/v4/fundPay/payItems', { contractId }));
    expect(foreign).toEqual([]);
    await refused(
      get('caiwu', '/v4/fundPay/payItems', { contractChildId: 'x' }),
      400,
      'contractChildId',
    );
  });
});
