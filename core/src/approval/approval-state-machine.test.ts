import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyAction,
  approvalOpinionProblem,
  newApprovalState,
  nextActiveNodeIndex,
  pendingApprovers,
  type ApprovalAction,
  type ApprovalNodeAssignment,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import { APPROVAL_STATUSES, isTransitionAllowed } from './approval-status.js';

/** An action without its version (distributes over the union, unlike a plain Omit). */
type ActionSpec = ApprovalAction extends infer A
  ? A extends ApprovalAction
    ? Omit<A, 'expectedVersion'>
    : never
  : never;

const DRAFTER = 'u0';
const nodes: readonly ApprovalNodeAssignment[] = [
  { nodeId: 'dept', nodeName: '部门负责人', mode: 'or', assignees: ['a', 'b'] },
  { nodeId: 'tech', nodeName: '技术负责人', mode: 'all', assignees: ['c', 'd'] },
  { nodeId: 'gm', nodeName: '总经理', mode: 'or', assignees: ['e'] },
];

/** Applies a list of [action without version, actor] steps, failing the test on any refusal. */
function run(state: ApprovalState, steps: readonly [ActionSpec, ApprovalUserId][]): ApprovalState {
  let s = state;
  for (const [a, actor] of steps) {
    const r = applyAction(s, { ...a, expectedVersion: s.version }, actor);
    if (!r.ok) throw new Error(`${a.type} by ${actor}: ${r.error.code}`);
    s = r.value.state;
  }
  return s;
}

function refusal(state: ApprovalState, a: ActionSpec, actor: string) {
  const r = applyAction(state, { ...a, expectedVersion: state.version }, actor);
  expect(r.ok).toBe(false);
  return r.ok ? undefined : r.error;
}

const submitted = () => run(newApprovalState(DRAFTER, nodes), [[{ type: 'submit' }, DRAFTER]]);

