import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApprovalEngine } from '@dpms/core';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
  type Database,
  KyselyUnitOfWork,
} from '@dpms/sql';
import { systemClock } from '../identity/clock.js';
import {
  type BenchResult,
  close,
  closedLoop,
  closedLoopRaw,
  fmt,
  listenApi,
  resultRow,
  signIn,
  summarize,
  writeReport,
} from './bench-harness.js';
import { SEEDED, startBenchServer } from './bench-databases.js';
import { type Figure, figuresTable } from './figures.js';
import { capture, runGroup, type StatementGroup } from './sql-ceiling.js';

/** Concurrent approvers, each a user of their own with approvals waiting at their node. */
const USERS = 50;
const PER_USER = Number(process.env['BENCH_APPROVALS_PER_USER'] ?? 20);
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);
const TYPE_CODE = '19_1';

interface Waiting {
  readonly approvalId: string;
  readonly version: number;
}

/**
 * 50 approvers, and PER_USER approvals waiting for each of them (a one-step flow whose approver
 * is the person chosen on the form), created through the engine as a drafter would.
 */
async function seedApprovals(db: Kysely<Database>) {
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
  const waiting: Waiting[][] = approvers.map(() => []);
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

  return { approvers, waiting };
}

/**
 * Approvals processed per second: `POST /project/approval/process` (approve, with an
 * Idempotency-Key, as the web sends it) by 50 concurrent approvers on the embedded server, against
 * the approval's SQL transaction(s) run directly through a pool: every transaction each request
 * ran is captured with its request (sql-ceiling.ts), and replayed, committing, by 50 loops on a
 * copy of the database taken before the run, so the ceiling does the same approvals. Then the
 * API's database is checked: every approval answered approved is approved once, none is lost or
 * approved twice. Writes bench-results/http-api-approval-process.{json,md}.
 */
