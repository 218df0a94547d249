import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * A fund execution sheet covers one kind of its plan's lines (income, rigid costs, loans or
 * payments): the kind decides the approval it travels on (9_1, 26_1–26_3; 9_2 over plan).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `alter table fund_perform add column line_kind varchar(10) not null default 'rigid'
      check (line_kind in ('income', 'rigid', 'loan', 'payment'))`,
    `create index fund_perform_month_kind on fund_perform (plan_month, line_kind) where del_flag = '0' and status = 2`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
