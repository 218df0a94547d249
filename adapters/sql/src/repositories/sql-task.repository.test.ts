import {
  addDays,
  ALL_DATA,
  clockAt,
  instituteDay,
  registerTaskRecords,
  TaskService,
  type DesignTask,
  type TaskActor,
} from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import {
  createTaskRepositories,
  SqlResultSealRepository,
  SqlTaskRepository,
} from './sql-task.repository.js';
import { value } from '../testing/results.js';

// Demo institute: xmjl 3 (manager, 建筑一所 110), sjzc 4 (design host, 110), bmfzr 5 (head of 110),
// sjzc2 14 (design host, 结构所 112).
const actor = (userId: number, deptId: number, scope: TaskActor['scope']): TaskActor => ({
  userId,
  userName: `u${String(userId)}`,
  deptId,
  scope,
});
const manager = actor(3, 110, { kind: 'own', userId: 3 });
const host = actor(4, 110, { kind: 'dept', deptIds: [110] });
const head = actor(5, 110, { kind: 'deptAndBelow', deptId: 110 });
const stranger = actor(14, 112, { kind: 'dept', deptIds: [112] });

describe.each(testDatabaseKinds())('design task repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: TaskService;
  let contractId: number;
  let task: DesignTask;
  const clock = { now: () => new Date() };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const linked = createLinkedRecordRegistry();
    registerTaskRecords(linked, (trx, at) =>
      createTaskRepositories(trx, linked, clockAt(at, clock)),
    );
    service = new TaskService(
      new KyselyUnitOfWork(handle.db, (trx) => createTaskRepositories(trx, linked, clock)),
      clock,
    );
    const c = await handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '仓储测试项目',
        contract_name: '仓储测试合同',
        biz_source: '1',
        total_amount: '10',
        clean_amount: '10',
        real_amount: '10',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    task = value(
      await service.add(
        {
          contractId,
          taskName: '仓储测试任务',
          designStageId: '3',
          designUserId: 4,
          projectManagerId: 3,
          planFinishDate: addDays(instituteDay(new Date()), 1),
          taskAmount: '12.345678',
          majorIds: [22, 21],
        },
        manager,
      ),
    );
  });
  afterAll(() => handle.close());

  it('stores the sheet with its numbered task, stage, disciplines and sign flow', async () => {
    expect(task).toMatchObject({
      contractId,
      projectName: '仓储测试项目',
      designStageName: '施工图设计',
      taskAmount: '12.345678',
      majorList: [
        { majorId: 21, majorName: '建筑' },
        { majorId: 22, majorName: '结构' },
      ],
      confirmed: 0,
      deptId: 110,
      designUserName: expect.any(String) as unknown,
    });
    expect(task.taskNo).toMatch(/^RW\d{4}-\d{4}$/);
    const flow = await new SqlTaskRepository(handle.db).signFlow(task.taskId);
    expect(flow.map((s) => [s.orderNo, s.flowName, s.dealUserId, s.dealContent])).toEqual([
      [1, '设计主持', 4, null],
      [2, '项目经理', 3, null],
      [3, '部门负责人', 5, null],
    ]);
  });

  it('scopes reads: participants and the department see the task, another department does not', async () => {
    const repo = new SqlTaskRepository(handle.db);
    for (const a of [manager, host, head]) {
      expect(
        await repo.findById(task.taskId, { scope: a.scope, userId: a.userId }),
        String(a.userId),
      ).not.toBeNull();
    }
    expect(
      await repo.findById(task.taskId, { scope: stranger.scope, userId: stranger.userId }),
    ).toBeNull();
    const page = await repo.list(
      { filter: { contractId }, page: { pageNum: 1, pageSize: 20 } },
      { scope: stranger.scope, userId: 14 },
    );
    expect(page.total).toBe(0);
    const mine = await repo.list({ filter: { contractId } }, { scope: ALL_DATA, userId: 1 });
    expect(mine.rows.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it('lists the warning of the host and the manager, not of others, until the task is finished', async () => {
    const repo = new SqlTaskRepository(handle.db);
    const until = addDays(instituteDay(new Date()), 7);
    const hostWarn = await repo.warnings(4, until, 100);
    expect(hostWarn.map((w) => w.taskNo)).toContain(task.taskNo);
    expect((await repo.warnings(3, until, 100)).map((w) => w.taskNo)).toContain(task.taskNo);
    expect((await repo.warnings(14, until, 100)).map((w) => w.taskNo)).not.toContain(task.taskNo);
    // Sorted by date, the overdue first.
    const dates = hostWarn.map((w) => w.planFinishDate);
    expect([...dates].sort()).toEqual(dates);
    const earlier = addDays(instituteDay(new Date()), 0);
    expect((await repo.warnings(4, earlier, 100)).map((w) => w.taskNo)).not.toContain(task.taskNo);
  });

  it('confirms in order on the database and records each signature', async () => {
    value(await service.confirm(task.taskId, 'designHost', host));
    const twice = await service.confirm(task.taskId, 'designHost', host);
    expect(twice.ok ? null : twice.error.code).toBe('TASK.ALREADY_CONFIRMED');
    value(await service.confirm(task.taskId, 'projectManager', manager));
    const done = value(
      await service.confirm(task.taskId, 'department', head, { dealContent: '同意出图' }),
    );
    expect(done.confirmed).toBe(3);
    const flow = await new SqlTaskRepository(handle.db).signFlow(task.taskId);
    expect(flow.map((s) => s.dealContent)).toEqual(['同意', '同意', '同意出图']);
    expect(flow.every((s) => s.dealTime instanceof Date)).toBe(true);
  });

  it('keeps pay items in numeric and refuses over-payment', async () => {
    value(await service.updateConfirmFinishAmount(task.taskId, '10', manager));
    const d = value(
      await service.insertPay('ready', { taskId: task.taskId, payAmount: '9.999999' }, manager),
    );
    expect(d.readyPaid).toBe('9.999999');
    expect(d.readyRemaining).toBe('0.000001');
    const over = await service.insertPay(
      'ready',
      { taskId: task.taskId, payAmount: '0.000002' },
      manager,
    );
    expect(over.ok ? null : over.error.code).toBe('TASK.AMOUNT_EXCEEDS');
    const stored = await sql<{
      s: string;
    }>`select sum(pay_amount)::text as s from design_task_pay where task_id = ${task.taskId}`.execute(
      handle.db,
    );
    expect(stored.rows[0]?.s).toBe('9.999999');
  });

  it('marks an approved seal unseen for its applicant and the task people until opened', async () => {
    const seals = new SqlResultSealRepository(handle.db);
    const now = new Date();
    const id = await seals.insert(
      {
        taskId: task.taskId,
        drawContent: '总图',
        drawNum: 2,
        sealGoalContent: '',
        unGuidangShowImg: '',
        guidangShowImg: '',
        sealCategory: '',
        sealType: ['4'],
        sealTime: null,
        userId: 4,
        userName: 'u4',
      },
      now,
    );
    expect(await seals.hasUnseen(4)).toBe(false);
    await seals.update(id, { status: 1, finishTime: now }, now);
    expect(await seals.hasUnseen(4)).toBe(true);
    expect(await seals.hasUnseen(3)).toBe(true);
    expect(await seals.hasUnseen(14)).toBe(false);
    await seals.markSeen(id, 4, now);
    await seals.markSeen(id, 4, now);
    expect(await seals.hasUnseen(4)).toBe(false);
    expect(await seals.hasUnseen(3)).toBe(true);
  });

  it('names a seal request’s applicant as the author its approval keeps off every node', async () => {
    const registry = createLinkedRecordRegistry();
    registerTaskRecords(registry, (trx, at) =>
      createTaskRepositories(trx, registry, clockAt(at, clock)),
    );
    const linked = registry.bind(handle.db);
    const id = await new SqlResultSealRepository(handle.db).insert(
      {
        taskId: task.taskId,
        drawContent: '立面图',
        drawNum: 1,
        sealGoalContent: '',
        unGuidangShowImg: '',
        guidangShowImg: '',
        sealCategory: '',
        sealType: ['4'],
        sealTime: null,
        userId: 14,
        userName: 'u14',
      },
      new Date(),
    );
    expect(await linked.authorOf!('resultSeal', String(id))).toBe('14');
    expect(await linked.authorOf!('resultSeal', String(id + 1000))).toBeNull();
  });
});
