import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { twoServers, type Reply as ServerReply } from './two-servers.js';

/**
 * Random sequences of actions by random users against two API server processes on one PostgreSQL
 * database: the same request twice (with the same Idempotency-Key at the same moment on both
 * processes, and with a fresh key at once or one after the other), two users acting on one
 * approval at the same moment, stale versions, out-of-turn users, transfers and copies. After each
 * run the database must show: every acknowledged action in the log exactly once, no node skipped,
 * status and log in agreement, the waiting list matching the state, and the linked record locked
 * exactly while in approval, moved once exactly when approved, and told of every send and end.
 */

const SECRET = 'approval-property-secret-approval-property-0123';

const USERS = ['yuangong', 'bmfzr2', 'jingying', 'caiwu', 'zjl', 'xmjl'] as const;
type User = (typeof USERS)[number];
const USER_ID: Readonly<Record<User, string>> = {
  yuangong: '15',
  bmfzr2: '16',
  jingying: '2',
  caiwu: '8',
  zjl: '11',
  xmjl: '3',
};
const USER_BY_ID: Readonly<Record<string, User>> = Object.fromEntries(
  Object.entries(USER_ID).map(([u, id]) => [id, u as User]),
);
const ACTIONS = [
  'approve',
  'reject',
  'withdraw',
  'submit',
  'return',
  'transfer',
  'cc',
  'urge',
] as const;
type Action = (typeof ACTIONS)[number];
/** Who sends: a user the approval waits for now (by index), the drafter, or anybody. */
type Who = 'pending' | 'drafter' | User;

interface Req {
  readonly who: Who;
  readonly pick: number;
  readonly action: Action;
  /** 0: the version the client just read; 1: one behind (stale). */
  readonly lag: 0 | 1;
  readonly instance: 0 | 1;
  /** transfer and cc: to whom. */
  readonly to: User;
}

type Step =
  | { readonly kind: 'single'; readonly target: number; readonly req: Req }
  /** The same request at the same moment on both processes, with one Idempotency-Key. */
  | { readonly kind: 'sameKey'; readonly target: number; readonly req: Req }
  /** The same request twice with fresh keys: at the same moment, or one after the other. */
  | {
      readonly kind: 'freshKey';
      readonly target: number;
      readonly req: Req;
      readonly together: boolean;
    }
  /** Two users (or two actions) on one approval at the same moment, one on each process. */
  | { readonly kind: 'race'; readonly target: number; readonly a: Req; readonly b: Req };

const APPROVALS_PER_RUN = 6;

const reqArb: fc.Arbitrary<Req> = fc.record({
  // Mostly the right person, so approvals get somewhere; sometimes anybody (out of turn).
  who: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Who>('pending') },
    { weight: 2, arbitrary: fc.constant<Who>('drafter') },
    { weight: 2, arbitrary: fc.constantFrom<Who>(...USERS) },
  ),
  pick: fc.nat(3),
  action: fc.oneof(
    { weight: 10, arbitrary: fc.constant<Action>('approve') },
    { weight: 3, arbitrary: fc.constant<Action>('submit') },
    { weight: 3, arbitrary: fc.constantFrom<Action>(...ACTIONS) },
  ),
  lag: fc.constantFrom<0 | 1>(0, 0, 0, 0, 1),
  instance: fc.constantFrom<0 | 1>(0, 1),
  to: fc.constantFrom<User>(...USERS),
});
const targetArb = fc.nat(APPROVALS_PER_RUN - 1);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('single' as const), target: targetArb, req: reqArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sameKey' as const), target: targetArb, req: reqArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('freshKey' as const),
      target: targetArb,
      req: reqArb,
      together: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('race' as const),
      target: targetArb,
      a: reqArb,
      b: reqArb,
    }),
  },
);
const formArb = fc.constantFrom('contract-big', 'contract-small', 'common');

type Reply = ServerReply<{
  readonly version: number;
  readonly status: number;
  readonly approvalId: string;
}>;

interface Ack {
  readonly approvalId: string;
  readonly key: string;
  readonly version: number;
}

interface Seen {
  readonly version: number;
  readonly status: number;
  readonly currentNodeIndex: number;
  readonly nodes: readonly { readonly nodeId: string; readonly assignees: readonly string[] }[];
}

