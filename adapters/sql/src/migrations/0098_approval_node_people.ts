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
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
