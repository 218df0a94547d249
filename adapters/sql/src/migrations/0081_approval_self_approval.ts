import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * Separation of duties: what a configured node does when its holders include the drafter
 * (core's SelfApprovalHandling): 'escalate' to the drafter's superior, 'others' (the node's other
 * holders, escalating when none remains), or 'skip' with the reason recorded. Existing nodes take
 * their kind's default: a department-head node escalates, every other kind goes to others.
 * What the rule did to a running approval's node is kept in approval.nodes (jsonb), beside the
 * node's assignees, so no column of the approval changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `alter table approval_flow_node add column self_approval varchar(8) not null default 'others'
      check (self_approval in ('escalate','others','skip'))`,
    `update approval_flow_node set self_approval = 'escalate' where actor_kind = 'drafterDeptHead'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
