import {
  ALL_DATA,
  ClosingService,
  MoneyDecimal,
  toAmountString,
  type ClosingActor,
  type Result,
} from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import { createLinkedRecordRegistry } from '../repositories/sql-approval.repository.js';
import { createClosedCaseRepositories } from '../repositories/sql-closed-case.repository.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`closing demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};

/**
 * Demo closed cases and settlements (issue 10) on the demo formal contracts that have back money:
 * drawn through the closing rule (drafts, so a person can send one into approval). Claimed once
 * by name; only on a demo institute after the fund demo.
 */
export async function seedClosingDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  const contracts = await trx
    .selectFrom('contract as c')
    .select(['c.contract_id', 'c.user_id', 'c.dept_id'])
    .where('c.stage', '=', 'formal')
    .where('c.del_flag', '=', '0')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('back_money as b')
          .select('b.back_money_id')
          .whereRef('b.contract_id', '=', 'c.contract_id')
          .where('b.del_flag', '=', '0')
          .where('b.back_amount', '>', '0'),
      ),
    )
    .orderBy('c.contract_id')
    .limit(3)
    .execute();
  if (contracts.length === 0) return;
  const claimed = await trx
    .insertInto('dpms_seed')
    .values({ name: 'closing-demo' })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (claimed === undefined) return;

  const now = options.now ?? new Date();
  const clock = { now: () => now };
  const db = trx as Kysely<Database>;
  const service = new ClosingService(
    new KyselyUnitOfWork(db, (t) =>
      createClosedCaseRepositories(t, createLinkedRecordRegistry(), clock),
    ),
    clock,
  );
  for (const [i, c] of contracts.entries()) {
    const owner = await trx
      .selectFrom('sys_user')
      .select(['user_id', 'user_name', 'dept_id'])
      .where('user_id', '=', c.user_id)
      .executeTakeFirst();
    const actor: ClosingActor = {
      userId: owner?.user_id ?? c.user_id,
      userName: owner?.user_name ?? '',
      deptId: owner?.dept_id ?? c.dept_id,
      scope: ALL_DATA,
    };
    const info = value(await service.contractInfo('closed', c.contract_id, actor));
    const back = info.contract.backAmount;
    // The first closes at what came back (fees unchanged), the next settle at half of it.
    value(
      await service.save(
        i === 0 ? 'closed' : 'settle',
        {
          contractId: c.contract_id,
          closedCaseAmount: i === 0 ? back : toAmountString(new MoneyDecimal(back).div(2)),
          remark: i === 0 ? '按回款金额结案' : '按部分回款结算',
        },
        actor,
      ),
    );
  }
}
