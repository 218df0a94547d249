import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * Separation of duties, two facts the approval did not keep:
 *
 * - `approval.author_id`: who drafted the linked record (a contract's creator) when someone else
 *   sent it into approval. Neither the sender (drafter_id) nor the author holds a node or acts at
 *   one. Null: the drafter is the record's author, or the approval has no record.
 * - `approval_action_log.self_approval_notes`: what the rule did to the nodes of the round a
 *   submit or resubmit started (core's SelfApprovalNote per node, with the node's name and who
 *   it went to). The node state holds only the latest round's; the append-only log keeps every
 *   round's, so the sheet shows each round as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `alter table approval add column author_id integer references sys_user (user_id)`,
    `alter table approval_action_log add column self_approval_notes jsonb`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
