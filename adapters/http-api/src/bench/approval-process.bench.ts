import { randomUUID } from 'node:crypto';
import express from 'express';
import { ApprovalEngine } from '@dpms/core';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
  KyselyUnitOfWork,
} from '@dpms/sql';
import { openTestDatabase } from '@dpms/sql/testing';
import { systemClock } from '../identity/clock.js';
import {
  type BenchResult,
  close,
  closedLoop,
  listen,
  listenApi,
  ratio,
  ratioRow,
  resultRow,
  signIn,
  writeReport,
} from './bench-harness.js';

/** Concurrent approvers, each a user of their own with approvals waiting at their node. */
const USERS = 50;
const PER_USER = Number(process.env['BENCH_APPROVALS_PER_USER'] ?? 20);
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);
const TYPE_CODE = '19_1';

/**
 * Closed-loop load: `clients` clients, each sending its next request when the last returns,
 * until the time is up or its work runs out. `next` answers the request or null.
 */
function load(
  clients: number,
  next: (client: number) => { url: string; init: RequestInit } | null,
  check: (status: number, body: unknown) => void,
): Promise<BenchResult> {
  return closedLoop(clients, DURATION_MS, (i) => {
    const req = next(i);
    if (req === null) return null;
    return async () => {
      const res = await fetch(req.url, req.init);
      check(res.status, await res.json());
    };
  });
}

/**
 * Approvals processed per second: `POST /project/approval/process` (approve, with an
 * Idempotency-Key, as the web sends it) by 50 concurrent users, each working through approvals
 * waiting at their node (the embedded PostgreSQL server), against a bare Express JSON POST endpoint answering
 * the same outcome, measured side by side in one run. Writes
 * bench-results/http-api-approval-process.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  const db = database.db;
  // 50 approvers with the demo password and the ordinary staff role (which may process).
  const template = await db
    .selectFrom('sys_user')
    .select(['password', 'dept_id'])
    .where('user_name', '=', 'yuangong')
    .executeTakeFirstOrThrow();
  const staffRole = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.user_id', 'ur.user_id')
    .select('ur.role_id')
    .where('u.user_name', '=', 'yuangong')
    .executeTakeFirstOrThrow();
  const approvers = await db
    .insertInto('sys_user')
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        user_name: `approver${i}`,
        nick_name: `审批人${i}`,
        dept_id: template.dept_id,
        password: template.password,
      })),
    )
    .returning(['user_id', 'user_name'])
    .execute();
  await db
    .insertInto('sys_user_role')
    .values(approvers.map((u) => ({ user_id: u.user_id, role_id: staffRole.role_id })))
    .execute();
  // One step whose approver is the person chosen on the form, so each approval waits for one of
  // the 50 and every approve ends an approval.
  const flow = await db
    .selectFrom('approval_flow')
    .select('flow_id')
    .where('type_code', '=', TYPE_CODE)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('approval_flow_node').where('flow_id', '=', flow.flow_id).execute();
  await db
    .insertInto('approval_flow_node')
    .values({
      flow_id: flow.flow_id,
      node_name: '审批人',
      order_num: 1,
      actor_kind: 'formPerson',
      form_field: 'approverId',
      mode: 'or',
      user_ids: JSON.stringify([]),
      condition_effect: 'add',
    })
    .execute();
  const engine = new ApprovalEngine(
    new KyselyUnitOfWork(db, (t) => createApprovalRepositories(t, createLinkedRecordRegistry())),
    systemClock,
  );
  const drafter = await db
    .selectFrom('sys_user')
    .select(['user_id', 'dept_id'])
    .where('user_name', '=', 'xmjl')
    .executeTakeFirstOrThrow();
  const waiting: { approvalId: string; version: number }[][] = approvers.map(() => []);
  for (let round = 0; round < PER_USER; round += 1) {
    for (const [i, u] of approvers.entries()) {
      const r = await engine.create(
        {
          kind: 'Common',
          typeCode: TYPE_CODE,
          title: `压测审批 ${round}-${i}`,
          content: {
            approverId: {
              label: '审批人',
              type: 'input',
              value: String(u.user_id),
            },
          },
          submit: true,
        },
        {
          userId: drafter.user_id,
          deptId: drafter.dept_id,
          scope: { kind: 'own', userId: drafter.user_id },
        },
        { route: 'bench' },
      );
      if (!r.ok) throw new Error(r.error.message);
      waiting[i]?.push({ approvalId: r.value.approvalId, version: r.value.version });
    }
  }

  const api = await listenApi(database);
  const auths: Record<string, string>[] = [];
  for (const u of approvers) auths.push(await signIn(api, u.user_name));

  const processUrl = `${api.base}/prod-api/project/approval/process`;
  const approveNext = (i: number) => {
    const a = waiting[i]?.shift();
    if (a === undefined) return null;
    return {
      url: processUrl,
      init: {
        method: 'POST',
        headers: {
          ...auths[i],
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
        },
        body: JSON.stringify({
          approvalId: a.approvalId,
          version: a.version,
          action: 'approve',
          opinion: '同意',
        }),
      },
    };
  };
  let approved = 0;
  const approvedCheck = (status: number, body: unknown) => {
    const data = (body as { data?: { status?: number } }).data;
    if (status !== 200 || data?.status !== 1) {
      throw new Error(`approve: ${status} ${JSON.stringify(body)}`);
    }
    approved += 1;
  };

  const bareApp = express();
  bareApp.use(express.json());
  bareApp.post('/bare', (req, res) => {
    const b = req.body as { approvalId: string; version: number };
    res.json({
      code: 200,
      msg: '操作成功',
      data: { approvalId: b.approvalId, status: 1, version: b.version + 1, currentNodeName: '' },
    });
  });
  const bare = await listen(bareApp);
  const bareNext = () => ({
    url: `${bare.base}/bare`,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ approvalId: '1', version: 1, action: 'approve', opinion: '同意' }),
    },
  });
  const bareCheck = (status: number) => {
    if (status !== 200) throw new Error(`bare: ${status}`);
  };

  await load(USERS, bareNext, bareCheck); // warm-up
  const bareResult = await load(USERS, bareNext, bareCheck);
  // Warm-up: one approval per user.
  await Promise.all(
    approvers.map(async (_, i) => {
      const req = approveNext(i);
      if (req === null) return;
      const res = await fetch(req.url, req.init);
      approvedCheck(res.status, await res.json());
    }),
  );
  const processResult = await load(USERS, approveNext, approvedCheck);
  const left = waiting.reduce((n, w) => n + w.length, 0);

  const report = {
    when: new Date().toISOString(),
    database: 'embedded',
    users: USERS,
    seededApprovals: USERS * PER_USER,
    approved,
    leftWaiting: left,
    durationMs: DURATION_MS,
    bareExpress: bareResult,
    approve: processResult,
    ratio: ratio(processResult, bareResult),
  };
  const md = [
    `# Approvals processed per second: POST /project/approval/process (approve) vs a bare Express JSON POST`,
    '',
    `${USERS} concurrent users, each approving approvals waiting at their node (${USERS * PER_USER} seeded, embedded PostgreSQL), ` +
      `${DURATION_MS} ms or until they run out${left === 0 ? ' (they ran out)' : ''}; same process and machine.`,
    '',
    '| endpoint | approvals (requests)/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    resultRow('bare Express', bareResult),
    resultRow('/project/approval/process', processResult),
    ratioRow(report.ratio),
    '',
  ].join('\n');
  writeReport('http-api-approval-process', report, md);
  await close(api);
  await close(bare);
  await database.close();
}
