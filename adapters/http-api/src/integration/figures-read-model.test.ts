/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPayHelpers } from './fund-pay-fixture.js';

// One set of figures: a sub-contract's 已付金额 is its paid fund payments (not its pay items), and
// a contract's 已收 reads the same on the contract list and in the closing, the recorded back
// amount included when no back money record exists.

describe.each(testDatabaseKinds())('figures read from the one read model on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { get, post, okData, signIn } = client;
  const { newContract, childWithPayItem, backMoneyIn, approveAll, approvedFundPlan } =
    fundPayHelpers(() => api, client);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await signIn('caiwu', 'zjl', 'jingying', 'zhsw');
    await approvedFundPlan(110, '2024-07');
  });
  afterAll(() => api.close());

  const childRow = async (contractId: number, contractChildId: number) => {
    const rows = (await get('caiwu', '/v4/contractChild/list', { contractId })).body.rows;
    return rows.find((r: { contractChildId: number }) => r.contractChildId === contractChildId);
  };

  it('counts as a sub-contract’s 已付金额 only its paid fund payments, and holds its caps to the pay items', async () => {
    const contractId = await newContract('分包已付读模型合同', 110);
    await backMoneyIn(contractId, '50', '2024-06-01');
    const { contractChildId, childPayId } = await childWithPayItem(contractId);
    // A pay item scheduled is not money paid.
    expect(await childRow(contractId, contractChildId)).toMatchObject({
      paidAmount: '0',
      payItemsAmount: '8',
      canPayAmount: '22',
    });
    const entered = await okData(
      post('caiwu', '/v4/fundPay/add', {
        childPayId,
        reason: '分包付款',
        payAmount: '3',
        payTime: '2024-07-20',
      }),
    );
    const sent = await okData(
      post('caiwu', '/v4/fundPay/updateToApproval', { payId: entered.payId, typeCode: '16_1' }),
    );
    // In approval: not paid yet.
    expect((await childRow(contractId, contractChildId)).paidAmount).toBe('0');
    expect((await approveAll(sent.approvalId, ['zjl', 'jingying', 'zhsw'])).status).toBe(1);
    const row = await childRow(contractId, contractChildId);
    expect(row).toMatchObject({ paidAmount: '3', payItemsAmount: '8', canPayAmount: '22' });
    const detail = await okData(get('caiwu', '/v4/contractChild/detailById', { contractChildId }));
    expect(detail.paidAmount).toBe('3');
    // The contract's 已付款 (project account) counts the same payment.
    const account = (
      await get('caiwu', '/v4/pro-account/list', { contractName: '分包已付读模型合同' })
    ).body.rows;
    expect(account).toEqual([expect.objectContaining({ contractId, paidAmount: '3' })]);
  });

  it('reads 已收 the same on the contract list and in the closing, the recorded amount when no back money exists', async () => {
    const contractId = await newContract('已收读模型合同', 110);
    await api.database.handle.db
      .updateTable('contract')
      .set({ back_amount: '80' })
      .where('contract_id', '=', contractId)
      .execute();
    const listed = async () =>
      (
        await get('caiwu', '/v4/contract/list', {
          stage: 'formal',
          projectName: '已收读模型合同项目',
        })
      ).body.rows[0].receiveAmount;
    const closing = async () =>
      (await okData(get('caiwu', '/v4/contract/closedCase/detailByContractId', { contractId })))
        .contract.backAmount;
    expect(await listed()).toBe('80');
    expect(await closing()).toBe('80');
    // Once back money is recorded, it is what came back, on both.
    await backMoneyIn(contractId, '60', '2024-06-01');
    expect(await listed()).toBe('60');
    expect(await closing()).toBe('60');
    // The closing ceiling reads the same figure.
    const over = await post('caiwu', '/v4/contract/closedCase/add', {
      contractId,
      closedCaseAmount: '61',
    });
    expect(over.status).toBe(400);
    expect(String(over.body.msg)).toContain('60');
  });
});
