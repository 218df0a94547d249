import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildApprovalDetailBO } from './approval-detail.js';
import {
  applyAction,
  newApprovalState,
  pendingApprovers,
  type ApprovalAction,
  type ApprovalNodeAssignment,
  type ApprovalState,
} from './approval-state-machine.js';
import {
  SELF_APPROVAL_REASONS,
  defaultSelfApprovalHandling,
  separateDrafter,
  selfApprovalNoteText,
  type SelfApprovalHandling,
} from './separation-of-duties.js';

const D = 'drafter';

describe('separateDrafter: the drafter never holds a node of their own approval', () => {
  it('leaves holders without the drafter as they are, with no note', () => {
    expect(
      separateDrafter({ handling: 'skip', holders: ['a', 'b'], drafterId: D, leaders: [D, 'up'] }),
    ).toEqual({ assignees: ['a', 'b'] });
  });

  it('escalate: a department head drafting goes to the head of the department above', () => {
    expect(
      separateDrafter({ handling: 'escalate', holders: [D], drafterId: D, leaders: [D, 'up'] }),
    ).toEqual({
      assignees: ['up'],
      note: {
        handling: 'escalate',
        outcome: 'escalated',
        reason: SELF_APPROVAL_REASONS.drafterHolds,
      },
    });
    // A role holder who is not a head escalates to their own head, ignoring the other holders.
    expect(
      separateDrafter({ handling: 'escalate', holders: [D, 'b'], drafterId: D, leaders: ['head'] })
        .assignees,
    ).toEqual(['head']);
  });

  it('others: the other holders act; with none left it escalates', () => {
    expect(
      separateDrafter({
        handling: 'others',
        holders: ['a', D, 'b'],
        drafterId: D,
        leaders: ['up'],
      }),
    ).toEqual({
      assignees: ['a', 'b'],
      note: { handling: 'others', outcome: 'others', reason: SELF_APPROVAL_REASONS.drafterHolds },
    });
    expect(
      separateDrafter({ handling: 'others', holders: [D], drafterId: D, leaders: [D, 'up'] }),
    ).toEqual({
      assignees: ['up'],
      note: {
        handling: 'others',
        outcome: 'escalated',
        reason: SELF_APPROVAL_REASONS.drafterHolds,
      },
    });
  });

  it('skip: the node is skipped with its reason, whoever else holds it', () => {
    expect(
      separateDrafter({ handling: 'skip', holders: [D, 'a'], drafterId: D, leaders: ['up'] }),
    ).toEqual({
      assignees: [],
      note: { handling: 'skip', outcome: 'skipped', reason: SELF_APPROVAL_REASONS.skippedByConfig },
    });
  });

  it('escalating from the top of the tree skips the node with the reason', () => {
    for (const handling of ['escalate', 'others'] as const) {
      expect(separateDrafter({ handling, holders: [D], drafterId: D, leaders: [D] })).toEqual({
        assignees: [],
        note: { handling, outcome: 'skipped', reason: SELF_APPROVAL_REASONS.nobodyAbove },
      });
    }
  });

  it('never answers the drafter, and answers nobody only when it skips', () => {
    const user = fc.constantFrom(D, 'a', 'b', 'c', 'd');
    fc.assert(
      fc.property(
        fc.constantFrom<SelfApprovalHandling>('escalate', 'others', 'skip'),
        fc.uniqueArray(user, { minLength: 1, maxLength: 5 }),
        fc.uniqueArray(user, { maxLength: 5 }),
        (handling, holders, leaders) => {
          const r = separateDrafter({ handling, holders, drafterId: D, leaders });
          expect(r.assignees).not.toContain(D);
          expect(r.assignees.length === 0).toBe(r.note?.outcome === 'skipped');
          expect(r.note === undefined).toBe(!holders.includes(D));
        },
      ),
    );
  });

  it('defaults: a department-head node escalates, the other kinds go to other holders', () => {
    expect(defaultSelfApprovalHandling('drafterDeptHead')).toBe('escalate');
    expect(defaultSelfApprovalHandling('role')).toBe('others');
    expect(defaultSelfApprovalHandling('users')).toBe('others');
    expect(defaultSelfApprovalHandling('formPerson')).toBe('others');
  });

  it('says in Chinese what happened to the node', () => {
    const note = {
      handling: 'escalate' as const,
      outcome: 'skipped' as const,
      reason: SELF_APPROVAL_REASONS.nobodyAbove,
    };
    expect(selfApprovalNoteText('部门负责人', note, [])).toBe(
      '部门负责人：已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）',
    );
    expect(
      selfApprovalNoteText(
        '经营部',
        { handling: 'escalate', outcome: 'escalated', reason: SELF_APPROVAL_REASONS.drafterHolds },
        ['陈总'],
      ),
    ).toBe('经营部：拟稿人本人为该节点审批人，已上报至陈总');
    expect(
      selfApprovalNoteText(
        '财务部',
        { handling: 'others', outcome: 'others', reason: SELF_APPROVAL_REASONS.drafterHolds },
        ['周会计', '吴运营'],
      ),
    ).toBe('财务部：拟稿人本人为该节点审批人，已改由周会计、吴运营审批');
  });
});

