/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * Separation of duties against the seeded institute: 王经营 (jingying, user 2) leads 经营部 and is
 * its only 经营部负责人, so on his own contract review (1_1: 部门负责人 → 经营部 → 财务部, 总经理
 * from 100 万元) the first two nodes would fall to him. Nobody leads the institute's root above
 * him, so both are skipped with the reason; he never approves his own review, on any path.
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
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ Authorization: `Bearer ${tokens[user] ?? ''}` });
  const post = (user: string, path: string, body: unknown) =>
    request(api.app)
      .post(`/prod-api${path}`)
      .set(as(user))
      .send(body as object);
  const get = (user: string, path: string, query: Record<string, unknown> = {}) =>
    request(api.app)
      .get(`/prod-api${path}`)
      .set(as(user))
      .query(query as Record<string, string>);
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
    for (const u of ['admin', 'jingying', 'caiwu', 'zjl']) tokens[u] = await api.login(u);
  });
  afterAll(() => api.close());

  it('jingying’s own contract review skips the nodes that would fall to him and never waits on him', async () => {
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
    expect(d.approvalDetailBO.unApprovalList.map((n) => n.nodeName)).toEqual(['财务部', '总经理']);
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
    const xlsx = await get('jingying', '/project/approval/export', { approvalId })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((row) => cells.push(JSON.stringify(row.values)));
    expect(cells.join('\n')).toContain('已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）');
  });

  it('escalates to the head above when there is one, and follows each node’s configuration', async () => {
    const db = api.database.handle.db;
    // Give the institute a head: the general manager leads the root department.
    await db
      .updateTable('sys_dept')
      .set({ leader_user_id: 11 })
      .where('dept_id', '=', 100)
      .execute();
    try {
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
    } finally {
      await db
        .updateTable('sys_dept')
        .set({ leader_user_id: null })
        .where('dept_id', '=', 100)
        .execute();
    }
  });
});
