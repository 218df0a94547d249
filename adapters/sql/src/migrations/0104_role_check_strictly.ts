import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * RuoYi's 父子联动 switches of a role's grant trees (menu_check_strictly, dept_check_strictly):
 * the role form shows the menus and departments as the administrator last linked them, and
 * RuoYi's own UI reads them back. Defaults are RuoYi's (linked).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_role
    add column menu_check_strictly boolean not null default true,
    add column dept_check_strictly boolean not null default true`.execute(db);
}
