import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/**
 * Inserts `count` generated users (`gen1` … `genN`, password hash `x`, spread over the demo's
 * departments, every tenth disabled, one role each of 2, 7 and 13) in two set-based statements,
 * then refreshes the planner statistics. For EXPLAIN checks and benchmarks; run on a test database.
 */
export async function insertGeneratedUsers(db: Kysely<Database>, count: number): Promise<void> {
  await sql`
    insert into sys_user (user_name, nick_name, dept_id, password, status, phonenumber, create_time)
    select 'gen' || g, '生成' || g, (array[110, 111, 112, 113, 114, 115, 102, 103])[1 + g % 8], 'x',
           case when g % 10 = 0 then '1' else '0' end, '139' || lpad(g::text, 8, '0'),
           timestamptz '2025-01-01' + make_interval(mins => g)
    from generate_series(1, ${count}::int) g`.execute(db);
  await sql`
    insert into sys_user_role (user_id, role_id, is_default)
    select user_id, (array[2, 7, 13])[1 + user_id % 3], true from sys_user where user_name like 'gen%'`.execute(
    db,
  );
  await sql`vacuum analyze sys_user, sys_user_role`.execute(db);
}
