import { describe, expect, it } from 'vitest';
import { buildApprovalDetailBO, type SignedApprovalLogEntry } from './approval-detail.js';
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
        },
      ],
      unApprovalList: [
        { nodeId: 'tech', nodeName: '技术负责人' },
        { nodeId: 'gm', nodeName: '总经理' },
      ],
      currentNodeName: '技术负责人',
      nodeNotes: [],
    });
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
