import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * The "all approvals" list counts what a role may see: its scope (by department or drafter), the
 * viewer's own drafts and what they act on or read. That condition is not selective, so its count
 * reads every live approval; this narrow index lets it do so with an index-only scan instead of
 * reading the wide rows (content, nodes) of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create index approval_live_visibility on approval (status, dept_id, drafter_id, approval_id) where del_flag = '0'`,
    )
    .execute(db);
}
