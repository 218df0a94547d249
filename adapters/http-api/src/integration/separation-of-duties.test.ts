/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import {
  openApprovalApi,
  standInRecord,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openXlsx } from '../test-support/xlsx-answer.js';

/**
 * Separation of duties against the seeded institute: 王经营 (jingying, user 2) leads 经营部 and is
 * its only 经营部负责人, so on his own contract review (1_1: 部门负责人 → 经营部 → 财务部, 总经理
 * from 100 万元) the first two nodes would fall to him. The seed's general manager (陈总, zjl)
 * leads the institute's root, so both escalate to him; where nobody leads the root, both are
 * skipped with the reason. He never approves his own review, on any path.
 */

interface NodeView {
  nodeId: string;
  nodeName: string;
  assignees: string[];
  selfApproval?: { handling: string; outcome: string; reason: string };
}

const JINGYING = '2';
const CAIWU = '8';
const ZJL = '11';

const review = (title: string, amount: string) => ({
  typeCode: '1_1',
  // A linked form: the test record stands in for the contract.
  ...standInRecord('review'),
  title,
  content: {
    contractName: { value: title },
    signByMain: { value: '杭州滨江城建' },
    signBySub: { value: '华东示范建筑设计研究院' },
    totalAmount: { value: amount },
  },
  submit: true,
});

