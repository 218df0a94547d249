import { describe, expect, it } from 'vitest';
import { approvalDetailAnswer } from './approval-answers.js';
import { flowAddBody, flowUpdateBody, nodeAddBody, nodeUpdateBody } from './approval.js';

const problemsOf = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.error?.issues ?? []).map((i) => [String(i.path[0] ?? ''), i.message]);

describe('the flow and node forms’ bodies are core’s rules', () => {
  it('report every field of a flow at once, in core’s words', () => {
    expect(problemsOf(flowAddBody.safeParse({ typeCode: '', flowName: '  ' }))).toEqual([
      ['typeCode', '审批类型不能为空'],
      ['flowName', '流程名称不能为空'],
    ]);
    expect(problemsOf(flowAddBody.safeParse({ typeCode: '99_9', flowName: '流程' }))).toEqual([
      ['typeCode', '审批类型“99_9”不存在'],
    ]);
    expect(problemsOf(flowUpdateBody.safeParse({ flowId: 1, remark: '备'.repeat(501) }))).toEqual([
      ['remark', '备注不能超过500个字'],
    ]);
    expect(flowUpdateBody.safeParse({ flowId: 1, status: '1' }).success).toBe(true);
  });

  it('need the actor a node’s kind names, beside its field', () => {
    expect(
      problemsOf(
        nodeAddBody.safeParse({ flowId: 1, nodeName: '', actorKind: 'role', roleKey: '' }),
      ),
    ).toEqual([
      ['nodeName', '节点名称不能为空'],
      ['roleKey', '审批角色不能为空'],
    ]);
    expect(
      problemsOf(nodeAddBody.safeParse({ flowId: 1, nodeName: '财务', actorKind: 'users' })),
    ).toEqual([['userIds', '审批人不能为空']]);
    expect(
      problemsOf(
        nodeAddBody.safeParse({
          flowId: 1,
          nodeName: '总经理',
          actorKind: 'role',
          roleKey: 'zjl',
          condition: { kind: 'amount', refname: '', op: 'gte', threshold: '100' },
        }),
      ),
    ).toEqual([['condition', '条件字段不能为空']]);
    // An update keeps what it leaves out: only what it carries is checked.
    expect(nodeUpdateBody.safeParse({ nodeId: 3, mode: 'all' }).success).toBe(true);
    expect(problemsOf(nodeUpdateBody.safeParse({ nodeId: 3, nodeName: ' ' }))).toEqual([
      ['nodeName', '节点名称不能为空'],
    ]);
  });

  it('carry a node’s fallback on an edit too, needing whom it names', () => {
    const fallback = { kind: 'role', roleKey: 'bmfzr' } as const;
    expect(nodeUpdateBody.parse({ nodeId: 3, fallback }).fallback).toEqual(fallback);
    expect(nodeUpdateBody.parse({ nodeId: 3, fallback: null }).fallback).toBeNull();
    const issues = (fb: unknown) =>
      (nodeUpdateBody.safeParse({ nodeId: 3, fallback: fb }).error?.issues ?? []).map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(issues({ kind: 'role', roleKey: ' ' })).toEqual([
      ['fallback.roleKey', '审批角色不能为空'],
    ]);
    expect(issues({ kind: 'users', userIds: [] })).toEqual([
      ['fallback.userIds', '审批人不能为空'],
    ]);
  });
});

describe('the approval detail’s blocks', () => {
  const detail = {
    approval: {
      approvalId: '7',
      typeCode: '1_1',
      typeName: '合同评审',
      kind: 'Contract',
      title: '评审',
      status: 0,
      version: 2,
      round: 1,
      drafterId: '3',
      deptId: 110,
      recordKind: 'contract',
      recordId: '5',
      content: { contractName: { label: '合同名称', value: '设计合同' } },
      templateContent: null,
      files: [{ fileName: 'a.pdf', fileId: 'f1', url: '/common/download/resource?resource=f1' }],
      nodes: [
        {
          nodeId: '1',
          nodeName: '部门负责人',
          mode: 'or',
          assignees: ['11'],
          selfApproval: {
            handling: 'escalate',
            outcome: 'escalated',
            reason: '拟稿人本人为该节点审批人',
          },
        },
        { nodeId: '2', nodeName: '财务部', mode: 'or', assignees: ['8'] },
      ],
      currentNodeIndex: 0,
      readers: [],
      createTime: '2026-11-25T14:55:32.823+08:00',
      updateTime: '2026-11-25T14:55:32.823+08:00',
      submitTime: '2026-11-25T14:55:32.823+08:00',
      finishTime: null,
    },
    approvalDetailBO: {
      creatorSignUrl: null,
      approvalNodeList: [],
      unApprovalList: [{ nodeId: '1', nodeName: '部门负责人' }],
      currentNodeName: '部门负责人',
      nodeNotes: [
        {
          nodeId: '1',
          nodeName: '部门负责人',
          handling: 'escalate',
          outcome: 'escalated',
          reason: '拟稿人本人为该节点审批人',
          assignees: ['11'],
        },
      ],
    },
    attachmentList: [],
    sealImagesList: [],
    imgFiles: [],
    currentSignRecord: null,
    designTaskSignFlowList: [
      { flowId: '1', flowName: '设计', orderNo: 1, dealUserId: '3', taskId: '9' },
    ],
    designTaskSignDetailList: [
      {
        flowId: '1',
        dealContent: '同意',
        createTime: '2026-11-25T14:55:32.823+08:00',
        dealUserSignUrl: null,
      },
    ],
    log: [],
    allowedActions: ['withdraw'],
    userNames: { '3': '王五', '11': '陈总' },
  };
  const answer = (data: unknown) => ({ code: 200, msg: '操作成功', data });

  it('parse a detail as the API builds it, keeping a file’s address', () => {
    const parsed = approvalDetailAnswer.parse(answer(detail));
    expect(parsed.data.approval.nodes[0]?.selfApproval?.outcome).toBe('escalated');
    expect(parsed.data.approval.files[0]?.url).toBe('/common/download/resource?resource=f1');
    expect(parsed.data.designTaskSignFlowList?.[0]?.dealUserId).toBe('3');
  });

  it('refuse a malformed block by its field, not only a malformed envelope', () => {
    const pathOf = (data: unknown) =>
      approvalDetailAnswer.safeParse(answer(data)).error?.issues[0]?.path.join('.');
    const nodes = [{ nodeId: '1', nodeName: '部门负责人', mode: 'or', assignees: [11] }];
    expect(pathOf({ ...detail, approval: { ...detail.approval, nodes } })).toBe(
      'data.approval.nodes.0.assignees.0',
    );
    expect(
      pathOf({
        ...detail,
        approvalDetailBO: { ...detail.approvalDetailBO, unApprovalList: [{ nodeId: 1 }] },
      }),
    ).toBe('data.approvalDetailBO.unApprovalList.0.nodeId');
    expect(pathOf({ ...detail, currentSignRecord: { nodeId: '1' } })).toBe(
      'data.currentSignRecord.nodeName',
    );
    expect(
      pathOf({
        ...detail,
        designTaskSignDetailList: [
          { flowId: '1', dealContent: '同意', createTime: 20261125, dealUserSignUrl: null },
        ],
      }),
    ).toBe('data.designTaskSignDetailList.0.createTime');
  });
});
