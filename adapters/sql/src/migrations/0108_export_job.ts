import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `sys_export_job`: the large exports written in the background (core's export-job.ts), kept
 * here so any instance answers a job's progress; the finished workbook is one of the owner's
 * files (`sys_file`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sys_export_job (
      job_id char(32) primary key,
      owner_user_id integer not null,
      file_name varchar(255) not null,
      status varchar(8) not null default 'running' check (status in ('running', 'done', 'failed')),
      rows_done integer not null default 0,
      rows_total integer,
      message varchar(1000),
      file_id char(32),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      finished_at timestamptz)`.execute(db);
  await sql`create index sys_export_job_owner on sys_export_job (owner_user_id, created_at desc)`.execute(
    db,
  );
}
