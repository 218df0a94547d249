import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `sys_job_state.cron`: a job's cron as changed on 定时任务 (five fields, on the institute's
 * clock); null runs the job on its own cron from the code, so a release that changes a default
 * reaches every job nobody changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_job_state add column cron varchar(120)`.execute(db);
}
