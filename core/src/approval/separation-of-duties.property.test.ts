import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ok } from '../shared/result.js';
import { ApprovalEngine, pendingUsers } from './approval-engine.use-case.js';
import type {
  ApprovalFlowNode,
  ApprovalRecord,
  ApprovalRepositories,
  FlowActorKind,
  NewApprovalRecord,
  StoredApprovalLogEntry,
} from './approval.repository.port.js';
import type { SelfApprovalHandling } from './separation-of-duties.js';

/**
 * Separation of duties over generated organisations (department trees with heads, users with
 * roles) and flows (every node kind, or-sign and countersign, conditions, every handling), run
 * through the real engine: no drafter ever acts on their own approval, nor does the author of the
 * record a colleague sent into approval, and no approval is ever left waiting on a node without
 * a holder.
 */

interface Org {
  /** parent index per department; department 0 is the root (-1). */
  readonly parents: readonly number[];
  /** leader user index per department, or null. */
  readonly leaders: readonly (number | null)[];
  /** department index per user. */
  readonly deptOf: readonly number[];
  /** role keys per user. */
  readonly roles: readonly (readonly string[])[];
}

const ROLE_KEYS = ['r1', 'r2', 'r3'] as const;

const orgArb: fc.Arbitrary<Org> = fc
  .record({ depts: fc.integer({ min: 1, max: 5 }), users: fc.integer({ min: 2, max: 7 }) })
  .chain(({ depts, users }) =>
    fc.record({
      parents: fc.tuple(fc.constant(-1), ...Array.from({ length: depts - 1 }, (_, i) => fc.nat(i))),
      leaders: fc.array(fc.option(fc.nat(users - 1), { freq: 3 }), {
        minLength: depts,
        maxLength: depts,
      }),
      deptOf: fc.array(fc.nat(depts - 1), { minLength: users, maxLength: users }),
      roles: fc.array(fc.subarray([...ROLE_KEYS]), { minLength: users, maxLength: users }),
    }),
  );

interface NodeSpec {
  readonly kind: FlowActorKind;
  readonly roleKey: string;
  readonly users: readonly number[];
  readonly mode: 'or' | 'all';
  readonly handling: SelfApprovalHandling;
  /** An amount condition on totalAmount: present while it holds (add) or skipped while it holds. */
  readonly condition: null | { readonly threshold: string; readonly effect: 'add' | 'skip' };
}

const nodeArb: fc.Arbitrary<NodeSpec> = fc.record({
  kind: fc.constantFrom<FlowActorKind>('role', 'users', 'drafterDeptHead', 'formPerson'),
  roleKey: fc.constantFrom(...ROLE_KEYS),
  users: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 3 }),
  mode: fc.constantFrom('or' as const, 'all' as const),
  handling: fc.constantFrom<SelfApprovalHandling>('escalate', 'others', 'skip'),
  condition: fc.option(
    fc.record({
      threshold: fc.constantFrom('50', '100'),
      effect: fc.constantFrom('add' as const, 'skip' as const),
    }),
    { freq: 3 },
  ),
});

type Step =
  | { readonly kind: 'approve'; readonly pick: number }
  | { readonly kind: 'return'; readonly pick: number; readonly to: number }
  | { readonly kind: 'transfer'; readonly pick: number; readonly to: number }
  | { readonly kind: 'reject'; readonly pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.nat(6).map((pick) => ({ kind: 'approve' as const, pick })) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(6), to: fc.nat(5) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      pick: fc.nat(6),
      to: fc.nat(6),
    }),
  },
  { weight: 1, arbitrary: fc.nat(6).map((pick) => ({ kind: 'reject' as const, pick })) },
);

const uid = (i: number): string => String(i + 1);

