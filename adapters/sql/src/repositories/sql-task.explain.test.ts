import { ALL_DATA, type TaskListQuery, type TaskViewer } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  openTestDatabase,
  testDatabaseKinds,
} from '../testing/index.js';
import { SqlResultSealRepository, SqlTaskRepository } from './sql-task.repository.js';

const GENERATED = 10_000;

/**
 * The task list and the notify queries (the urgent-task warning and the seal dot, polled every
 * 60 s by every signed-in user) reach their rows through an index on 10,000 generated tasks.
 */
describe.each(testDatabaseKinds())(
  `design task plans on %s with ${String(GENERATED)} generated tasks`,
  (kind) => {
    let handle: DatabaseHandle;
    let tasks: SqlTaskRepository;
    let seals: SqlResultSealRepository;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      tasks = new SqlTaskRepository(handle.db);
      seals = new SqlResultSealRepository(handle.db);
      await sql`
        insert into contract (stage, status, project_name, contract_name, contract_no, biz_source,
          dept_id, user_id, create_time, update_time)
        select 'formal', 1, '生成项目' || g, '生成合同' || g, 'GEN-T-' || g, '1', 110 + g % 6,
          1 + g % 20, now(), now()
        from generate_series(1, 2000) as g`.execute(handle.db);
      await sql`
        insert into design_task (contract_id, task_no, task_name, design_stage_id, design_user_id,
          project_manager_id, plan_finish_date, confirmed, finished, dept_id, user_id, create_time,
          update_time)
        select (select min(contract_id) from contract) + g % 2000, 'GEN' || g, '生成任务' || g,
          (1 + g % 3)::text, 1000 + g % 500, 2000 + g % 300, date '2024-01-01' + (g % 900),
          g % 4, g % 5 = 0, 110 + g % 6, 3000 + g % 400,
          timestamptz '2024-01-01' + g * interval '1 minute',
          timestamptz '2024-01-01' + g * interval '1 minute'
        from generate_series(1, ${GENERATED}) as g`.execute(handle.db);
      await sql`
        insert into result_seal (task_id, draw_content, seal_type, status, user_id, finish_time)
        select task_id, '生成', '["4"]', case when task_id % 2 = 0 then 1 else 0 end,
          3000 + task_id % 400, case when task_id % 2 = 0 then now() end
        from design_task where task_no like 'GEN%'`.execute(handle.db);
      await sql`vacuum analyze`.execute(handle.db);
    }, 300_000);
    afterAll(() => handle.close());

    const page = { pageNum: 3, pageSize: 20 };
    const all: TaskViewer = { scope: ALL_DATA, userId: 1 };
    const cases: Array<[string, TaskListQuery, TaskViewer]> = [
      ['tasks, newest first', { filter: {}, page }, all],
      [
        'by planned date',
        { filter: {}, page, sort: { column: 'planFinishDate', direction: 'asc' } },
        all,
      ],
      ['one contract', { filter: { contractId: 500 }, page }, all],
      ['one design host', { filter: { designUserId: 1042 }, page }, all],
      ['waiting for the department', { filter: { confirmed: 2 }, page }, all],
      [
        'a department scope',
        { filter: {}, page },
        { scope: { kind: 'dept', deptIds: [112] }, userId: 1042 },
      ],
      ['own tasks', { filter: {}, page }, { scope: { kind: 'own', userId: 3007 }, userId: 2007 }],
    ];

    it.each(cases)('%s: the page query uses indexes', async (_name, query, viewer) => {
      await assertNoSeqScan(
        handle.db,
        await explainPlan(handle.db, tasks.listQueries(query, viewer).page),
      );
    });

    it.each(cases)('%s: the count query uses indexes', async (_name, query, viewer) => {
      await assertNoSeqScan(
        handle.db,
        await explainPlan(handle.db, tasks.listQueries(query, viewer).count),
      );
    });

    it('the urgent-task warning uses indexes', async () => {
      await assertNoSeqScan(
        handle.db,
        await explainPlan(handle.db, tasks.warningQuery(1042, '2025-06-30', 50)),
        1000,
      );
    });

    it('the seal dot uses indexes', async () => {
      await assertNoSeqScan(handle.db, await explainPlan(handle.db, seals.unseenQuery(3042)), 1000);
    });
  },
);
