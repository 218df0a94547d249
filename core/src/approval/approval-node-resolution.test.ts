import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignNodes, type NodeCandidates } from './approval-node-resolution.js';
import type { FlowActorKind } from './approval.repository.port.js';
import { isSkippedNode, type SelfApprovalHandling } from './separation-of-duties.js';

const node = (
  nodeName: string,
  over: Partial<NodeCandidates['node']> = {},
): NodeCandidates['node'] => ({
  nodeId: 1,
  nodeName,
  mode: 'or',
  selfApproval: 'others',
  actorKind: 'role',
  formField: null,
  ...over,
});

describe('a node people come from the record or the form, never dropped in silence', () => {
  it('refuses a form without its project manager, naming the role and the field', () => {
    const r = assignNodes(
      [
        {
          node: node('项目经理', { actorKind: 'formPerson', formField: 'projectManagerId' }),
          holders: [],
          leaders: ['9'],
        },
        { node: node('部门负责人', { nodeId: 2 }), holders: ['9'], leaders: ['9'] },
      ],
      { drafterId: '1' },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('请选择项目经理：审批节点「项目经理」没有审批人');
    expect(r.error.field).toBe('projectManagerId');
    expect(r.error.code).toBe('VALIDATION.FORM_PERSON');
  });

  it('refuses a department with no head, naming the form field that chose it', () => {
    const r = assignNodes(
      [
        {
          node: node('部门负责人', { actorKind: 'formDeptHead', formField: 'applyDeptId' }),
          holders: [],
          leaders: [],
        },
      ],
      { drafterId: '1' },
    );
    expect(r.ok ? null : r.error.field).toBe('applyDeptId');
  });

  it('gives a node without holders to its configured fallback and notes it for the sheet', () => {
    const r = assignNodes(
      [
        {
          node: node('设计主持', { actorKind: 'formPerson', formField: 'designUserId' }),
          holders: [],
          fallbackHolders: ['7'],
          fallbackLabel: '拟稿人部门负责人',
          leaders: ['7'],
        },
      ],
      { drafterId: '1' },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value[0]?.assignees).toEqual(['7']);
    expect(r.value[0]?.selfApproval?.outcome).toBe('fallback');
    expect(r.value[0]?.selfApproval?.reason).toBe(
      '设计主持没有审批人，按流程配置由拟稿人部门负责人审批',
    );
  });

  it('escalates a department head who drafted their own department’s record to the head above', () => {
    const r = assignNodes(
      [
        {
          node: node('部门负责人', {
            actorKind: 'formDeptHead',
            formField: 'applyDeptId',
            selfApproval: 'escalate',
          }),
          holders: ['5'],
          leaders: ['5', '8'],
        },
      ],
      { drafterId: '5' },
    );
    expect(r.ok ? r.value[0]?.assignees : r.error).toEqual(['8']);
  });
});

const KINDS: readonly FlowActorKind[] = [
  'role',
  'users',
  'drafterDeptHead',
  'formPerson',
  'formDeptHead',
];
const userArb = fc.integer({ min: 1, max: 6 }).map(String);
const candidateArb: fc.Arbitrary<NodeCandidates> = fc
  .record({
    kind: fc.constantFrom(...KINDS),
    handling: fc.constantFrom<SelfApprovalHandling>('escalate', 'others', 'skip'),
    holders: fc.uniqueArray(userArb, { maxLength: 3 }),
    fallback: fc.option(fc.uniqueArray(userArb, { maxLength: 2 }), { freq: 2 }),
    leaders: fc.uniqueArray(userArb, { maxLength: 3 }),
    index: fc.nat(99),
  })
  .map((g) => ({
    node: node(`节点${g.index}`, {
      nodeId: g.index,
      actorKind: g.kind,
      selfApproval: g.handling,
      formField: g.kind === 'formPerson' || g.kind === 'formDeptHead' ? 'personField' : null,
    }),
    holders: g.holders,
    leaders: g.leaders,
    ...(g.fallback === null ? {} : { fallbackHolders: g.fallback, fallbackLabel: '备用' }),
  }));

describe('the node assignment rule over any flow and content', () => {
  it('every node keeps a holder who is neither drafter nor author, or is skipped with its reason, or the submit is refused naming the node', () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { minLength: 1, maxLength: 6 }),
        userArb,
        fc.option(userArb),
        (candidates, drafterId, author) => {
          const authorId = author ?? undefined;
          const r = assignNodes(candidates, { drafterId, authorId });
          if (!r.ok) {
            const named = candidates.some(
              (c) =>
                r.error.message.includes(`「${c.node.nodeName}」`) ||
                r.error.message.includes(`“${c.node.nodeName}”`),
            );
            // Refused naming a node without anyone, or because every node fell to the drafter.
            expect(named || r.error.code === 'SELF_APPROVAL.NO_APPROVER').toBe(true);
            if (r.error.code === 'VALIDATION.FORM_PERSON')
              expect(r.error.field).toBe('personField');
            return;
          }
          expect(r.value).toHaveLength(candidates.length);
          expect(r.value.some((n) => !isSkippedNode(n))).toBe(true);
          r.value.forEach((n, i) => {
            const c = candidates[i]!;
            expect(n.nodeName).toBe(c.node.nodeName);
            if (isSkippedNode(n)) {
              expect(n.assignees).toEqual([]);
              expect(n.selfApproval?.reason).not.toBe('');
              return;
            }
            expect(n.assignees.length).toBeGreaterThan(0);
            expect(n.assignees).not.toContain(drafterId);
            if (authorId !== undefined) expect(n.assignees).not.toContain(authorId);
            // Nobody from outside the node's own holders, its fallback or the leaders above.
            const pool = [...c.holders, ...(c.fallbackHolders ?? []), ...c.leaders];
            for (const a of n.assignees) expect(pool).toContain(a);
            // The fallback is used only when the node's own rule named nobody, and says so.
            if (c.holders.length === 0) expect(n.selfApproval).toBeDefined();
          });
        },
      ),
    );
  });
});