/** The engine's ports over one generated organisation and flow, in memory. */
function world(org: Org, specs: readonly NodeSpec[], author: string | null) {
  const userCount = org.deptOf.length;
  const active = (ids: readonly string[]) =>
    [...new Set(ids)].filter((id) => Number(id) >= 1 && Number(id) <= userCount);
  const flowNodes: ApprovalFlowNode[] = specs.map((s, i) => ({
    nodeId: i + 1,
    flowId: 1,
    nodeName: `节点${i + 1}`,
    orderNum: i + 1,
    actorKind: s.kind,
    roleKey: s.kind === 'role' ? s.roleKey : null,
    userIds: s.kind === 'users' ? s.users.map(uid) : [],
    formField: s.kind === 'formPerson' ? 'projectManagerId' : null,
    mode: s.mode,
    condition:
      s.condition === null
        ? null
        : { kind: 'amount', refname: 'totalAmount', op: 'gte', threshold: s.condition.threshold },
    conditionEffect: s.condition?.effect ?? 'add',
    selfApproval: s.handling,
  }));
  const approvals = new Map<string, ApprovalRecord>();
  const log: StoredApprovalLogEntry[] = [];
  const repos = {
    approvals: {
      insert: (a: NewApprovalRecord, now: Date) => {
        const r: ApprovalRecord = {
          ...a,
          approvalId: '1',
          createTime: now,
          updateTime: now,
          submitTime: null,
          finishTime: null,
        };
        approvals.set(r.approvalId, r);
        return Promise.resolve(r);
      },
      findById: (id: string) => Promise.resolve(approvals.get(id) ?? null),
      lockById: (id: string) => Promise.resolve(approvals.get(id) ?? null),
      save: (id: string, expected: number, c: { state: ApprovalRecord['state'] }) => {
        const r = approvals.get(id);
        if (r === undefined || r.state.version !== expected) return Promise.resolve(false);
        approvals.set(id, { ...r, state: c.state });
        return Promise.resolve(true);
      },
      setPending: () => Promise.resolve(),
      addReader: () => Promise.resolve(),
      appendLog: (e: StoredApprovalLogEntry) => {
        log.push(e);
        return Promise.resolve();
      },
    },
    flows: {
      findFlowByType: () =>
        Promise.resolve({
          flowId: 1,
          typeCode: '22_1',
          flowName: 'f',
          status: '0',
          remark: '',
          nodeCount: flowNodes.length,
          createTime: new Date(),
          updateTime: null,
        }),
      listNodes: () => Promise.resolve(flowNodes),
    },
    directory: {
      usersWithRole: (key: string) =>
        Promise.resolve(org.roles.flatMap((rs, i) => (rs.includes(key) ? [uid(i)] : []))),
      leadersOf: (userId: string) => {
        const out: string[] = [];
        for (let d = org.deptOf[Number(userId) - 1] ?? -1; d >= 0; d = org.parents[d] ?? -1) {
          const leader = org.leaders[d];
          if (leader !== null && leader !== undefined && !out.includes(uid(leader)))
            out.push(uid(leader));
        }
        return Promise.resolve(out);
      },
      activeUsers: (ids: readonly string[]) => Promise.resolve(active(ids)),
      namesOf: () => Promise.resolve({}),
      deptOf: () => Promise.resolve(1),
      signatureOf: () => Promise.resolve(null),
    },
    options: { load: () => Promise.resolve({}) },
    notices: {
      add: () => Promise.resolve(),
      listUnread: () => Promise.resolve([]),
      countUnread: () => Promise.resolve(0),
      markRead: () => Promise.resolve(0),
    },
    linkedRecords: {
      handles: () => true,
      linkableFromCentre: () => true,
      approvalSent: () => Promise.resolve(ok(undefined)),
      approvalEnded: () => Promise.resolve(ok(undefined)),
      authorOf: () => Promise.resolve(author),
    },
  } as unknown as ApprovalRepositories;
  const engine = new ApprovalEngine(
    { transaction: (fn) => fn(repos) },
    { now: () => new Date('2026-11-25T08:00:00Z') },
  );
  return { engine, log, current: () => approvals.get('1')! };
}

/** Refusals a submission may meet in a generated world, none of them a self-approval. */
const SUBMIT_REFUSALS = [
  'APPROVAL.NODE_WITHOUT_APPROVER',
  'APPROVAL.EMPTY_FLOW',
  'SELF_APPROVAL.NO_APPROVER',
  'VALIDATION.FORM_PERSON',
];

