/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { approveAll as approveAllAs } from '../test-support/approve-all.js';

// Demo institute: xmjl (项目经理, 建筑一所 110, closed cases), caiwu (财务, all data: closes and settles),
// sjzc (设计主持: no closing permission),
// bmfzr2 (head of 结构所 112: another department's data), yuangong (no closing permission).

describe.each(testDatabaseKinds())('closed case and settlement API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  let unsignedId: number;
  let foreignId: number;
  const { post, get, okData, refused, xlsxRows, signIn } = apiClient(() => api);
  const record = async (closedId: number) =>
    api.database.handle.db
      .selectFrom('contract_closed_case')
      .selectAll()
      .where('closed_id', '=', closedId)
      .executeTakeFirstOrThrow();
  /** Approves the approval step by step, whoever of the demo approvers holds the current step. */
  const approveAll = (approvalId: string) =>
    approveAllAs({ get, post }, approvalId, ['bmfzr', 'jingying', 'caiwu', 'zjl']);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const values = {
      project_name: '结案接口测试项目',
      contract_name: '结案接口测试合同',
      total_amount: '100',
      direct_fee: '10',
      technical_fee: '5',
      expert_fee: '2.5',
      operate_fee: '1.333333',
      design_fee: '2.5',
    };
    contractId = await insertFormalContract(db, values);
    unsignedId = await insertFormalContract(db, { ...values, stage: 'contract' });
    foreignId = await insertFormalContract(db, { ...values, dept_id: 112, user_id: 16 });
    for (const id of [contractId, unsignedId])
      await db
        .insertInto('back_money')
        .values({ contract_id: id, back_amount: '80', back_date: '2026-03-01', user_id: 8 })
        .execute();
    await signIn('xmjl', 'caiwu', 'bmfzr', 'bmfzr2', 'jingying', 'zjl', 'yuangong', 'sjzc');
  });
  afterAll(() => api.close());

  it('checks permission and data scope on every call', async () => {
    await refused(
      get('yuangong', '/v4/contract/closedCase/detailByContractId', { contractId }),
      403,
    );
    await refused(
      post('sjzc', '/v4/contract/closedCase/add', { contractId, closedCaseAmount: '1' }),
      403,
    );
    await refused(get('yuangong', '/contract/settle/getContractInfo', { contractId }), 403);
    await refused(get('yuangong', '/v4/contract/closedCase/export'), 403);
    await refused(get('bmfzr2', '/v4/contract/closedCase/detailByContractId', { contractId }), 403);
    // xmjl sees their own records only: another person's contract is out of scope.
    await refused(
      get('xmjl', '/v4/contract/closedCase/detailByContractId', { contractId: foreignId }),
      404,
      'contractId',
    );
    await refused(
      post('xmjl', '/v4/contract/closedCase/add', { contractId: foreignId, closedCaseAmount: '1' }),
      404,
      'contractId',
    );
    const info = await okData(
      get('xmjl', '/v4/contract/closedCase/detailByContractId', { contractId }),
    );
    expect(info.contract).toMatchObject({ backAmount: '80', fees: { directFee: '10' } });
    expect(info.record).toBeNull();
  });

  it('refuses bad amounts and fees that do not add up with 400 naming the field, storing nothing', async () => {
    const add = (body: object) =>
      post('xmjl', '/v4/contract/closedCase/add', { contractId, ...body });
    await refused(add({ closedCaseAmount: 40 }), 400, 'closedCaseAmount');
    await refused(add({ closedCaseAmount: '-1' }), 400, 'closedCaseAmount');
    await refused(add({ closedCaseAmount: '1.1234567' }), 400, 'closedCaseAmount');
    await refused(add({ closedCaseAmount: '40', backAmount: '81' }), 400, 'backAmount');
    await refused(add({ closedCaseAmount: '40', expertFee: '1.250001' }), 400, 'expertFee');
    // The closing ceiling: never more than came back (80), with the ceiling stated.
    const over = await refused(add({ closedCaseAmount: '200' }), 400, 'closedCaseAmount');
    expect(over.msg).toBe('结案金额不能超过合同已回款金额 80 万元');
    await refused(
      post('xmjl', '/contract/settle/insertContractSettle', {
        contractId,
        closedCaseAmount: '40',
        settleAmount: '80.5',
      }),
      400,
      'settleAmount',
    );
    await refused(
      post('xmjl', '/v4/contract/closedCase/add', {
        contractId: unsignedId,
        closedCaseAmount: '40',
      }),
      422,
    );
    const info = await okData(
      get('xmjl', '/v4/contract/closedCase/detailByContractId', { contractId }),
    );
    expect(info.record).toBeNull();
  });

  it('adds a closed case, sends it as 11_2, locks it, moves it when approved and refuses deleting it', async () => {
    const c = await okData(
      post('xmjl', '/v4/contract/closedCase/add', {
        contractId,
        closedCaseAmount: '40',
        backAmount: '80',
        directFee: '5',
        designFee: '1.25',
      }),
    );
    expect(c).toMatchObject({
      status: 0,
      statusName: '草稿',
      fees: { directFee: '5', technicalFee: '2.5', expertFee: '1.25', operateFee: '0.666667' },
    });
    const detail = await okData(
      get('caiwu', '/v4/contract/closedCase/detailById', { closedId: c.closedId }),
    );
    expect(detail.closedCaseAmount).toBe('40');
    await refused(
      get('bmfzr2', '/v4/contract/closedCase/detailById', { closedId: c.closedId }),
      403,
    );
    const sent = await okData(
      post('xmjl', '/v4/contract/closedCase/updateToApproval', { closedId: c.closedId }),
    );
    expect(sent.status).toBe(1);
    const approval = await api.database.handle.db
      .selectFrom('approval')
      .select(['type_code'])
      .where('approval_id', '=', Number(sent.approvalId))
      .executeTakeFirstOrThrow();
    expect(approval.type_code).toBe('11_2');
    await refused(get('xmjl', '/v4/contract/closedCase/deleteById', { closedId: c.closedId }), 422);
    await refused(
      post('xmjl', '/v4/contract/closedCase/add', { contractId, closedCaseAmount: '30' }),
      422,
    );
    await refused(
      post('xmjl', '/v4/contract/closedCase/updateToApproval', { closedId: c.closedId }),
      422,
    );
    await approveAll(String(sent.approvalId));
    expect(Number((await record(c.closedId)).status)).toBe(2);
    const contract = await api.database.handle.db
      .selectFrom('contract')
      .select(['closed_case_amount'])
      .where('contract_id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(Number(contract.closed_case_amount)).toBe(40);
    await refused(get('xmjl', '/v4/contract/closedCase/deleteById', { closedId: c.closedId }), 422);
    expect((await record(c.closedId)).del_flag).toBe('0');
  });

  it('settles through /contract/settle: insert, detail, send as 11_1, delete a draft, export', async () => {
    const info = await okData(get('xmjl', '/contract/settle/getContractInfo', { contractId }));
    expect(info.record).toBeNull();
    const s = await okData(
      post('xmjl', '/contract/settle/insertContractSettle', { contractId, closedCaseAmount: '80' }),
    );
    expect(s).toMatchObject({ kind: 'settle', settleId: s.closedId, fees: { directFee: '10' } });
    expect(
      (await okData(get('xmjl', '/contract/settle/detailById', { settleId: s.closedId }))).kindName,
    ).toBe('结算');
    await okData(get('xmjl', '/contract/settle/deleteById', { settleId: s.closedId }));
    await refused(get('xmjl', '/contract/settle/detailById', { settleId: s.closedId }), 404);
    const again = await okData(
      post('xmjl', '/contract/settle/insertContractSettle', {
        contractId,
        closedCaseAmount: '60',
        submit: true,
      }),
    );
    expect(again.status).toBe(1);
    const approval = await api.database.handle.db
      .selectFrom('approval')
      .select(['type_code'])
      .where('approval_id', '=', Number(again.approvalId))
      .executeTakeFirstOrThrow();
    expect(approval.type_code).toBe('11_1');

    const rows = await xlsxRows('xmjl', '/v4/contract/closedCase/export');
    expect(rows[0]?.[3]).toBe('结案金额（万元）');
    expect(rows.slice(1).map((r) => r[3])).toContain('40');
    const settleRes = await get('xmjl', '/contract/settle/export');
    expect(settleRes.status).toBe(200);
  });

  it("lists each kind under the caller's scope, filtered by name and status", async () => {
    const list = (user: string, path: string, query: Record<string, unknown> = {}) =>
      get(user, path, { contractName: '结案接口测试', ...query });
    const closed = await list('caiwu', '/v4/contract/closedCase/list');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.total).toBeGreaterThan(0);
    expect(closed.body.rows.every((r: { kind: string }) => r.kind === 'closed')).toBe(true);
    expect(closed.body.rows[0]).toMatchObject({ contractName: '结案接口测试合同' });
    const settled = await list('xmjl', '/contract/settle/list', { status: '1' });
    expect(settled.body.rows.map((r: { status: number }) => r.status)).toEqual(
      settled.body.rows.map(() => 1),
    );
    expect(settled.body.rows.map((r: { settleId: number }) => r.settleId)).toHaveLength(1);
    const none = await list('xmjl', '/v4/contract/closedCase/list', {
      contractName: '没有这个合同',
    });
    expect(none.body).toMatchObject({ total: 0, rows: [] });
    await refused(get('yuangong', '/v4/contract/closedCase/list'), 403);
    await refused(get('xmjl', '/v4/contract/closedCase/list', { status: '9' }), 400, 'status');
    // finance (all data) closes: the add permission is theirs too.
    const byFinance = await post('caiwu', '/contract/settle/insertContractSettle', {
      contractId: foreignId,
      closedCaseAmount: '1',
    });
    expect(byFinance.status, JSON.stringify(byFinance.body)).not.toBe(403);
  });
});
