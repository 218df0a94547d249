/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { saveAndSubmitCases, signedInCalls } from '../test-support/save-and-submit-cases.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const contract = {
  projectName: '分包一次提交项目',
  contractName: '分包一次提交合同',
  bizSource: '2',
  totalAmount: '300',
  signByMain: '甲方单位',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-03-01',
};

describe.each(testDatabaseKinds())('save and submit a sub-contract in one call on %s', (kind) => {
  let api: ApprovalTestApi;
  const tokens: Record<string, string> = {};
  const as = (user: string) =>
    signedInCalls(
      () => api.app,
      () => tokens[user] ?? '',
    ).post;
  const post = (user: string, path: string, body: object, key?: string) =>
    as(user)(path, body, key);
  let parentId = 0;
  const child = (contractChildNo: string) => ({
    contractId: parentId,
    childType: 2,
    contractChildNo,
    receiveCompanyName: '某咨询公司',
    totalAmount: '20',
  });
  /** The sub-contracts with a number, whatever their status. */
  const rowsOf = (no: string) =>
    api.database.handle.db
      .selectFrom('contract_child')
      .select(['contract_child_id', 'status'])
      .where('contract_child_no', '=', no)
      .execute();

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    for (const u of ['zhjy', 'jingying']) tokens[u] = await api.login(u);
    const p = await post('zhjy', '/project/contract/addHistory', contract);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    parentId = p.body.data.contractId;
    // The business department records sub-contracts; its head signs first.
    const dept = await api.database.handle.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('user_name', '=', 'jingying')
      .executeTakeFirstOrThrow();
    await api.database.handle.db
      .updateTable('sys_dept')
      .set({ leader_user_id: 11 })
      .where('dept_id', '=', dept.dept_id ?? 0)
      .where('leader_user_id', 'is', null)
      .execute();
  });
  afterAll(() => api.close());

  saveAndSubmitCases(
    {
      kind,
      path: '/v4/contractChild/saveAndSubmit',
      idKey: 'contractChildId',
      noFlowTypeCode: '5_9',
      form: child,
      rowsOf,
      post: (path, body, key) => post('jingying', path, body, key),
    },
    { saved: 'FB-S1', refused: 'FB-S2', repeated: 'FB-S3' },
  );
});
