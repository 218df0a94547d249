import { sql } from 'kysely';
import { openTestDatabase } from '@dpms/sql/testing';
import {
  close,
  listenApi,
  listenBare,
  loadGet,
  ratio,
  ratioRow,
  resultRow,
  signIn,
  writeReport,
} from './bench-harness.js';

const TASKS = 10_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

const load = (url: string, headers: Record<string, string>) =>
  loadGet(url, headers, CONCURRENCY, DURATION_MS);

/**
 * `GET /project/approval/getNotify` (polled every 60 s by every signed-in user) for the design
 * host sjzc over 10,000 generated tasks and 5,000 seal requests on the embedded PostgreSQL server, against a bare
 * Express JSON endpoint answering the same body, side by side in one run.
 * Writes bench-results/http-api-notify.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  await sql`
    insert into contract (stage, status, project_name, contract_name, contract_no, biz_source,
      dept_id, user_id)
    select 'formal', 1, '压测项目' || g, '压测合同' || g, 'BENCH-' || g, '1', 110, 3
    from generate_series(1, 500) as g`.execute(database.db);
  // Every 50th task is sjzc's (user 4), planned around today, so the warning has rows to find.
  await sql`
    insert into design_task (contract_id, task_no, task_name, design_stage_id, design_user_id,
      project_manager_id, plan_finish_date, confirmed, finished, dept_id, user_id)
    select (select min(contract_id) from contract where contract_no like 'BENCH-%') + g % 500,
      'BENCH' || g, '压测任务' || g, '3', case when g % 50 = 0 then 4 else 1000 + g % 400 end,
      2000 + g % 300, current_date + (g % 60) - 30, 3, g % 3 = 0, 110, 3
    from generate_series(1, ${TASKS}) as g`.execute(database.db);
  await sql`
    insert into result_seal (task_id, draw_content, seal_type, status, user_id, finish_time)
    select task_id, '压测', '["4"]', 1, 1000 + task_id % 400, now()
    from design_task where task_no like 'BENCH%' and task_id % 2 = 0`.execute(database.db);
  await sql`vacuum analyze`.execute(database.db);
  const api = await listenApi(database);
  const auth = await signIn(api, 'sjzc');
  const url = `${api.base}/prod-api/project/approval/getNotify?currentUserId=4`;
  const sample = (await (await fetch(url, { headers: auth })).json()) as {
    data: { warnTaskList: unknown[] };
  };

  const bare = await listenBare(sample);

  await load(`${bare.base}/bare`, {}); // warm-up
  const bareResult = await load(`${bare.base}/bare`, {});
  await load(url, auth);
  const notifyResult = await load(url, auth);

  const report = {
    when: new Date().toISOString(),
    tasks: TASKS,
    warnTasks: sample.data.warnTaskList.length,
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    bareExpress: bareResult,
    notify: notifyResult,
    ratio: ratio(notifyResult, bareResult),
  };
  const md = [
    `# GET /project/approval/getNotify (${TASKS} tasks, ${report.warnTasks} urgent, embedded PostgreSQL) vs a bare Express JSON endpoint`,
    '',
    `${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, same process and machine.`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    resultRow('bare Express', bareResult),
    resultRow('/project/approval/getNotify', notifyResult),
    ratioRow(report.ratio),
    '',
  ].join('\n');
  writeReport('http-api-notify', report, md);
  await close(api);
  await close(bare);
  await database.close();
}
