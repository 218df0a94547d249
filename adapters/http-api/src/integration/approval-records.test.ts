/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/**
 * The records approvals move, through the API: a contract or a filing is locked
 * while its approval runs, unlocked when it is rejected or withdrawn, locked again when it is
 * resubmitted from the approval centre, and moved when it is approved, each in the action's
 * transaction.
 */

const contract = {
  projectName: '审批联动项目',
  contractName: '审批联动规划设计合同',
  entrustBusinessName: '杭州滨江城建',
  bizSource: '1',
  bizType: '1',
  totalAmount: '120.5',
  cleanAmount: '100',
  directFee: '12.3456',
  signByMain: '杭州滨江城建',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-06-01',
  entrustList: [{ designStageId: 3, designStageName: '方案设计' }],
};

const filing = {
  projectName: '审批联动立项',
  lxNo: 'LX-R1',
  bizSource: '2',
  totalAmount: '50',
  cleanAmount: '45',
  directFee: '5',
};

describe.each(testDatabaseKinds())('records moved by their approvals on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;

  const approvalRow = (approvalId: string) =>
    api.database.handle.db
      .selectFrom('approval')
      .select(['status', 'version'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();

  /** The user the approval waits for now (logged in on first use). */
  const pendingUser = async (approvalId: string): Promise<string> => {
    const row = await api.database.handle.db
      .selectFrom('approval_pending as p')
      .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
      .select('u.user_name')
      .where('p.approval_id', '=', Number(approvalId))
      .orderBy('u.user_id')
      .executeTakeFirstOrThrow();
    await client.ensureSignedIn(row.user_name);
    return row.user_name;
  };

  const act = async (user: string, approvalId: string, action: string) => {
    const { version } = await approvalRow(approvalId);
    const r = await post(user, '/project/approval/process', { approvalId, version, action });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { status: number };
  };
  const approveAll = async (approvalId: string) => {
    for (let i = 0; i < 10 && (await approvalRow(approvalId)).status === 0; i += 1) {
      await act(await pendingUser(approvalId), approvalId, 'approve');
    }
    expect((await approvalRow(approvalId)).status).toBe(1);
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await headForDrafterDept(api.database.handle.db);
    for (const u of ['zhjy', 'yunying']) await client.signIn(u);
  });
  afterAll(() => api.close());

  it('locks a contract in review, unlocks it on reject and withdraw, locks it on resubmit, makes it formal when approved', async () => {
    const added = await post('zhjy', '/v4/contract/add', contract);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const contractId = added.body.data.contractId as number;
    const detail = async () =>
      (await get('zhjy', '/project/contract/detailById', { contractId })).body.data as {
        status: number;
        stage: string;
        approvalId: string | null;
      };
    const edit = () => post('zhjy', '/v4/contract/add', { ...contract, contractId });

    const sent = await post('zhjy', '/project/contract/updateToApproval', { contractId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const first = String(sent.body.data.approvalId);
    expect(await detail()).toMatchObject({ status: 0, approvalId: first });
    const locked = await edit();
    expect(locked.status).toBe(422);
    expect(locked.body.errorCode).toBe('CONTRACT.LOCKED');

    // Rejected: unlocked in the same transaction, so the drafter can correct it at once.
    const rejected = await act(await pendingUser(first), first, 'reject');
    expect(rejected.status).toBe(2);
    expect(await detail()).toMatchObject({ status: 2, stage: 'contract' });
    expect((await edit()).status).toBe(200);

    // Resubmitted from the approval centre: locked again under the same approval.
    expect((await act('zhjy', first, 'submit')).status).toBe(0);
    expect(await detail()).toMatchObject({ status: 0, approvalId: first });
    expect((await edit()).status).toBe(422);

    // Withdrawn by the drafter: unlocked.
    expect((await act('zhjy', first, 'withdraw')).status).toBe(3);
    expect(await detail()).toMatchObject({ status: 3 });
    expect((await edit()).status).toBe(200);

    // Sent again through the contract's own call: a new approval; the old one can no longer
    // be resubmitted (one contract never has two approvals running), and nothing changed.
    const again = await post('zhjy', '/project/contract/updateToApproval', { contractId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = String(again.body.data.approvalId);
    expect(second).not.toBe(first);
    const { version } = await approvalRow(first);
    const stale = await post('zhjy', '/project/approval/process', {
      approvalId: first,
      version,
      action: 'submit',
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errorCode).toBe('APPROVAL.RECORD_SUPERSEDED');
    expect((await approvalRow(first)).status).toBe(3);
    expect(await detail()).toMatchObject({ status: 0, approvalId: second });

    await approveAll(second);
    expect(await detail()).toMatchObject({ status: 1, stage: 'formal', approvalId: second });
    expect((await edit()).status).toBe(422);
  });

  it('locks a filing in approval, unlocks it on reject and withdraw, locks it on resubmit, approves it', async () => {
    const add = await post('zhjy', '/v4/lixiang/add', filing);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const lxId = add.body.data.lxId as number;
    const status = async () =>
      (await get('yunying', '/project/lixiang/detailById', { lxId })).body.data.status as number;
    const edit = () => post('zhjy', '/project/lixiang/updateV2', { ...filing, lxId });

    const sent = await post('zhjy', '/project/lixiang/updateToApprovalV2', { lxId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approvalId = String(sent.body.data.approvalId);
    expect(await status()).toBe(0);
    expect((await edit()).status).toBe(422);

    await act(await pendingUser(approvalId), approvalId, 'reject');
    expect(await status()).toBe(2);
    expect((await edit()).status).toBe(200);

    await act('zhjy', approvalId, 'submit');
    expect(await status()).toBe(0);
    expect((await edit()).status).toBe(422);

    await act('zhjy', approvalId, 'withdraw');
    expect(await status()).toBe(3);
    expect((await edit()).status).toBe(200);

    await act('zhjy', approvalId, 'submit');
    await approveAll(approvalId);
    expect(await status()).toBe(1);
    expect((await edit()).status).toBe(422);
  });

  it('locks a sub-contract in approval, unlocks it on reject and withdraw, locks it on resubmit, approves it', async () => {
    const parent = await post('zhjy', '/project/contract/addHistory', {
      ...contract,
      projectName: '分包联动项目',
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    const child = {
      contractId: parent.body.data.contractId as number,
      childType: 2,
      contractChildNo: 'FB-R1',
      receiveCompanyName: '某咨询公司',
      totalAmount: '20',
    };
    // The business department records sub-contracts; its head signs first.
    await client.ensureSignedIn('jingying');
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
    const add = await post('jingying', '/v4/contractChild/add', child);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const contractChildId = add.body.data.contractChildId as number;
    const status = async () =>
      (await get('jingying', '/v4/contractChild/detailById', { contractChildId })).body.data
        .status as number;
    const edit = () => post('jingying', '/v4/contractChild/update', { ...child, contractChildId });

    const sent = await post('jingying', '/v4/contractChild/updateToApproval', { contractChildId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approvalId = String(sent.body.data.approvalId);
    expect(await status()).toBe(0);
    expect((await edit()).status).toBe(422);

    await act(await pendingUser(approvalId), approvalId, 'reject');
    expect(await status()).toBe(2);
    expect((await edit()).status).toBe(200);

    await act('jingying', approvalId, 'submit');
    expect(await status()).toBe(0);
    expect((await edit()).status).toBe(422);

    await act('jingying', approvalId, 'withdraw');
    expect(await status()).toBe(3);
    expect((await edit()).status).toBe(200);

    await act('jingying', approvalId, 'submit');
    await approveAll(approvalId);
    expect(await status()).toBe(1);
    expect((await edit()).status).toBe(422);
  });

  it('refuses an approval centre call that links a record its domain sends itself', async () => {
    const added = await post('zhjy', '/v4/contract/add', { ...contract, projectName: '外部链接' });
    const r = await post('zhjy', '/project/approval/addContractTemplate', {
      typeCode: '1_1',
      content: {
        contractName: { value: '外部链接合同' },
        signByMain: { value: '甲' },
        signBySub: { value: '乙' },
        totalAmount: { value: '1' },
      },
      recordKind: 'contract',
      recordId: String(added.body.data.contractId),
      submit: true,
    });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('recordKind');
    const noId = await post('zhjy', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      recordKind: 'testRecord',
    });
    expect(noId.status).toBe(400);
    expect(noId.body.field).toBe('recordId');
  });
});
