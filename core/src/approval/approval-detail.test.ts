import { describe, expect, it } from 'vitest';
import {
  approvalNodeNoteLine,
  buildApprovalDetailBO,
  type SignedApprovalLogEntry,
} from './approval-detail.js';
import {
  applyAction,
  newApprovalState,
  type ApprovalAction,
  type ApprovalNodeAssignment,
  type ApprovalState,
} from './approval-state-machine.js';

const nodes: ApprovalNodeAssignment[] = [
  { nodeId: 'dept', nodeName: '部门负责人', mode: 'or', assignees: ['a'] },
  { nodeId: 'tech', nodeName: '技术负责人', mode: 'or', assignees: ['b'] },
  { nodeId: 'gm', nodeName: '总经理', mode: 'or', assignees: ['c'] },
];

type Step = [ApprovalAction['type'], string, Record<string, unknown>?];

function play(steps: Step[]): { state: ApprovalState; log: SignedApprovalLogEntry[] } {
  let state = newApprovalState('d', nodes);
  const log: SignedApprovalLogEntry[] = [];
  for (const [type, actor, extra] of steps) {
    const r = applyAction(
      state,
      { type, expectedVersion: state.version, ...extra } as ApprovalAction,
      actor,
    );
    if (!r.ok) throw new Error(r.error.code);
    state = r.value.state;
    log.push({ ...r.value.entry, signUrl: `/sign/${actor}.png` });
  }
  return { state, log };
}

describe('buildApprovalDetailBO', () => {
  it('lists the signatures of the round and the nodes still to act', () => {
    const { state, log } = play([
      ['submit', 'd'],
      ['approve', 'a', { opinion: '同意' }],
    ]);
    expect(buildApprovalDetailBO(state, log, '/sign/d.png')).toEqual({
      creatorSignUrl: '/sign/d.png',
      approvalNodeList: [
        {
          nodeId: 'dept',
          nodeName: '部门负责人',
          content: '同意',
          approvalUserSignUrl: '/sign/a.png',
          approvalUserId: 'a',
        },
      ],
      unApprovalList: [
        { nodeId: 'tech', nodeName: '技术负责人', assignees: ['b'] },
        { nodeId: 'gm', nodeName: '总经理', assignees: ['c'] },
      ],
      currentNodeName: '技术负责人',
      nodeNotes: [],
    });
  });

  it("names each row's signer and, where the log read has it, the time they signed", () => {
    const { state, log } = play([
      ['submit', 'd'],
      ['approve', 'a', { opinion: '同意' }],
    ]);
    const at = new Date('2026-11-27T06:30:00.000Z');
    const rows = buildApprovalDetailBO(
      state,
      log.map((e) => ({ ...e, createdAt: at })),
      null,
    ).approvalNodeList;
    expect(rows.map((r) => [r.approvalUserId, r.approvalTime])).toEqual([
      ['a', '2026-11-27T06:30:00.000Z'],
    ]);
  });

  it('drops the rows of nodes a return sends back, and earlier rounds', () => {
    const back = play([
      ['submit', 'd'],
      ['approve', 'a'],
      ['approve', 'b'],
      ['return', 'c', { toNodeId: 'tech' }],
    ]);
    const bo = buildApprovalDetailBO(back.state, back.log, null);
    expect(bo.approvalNodeList.map((r) => r.nodeId)).toEqual(['dept']);
    expect(bo.currentNodeName).toBe('技术负责人');

    const again = play([
      ['submit', 'd'],
      ['approve', 'a'],
      ['reject', 'b', { opinion: '退回修改' }],
    ]);
    const rejected = buildApprovalDetailBO(again.state, again.log, null);
    expect(rejected.approvalNodeList.map((r) => r.content)).toEqual(['', '退回修改']);
    expect(rejected.unApprovalList).toEqual([]);
    expect(rejected.currentNodeName).toBe('');
    const resubmitted = play([
      ['submit', 'd'],
      ['approve', 'a'],
      ['reject', 'b'],
      ['resubmit', 'd'],
    ]);
    expect(
      buildApprovalDetailBO(resubmitted.state, resubmitted.log, null).approvalNodeList,
    ).toEqual([]);
  });

  it('shows every node finished and none pending once approved', () => {
    const { state, log } = play([
      ['submit', 'd'],
      ['approve', 'a'],
      ['approve', 'b'],
      ['approve', 'c'],
    ]);
    const bo = buildApprovalDetailBO(state, log, null);
    expect(bo.approvalNodeList.map((r) => r.nodeName)).toEqual([
      '部门负责人',
      '技术负责人',
      '总经理',
    ]);
    expect(bo.unApprovalList).toEqual([]);
  });
});

describe('separation-of-duties notes of every round', () => {
  const skippedDept: ApprovalNodeAssignment = {
    nodeId: 'dept',
    nodeName: '部门负责人',
    mode: 'or',
    assignees: [],
    selfApproval: { handling: 'escalate', outcome: 'skipped', reason: '无上级' },
  };
  const escalatedDept: ApprovalNodeAssignment = {
    ...skippedDept,
    assignees: ['c'],
    selfApproval: {
      handling: 'escalate',
      outcome: 'escalated',
      reason: '拟稿人本人为该节点审批人',
    },
  };

  it('a resubmission keeps the earlier round’s notes beside the current one’s, marked with its round', () => {
    const { state, log } = play([
      ['submit', 'd', { nodes: [skippedDept, ...nodes.slice(1)] }],
      ['reject', 'b', { opinion: '补充资料' }],
      ['resubmit', 'd', { nodes: [escalatedDept, ...nodes.slice(1)] }],
    ]);
    const notes = buildApprovalDetailBO(state, log, null).nodeNotes ?? [];
    expect(notes.map((n) => [n.earlierRound, n.nodeName, n.outcome, n.assignees])).toEqual([
      [1, '部门负责人', 'skipped', []],
      [undefined, '部门负责人', 'escalated', ['c']],
    ]);
    expect(notes.map((n) => approvalNodeNoteLine(n, n.assignees))).toEqual([
      '第1轮 部门负责人：已跳过（无上级）',
      '部门负责人：拟稿人本人为该节点审批人，已上报至c',
    ]);
  });

  it('a round logged before the log kept notes shows the current nodes’ own', () => {
    const { state, log } = play([['submit', 'd', { nodes: [escalatedDept, ...nodes.slice(1)] }]]);
    const bare = log.map(({ selfApprovalNotes: _dropped, ...e }) => e);
    const notes = buildApprovalDetailBO(state, bare, null).nodeNotes ?? [];
    expect(notes.map((n) => [n.earlierRound, n.outcome])).toEqual([[undefined, 'escalated']]);
  });
});
