/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApprovalApi,
  TEST_RECORD_KIND,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * Random sequences of actions by random users against two API instances (two Express apps, each
 * with its own connection pool) on one PostgreSQL database: the same request twice (same
 * Idempotency-Key, at the same moment on both instances), two users acting on one approval at the
 * same moment, stale versions. After each run the database must show: every acknowledged action in
 * the log exactly once, no node skipped, status and log in agreement, the waiting list matching the
 * state, and the linked record moved exactly when (and only if) the approval was approved.
 */

const USERS = ['yuangong', 'bmfzr2', 'jingying', 'caiwu', 'zjl', 'xmjl'] as const;
type User = (typeof USERS)[number];
const USER_BY_ID: Readonly<Record<string, User>> = {
  '15': 'yuangong',
  '16': 'bmfzr2',
  '2': 'jingying',
  '8': 'caiwu',
  '11': 'zjl',
  '3': 'xmjl',
};
const ACTIONS = ['approve', 'reject', 'withdraw', 'submit', 'return', 'urge'] as const;
type Action = (typeof ACTIONS)[number];
/** Who sends: the user the approval waits for now, the drafter, or anybody. */
type Who = 'pending' | 'drafter' | User;

interface Req {
  readonly who: Who;
  readonly action: Action;
  /** 0: the version the client just read; 1: one behind (stale). */
  readonly lag: 0 | 1;
  readonly instance: 0 | 1;
}

type Step =
  | { readonly kind: 'single'; readonly target: number; readonly req: Req }
  | { readonly kind: 'duplicate'; readonly target: number; readonly req: Req }
  | { readonly kind: 'race'; readonly target: number; readonly a: Req; readonly b: Req };

const reqArb: fc.Arbitrary<Req> = fc.record({
  // Mostly the right person, so approvals get somewhere; sometimes anybody (out of turn).
  who: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Who>('pending') },
    { weight: 2, arbitrary: fc.constant<Who>('drafter') },
    { weight: 2, arbitrary: fc.constantFrom<Who>(...USERS) },
  ),
  action: fc.oneof(
    { weight: 8, arbitrary: fc.constant<Action>('approve') },
    { weight: 3, arbitrary: fc.constant<Action>('submit') },
    { weight: 1, arbitrary: fc.constantFrom<Action>(...ACTIONS) },
  ),
  lag: fc.constantFrom<0 | 1>(0, 0, 0, 1),
  instance: fc.constantFrom<0 | 1>(0, 1),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), target: fc.nat(1), req: reqArb }),
  fc.record({ kind: fc.constant('duplicate' as const), target: fc.nat(1), req: reqArb }),
  fc.record({ kind: fc.constant('race' as const), target: fc.nat(1), a: reqArb, b: reqArb }),
);
const formArb = fc.constantFrom('contract-big', 'contract-small', 'common');

interface Ack {
  readonly approvalId: string;
  readonly key: string;
  readonly version: number;
  readonly status: number;
}

