import type { Insertable } from 'kysely';
import type { ContractTables, DatabaseHandle } from '@dpms/sql';

type ContractRow = Insertable<ContractTables['contract']>;

/** A contract of 100 万元 with its fees split as the sheets and approvals suites read them. */
export const SPLIT_FEES_OF_100 = {
  total_amount: '100',
  direct_fee: '10',
  technical_fee: '5',
  expert_fee: '2.5',
  operate_fee: '1.5',
  design_fee: '2.5',
} as const;

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