describe('applyAction: the walk through the nodes', () => {
  it('submit moves -1 to 0 at the first node, round 1, version 1', () => {
    const s = submitted();
    expect(s).toMatchObject({ status: 0, currentNodeIndex: 0, round: 1, version: 1 });
  });

  it('an or-node finishes with one signature, an all-node needs every user, the last gives 1', () => {
    let s = run(submitted(), [[{ type: 'approve', opinion: '同意' }, 'b']]);
    expect(s).toMatchObject({ status: 0, currentNodeIndex: 1 });
    s = run(s, [[{ type: 'approve' }, 'd']]);
    expect(s).toMatchObject({ status: 0, currentNodeIndex: 1, signedAtCurrent: ['d'] });
    s = run(s, [[{ type: 'approve' }, 'c']]);
    expect(s).toMatchObject({ status: 0, currentNodeIndex: 2, signedAtCurrent: [] });
    s = run(s, [[{ type: 'approve' }, 'e']]);
    expect(s).toMatchObject({ status: 1, currentNodeIndex: 3, version: 5 });
  });

  it('answers the log entry with the node, the opinion trimmed and whether the node finished', () => {
    const r = applyAction(
      submitted(),
      { type: 'approve', opinion: ' 同意 ', expectedVersion: 1 },
      'a',
    );
    expect(r.ok && r.value.entry).toEqual({
      action: 'approve',
      actor: 'a',
      round: 1,
      version: 2,
      fromStatus: 0,
      toStatus: 0,
      nodeId: 'dept',
      nodeName: '部门负责人',
      opinion: '同意',
      nodeCompleted: true,
    });
  });

  it('refuses a user who is not at the current node, and a second signature', () => {
    expect(refusal(submitted(), { type: 'approve' }, 'c')?.code).toBe('APPROVAL.NOT_YOUR_TURN');
    const s = run(submitted(), [
      [{ type: 'approve' }, 'a'],
      [{ type: 'approve' }, 'c'],
    ]);
    const e = refusal(s, { type: 'approve' }, 'c');
    expect(e?.code).toBe('APPROVAL.ALREADY_ACTED');
    expect(e?.message).toContain('技术负责人');
  });

  it('refuses a stale version before anything else', () => {
    const r = applyAction(submitted(), { type: 'approve', expectedVersion: 0 }, 'a');
    expect(!r.ok && r.error.code).toBe('APPROVAL.STALE_VERSION');
  });

  it('refuses an action the status does not accept, naming the status in Chinese', () => {
    const e = refusal(newApprovalState(DRAFTER, nodes), { type: 'approve' }, 'a');
    expect(e?.code).toBe('APPROVAL.INVALID_TRANSITION');
    expect(e?.message).toContain('待提交');
    const done = run(submitted(), [
      [{ type: 'approve' }, 'a'],
      [{ type: 'approve' }, 'c'],
      [{ type: 'approve' }, 'd'],
      [{ type: 'approve' }, 'e'],
    ]);
    for (const type of ['withdraw', 'reject', 'approve', 'urge', 'submit', 'resubmit'] as const) {
      expect(refusal(done, { type }, DRAFTER)?.code).toBe('APPROVAL.INVALID_TRANSITION');
    }
  });

  it('refuses a flow without nodes or a node without users', () => {
    const empty = newApprovalState(DRAFTER);
    expect(refusal(empty, { type: 'submit' }, DRAFTER)?.code).toBe('APPROVAL.EMPTY_FLOW');
    const noUser = [{ nodeId: 'x', nodeName: '财务部', mode: 'or' as const, assignees: [] }];
    const e = refusal(empty, { type: 'submit', nodes: noUser }, DRAFTER);
    expect(e?.code).toBe('APPROVAL.NODE_WITHOUT_APPROVER');
    expect(e?.message).toContain('财务部');
    const dup = [nodes[0]!, nodes[0]!];
    expect(refusal(empty, { type: 'submit', nodes: dup }, DRAFTER)?.code).toBe(
      'APPROVAL.INVALID_FLOW',
    );
  });

  it('takes an opinion of 20 characters and refuses 21', () => {
    const s = submitted();
    const twenty = '同'.repeat(20);
    expect(applyAction(s, { type: 'approve', opinion: twenty, expectedVersion: 1 }, 'a').ok).toBe(
      true,
    );
    expect(refusal(s, { type: 'approve', opinion: `${twenty}意` }, 'a')?.code).toBe(
      'VALIDATION.OPINION_TOO_LONG',
    );
  });
});

describe('approvalOpinionProblem: the opinion is at most 20 characters (000 §5)', () => {
  const char = fc.constantFrom('同', '意', 'a', ' ', '𠮷', '😀');
  it('refuses exactly the opinions longer than 20 characters once trimmed', () => {
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const opinion = chars.join('');
        const length = [...opinion.trim()].length;
        expect(approvalOpinionProblem(opinion) !== undefined).toBe(length > 20);
      }),
    );
  });
  it("counts a character outside the BMP once, and names the field with core's words", () => {
    expect(approvalOpinionProblem('𠮷'.repeat(20))).toBeUndefined();
    expect(approvalOpinionProblem(` ${'同'.repeat(20)} `)).toBeUndefined();
    expect(approvalOpinionProblem('同'.repeat(21))).toMatchObject({
      code: 'VALIDATION.OPINION_TOO_LONG',
      field: 'opinion',
      message: '审批意见不能超过20个字',
    });
  });
});