interface LogRow {
  version: number;
  action: string;
  node_id: string | null;
  node_completed: boolean;
  from_status: number;
  to_status: number;
  target: string | null;
}

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'approval engine under random concurrent actions on two server processes (PostgreSQL)',
  () => {
    const two = twoServers<User | 'admin', NonNullable<Reply['body']['data']>>({
      secret: SECRET,
      users: [...USERS, 'admin'],
    });
    const { call } = two;

    beforeAll(async () => {
      // A countersign step in the general form's flow: both must sign, in any order.
      const flow = await call(0, 'admin', '/approval/node/get?typeCode=22_1');
      const flowId = (flow.body.data as unknown as { flow: { flowId: number } }).flow.flowId;
      const added = await call(0, 'admin', '/approval/node/add', {
        flowId,
        nodeName: '会签',
        actorKind: 'users',
        userIds: [USER_ID.jingying, USER_ID.caiwu],
        mode: 'all',
      });
      expect(added.status).toBe(200);
    });

    async function createForm(form: string, n: number): Promise<string> {
      const recordId = `p-${randomUUID()}`;
      const body =
        form === 'common'
          ? { typeCode: '22_1', content: {} }
          : {
              typeCode: '24_1',
              content: {
                contractName: { value: `合同${n}` },
                signByMain: { value: '甲' },
                signBySub: { value: '乙' },
                totalAmount: { value: form === 'contract-big' ? '120' : '80' },
              },
            };
      const path = `/project/approval/add${form === 'common' ? 'Common' : 'Contract'}Template`;
      const r = await call(n % 2, 'yuangong', path, {
        ...body,
        recordKind: 'testRecord',
        recordId,
        submit: n % 3 !== 2,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data?.approvalId ?? '';
    }

    async function current(approvalId: string): Promise<Seen> {
      const r = await call(
        0,
        'yuangong',
        `/project/approval/getCommonApprovalDetail?serviceId=${approvalId}`,
      );
      expect(r.status).toBe(200);
      return (r.body.data as unknown as { approval: Seen }).approval;
    }

    const userOf = (req: Req, seen: Seen): User => {
      if (req.who === 'drafter') return 'yuangong';
      if (req.who !== 'pending') return req.who;
      const node = seen.status === 0 ? seen.nodes[seen.currentNodeIndex] : undefined;
      const assignees = node?.assignees ?? [];
      return USER_BY_ID[assignees[req.pick % Math.max(1, assignees.length)] ?? ''] ?? 'xmjl';
    };

    function send(approvalId: string, req: Req, seen: Seen, key: string): Promise<Reply> {
      return call(
        req.instance,
        userOf(req, seen),
        '/project/approval/process',
        {
          approvalId,
          action: req.action,
          version: Math.max(0, seen.version - req.lag),
          ...(req.action === 'return' ? { targetNodeId: seen.nodes[0]?.nodeId ?? '0' } : {}),
          ...(req.action === 'transfer' || req.action === 'cc'
            ? { toUserId: USER_ID[req.to] }
            : {}),
        },
        key,
      );
    }
    const other = (r: Req): Req => ({ ...r, instance: r.instance === 0 ? 1 : 0 });

    /** What all runs reached, so the test shows it exercised the engine. */
    const reached = { finalStatuses: new Set<number>(), answers: new Set<number>(), acked: 0 };

    it('keeps the log, the nodes, the status and the linked record consistent', async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(formArb, { minLength: APPROVALS_PER_RUN, maxLength: APPROVALS_PER_RUN }),
          fc.array(stepArb, { minLength: 12, maxLength: 40 }),
          async (forms, steps) => {
            runs += 1;
            const ids: string[] = [];
            for (const [i, f] of forms.entries()) ids.push(await createForm(f, runs * 10 + i));
            const acks: Ack[] = [];
            const record = (approvalId: string, key: string, r: Reply) => {
              reached.answers.add(r.status);
              // Never a server error, whatever the interleaving.
              expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
              if (r.status === 200) {
                acks.push({ approvalId, key, version: r.body.data?.version ?? -1 });
              }
            };
            for (const step of steps) {
              const approvalId = ids[step.target] ?? '';
              const seen = await current(approvalId);
              if (step.kind === 'single') {
                const key = randomUUID();
                record(approvalId, key, await send(approvalId, step.req, seen, key));
              } else if (step.kind === 'sameKey') {
                // One effect, one answer, whichever process took it first.
                const key = randomUUID();
                const [r1, r2] = await Promise.all([
                  send(approvalId, step.req, seen, key),
                  send(approvalId, other(step.req), seen, key),
                ]);
                expect(r2.status).toBe(r1.status);
                expect(r2.body).toEqual(r1.body);
                record(approvalId, key, r1);
              } else {
                const [a, b] =
                  step.kind === 'race' ? [step.a, other(step.b)] : [step.req, other(step.req)];
                const k1 = randomUUID();
                const k2 = randomUUID();
                const [r1, r2] =
                  step.kind === 'freshKey' && !step.together
                    ? [await send(approvalId, a, seen, k1), await send(approvalId, b, seen, k2)]
                    : await Promise.all([
                        send(approvalId, a, seen, k1),
                        send(approvalId, b, seen, k2),
                      ]);
                record(approvalId, k1, r1);
                record(approvalId, k2, r2);
                // Both were sent with what one client saw: at most one can have been applied.
                expect(r1.status === 200 && r2.status === 200).toBe(false);
              }
            }
            reached.acked += acks.length;
            for (const id of ids) await checkInvariants(id, acks);
          },
        ),
        { numRuns: 25, seed: 20261122, endOnFailure: true },
      );
      // The runs went where the engine can go: approved, rejected or withdrawn, still in approval;
      // accepted, stale (409), out of turn (422) and bad input (400).
      expect([...reached.finalStatuses].sort()).toEqual(expect.arrayContaining([0, 1]));
      expect(reached.finalStatuses.has(2) || reached.finalStatuses.has(3)).toBe(true);
      expect([...reached.answers]).toEqual(expect.arrayContaining([200, 409, 422]));
      expect(reached.acked).toBeGreaterThan(50);
    }, 600_000);

    async function checkInvariants(id: string, acks: readonly Ack[]): Promise<void> {
      const q = two.db;
      const a = (
        await sql<{
          status: number;
          version: number;
          nodes: { nodeId: string; assignees: string[] }[];
          current_node_index: number;
          signed_at_current: string[];
          record_id: string;
        }>`select status, version, nodes, current_node_index, signed_at_current, record_id
            from approval where approval_id = ${Number(id)}`.execute(q)
      ).rows[0];
      if (a === undefined) throw new Error(`approval ${id} vanished`);
      reached.finalStatuses.add(a.status);
      const log = (
        await sql<LogRow>`select version, action, node_id, node_completed, from_status, to_status,
            target from approval_action_log where approval_id = ${Number(id)}
            order by version`.execute(q)
      ).rows;
      const mine = acks.filter((k) => k.approvalId === id);

      // Every acknowledged action is in the log exactly once, and nothing else is: the creation's
      // own submit (if any) is version 1 and was acknowledged by the create call.
      expect(new Set(mine.map((k) => k.key)).size).toBe(mine.length);
      const ackedVersions = mine.map((k) => k.version);
      expect(new Set(ackedVersions).size).toBe(ackedVersions.length);
      const logVersions = log.map((l) => l.version);
      for (const v of ackedVersions) expect(logVersions.filter((x) => x === v)).toHaveLength(1);
      const unacked = logVersions.filter((v) => !ackedVersions.includes(v));
      expect(unacked.every((v) => v === 1 && log[0]?.action === 'submit')).toBe(true);

      // Versions run 1..n without a gap; each entry starts where the previous one ended.
      expect(logVersions).toEqual(log.map((_, i) => i + 1));
      expect(a.version).toBe(log.length);
      let status = -1;
      for (const l of log) {
        expect(l.from_status).toBe(status);
        status = l.to_status;
      }
      expect(a.status).toBe(status);

      // No node skipped: replay the log over the nodes of the current round.
      let index = 0;
      for (const l of log) {
        if (l.action === 'submit' || l.action === 'resubmit') index = 0;
        else if (l.action === 'approve') {
          expect(l.node_id).toBe(a.nodes[index]?.nodeId);
          if (l.node_completed) index += 1;
        } else if (l.action === 'return') {
          const to = a.nodes.findIndex((n) => n.nodeId === l.target);
          expect(to).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThan(index);
          index = to;
        } else if (l.action === 'reject' || l.action === 'transfer') {
          expect(l.node_id).toBe(a.nodes[index]?.nodeId);
        }
      }
      if (a.status === 0) expect(a.current_node_index).toBe(index);
      if (a.status === 1) expect(index).toBe(a.nodes.length);

      // The waiting list is the unsigned users of the current node while in approval.
      const pending = (
        await sql<{ user_id: number }>`select user_id from approval_pending
            where approval_id = ${Number(id)} order by user_id`.execute(q)
      ).rows.map((r) => String(r.user_id));
      const node = a.status === 0 ? a.nodes[a.current_node_index] : undefined;
      const expected = (node?.assignees ?? [])
        .filter((u) => !a.signed_at_current.includes(u))
        .sort((x, y) => Number(x) - Number(y));
      expect(pending).toEqual(expected);

      // The linked record: locked exactly while in approval, moved once exactly when approved,
      // and told of every send and every end in the log (in their transactions, so never more).
      const rec = (
        await sql<{
          locked: boolean;
          sent_count: number;
          moved_count: number;
          unlocked_count: number;
        }>`select locked, sent_count, moved_count, unlocked_count from approval_test_record
            where record_id = ${a.record_id}`.execute(q)
      ).rows[0] ?? { locked: false, sent_count: 0, moved_count: 0, unlocked_count: 0 };
      const count = (...actions: string[]) => log.filter((l) => actions.includes(l.action)).length;
      expect(rec).toEqual({
        locked: a.status === 0,
        sent_count: count('submit', 'resubmit'),
        moved_count: a.status === 1 ? 1 : 0,
        unlocked_count: count('reject', 'withdraw'),
      });
    }
  },
);
