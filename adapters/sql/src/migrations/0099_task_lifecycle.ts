import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * The design task lifecycle:
 *
 * - `design_task.approval_status` / `approval_id`: the sheet's approval (3_x). -1 never sent (every
 *   sheet before this migration), 0 in approval, 1 approved, 2 rejected, 3 withdrawn.
 * - `result_seal_result`: the results a seal request stamps (13_1). Requests from before keep
 *   none and still stamp their task.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `alter table design_task add column approval_status smallint not null default -1
       check (approval_status between -1 and 3)`,
    `alter table design_task add column approval_id integer`,
    `create index design_task_approval on design_task (approval_id) where approval_id is not null`,
    `create table result_seal_result (
      result_seal_id integer not null references result_seal (result_seal_id),
      result_id integer not null references design_task_result (result_id),
      primary key (result_seal_id, result_id))`,
    `create index result_seal_result_result on result_seal_result (result_id)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