describe('applyAction: reject, withdraw, resubmit', () => {
  it('reject moves 0 to 2; the drafter resubmits to node 0 in a new round', () => {
    let s = run(submitted(), [
      [{ type: 'approve' }, 'a'],
      [{ type: 'reject', opinion: '金额有误' }, 'd'],
    ]);
    expect(s).toMatchObject({ status: 2, currentNodeIndex: 1 });
    expect(refusal(s, { type: 'resubmit' }, 'a')?.code).toBe('APPROVAL.NOT_DRAFTER');
    s = run(s, [[{ type: 'resubmit' }, DRAFTER]]);
    expect(s).toMatchObject({ status: 0, currentNodeIndex: 0, round: 2, signedAtCurrent: [] });
  });

  it('the drafter may withdraw at any point of approval, even after nodes have acted', () => {
    const s = run(submitted(), [
      [{ type: 'approve' }, 'a'],
      [{ type: 'approve' }, 'c'],
    ]);
    expect(refusal(s, { type: 'withdraw' }, 'd')?.code).toBe('APPROVAL.NOT_DRAFTER');
    const w = run(s, [[{ type: 'withdraw' }, DRAFTER]]);
    expect(w).toMatchObject({ status: 3, signedAtCurrent: [] });
    const again = run(w, [[{ type: 'resubmit', nodes: [nodes[2]!] }, DRAFTER]]);
    expect(again).toMatchObject({ status: 0, nodes: [nodes[2]], round: 2 });
  });
});

