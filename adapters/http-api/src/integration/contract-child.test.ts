/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const contract = {
  projectName: '分包测试项目',
  contractName: '分包测试合同',
  bizSource: '2',
  totalAmount: '300',
  cleanAmount: '280',
  signByMain: '甲方单位',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-03-01',
};

describe.each(testDatabaseKinds())('sub-contract API on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;
  let parentId = 0;
  let stayId = 0;

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    for (const u of ['zhjy', 'jingying', 'caiwu', 'yuangong', 'xmjl2']) await client.signIn(u);
    const p = await post('zhjy', '/project/contract/addHistory', contract);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    parentId = p.body.data.contractId;
    stayId = (await post('zhjy', '/project/stay/add', contract)).body.data.contractId;
  });
  afterAll(() => api.close());

  it('adds sub-contracts to a contract, pays them within their amount with net pay computed', async () => {
    const add = await post('jingying', '/v4/contractChild/add', {
      contractId: parentId,
      childType: 2,
      contractChildNo: 'FB-1',
      receiveCompanyName: '某咨询公司',
      totalAmount: '20',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({
      childType: 2,
      childTypeName: '技术服务费',
      totalAmount: '20',
      status: -1,
      createBy: 'jingying',
      createByName: '王经营',
    });
    const childId = add.body.data.contractChildId;

    const pay = await post('caiwu', '/project/contractChild/insertChildPay', {
      contractChildId: childId,
      payAmount: '10',
      taxRate: '0.03',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.data).toMatchObject({ payAmount: '10', taxRate: '0.03', realPayAmount: '9.7' });
    const over = await post('caiwu', '/project/contractChild/insertChildPay', {
      contractChildId: childId,
      payAmount: '10.01',
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ field: 'payAmount' });
    expect(over.body.msg).toContain('不能超过分包合同金额');
    const upd = await post('caiwu', '/project/contractChild/updateChildPay', {
      payId: pay.body.data.payId,
      payAmount: '20',
      taxRate: '0.06',
    });
    expect(upd.body.data).toMatchObject({ payAmount: '20', realPayAmount: '20' });

    const detail = await get('jingying', '/v4/contractChild/detailById', {
      contractChildId: childId,
    });
    expect(detail.body.data.pays).toHaveLength(1);
    // A sub-contract with payments is not deleted; once they are removed it is.
    expect(
      (await get('jingying', '/project/contractChild/delById', { contractChildId: childId }))
        .status,
    ).toBe(422);
    expect(
      (await get('caiwu', '/project/contractChild/deleteChildPay', { payId: pay.body.data.payId }))
        .status,
    ).toBe(200);
    expect(
      (await get('jingying', '/project/contractChild/delById', { contractChildId: childId }))
        .status,
    ).toBe(200);
    const all = await get('jingying', '/project/contractChild/getAllChild', {
      contractId: parentId,
    });
    expect(all.body.data.map((c: { contractChildId: number }) => c.contractChildId)).not.toContain(
      childId,
    );
  });

  it('refuses bad input with the field named, unsigned parents, history deletes, and callers without permission', async () => {
    const bad = await post('jingying', '/v4/contractChild/add', {
      contractId: parentId,
      childType: 9,
      totalAmount: '1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'childType', msg: '分包类型的取值不正确' });
    const float = await post('jingying', '/v4/contractChild/add', {
      contractId: parentId,
      childType: 1,
      totalAmount: 1.5,
    });
    expect(float.status).toBe(400);
    expect(float.body.msg).toContain('totalAmount');
    const unsigned = await post('jingying', '/v4/contractChild/add', {
      contractId: stayId,
      childType: 1,
      receiveCompanyName: '某咨询公司',
      totalAmount: '1',
    });
    expect(unsigned.status).toBe(422);
    expect(unsigned.body.msg).toContain('未签合同');

    const hist = await post('jingying', '/project/contractChild/addHistory', {
      contractId: parentId,
      childType: 7,
      receiveCompanyName: '某咨询公司',
      totalAmount: '5',
    });
    expect(hist.body.data).toMatchObject({ history: true, status: 1 });
    expect(
      (
        await get('jingying', '/project/contractChild/delById', {
          contractChildId: hist.body.data.contractChildId,
        })
      ).status,
    ).toBe(422);

    // xmjl2 (own records only) does not see zhjy's contract: the parent is not found for them.
    const scoped = await post('xmjl2', '/v4/contractChild/add', {
      contractId: parentId,
      childType: 1,
      receiveCompanyName: '某咨询公司',
      totalAmount: '1',
    });
    expect(scoped.status).toBe(404);
    expect(
      (
        await get('xmjl2', '/v4/contractChild/detailById', {
          contractChildId: hist.body.data.contractChildId,
        })
      ).status,
    ).toBe(404);

    expect(
      (
        await post('yuangong', '/v4/contractChild/add', {
          contractId: parentId,
          childType: 1,
          totalAmount: '1',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post('zhjy', '/project/contractChild/insertChildPay', {
          contractChildId: 1,
          payAmount: '1',
        })
      ).status,
    ).toBe(403);
    expect(
      (await get('yuangong', '/project/contractChild/getAllChild', { contractId: parentId }))
        .status,
    ).toBe(403);
  });
});
