import type { Insertable } from 'kysely';
import type { ContractTables, DatabaseHandle } from '@dpms/sql';

type ContractRow = Insertable<ContractTables['contract']>;

/**
 * A signed (formal, approved) contract of 建筑一所 drafted by xmjl, written straight into the test
 * database: the setup the integration suites share. Its names are the caller's; any other column
 * overrides the default. Answers its contract_id.
 */
export async function insertFormalContract(
  db: DatabaseHandle['db'],
  values: Partial<ContractRow> & Pick<ContractRow, 'project_name' | 'contract_name'>,
): Promise<number> {
  const row = await db
    .insertInto('contract')
    .values({ stage: 'formal', status: 1, biz_source: '1', dept_id: 110, user_id: 3, ...values })
    .returning('contract_id')
    .executeTakeFirstOrThrow();
  return row.contract_id;
}