describe('applyAction: return, transfer, cc, urge', () => {
  it('returns to an earlier node only, dropping partial countersignatures', () => {
    const s = run(submitted(), [
      [{ type: 'approve' }, 'a'],
      [{ type: 'approve' }, 'c'],
    ]);
    expect(refusal(s, { type: 'return', toNodeId: 'tech' }, 'd')?.code).toBe(
      'VALIDATION.APPROVAL_TARGET',
    );
    expect(refusal(s, { type: 'return', toNodeId: 'gm' }, 'd')?.code).toBe(
      'VALIDATION.APPROVAL_TARGET',
    );
    const r = run(s, [[{ type: 'return', toNodeId: 'dept' }, 'd']]);
    expect(r).toMatchObject({ status: 0, currentNodeIndex: 0, signedAtCurrent: [] });
  });

  it('transfer hands the actor’s place at the node to another user', () => {
    const s = run(submitted(), [[{ type: 'transfer', to: 'z' }, 'a']]);
    expect(s.nodes[0]?.assignees).toEqual(['z', 'b']);
    expect(refusal(s, { type: 'approve' }, 'a')?.code).toBe('APPROVAL.NOT_YOUR_TURN');
    expect(run(s, [[{ type: 'approve' }, 'z']]).currentNodeIndex).toBe(1);
    expect(refusal(s, { type: 'transfer', to: 'b' }, 'z')?.code).toBe('VALIDATION.APPROVAL_TARGET');
    expect(refusal(s, { type: 'transfer', to: DRAFTER }, 'z')?.code).toBe(
      'VALIDATION.APPROVAL_TARGET',
    );
  });

  it('cc adds a reader once, also after approval; urge is the drafter’s; neither moves status', () => {
    let s = run(submitted(), [[{ type: 'cc', to: 'r' }, DRAFTER]]);
    expect(s).toMatchObject({ status: 0, readers: ['r'], version: 2 });
    expect(refusal(s, { type: 'cc', to: 'r' }, 'a')?.code).toBe('VALIDATION.APPROVAL_TARGET');
    expect(refusal(s, { type: 'cc', to: 'q' }, 'stranger')?.code).toBe('APPROVAL.NOT_PARTICIPANT');
    expect(refusal(s, { type: 'urge' }, 'a')?.code).toBe('APPROVAL.NOT_DRAFTER');
    s = run(s, [
      [{ type: 'urge' }, DRAFTER],
      [{ type: 'approve' }, 'a'],
      [{ type: 'approve' }, 'c'],
      [{ type: 'approve' }, 'd'],
      [{ type: 'approve' }, 'e'],
      [{ type: 'cc', to: 'q' }, 'e'],
    ]);
    expect(s).toMatchObject({ status: 1, readers: ['r', 'q'] });
    expect(pendingApprovers(s)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: random action sequences by random users.

const USERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'] as const;
const userArb = fc.constantFrom(...USERS);

/** Nodes as the engine may hand them over, some skipped by the separation-of-duties rule. */
const nodesArb: fc.Arbitrary<ApprovalNodeAssignment[]> = fc
  .array(
    fc.record({
      mode: fc.constantFrom('or' as const, 'all' as const),
      assignees: fc.subarray([...USERS], { minLength: 1 }),
      skipped: fc.nat(4).map((n) => n === 0),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((ns) =>
    ns.map(({ skipped, ...n }, i) =>
      skipped
        ? {
            nodeId: `n${i}`,
            nodeName: `节点${i}`,
            mode: n.mode,
            assignees: [],
            selfApproval: {
              handling: 'skip' as const,
              outcome: 'skipped' as const,
              reason: '跳过',
            },
          }
        : { nodeId: `n${i}`, nodeName: `节点${i}`, ...n },
    ),
  );
const activeIndices = (ns: readonly ApprovalNodeAssignment[]): number[] =>
  ns.flatMap((n, i) => (n.selfApproval?.outcome === 'skipped' ? [] : [i]));

type ActorSpec = { kind: 'pending'; pick: number } | { kind: 'any'; user: string };
const actorArb: fc.Arbitrary<ActorSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.nat(5).map((pick) => ({ kind: 'pending' as const, pick })) },
  { weight: 2, arbitrary: userArb.map((user) => ({ kind: 'any' as const, user })) },
);

const actionArb: fc.Arbitrary<ActionSpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ type: 'submit' as const }) },
  { weight: 1, arbitrary: nodesArb.map((n) => ({ type: 'submit' as const, nodes: n })) },
  { weight: 8, arbitrary: fc.constant({ type: 'approve' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'reject' as const, opinion: '不同意' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'withdraw' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resubmit' as const }) },
  { weight: 1, arbitrary: nodesArb.map((n) => ({ type: 'resubmit' as const, nodes: n })) },
  {
    weight: 1,
    arbitrary: fc.nat(4).map((i) => ({ type: 'return' as const, toNodeId: `n${i}` })),
  },
  { weight: 1, arbitrary: userArb.map((to) => ({ type: 'transfer' as const, to })) },
  { weight: 1, arbitrary: userArb.map((to) => ({ type: 'cc' as const, to })) },
  { weight: 1, arbitrary: fc.constant({ type: 'urge' as const }) },
);

const stepArb = fc.record({
  action: actionArb,
  actor: actorArb,
  // Mostly the version the actor saw; sometimes an arbitrary (usually stale) one.
  staleVersion: fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.nat(30) },
  ),
});

const resolveActor = (s: ApprovalState, spec: ActorSpec): string => {
  if (spec.kind === 'any') return spec.user;
  const pending = s.status === 0 ? pendingApprovers(s) : [s.drafterId];
  return pending[spec.pick % pending.length] ?? s.drafterId;
};

function checkInvariants(s: ApprovalState): void {
  expect(APPROVAL_STATUSES).toContain(s.status);
  expect(s.currentNodeIndex).toBeGreaterThanOrEqual(0);
  expect(s.currentNodeIndex).toBeLessThanOrEqual(s.nodes.length);
  if (s.status === 0) {
    const node = s.nodes[s.currentNodeIndex];
    expect(node).toBeDefined();
    // Separation of duties: the approval always waits on someone, and never on its drafter.
    expect(node?.selfApproval?.outcome).not.toBe('skipped');
    expect(pendingApprovers(s).length).toBeGreaterThan(0);
    expect(node?.assignees).not.toContain(s.drafterId);
    for (const u of s.signedAtCurrent) expect(node?.assignees).toContain(u);
    if (node?.mode === 'or') expect(s.signedAtCurrent).toEqual([]);
  }
  expect(s.status === 1).toBe(s.currentNodeIndex === s.nodes.length && s.nodes.length > 0);
}

describe('applyAction properties', () => {
  it('never leaves the table, never skips an active node, 1 only after every active node, version +1 per accepted action, the drafter never acts at a node', () => {
    let approvedRuns = 0;
    fc.assert(
      fc.property(nodesArb, fc.array(stepArb, { maxLength: 60 }), (initialNodes, steps) => {
        let s = newApprovalState('u0', initialNodes);
        // Nodes finished in this pass, in order; a return cuts it back, a (re)submit clears it.
        let finished: number[] = [];
        for (const step of steps) {
          const actor = resolveActor(s, step.actor);
          const expectedVersion = step.staleVersion ?? s.version;
          const action = { ...step.action, expectedVersion } as ApprovalAction;
          const r = applyAction(s, action, actor);
          if (!r.ok) {
            // Refusals are the slice's own codes, or bad input naming its field (400).
            if (r.error.code.startsWith('VALIDATION.')) expect(r.error.field).toBeTruthy();
            else expect(r.error.code).toMatch(/^(SELF_)?APPROVAL\./);
            expect(r.error.message).toMatch(/[\u4e00-\u9fff]/);
            if (expectedVersion !== s.version) expect(r.error.code).toBe('APPROVAL.STALE_VERSION');
            continue;
          }
          const before = s;
          const after = r.value.state;
          expect(expectedVersion).toBe(before.version);
          expect(after.version).toBe(before.version + 1);
          expect(r.value.entry.version).toBe(after.version);
          expect(isTransitionAllowed(action.type, before.status, after.status)).toBe(true);
          if (['approve', 'reject', 'return', 'transfer'].includes(action.type)) {
            expect(actor).not.toBe(before.drafterId);
          }
          switch (action.type) {
            case 'submit':
            case 'resubmit':
              expect(actor).toBe(before.drafterId);
              expect(after.currentNodeIndex).toBe(nextActiveNodeIndex(after.nodes, 0));
              expect(after.round).toBe(before.round + 1);
              finished = [];
              break;
            case 'approve': {
              const node = before.nodes[before.currentNodeIndex]!;
              expect(node.assignees).toContain(actor);
              expect(before.signedAtCurrent).not.toContain(actor);
              if (r.value.entry.nodeCompleted === true) {
                // The node that finishes is always the next active one in order: none is missed.
                expect(before.currentNodeIndex).toBe(activeIndices(before.nodes)[finished.length]);
                if (node.mode === 'all') {
                  const signers = [...before.signedAtCurrent, actor];
                  for (const u of node.assignees) expect(signers).toContain(u);
                }
                finished.push(before.currentNodeIndex);
                expect(after.currentNodeIndex).toBe(
                  nextActiveNodeIndex(before.nodes, before.currentNodeIndex + 1),
                );
              } else {
                expect(node.mode).toBe('all');
                expect(after.currentNodeIndex).toBe(before.currentNodeIndex);
              }
              break;
            }
            case 'return':
              expect(after.currentNodeIndex).toBeLessThan(before.currentNodeIndex);
              finished = finished.filter((i) => i < after.currentNodeIndex);
              break;
            default:
              expect(after.currentNodeIndex).toBe(before.currentNodeIndex);
          }
          if (after.status === 1) {
            expect(action.type === 'approve' || before.status === 1).toBe(true);
            expect(finished).toEqual(activeIndices(after.nodes));
            if (before.status !== 1) approvedRuns += 1;
          }
          checkInvariants(after);
          s = after;
        }
      }),
      { numRuns: 400 },
    );
    // The generator must actually reach the end of flows, or the properties above say little.
    expect(approvedRuns).toBeGreaterThan(0);
  });

  it('a refused action never changes the state object', () => {
    fc.assert(
      fc.property(nodesArb, actionArb, userArb, fc.nat(3), (ns, a, actor, v) => {
        const s = newApprovalState('u0', ns);
        const snapshot: unknown = JSON.parse(JSON.stringify(s));
        applyAction(s, { ...a, expectedVersion: v }, actor);
        expect(s).toEqual(snapshot);
      }),
    );
  });
});
