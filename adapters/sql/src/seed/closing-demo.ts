import {
  ALL_DATA,
  ClosingService,
  FinishService,
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
import { createFinishRepositories } from '../repositories/sql-finish.repository.js';
import { claimSeed } from './seed-claim.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`closing demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};

/**
 * Demo closed cases and settlements on the demo formal contracts that have back money:
 * drawn through the closing rule (drafts, so a person can send one into approval). Claimed once
 * by name; only on a demo institute after the fund demo.
 */
export async function seedClosingDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  await seedFinishDemo(trx, options.now ?? new Date());
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
  if (!(await claimSeed(trx, 'closing-demo'))) return;

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

/**
 * A demo finish confirmation (claimed once as 'finish-demo'): on the first demo task confirmed by
 * its department with output value still to confirm, its project manager confirms half of what is
 * left, through the finish rule, so the 完工确认 view has a record to show.
 */
async function seedFinishDemo(trx: Transaction<Database>, now: Date): Promise<void> {
  const task = await trx
    .selectFrom('design_task as t')
    .innerJoin('contract as c', 'c.contract_id', 't.contract_id')
    .innerJoin('sys_user as u', 'u.user_id', 't.project_manager_id')
    .select([
      't.task_id',
      't.contract_id',
      't.task_amount',
      't.confirm_finish_amount',
      'u.user_id',
      'u.user_name',
    ])
    .where('t.del_flag', '=', '0')
    .where('t.confirmed', '=', 3)
    .where('c.stage', '=', 'formal')
    .where('c.del_flag', '=', '0')
    .whereRef('t.confirm_finish_amount', '<', 't.task_amount')
    .orderBy('t.task_id')
    .executeTakeFirst();
  if (task === undefined) return;
  if (!(await claimSeed(trx, 'finish-demo'))) return;
  const clock = { now: () => now };
  const service = new FinishService(
    new KyselyUnitOfWork(trx, (t) => createFinishRepositories(t)),
    clock,
  );
  const left = new MoneyDecimal(task.task_amount).minus(
    new MoneyDecimal(task.confirm_finish_amount),
  );
  value(
    await service.confirm(
      {
        contractId: task.contract_id,
        taskId: task.task_id,
        confirmFinishAmount: toAmountString(left.div(2)),
        remark: '阶段完成确认',
      },
      { userId: task.user_id, userName: task.user_name, scope: ALL_DATA, fileOwnerId: null },
    ),
  );
}