interface LogRow {
  approval_id: number;
  version: number;
  round: number;
  action: string;
  node_id: string | null;
  node_completed: boolean;
  from_status: number;
  to_status: number;
  target: string | null;
}

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'approval engine under random concurrent actions on two instances (PostgreSQL)',
  () => {
    let api: ApprovalTestApi;
    let second: { app: Express; close(): Promise<void> };
    const tokens = {} as Record<User, string>;

    beforeAll(async () => {
      api = await openApprovalApi('postgres');
      second = await api.secondInstance();
      for (const u of USERS) tokens[u] = await api.login(u);
    }, 120_000);
    afterAll(async () => {
      await second.close();
      await api.close();
    });

    const apps = (): readonly Express[] => [api.app, second.app];

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
      const r = await request(api.app)
        .post(`/prod-api/project/approval/add${form === 'common' ? 'Common' : 'Contract'}Template`)
        .set('Authorization', `Bearer ${tokens.yuangong}`)
        .send({ ...body, recordKind: TEST_RECORD_KIND, recordId, submit: n % 3 !== 2 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.approvalId as string;
    }

    async function current(approvalId: string) {
      const r = await request(api.app)
        .get('/prod-api/project/approval/getCommonApprovalDetail')
        .set('Authorization', `Bearer ${tokens.yuangong}`)
        .query({ serviceId: approvalId });
      expect(r.status).toBe(200);
      return r.body.data.approval as {
        version: number;
        status: number;
        currentNodeIndex: number;
        nodes: { nodeId: string; assignees: string[] }[];
      };
    }

    type Seen = Awaited<ReturnType<typeof current>>;
    const userOf = (who: Who, seen: Seen): User => {
      if (who === 'drafter') return 'yuangong';
      if (who !== 'pending') return who;
      const node = seen.status === 0 ? seen.nodes[seen.currentNodeIndex] : undefined;
      return USER_BY_ID[node?.assignees[0] ?? ''] ?? 'xmjl';
    };

    function send(approvalId: string, req: Req, seen: Seen, key: string) {
      const version = seen.version;
      const firstNode = seen.nodes[0]?.nodeId ?? '0';
      return request(apps()[req.instance] as Express)
        .post('/prod-api/project/approval/process')
        .set('Authorization', `Bearer ${tokens[userOf(req.who, seen)]}`)
        .set('Idempotency-Key', key)
        .send({
          approvalId,
          action: req.action,
          version: Math.max(0, version - req.lag),
          ...(req.action === 'return' ? { targetNodeId: firstNode } : {}),
        });
    }

    it('keeps the log, the nodes, the status and the linked record consistent', async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(formArb, { minLength: 2, maxLength: 2 }),
          fc.array(stepArb, { minLength: 8, maxLength: 24 }),
          async (forms, steps) => {
            runs += 1;
            const ids: string[] = [];
            for (const [i, f] of forms.entries()) ids.push(await createForm(f, runs * 10 + i));
            const acks: Ack[] = [];
            const record = (approvalId: string, key: string, r: request.Response) => {
              // Never a server error, whatever the interleaving.
              expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
              if (r.status === 200) {
                acks.push({
                  approvalId,
                  key,
                  version: r.body.data.version as number,
                  status: r.body.data.status as number,
                });
              }
            };
            for (const step of steps) {
              const approvalId = ids[step.target] as string;
              const seen = await current(approvalId);
              if (step.kind === 'single') {
                const key = randomUUID();
                record(approvalId, key, await send(approvalId, step.req, seen, key));
              } else if (step.kind === 'duplicate') {
                // The same request twice at once, on both instances: one effect, one answer.
                const key = randomUUID();
                const [r1, r2] = await Promise.all([
                  send(approvalId, step.req, seen, key),
                  send(
                    approvalId,
                    { ...step.req, instance: step.req.instance === 0 ? 1 : 0 },
                    seen,
                    key,
                  ),
                ]);
                expect(r2.status).toBe(r1.status);
                expect(r2.body).toEqual(r1.body);
                record(approvalId, key, r1);
              } else {
                // Two users (or two actions) on one approval at the same moment.
                const k1 = randomUUID();
                const k2 = randomUUID();
                const [r1, r2] = await Promise.all([
                  send(approvalId, step.a, seen, k1),
                  send(
                    approvalId,
                    { ...step.b, instance: step.a.instance === 0 ? 1 : 0 },
                    seen,
                    k2,
                  ),
                ]);
                record(approvalId, k1, r1);
                record(approvalId, k2, r2);
                // Both read the same version: at most one of them can have been applied.
                if (step.a.lag === 0 && step.b.lag === 0) {
                  expect(r1.status === 200 && r2.status === 200).toBe(false);
                }
              }
            }
            await checkInvariants(ids, acks);
          },
        ),
        { numRuns: 15, seed: 20261122, endOnFailure: true },
      );
    }, 300_000);

    async function checkInvariants(ids: readonly string[], acks: readonly Ack[]): Promise<void> {
      const db = api.database.handle.db;
      for (const id of ids) {
        const a = (
          await sql<{
            status: number;
            version: number;
            nodes: { nodeId: string; assignees: string[] }[];
            current_node_index: number;
            signed_at_current: string[];
            record_id: string;
            round: number;
          }>`select status, version, nodes, current_node_index, signed_at_current, record_id, round
              from approval where approval_id = ${Number(id)}`.execute(db)
        ).rows[0];
        if (a === undefined) throw new Error(`approval ${id} vanished`);
        const log = (
          await sql<LogRow>`select approval_id, version, round, action, node_id, node_completed,
              from_status, to_status, target from approval_action_log
              where approval_id = ${Number(id)} order by version`.execute(db)
        ).rows;
        const mine = acks.filter((k) => k.approvalId === id);

        // Every acknowledged action is in the log exactly once, and nothing else is: the creation's
        // own submit (if any) is version 1 and was acknowledged by the create call.
        const ackedVersions = mine.map((k) => k.version).sort((x, y) => x - y);
        expect(new Set(mine.map((k) => k.key)).size).toBe(mine.length);
        const logVersions = log.map((l) => l.version);
        const fromCreate = logVersions.filter((v) => !ackedVersions.includes(v));
        expect(fromCreate.length <= 1 && fromCreate.every((v) => v === 1)).toBe(true);
        for (const v of ackedVersions) expect(logVersions.filter((x) => x === v)).toHaveLength(1);

        // Versions run 1..n without a gap; each entry starts where the previous one ended.
        expect(logVersions).toEqual(log.map((_, i) => i + 1));
        expect(a.version).toBe(log.length);
        let status = -1;
        for (const l of log) {
          expect(l.from_status).toBe(status);
          status = l.to_status;
        }
        expect(a.status).toBe(status);

        // No node skipped: replay the log over the nodes of each round.
        let index = 0;
        let signed = new Set<string>();
        for (const l of log) {
          if (l.action === 'submit' || l.action === 'resubmit') {
            index = 0;
            signed = new Set();
          } else if (l.action === 'approve') {
            expect(l.node_id).toBe(a.nodes[index]?.nodeId);
            if (l.node_completed) {
              index += 1;
              signed = new Set();
            } else signed.add(l.node_id ?? '');
          } else if (l.action === 'return') {
            index = a.nodes.findIndex((n) => n.nodeId === l.target);
            expect(index).toBeGreaterThanOrEqual(0);
            signed = new Set();
          } else if (l.action === 'reject') {
            expect(l.node_id).toBe(a.nodes[index]?.nodeId);
          }
        }
        if (a.status === 0) expect(a.current_node_index).toBe(index);
        if (a.status === 1) expect(index).toBe(a.nodes.length);

        // The waiting list is the unsigned users of the current node while in approval.
        const pending = (
          await sql<{
            user_id: number;
          }>`select user_id from approval_pending where approval_id = ${Number(id)} order by user_id`.execute(
            db,
          )
        ).rows.map((r) => String(r.user_id));
        const node = a.status === 0 ? a.nodes[a.current_node_index] : undefined;
        const expected = (node?.assignees ?? [])
          .filter((u) => !a.signed_at_current.includes(u))
          .sort((x, y) => Number(x) - Number(y));
        expect(pending).toEqual(expected);

        // The linked record moved exactly when the approval was approved, once.
        const movedRows = (
          await sql<{
            moved_count: number;
          }>`select moved_count from approval_test_record where record_id = ${a.record_id}`.execute(
            db,
          )
        ).rows;
        expect(movedRows[0]?.moved_count ?? 0).toBe(a.status === 1 ? 1 : 0);
      }
    }
  },
);
