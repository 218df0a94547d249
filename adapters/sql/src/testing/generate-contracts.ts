import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/**
 * Inserts `count` generated contracts in one statement (for the EXPLAIN checks and the bench):
 * every stage, the three sources, six production departments, twenty owners, sign dates over six
 * years and amounts up to 1,000 万元. Then VACUUM ANALYZE, so plans see real statistics.
 */
export async function insertGeneratedContracts(db: Kysely<Database>, count: number): Promise<void> {
  await sql`
    insert into contract (stage, status, effective, project_name, contract_name, contract_no,
      biz_source, biz_type, service_manager_id, total_amount, receive_amount, clean_amount,
      real_amount, design_fee, operate_fee, sign_date, dept_id, user_id, create_by,
      create_time, update_time)
    select (array['stay', 'declare', 'contract', 'formal'])[1 + g % 4],
      case when g % 4 = 3 then 1 else -1 end,
      g % 3 = 0,
      '生成项目' || g, '生成合同' || g, 'GEN-' || g,
      (1 + g % 3)::text, (1 + g % 5)::text, 1 + g % 20,
      (g % 100000) / 100.0, (g % 1000) / 100.0, (g % 100000) / 110.0,
      (g % 100000) / 1000.0, (g % 100000) / 4000.0, (g % 100000) / 3000.0,
      date '2020-01-01' + (g % 2190),
      110 + g % 6, 1 + g % 20, 'gen',
      timestamptz '2024-01-01' + g * interval '1 minute',
      timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, ${count}) as g`.execute(db);
  await sql`vacuum analyze contract`.execute(db);
}
