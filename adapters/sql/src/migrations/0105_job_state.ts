import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `sys_job_state`: whether each of the server's scheduled jobs is paused (定时任务's 状态). The
 * jobs themselves are fixed in code; only their state is stored, so every instance's timers read
 * the same answer before a run. A job without a row runs (正常).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sys_job_state (
      job_id integer primary key,
      status char(1) not null default '0' check (status in ('0', '1')),
      update_by varchar(64) not null default '',
      update_time timestamptz not null default now())`.execute(db);
}