export async function main(): Promise<void> {
  const server = await startBenchServer('embedded');
  try {
    const seedHandle = server.open(SEEDED);
    const { approvers, waiting } = await seedApprovals(seedHandle.db);
    await seedHandle.close();
    // The ceiling's copy: the same approvals waiting, untouched by the API run.
    await server.copy(SEEDED, 'bench_ceiling');
    const database = server.open(SEEDED);
    const copy = server.open('bench_ceiling');
    const db = database.db;

    const api = await listenApi(database, { tagged: true });
    const auths: Record<string, string>[] = [];
    for (const u of approvers) auths.push(await signIn(api, u.user_name));
    const processUrl = `${api.base}/prod-api/project/approval/process`;
    const answered = new Set<string>();
    const approve = (i: number): (() => Promise<void>) | null => {
      const a = waiting[i]?.shift();
      if (a === undefined) return null;
      return async () => {
        const res = await fetch(processUrl, {
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
        });
        const body = (await res.json()) as { data?: { status?: number } };
        if (res.status !== 200 || body.data?.status !== 1) {
          throw new Error(`approve: ${res.status} ${JSON.stringify(body)}`);
        }
        answered.add(a.approvalId);
      };
    };
    // Warm-up: one approval per approver (not captured, not replayed).
    await Promise.all(approvers.map((_, i) => approve(i)?.() ?? Promise.resolve()));
    const warmed = new Set(answered);
    let apiResult: BenchResult | undefined;
    const groups = await capture(async () => {
      apiResult = await closedLoop(USERS, DURATION_MS, approve);
    });
    const processResult = apiResult!;
    const left = waiting.reduce((n, w) => n + w.length, 0);

    // Lost or doubled: the database against the answers.
    const rows = await db
      .selectFrom('approval as a')
      .leftJoin('approval_action_log as l', (j) =>
        j.onRef('l.approval_id', '=', 'a.approval_id').on('l.action', '=', 'approve'),
      )
      .select(['a.approval_id', 'a.status', (eb) => eb.fn.count('l.log_id').as('approves')])
      .where('a.type_code', '=', TYPE_CODE)
      .where('a.title', 'like', '压测审批%')
      .groupBy(['a.approval_id', 'a.status'])
      .execute();
    const approvedInDb = new Set(
      rows.filter((r) => r.status === 1).map((r) => String(r.approval_id)),
    );
    const lost = [...answered].filter((id) => !approvedInDb.has(id)).length;
    const unanswered = [...approvedInDb].filter((id) => !answered.has(id)).length;
    const doubled = rows.filter((r) => Number(r.approves) > 1).length;

    // The ceiling: each request's transactions, in order, by 50 loops through a pool of the copy.
    const units = new Map<number, StatementGroup[]>();
    let outside = 0;
    for (const g of groups) {
      if (!g.transaction || g.request === undefined) {
        outside += g.statements.length;
        continue;
      }
      units.set(g.request, [...(units.get(g.request) ?? []), g]);
    }
    const queue = [...units.values()];
    const perRequest = queue.length ? statementsOf(queue[0]!) : 0;
    let replayErrors = 0;
    let firstError = '';
    const replay = await closedLoopRaw(USERS, Number.MAX_SAFE_INTEGER, () => {
      const unit = queue.shift();
      if (unit === undefined) return null;
      return async () => {
        try {
          for (const g of unit) await runGroup(copy.db as unknown as Kysely<never>, g);
        } catch (e) {
          replayErrors += 1;
          firstError ||= (e as Error).message;
        }
      };
    });
    const ceiling = summarize([replay]);
    const replayedApproved = Number(
      (
        await copy.db
          .selectFrom('approval')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('type_code', '=', TYPE_CODE)
          .where('title', 'like', '压测审批%')
          .where('status', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await close(api);
    await database.close();
    await copy.close();

    const ratio = processResult.rps / ceiling.rps;
    const measuredApproved = answered.size - warmed.size;
    const figures: Figure[] = [
      {
        order: 3,
        figure: `approvals processed (${USERS} concurrent approvers)`,
        measured: `${fmt(processResult.rps)} approvals/s (p50 ${fmt(processResult.p50)} ms, p99 ${fmt(processResult.p99)} ms)`,
        ceiling: `the approval's transaction (${perRequest} statements) run directly through the pool by ${USERS} loops: ${fmt(ceiling.rps)}/s`,
        ratio,
        goal: '≥ 0.5, zero lost or doubled',
        met: ratio >= 0.5 && lost === 0 && doubled === 0 && unanswered === 0,
        note: `${lost} lost, ${doubled} doubled, ${unanswered} approved unanswered of ${answered.size}`,
      },
    ];
    const report = {
      when: new Date().toISOString(),
      database: 'embedded',
      users: USERS,
      seededApprovals: USERS * PER_USER,
      approvedAnswered: answered.size,
      approvedInMeasuredRun: measuredApproved,
      leftWaiting: left,
      durationMs: DURATION_MS,
      approve: processResult,
      transactionCeiling: ceiling,
      replayedTransactions: units.size,
      replayErrors,
      firstReplayError: firstError || undefined,
      replayedApprovedInCopy: replayedApproved,
      statementsOutsideTransactions: outside,
      lost,
      doubled,
      approvedUnanswered: unanswered,
      figures,
    };
    const md = [
      `# Approvals processed per second: POST /project/approval/process (approve) against its SQL transaction`,
      '',
      `${USERS} concurrent approvers on the embedded PostgreSQL server (${USERS * PER_USER} approvals seeded), ` +
        `${DURATION_MS} ms or until they run out${left === 0 ? ' (they ran out)' : ''}. The ceiling replays the ` +
        `${units.size} requests' transactions, committing, on a copy of the database taken before the run ` +
        `(${replayErrors} replay errors${firstError ? `: ${firstError}` : ''}; ${replayedApproved} approvals approved in the copy). ` +
        `The requests also ran ${outside} statements outside transactions (session and permission reads).`,
      '',
      '| what | per second | p50 ms | p99 ms |',
      '|---|---|---|---|',
      resultRow('/project/approval/process', processResult),
      resultRow('its transaction(s) through the pool', ceiling),
      '',
      `Checked in the API's database: ${answered.size} approvals answered approved, ${approvedInDb.size} approved, ${lost} lost, ${doubled} approved twice.`,
      '',
      figuresTable(figures),
      '',
    ].join('\n');
    writeReport('http-api-approval-process', report, md);
  } finally {
    await server.stop();
  }
}

const statementsOf = (unit: readonly StatementGroup[]) =>
  unit.reduce((n, g) => n + g.statements.length, 0);
