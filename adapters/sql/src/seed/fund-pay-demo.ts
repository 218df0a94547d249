import { ALL_DATA, FundPayService, postFundPay, type FundPayActor, type Result } from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import { createLinkedRecordRegistry } from '../repositories/sql-approval.repository.js';
import { createFundPayRepositories } from '../repositories/sql-fund-pay.repository.js';
import { claimSeed } from './seed-claim.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`fund payment demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};

const monthOf = (d: Date, shift: number): string => {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1));
  return x.toISOString().slice(0, 7);
};

/**
 * Payment plans and fund payments on the demo contracts with back money: plan lines for
 * last, this and next month, two payments paid (their net pay posted to the fund ledger from the
 * contract's back money, as an approved payment is — the demo has no approval sheets for them)
 * and a draft. Claimed once by name; only on a demo institute with the fund demo.
 */
export async function seedFundPayDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  const contracts = await trx
    .selectFrom('contract as c')
    .innerJoin('back_money as b', 'b.contract_id', 'c.contract_id')
    .select(['c.contract_id', 'c.contract_no'])
    .where('c.contract_no', 'in', ['RW-DEMO-HT-001', 'RW-DEMO-HT-002'])
    .where('b.del_flag', '=', '0')
    .groupBy(['c.contract_id', 'c.contract_no'])
    .execute();
  const finance = await trx
    .selectFrom('sys_user')
    .select(['user_id', 'user_name', 'dept_id'])
    .where('user_name', '=', 'caiwu')
    .executeTakeFirst();
  const first = contracts.find((c) => c.contract_no === 'RW-DEMO-HT-001');
  const second = contracts.find((c) => c.contract_no === 'RW-DEMO-HT-002');
  if (first === undefined || second === undefined || finance === undefined) return;
  if (!(await claimSeed(trx, 'fund-pay-demo'))) return;

  const now = options.now ?? new Date();
  const db = trx as Kysely<Database>;
  const clock = { now: () => now };
  const linked = createLinkedRecordRegistry();
  const service = new FundPayService(
    new KyselyUnitOfWork(db, (t) => createFundPayRepositories(t, linked, clock)),
    clock,
  );
  const repos = createFundPayRepositories(db, linked, clock);
  const actor: FundPayActor = {
    userId: finance.user_id,
    userName: finance.user_name,
    deptId: finance.dept_id,
    scope: ALL_DATA,
  };
  const plan = async (
    contractId: number,
    shift: number,
    payee: string,
    subject: string,
    amount: string,
  ) =>
    value(
      await service.addPlan(
        {
          contractId,
          planMonth: monthOf(now, shift),
          subjectName: subject,
          receiveCompanyName: payee,
          planPayAmount: amount,
          remark: '演示付款计划',
        },
        actor,
      ),
    );
  /** Paid as an approved payment is: its net pay leaves the contract's back money. */
  const paid = async (paymentPlanId: number, amount: string, taxRate: string, reason: string) => {
    const p = value(
      await service.addPay({ paymentPlanId, payAmount: amount, taxRate, reason }, actor),
    );
    value(await postFundPay(repos, p, now));
    await repos.pays.updatePay(p.payId, { status: 2, paidTime: now }, now);
  };

  const last = await plan(second.contract_id, -1, '青山景观工程有限公司', '专家费', '6');
  const consult = await plan(first.contract_id, 0, '华信结构咨询有限公司', '咨询费', '20');
  const landscape = await plan(second.contract_id, 0, '青山景观工程有限公司', '技术服务费', '10');
  await plan(first.contract_id, 1, '华信结构咨询有限公司', '咨询费', '15');

  await paid(last.paymentPlanId, '6', '0.01', '上月专家评审费');
  await paid(consult.paymentPlanId, '8', '0.03', '结构咨询首期费用');
  value(
    await service.addPay(
      {
        paymentPlanId: landscape.paymentPlanId,
        payAmount: '4',
        taxRate: '0.06',
        reason: '景观技术服务费（待送审）',
      },
      actor,
    ),
  );
}
