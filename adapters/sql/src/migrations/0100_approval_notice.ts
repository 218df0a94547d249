import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * `approval_notice`: what 抄送 (copy) and 催办 (urge) told a person, one row per recipient,
 * written in the action's transaction. The shell's bell lists a person's unread ones (badge and
 * list) until they open the approval, which sets `read_time`. Rows are never deleted: they are
 * the record of who was told what and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table approval_notice (
      notice_id serial primary key,
      recipient_id integer not null references sys_user (user_id),
      approval_id integer not null references approval (approval_id),
      kind varchar(8) not null check (kind in ('copy','urge')),
      sender_id integer not null references sys_user (user_id),
      create_time timestamptz not null default now(),
      read_time timestamptz
    )`,
    // The bell's list and count, and the mark-read on opening: both by recipient, unread only.
    `create index approval_notice_unread on approval_notice (recipient_id, notice_id desc)
      where read_time is null`,
    `create index approval_notice_approval on approval_notice (approval_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