describe.each(testDatabaseKinds())('separation of duties on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;
  const detail = async (user: string, approvalId: string) => {
    const r = await get(user, '/project/approval/getCommonApprovalDetail', { approvalId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as {
      approval: { version: number; status: number; nodes: NodeView[]; drafterId: string };
      approvalDetailBO: {
        currentNodeName: string;
        unApprovalList: { nodeName: string }[];
        nodeNotes: (NodeView & { outcome: string; reason: string })[];
      };
      log: { action: string; actorId: string; nodeName: string | null }[];
      allowedActions: string[];
      userNames: Record<string, string>;
    };
  };
  const waitingTitles = async (user: string, title: string) =>
    (
      await get(user, '/project/approval/getAllNeedApprovalList', { pageSize: 100, title })
    ).body.rows.map((r: { title: string }) => r.title) as string[];
  const act = (user: string, approvalId: string, version: number, action: string, extra = {}) =>
    post(user, '/project/approval/process', { approvalId, version, action, ...extra });

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await client.signIn('admin', 'jingying', 'caiwu', 'zjl');
  });
  afterAll(() => api.close());

  /** Runs `body` with the institute's root led by `leader` (the seed's: the general manager). */
  const withRootLeader = async (leader: number | null, body: () => Promise<void>) => {
    const db = api.database.handle.db;
    await db
      .updateTable('sys_dept')
      .set({ leader_user_id: leader })
      .where('dept_id', '=', 100)
      .execute();
    try {
      await body();
    } finally {
      await db
        .updateTable('sys_dept')
        .set({ leader_user_id: 11 })
        .where('dept_id', '=', 100)
        .execute();
    }
  };

  it('the seed gives the institute a head: 上报上级 from 经营部 reaches the general manager', async () => {
    const title = '自拟合同评审（种子上报）';
    const created = await post(
      'jingying',
      '/project/approval/addContractTemplate',
      review(title, '20'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.currentNodeName).toBe('部门负责人');
    const d = await detail('zjl', created.body.data.approvalId as string);
    expect(d.approval.nodes.map((n) => [n.nodeName, n.assignees, n.selfApproval?.outcome])).toEqual(
      [
        ['部门负责人', [ZJL], 'escalated'],
        ['经营部', [ZJL], 'escalated'],
        ['财务部', [CAIWU], undefined],
      ],
    );
    expect(await waitingTitles('zjl', title)).toEqual([title]);
  });

  it('past a leaderless root, jingying’s own review skips the nodes that would fall to him and never waits on him', () =>
    withRootLeader(null, async () => {
      const title = '自拟合同评审（150 万元）';
      const created = await post('jingying', '/project/approval/addContractTemplate', {
        ...review(title, '150'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const approvalId = created.body.data.approvalId as string;
      expect(created.body.data.currentNodeName).toBe('财务部');

      let d = await detail('jingying', approvalId);
      const byName = Object.fromEntries(d.approval.nodes.map((n) => [n.nodeName, n]));
      expect(byName['部门负责人']).toMatchObject({
        assignees: [],
        selfApproval: { handling: 'escalate', outcome: 'skipped' },
      });
      expect(byName['经营部']).toMatchObject({
        assignees: [],
        selfApproval: { handling: 'others', outcome: 'skipped' },
      });
      expect(byName['财务部']?.assignees).toEqual([CAIWU]);
      expect(byName['总经理']?.assignees).toEqual([ZJL]);
      for (const n of d.approval.nodes) expect(n.assignees).not.toContain(JINGYING);
      expect(d.approvalDetailBO.nodeNotes.map((n) => [n.nodeName, n.outcome, n.reason])).toEqual([
        ['部门负责人', 'skipped', '拟稿人本人为该节点审批人，且没有可上报的上级'],
        ['经营部', 'skipped', '拟稿人本人为该节点审批人，且没有可上报的上级'],
      ]);
      expect(d.approvalDetailBO.unApprovalList.map((n) => n.nodeName)).toEqual([
        '财务部',
        '总经理',
      ]);
      expect(d.allowedActions).not.toContain('approve');

      // 待我审批 never lists it for him; it waits on 财务部.
      expect(await waitingTitles('jingying', title)).toEqual([]);
      expect(await waitingTitles('caiwu', title)).toEqual([title]);

      // The server refuses him at a node on every path: 403 with a Chinese message.
      for (const [action, extra] of [
        ['approve', {}],
        ['reject', {}],
        ['return', { targetNodeId: d.approval.nodes[0]?.nodeId }],
        ['transfer', { toUserId: ZJL }],
      ] as const) {
        const r = await act('jingying', approvalId, d.approval.version, action, extra);
        expect(r.status, `${action} ${JSON.stringify(r.body)}`).toBe(403);
        expect(r.body.msg).toMatch(/拟稿人.*不能审批自己的审批/);
      }
      // Nor can it be transferred to him.
      const toHim = await act('caiwu', approvalId, d.approval.version, 'transfer', {
        toUserId: JINGYING,
      });
      expect(toHim.status).toBe(400);
      expect(toHim.body.field).toBe('toUserId');

      expect((await act('caiwu', approvalId, d.approval.version, 'approve')).status).toBe(200);
      d = await detail('zjl', approvalId);
      expect(d.approvalDetailBO.currentNodeName).toBe('总经理');
      // A return cannot go to a skipped node (nobody would hold it), only to one that acted.
      const toSkipped = await act('zjl', approvalId, d.approval.version, 'return', {
        targetNodeId: d.approval.nodes[1]?.nodeId,
      });
      expect(toSkipped.status).toBe(400);
      expect(toSkipped.body.field).toBe('targetNodeId');
      const back = await act('zjl', approvalId, d.approval.version, 'return', {
        targetNodeId: d.approval.nodes[2]?.nodeId,
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(await waitingTitles('jingying', title)).toEqual([]);
      d = await detail('caiwu', approvalId);
      expect((await act('caiwu', approvalId, d.approval.version, 'approve')).status).toBe(200);
      d = await detail('zjl', approvalId);
      expect((await act('zjl', approvalId, d.approval.version, 'approve')).status).toBe(200);

      d = await detail('jingying', approvalId);
      expect(d.approval.status).toBe(1);
      const nodeActions = d.log.filter((e) =>
        ['approve', 'reject', 'return', 'transfer'].includes(e.action),
      );
      expect(nodeActions.map((e) => e.actorId)).toEqual([CAIWU, ZJL, CAIWU, ZJL]);

      // The exported sheet says what happened to the two nodes.
      const book = await openXlsx(
        get('jingying', '/project/approval/export', { approvalId }),
        '/project/approval/export',
      );
      const cells: string[] = [];
      book.worksheets[0]?.eachRow((row) => cells.push(JSON.stringify(row.values)));
      expect(cells.join('\n')).toContain('已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）');
    }));

  it('a resubmission keeps the earlier round’s notes on the sheet beside the new round’s', async () => {
    const title = '自拟合同评审（两轮）';
    let approvalId = '';
    await withRootLeader(null, async () => {
      const created = await post(
        'jingying',
        '/project/approval/addContractTemplate',
        review(title, '20'),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      approvalId = created.body.data.approvalId as string;
      const d = await detail('caiwu', approvalId);
      const rejected = await act('caiwu', approvalId, d.approval.version, 'reject', {
        opinion: '请补充',
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    });
    // Round 2 resolves its nodes with the seed's root leader: escalated, not skipped.
    let d = await detail('jingying', approvalId);
    const again = await act('jingying', approvalId, d.approval.version, 'submit');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    d = await detail('jingying', approvalId);
    const notes = d.approvalDetailBO.nodeNotes as unknown as {
      nodeName: string;
      outcome: string;
      earlierRound?: number;
    }[];
    expect(notes.map((n) => [n.earlierRound, n.nodeName, n.outcome])).toEqual([
      [1, '部门负责人', 'skipped'],
      [1, '经营部', 'skipped'],
      [undefined, '部门负责人', 'escalated'],
      [undefined, '经营部', 'escalated'],
    ]);
    // The export prints both rounds, the earlier one marked with its round.
    const rows = await client.xlsxRows('jingying', '/project/approval/export', { approvalId });
    const lines = rows.map((r) => r.join('|')).join('\n');
    expect(lines).toContain(
      '第1轮 部门负责人|已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）',
    );
    expect(lines).toContain('部门负责人|拟稿人本人为该节点审批人，已上报至陈总');
  });

  it('escalates to the head above when there is one, and follows each node’s configuration', async () => {
    {
      const flow = await get('admin', '/approval/node/get', { typeCode: '1_1' });
      const business = (flow.body.data.nodes as { nodeId: number; nodeName: string }[]).find(
        (n) => n.nodeName === '经营部',
      );
      expect(flow.body.data.nodes.map((n: { selfApproval: string }) => n.selfApproval)).toEqual([
        'escalate',
        'others',
        'others',
        'others',
      ]);
      const bad = await post('admin', '/approval/node/update', {
        nodeId: business?.nodeId,
        selfApproval: 'nobody',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field, JSON.stringify(bad.body)).toBe('selfApproval');
      expect(bad.body.msg).toContain('上报上级');

      const title = '自拟合同评审（上报）';
      const first = await post(
        'jingying',
        '/project/approval/addContractTemplate',
        review(title, '20'),
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      let d = await detail('jingying', first.body.data.approvalId as string);
      expect(
        d.approval.nodes.map((n) => [n.nodeName, n.assignees, n.selfApproval?.outcome]),
      ).toEqual([
        ['部门负责人', [ZJL], 'escalated'],
        ['经营部', [ZJL], 'escalated'],
        ['财务部', [CAIWU], undefined],
      ]);
      expect(first.body.data.currentNodeName).toBe('部门负责人');
      expect(await waitingTitles('zjl', title)).toEqual([title]);
      expect(await waitingTitles('jingying', title)).toEqual([]);

      // The administrator chooses 跳过并记录原因 for 经营部.
      const upd = await post('admin', '/approval/node/update', {
        nodeId: business?.nodeId,
        selfApproval: 'skip',
      });
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      expect(upd.body.data.selfApproval).toBe('skip');
      const second = await post(
        'jingying',
        '/project/approval/addContractTemplate',
        review(`${title}二`, '20'),
      );
      d = await detail('jingying', second.body.data.approvalId as string);
      expect(d.approvalDetailBO.nodeNotes.map((n) => [n.nodeName, n.outcome, n.reason])).toEqual([
        ['部门负责人', 'escalated', '拟稿人本人为该节点审批人'],
        ['经营部', 'skipped', '拟稿人本人为该节点审批人，按流程配置跳过'],
      ]);
      expect(d.userNames[ZJL]).toBe('陈总');
      await post('admin', '/approval/node/update', {
        nodeId: business?.nodeId,
        selfApproval: 'others',
      });
    }
  });
});
