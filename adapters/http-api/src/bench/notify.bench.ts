import { sql, type Kysely } from 'kysely';
import type { Database } from '@dpms/sql';
import { measureEndpoints } from './endpoints.js';

const TASKS = 10_000;

/** 500 contracts, 10,000 design tasks (every 50th the design host sjzc's), 5,000 seal requests. */
async function seedTasks(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into contract (stage, status, project_name, contract_name, contract_no, biz_source,
      dept_id, user_id)
    select 'formal', 1, '压测项目' || g, '压测合同' || g, 'BENCH-' || g, '1', 110, 3
    from generate_series(1, 500) as g`.execute(db);
  // Every 50th task is sjzc's (user 4), planned around today, so the warning has rows to find.
  await sql`
    insert into design_task (contract_id, task_no, task_name, design_stage_id, design_user_id,
      project_manager_id, plan_finish_date, confirmed, finished, dept_id, user_id)
    select (select min(contract_id) from contract where contract_no like 'BENCH-%') + g % 500,
      'BENCH' || g, '压测任务' || g, '3', case when g % 50 = 0 then 4 else 1000 + g % 400 end,
      2000 + g % 300, current_date + (g % 60) - 30, 3, g % 3 = 0, 110, 3
    from generate_series(1, ${TASKS}) as g`.execute(db);
  await sql`
    insert into result_seal (task_id, draw_content, seal_type, status, user_id, finish_time)
    select task_id, '压测', '["4"]', 1, 1000 + task_id % 400, now()
    from design_task where task_no like 'BENCH%' and task_id % 2 = 0`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/**
 * `GET /project/approval/getNotify` (polled every 60 s by every signed-in user) for the design
 * host sjzc over 10,000 generated tasks and 5,000 seal requests, against its SQL ceiling and on
 * the external server. Writes bench-results/http-api-notify.{json,md}.
 */
export async function main(): Promise<void> {
  await measureEndpoints({
    name: 'http-api-notify',
    title: 'GET /project/approval/getNotify against its SQL ceiling',
    data: `${TASKS.toLocaleString('en-US')} tasks`,
    seed: seedTasks,
    endpoints: [
      {
        figure: 'getNotify',
        path: '/project/approval/getNotify?currentUserId=4',
        user: 'sjzc',
        order: 1.4,
        check: (body) => {
          const warn = (body as { data?: { warnTaskList?: unknown[] } }).data?.warnTaskList ?? [];
          if (warn.length === 0) throw new Error('getNotify found no urgent task');
        },
      },
    ],
  });
}
