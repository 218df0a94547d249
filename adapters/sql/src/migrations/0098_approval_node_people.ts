import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * No node without an approver, no approver by accident:
 *
 * - `approval_flow_node.actor_kind` gains `formDeptHead`: the head of the department the form
 *   names in `form_field`. The fund plan and execution flows (8_x, 9_x, 26_x) take their
 *   部门负责人 from the plan's department (applyDeptId), not from whoever drafted the plan.
 * - `approval_flow_node.fallback` (jsonb, core's NodeFallback): who takes a node that resolves to
 *   nobody. Null, as most existing nodes: such a node refuses the submission naming it. The
 *   项目经理 node of settlements and closings (11_x) falls back to the drafter's department head:
 *   a contract without a design task names no project manager.
 * - `approval_notice`: what 抄送 and 催办 tell a person, for the shell's bell (badge and list) until
 *   they open the approval.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `alter table approval_flow_node drop constraint if exists approval_flow_node_actor_kind_check`,
    `alter table approval_flow_node add constraint approval_flow_node_actor_kind_check
      check (actor_kind in ('role','users','drafterDeptHead','formPerson','formDeptHead'))`,
    `alter table approval_flow_node add column fallback jsonb`,
    `update approval_flow_node set actor_kind = 'formDeptHead', form_field = 'applyDeptId'
      where actor_kind = 'drafterDeptHead'
        and flow_id in (select flow_id from approval_flow
          where split_part(type_code, '_', 1) in ('8', '9', '26'))`,
    `update approval_flow_node set fallback = '{"kind":"drafterDeptHead"}'::jsonb
      where actor_kind = 'formPerson' and form_field = 'projectManagerId'
        and flow_id in (select flow_id from approval_flow where split_part(type_code, '_', 1) = '11')`,
    `create table approval_notice (
      notice_id serial primary key,
      user_id integer not null references sys_user (user_id),
      approval_id integer not null references approval (approval_id),
      kind varchar(8) not null check (kind in ('cc','urge')),
      sender_id integer not null references sys_user (user_id),
      create_time timestamptz not null default now(),
      read_time timestamptz
    )`,
    `create index approval_notice_unread on approval_notice (user_id, notice_id desc)
      where read_time is null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