describe('separation of duties over generated organisations and flows', () => {
  it('no drafter ever acts on their own approval; no approval waits on a node without a holder', async () => {
    let finished = 0;
    let ruled = 0;
    let ruledForAuthor = 0;
    await fc.assert(
      fc.asyncProperty(
        orgArb,
        fc.array(nodeArb, { minLength: 1, maxLength: 5 }),
        fc.nat(6),
        fc.nat(6),
        fc.constantFrom('20', '80', '150'),
        fc.array(stepArb, { maxLength: 25 }),
        fc.option(fc.nat(6), { freq: 2 }),
        async (org, specs, drafterPick, pmPick, amount, steps, authorPick) => {
          const users = org.deptOf.length;
          const drafter = drafterPick % users;
          // The linked record's author: none (a form of the approval centre), the drafter, or a
          // colleague whose record the drafter sends.
          const authorId = authorPick === null ? null : uid(authorPick % users);
          const { engine, log, current } = world(org, specs, authorId);
          const me = {
            userId: drafter + 1,
            deptId: org.deptOf[drafter] ?? null,
            scope: { kind: 'all' } as const,
          };
          const as = (u: string) => ({ ...me, userId: Number(u) });
          const idem = { route: '/p' };
          const v = (value: string) => ({ label: '', type: 'input' as const, value });
          const created = await engine.create(
            {
              kind: 'Common',
              typeCode: '22_1',
              content: {
                totalAmount: v(amount),
                projectManagerId: v(uid(pmPick % users)),
              },
              submit: true,
              ...(authorId === null ? {} : { recordKind: 'record', recordId: '1' }),
            },
            me,
            idem,
          );
          if (!created.ok) {
            expect(SUBMIT_REFUSALS).toContain(created.error.code);
            return;
          }
          const drafterId = uid(drafter);
          const parties = authorId === null ? [drafterId] : [drafterId, authorId];
          if (current().state.nodes.some((n) => n.selfApproval !== undefined)) ruled += 1;
          if (authorId !== null && authorId !== drafterId) {
            const held = current().state.nodes.some((n) => n.selfApproval !== undefined);
            if (held) ruledForAuthor += 1;
          }
          let resubmitted = false;
          for (const step of steps) {
            const a = current();
            if (a.state.status === 2 && !resubmitted) {
              resubmitted = true;
              const again = await engine.process(
                { approvalId: '1', action: 'submit', version: a.state.version },
                me,
                idem,
              );
              if (!again.ok) expect(SUBMIT_REFUSALS).toContain(again.error.code);
              continue;
            }
            if (a.state.status !== 0) break;
            const s = a.state;
            // Never the drafter nor the author, never a node without a holder.
            for (const n of s.nodes) for (const p of parties) expect(n.assignees).not.toContain(p);
            const waiting = pendingUsers(s);
            expect(waiting.length).toBeGreaterThan(0);
            for (const p of parties) expect(waiting).not.toContain(p);
            expect(s.nodes[s.currentNodeIndex]?.selfApproval?.outcome).not.toBe('skipped');
            // The drafter and the author are refused at the node, whatever they try.
            for (const p of parties) {
              const own = await engine.process(
                { approvalId: '1', action: 'approve', version: s.version },
                as(p),
                idem,
              );
              expect(!own.ok && own.error.code).toBe('SELF_APPROVAL.FORBIDDEN');
            }
            const actor = waiting[step.pick % waiting.length]!;
            const input =
              step.kind === 'return'
                ? {
                    action: 'return' as const,
                    targetNodeId: s.nodes[step.to % s.nodes.length]?.nodeId,
                  }
                : step.kind === 'transfer'
                  ? { action: 'transfer' as const, toUserId: uid(step.to % users) }
                  : { action: step.kind };
            await engine.process(
              { approvalId: '1', version: s.version, ...input },
              as(actor),
              idem,
            );
          }
          if (current().state.status === 1) finished += 1;
          for (const e of log) {
            if (['approve', 'reject', 'return', 'transfer'].includes(e.action)) {
              expect(parties).not.toContain(e.actor);
            }
            // Nobody hands the node to either of them.
            if (e.action === 'transfer') expect(parties).not.toContain(e.target);
          }
        },
      ),
      { numRuns: 300 },
    );
    // The generators must reach both the rule and the end of flows, or the property says little.
    expect(ruled).toBeGreaterThan(0);
    expect(ruledForAuthor).toBeGreaterThan(0);
    expect(finished).toBeGreaterThan(0);
  });
});
