/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApprovalApi,
  standInRecord,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { fundPlanBody } from '../test-support/fund-bodies.js';

/**
 * No node without an approver, no approver by accident: a 设计任务单 (3_1: 项目经理 → 设计主持 →
 * 部门负责人) that names no project manager is refused naming the role and the field, never sent
 * with the node dropped; and a fund plan of 建筑一所 drafted by 财务 (caiwu) goes to 建筑一所's
 * head (bmfzr), not to the drafter's own department.
 */
describe.each(testDatabaseKinds())('node people resolve from the record, on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('sjzc', 'caiwu');
  });
  afterAll(() => api?.close());

  const sections = [
    {
      title: '任务单',
      fields: [
        { type: 'input', refname: 'taskName', label: '任务名称' },
        { type: 'input', refname: 'projectManagerId', label: '项目经理' },
        { type: 'input', refname: 'designUserId', label: '设计主持' },
      ],
    },
  ];
  const taskSheet = (people: Record<string, string>) => ({
    typeCode: '3_1',
    // A linked form: the test record stands in for the task sheet.
    ...standInRecord('task'),
    title: '设计任务单',
    templateContent: sections,
    content: {
      taskName: { value: '某住宅楼施工图' },
      ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, { value: v }])),
    },
    submit: true,
  });

  it('refuses a task sheet without its project manager, naming the role and the field', async () => {
    const mine = async () =>
      (await c.get('sjzc', '/project/approval/getSelfCreateList')).body.total as number;
    const before = await mine();
    const r = await c.post('sjzc', '/project/approval/addCommonTemplate', taskSheet({}));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toContain('请选择项目经理：审批节点「项目经理」没有审批人');
    expect(r.body.field).toBe('projectManagerId');
    // Refused means nothing stored: no draft is left behind.
    expect(await mine()).toBe(before);

    const noHost = await c.post(
      'sjzc',
      '/project/approval/addCommonTemplate',
      taskSheet({ projectManagerId: '3' }),
    );
    expect(noHost.status).toBe(400);
    expect(noHost.body.field).toBe('designUserId');
  });

  it('sends a task sheet naming both people through all three nodes, each held', async () => {
    // The design host is someone other than the drafter (sjzc drafts; zgcs hosts).
    const sent = await c.okData(
      c.post(
        'sjzc',
        '/project/approval/addCommonTemplate',
        taskSheet({ projectManagerId: '3', designUserId: '6' }),
      ),
    );
    const d = await c.okData(
      c.get('sjzc', '/project/approval/getCommonApprovalDetail', { approvalId: sent.approvalId }),
    );
    const nodes = d.approval.nodes as { nodeName: string; assignees: string[] }[];
    expect(nodes.map((n) => n.nodeName)).toEqual(['项目经理', '设计主持', '部门负责人']);
    expect(nodes[0]?.assignees).toEqual(['3']);
    expect(nodes[1]?.assignees).toEqual(['6']);
    for (const n of nodes) expect(n.assignees.length, n.nodeName).toBeGreaterThan(0);
  });

  it('sends a fund plan of 建筑一所 drafted by caiwu to 建筑一所’s head', async () => {
    const plan = await c.okData(
      c.post(
        'caiwu',
        '/contract/fundPlan/add',
        fundPlanBody('2032-01', [{ lineKind: 'rigid', subjectName: '工资', amount: '20' }]),
      ),
    );
    const sent = await c.okData(
      c.post('caiwu', '/contract/fundPlan/updateToApproval', { planId: plan.planId }),
    );
    const d = await c.okData(
      c.get('caiwu', '/project/approval/getCommonApprovalDetail', {
        approvalId: String(sent.approvalId),
      }),
    );
    const nodes = d.approval.nodes as { nodeName: string; assignees: string[] }[];
    const head = nodes.find((n) => n.nodeName === '部门负责人');
    // bmfzr (5) leads 建筑一所 (110); caiwu (8) holds no node of her own plan.
    expect(head?.assignees).toEqual(['5']);
    for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain('8');
  });
});
