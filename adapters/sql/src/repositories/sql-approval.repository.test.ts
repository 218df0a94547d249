import { APPROVAL_TYPE_CODES, ALL_DATA, newApprovalState } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import {
  SqlApprovalDirectory,
  SqlApprovalFlowRepository,
  SqlApprovalRepository,
  SqlSignatureImageRepository,
} from './sql-approval.repository.js';

describe.each(testDatabaseKinds())('approval repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('seeds a flow for every type code, with the 25_1 and amount rules as conditions', async () => {
    const flows = new SqlApprovalFlowRepository(handle.db);
    const all = await flows.listFlows({ filter: {} });
    expect(all.total).toBe(APPROVAL_TYPE_CODES.length);
    const seal = await flows.findFlowByType('25_1');
    const nodes = await flows.listNodes(seal?.flowId ?? 0);
    expect(nodes.at(-1)).toMatchObject({
      nodeName: '总经理',
      roleKey: 'zjl',
      condition: { kind: 'contains', refname: 'sealType', value: '1' },
    });
    const contract = await flows.listNodes((await flows.findFlowByType('24_1'))?.flowId ?? 0);
    expect(contract.map((n) => n.nodeName)).toEqual(['部门负责人', '经营部', '财务部', '总经理']);
    expect(contract[3]?.condition).toEqual({
      kind: 'amount',
      refname: 'totalAmount',
      op: 'gte',
      threshold: '100',
    });
  });

  it('seeds demo approvals in every status, made through the engine', async () => {
    const approvals = new SqlApprovalRepository(handle.db);
    const mine = await approvals.listByDrafter('3', { filter: {} });
    expect([...new Set(mine.rows.map((r) => r.status))].sort()).toEqual([-1, 0, 1, 2, 3]);
    expect((await approvals.listWaiting('5', { filter: {} })).rows.map((r) => r.title)).toEqual([
      '西溪景观提升设计合同评审',
    ]);
    expect((await approvals.listWaiting('7', { filter: {} })).rows.map((r) => r.title)).toEqual([
      '施工图盖章（技术章）',
    ]);
  });

  it('resolves actors: role members, department leaders up the tree, active users', async () => {
    const dir = new SqlApprovalDirectory(handle.db);
    expect(await dir.usersWithRole('zjl')).toEqual(['11']);
    expect(await dir.usersWithRole('xmjl')).toEqual(['3', '5', '13', '14']);
    // The institute's root (100) is led by the general manager (11): every chain ends with him.
    expect(await dir.leadersOf('4')).toEqual(['5', '11']);
    expect(await dir.leadersOf('15')).toEqual(['16', '11']);
    // 建筑二所 (111) has no leader, neither has 设计院 (108): the first leader up is the root's.
    expect(await dir.leadersOf('13')).toEqual(['11']);
    // A department head's first leader is themself, then the root's leader above 经营部.
    expect(await dir.leadersOf('2')).toEqual(['2', '11']);
    expect(await dir.activeUsers(['3', '999', 'x'])).toEqual(['3']);
  });

  it('keeps the action log append-only', async () => {
    const approvals = new SqlApprovalRepository(handle.db);
    const now = new Date();
    const a = await approvals.insert(
      {
        typeCode: '22_1',
        kind: 'Common',
        recordKind: null,
        recordId: null,
        title: 't',
        content: {},
        template: null,
        files: [],
        state: newApprovalState('15'),
        deptId: 112,
      },
      now,
    );
    await approvals.appendLog({
      approvalId: a.approvalId,
      action: 'submit',
      actor: '15',
      round: 1,
      version: 1,
      fromStatus: -1,
      toStatus: 0,
      signUrl: null,
      signFileId: null,
      createdAt: now,
    });
    await expect(
      sql`update approval_action_log set opinion = 'x'`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from approval_action_log`.execute(handle.db)).rejects.toThrow(
      /append-only/,
    );
    // One version, one row: the same action can never be logged twice.
    await expect(
      approvals.appendLog({
        approvalId: a.approvalId,
        action: 'submit',
        actor: '15',
        round: 1,
        version: 1,
        fromStatus: -1,
        toStatus: 0,
        signUrl: null,
        signFileId: null,
        createdAt: now,
      }),
    ).rejects.toThrow();
    expect(await approvals.listLog(a.approvalId)).toHaveLength(1);
    expect(await approvals.inScope(a.approvalId, ALL_DATA)).toBe(true);
    expect(await approvals.inScope(a.approvalId, { kind: 'dept', deptIds: [110] })).toBe(false);
  });

  it('stores each node’s separation-of-duties handling, defaulting by kind', async () => {
    const flows = new SqlApprovalFlowRepository(handle.db);
    const contract = await flows.listNodes((await flows.findFlowByType('1_1'))?.flowId ?? 0);
    expect(contract.map((n) => n.selfApproval)).toEqual(['escalate', 'others', 'others', 'others']);
    const flowId = (await flows.findFlowByType('22_1'))?.flowId ?? 0;
    const head = await flows.addNode({
      flowId,
      nodeName: '部门负责人',
      actorKind: 'drafterDeptHead',
      roleKey: null,
      userIds: [],
      formField: null,
      mode: 'or',
      condition: null,
      conditionEffect: 'add',
    });
    expect(head.selfApproval).toBe('escalate');
    expect((await flows.updateNode(head.nodeId, { selfApproval: 'skip' }))?.selfApproval).toBe(
      'skip',
    );
    await expect(
      sql`update approval_flow_node set self_approval = 'nobody' where node_id = ${head.nodeId}`.execute(
        handle.db,
      ),
    ).rejects.toThrow();
    await flows.deleteNode(head.nodeId);
  });

  it('lists the leaders up the tree nearest first, each once', async () => {
    const dir = new SqlApprovalDirectory(handle.db);
    await sql`update sys_dept set leader_user_id = 11 where dept_id = 100`.execute(handle.db);
    await sql`update sys_dept set leader_user_id = 5 where dept_id = 108`.execute(handle.db);
    try {
      // 赵所长 (5) leads 建筑一所 and 设计院 above it: once, then the institute's head.
      expect(await dir.leadersOf('5')).toEqual(['5', '11']);
      expect(await dir.leadersOf('2')).toEqual(['2', '11']);
    } finally {
      await sql`update sys_dept set leader_user_id = null where dept_id in (100, 108)`.execute(
        handle.db,
      );
    }
  });

  it('never lists the drafter’s own approval in 待我审批, even if a pending row names them', async () => {
    const approvals = new SqlApprovalRepository(handle.db);
    const a = await approvals.insert(
      {
        typeCode: '22_1',
        kind: 'Common',
        recordKind: null,
        recordId: null,
        title: '自审自批',
        content: {},
        template: null,
        files: [],
        state: { ...newApprovalState('15'), status: 0 },
        deptId: 112,
      },
      new Date(),
    );
    await approvals.setPending(a.approvalId, ['15', '16']);
    const titles = async (u: string) =>
      (await approvals.listWaiting(u, { filter: { title: '自审自批' } })).rows.map((r) => r.title);
    expect(await titles('15')).toEqual([]);
    expect(await titles('16')).toEqual(['自审自批']);
    const before = await approvals.countWaiting('15');
    await approvals.setPending(a.approvalId, ['16']);
    expect(await approvals.countWaiting('15')).toBe(before);
  });

  it('stores signature images and makes the newest current', async () => {
    const sigs = new SqlSignatureImageRepository(handle.db);
    const first = await sigs.save('4', 'image/png', new Uint8Array([1, 2, 3]));
    const second = await sigs.save('4', 'image/png', new Uint8Array([4, 5]));
    expect(await sigs.current('4')).toEqual(second);
    expect(Array.from((await sigs.read(first.fileId))?.data ?? [])).toEqual([1, 2, 3]);
  });
});