const skipped = (nodeId: string, nodeName: string): ApprovalNodeAssignment => ({
  nodeId,
  nodeName,
  mode: 'or',
  assignees: [],
  selfApproval: {
    handling: 'escalate',
    outcome: 'skipped',
    reason: SELF_APPROVAL_REASONS.nobodyAbove,
  },
});

/** An action without its version (distributes over the union, unlike a plain Omit). */
type ActionSpec = ApprovalAction extends infer A
  ? A extends ApprovalAction
    ? Omit<A, 'expectedVersion'>
    : never
  : never;

function act(s: ApprovalState, a: ActionSpec, actor: string) {
  return applyAction(s, { ...a, expectedVersion: s.version }, actor);
}

function must(s: ApprovalState, a: ActionSpec, actor: string) {
  const r = act(s, a, actor);
  if (!r.ok) throw new Error(`${a.type} by ${actor}: ${r.error.code}`);
  return r.value.state;
}

describe('the state machine keeps separation of duties', () => {
  const flow: ApprovalNodeAssignment[] = [
    skipped('head', '部门负责人'),
    { nodeId: 'biz', nodeName: '经营部', mode: 'or', assignees: ['up'] },
    skipped('x', '运营部'),
    { nodeId: 'fin', nodeName: '财务部', mode: 'or', assignees: ['cw'] },
  ];

  it('passes over skipped nodes on submit and approve, and never returns to one', () => {
    let s = must(newApprovalState(D), { type: 'submit', nodes: flow }, D);
    expect(s.currentNodeIndex).toBe(1);
    expect(pendingApprovers(s)).toEqual(['up']);
    s = must(s, { type: 'approve' }, 'up');
    expect(s.currentNodeIndex).toBe(3);
    const back = act(s, { type: 'return', toNodeId: 'x' }, 'cw');
    expect(!back.ok && back.error.field).toBe('targetNodeId');
    expect(must(s, { type: 'return', toNodeId: 'biz' }, 'cw').currentNodeIndex).toBe(1);
    s = must(s, { type: 'approve' }, 'cw');
    expect(s.status).toBe(1);
  });

  it('shows the skipped nodes with their reason and not among the nodes to act', () => {
    const s = must(newApprovalState(D), { type: 'submit', nodes: flow }, D);
    const bo = buildApprovalDetailBO(s, [], null);
    expect(bo.unApprovalList.map((n) => n.nodeId)).toEqual(['biz', 'fin']);
    expect(bo.currentNodeName).toBe('经营部');
    expect(bo.nodeNotes?.map((n) => [n.nodeId, n.outcome, n.reason])).toEqual([
      ['head', 'skipped', SELF_APPROVAL_REASONS.nobodyAbove],
      ['x', 'skipped', SELF_APPROVAL_REASONS.nobodyAbove],
    ]);
  });

  it('refuses a flow that names the drafter, and one where every node was skipped', () => {
    const named = act(
      newApprovalState(D),
      { type: 'submit', nodes: [{ nodeId: 'n', nodeName: '经营部', mode: 'or', assignees: [D] }] },
      D,
    );
    expect(!named.ok && named.error.code).toBe('SELF_APPROVAL.DRAFTER_ASSIGNED');
    const none = act(
      newApprovalState(D),
      { type: 'submit', nodes: [skipped('h', '部门负责人')] },
      D,
    );
    expect(!none.ok && none.error.code).toBe('SELF_APPROVAL.NO_APPROVER');
  });

  it('refuses the drafter at a node even when stored data names them (403 code)', () => {
    // Inconsistent data: a stored node that names the drafter, as no submission would make.
    const s: ApprovalState = {
      ...newApprovalState(D),
      status: 0,
      round: 1,
      version: 1,
      nodes: [{ nodeId: 'n', nodeName: '经营部', mode: 'all', assignees: [D, 'b'] }],
    };
    expect(pendingApprovers(s)).toEqual(['b']);
    for (const a of [
      { type: 'approve' },
      { type: 'reject' },
      { type: 'transfer', to: 'c' },
    ] as const) {
      const r = act(s, a, D);
      expect(!r.ok && r.error.code).toBe('SELF_APPROVAL.FORBIDDEN');
      expect(!r.ok && r.error.message).toContain('拟稿人');
    }
  });

  it('refuses a transfer to the drafter', () => {
    const s = must(newApprovalState(D), { type: 'submit', nodes: flow }, D);
    const r = act(s, { type: 'transfer', to: D }, 'up');
    expect(!r.ok && r.error.field).toBe('toUserId');
  });
});
