import {
  ALL_DATA,
  FundPlanService,
  MoneyDecimal,
  planTypeCode,
  toAmountString,
  type FundPlanActor,
  type FundPlanLineInput,
  type Result,
} from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import { createLinkedRecordRegistry } from '../repositories/sql-approval.repository.js';
import {
  SqlFundPlanRepository,
  createFundPlanRepositories,
} from '../repositories/sql-fund-plan.repository.js';
import { claimSeed } from './seed-claim.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`fund plan demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};
const d = (v: string | number) => new MoneyDecimal(String(v));
const money = (v: MoneyDecimal) => toAmountString(v);

/** 'YYYY-MM' of the month `shift` months from `now`. */
const monthOf = (now: Date, shift: number): string => {
  const idx = now.getUTCFullYear() * 12 + now.getUTCMonth() + shift;
  return `${String(Math.floor(idx / 12))}-${String((idx % 12) + 1).padStart(2, '0')}`;
};

/**
 * Demo monthly fund plans and their execution for the departments that hold the demo
 * formal contracts: the three months before this one approved and executed, this month approved
 * and partly executed, next month a draft. Income lines are the departments' own contracts, their
 * payback rate what came back of the contract and their filing allocation the contract's design
 * fee. Like the demo loans, the plans and sheets are seeded approved without approval sheets of
 * their own. Execution posts nothing to the fund ledger, so it still reconciles. Claimed once by
 * name; only on a demo institute, after the fund demo.
 */
export async function seedFundPlanDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  const contracts = await trx
    .selectFrom('contract as c')
    .select(['c.contract_id', 'c.dept_id', 'c.contract_name', 'c.total_amount', 'c.design_fee'])
    .select((eb) =>
      eb
        .selectFrom('back_money as b')
        .whereRef('b.contract_id', '=', 'c.contract_id')
        .where('b.del_flag', '=', '0')
        .select((e) => e.fn.coalesce(e.fn.sum<string>('b.back_amount'), e.val('0')).as('s'))
        .as('back'),
    )
    .where('c.stage', '=', 'formal')
    .where('c.del_flag', '=', '0')
    .where('c.dept_id', 'is not', null)
    .orderBy('c.contract_id')
    .execute();
  if (contracts.length === 0) return;
  if (!(await claimSeed(trx, 'fund-plan-demo'))) return;

  const finance = await trx
    .selectFrom('sys_user')
    .select(['user_id', 'user_name', 'dept_id'])
    .where('user_name', '=', 'caiwu')
    .executeTakeFirst();
  const actor: FundPlanActor = {
    userId: finance?.user_id ?? 1,
    userName: finance?.user_name ?? 'admin',
    deptId: finance?.dept_id ?? null,
    scope: ALL_DATA,
  };
  const now = options.now ?? new Date();
  const clock = { now: () => now };
  const db = trx as Kysely<Database>;
  const service = new FundPlanService(
    new KyselyUnitOfWork(db, (t) =>
      createFundPlanRepositories(t, createLinkedRecordRegistry(), clock),
    ),
    clock,
  );
  const repo = new SqlFundPlanRepository(db);

  const byDept = new Map<number, typeof contracts>();
  for (const c of contracts) {
    const list = byDept.get(c.dept_id ?? 0) ?? [];
    list.push(c);
    byDept.set(c.dept_id ?? 0, list);
  }
  const depts = [...byDept.keys()].slice(0, 3);

  for (const [n, deptId] of depts.entries()) {
    const own = (byDept.get(deptId) ?? []).slice(0, 2);
    const incomeLines: FundPlanLineInput[] = own.map((c) => {
      const total = d(c.total_amount);
      const rate = total.isZero() ? d(0) : MoneyDecimal.min(d(c.back ?? '0').div(total), 1);
      return {
        lineKind: 'income',
        subjectName: `${c.contract_name}回款`,
        contractId: c.contract_id,
        amount: money(MoneyDecimal.max(total.times('0.1'), d('1'))),
        paybackRate: rate.toDecimalPlaces(4, MoneyDecimal.ROUND_HALF_UP).toFixed(),
        allotAmount: money(d(c.design_fee)),
      };
    });
    const wages = d(18).plus(n * 4);
    const lines = (shift: number): FundPlanLineInput[] => [
      ...incomeLines,
      { lineKind: 'rigid', subjectName: '工资社保', amount: money(wages.plus(shift * 0.5)) },
      { lineKind: 'rigid', subjectName: '房租物业', amount: '3.5' },
      { lineKind: 'loan', subjectName: '团队借款', amount: '5' },
      { lineKind: 'payment', subjectName: '分包及外协付款', amount: money(d(6).plus(n * 2)) },
    ];

    for (const shift of [-3, -2, -1, 0, 1]) {
      const planMonth = monthOf(now, shift);
      const plan = value(
        await service.savePlan(
          { deptId, planMonth, reason: `${planMonth}月度资金安排`, lines: lines(shift) },
          actor,
        ),
      );
      if (shift === 1) continue; // next month: a draft to work on
      await repo.updatePlan(
        plan.planId,
        plan.version,
        { status: 2, approvalKind: planTypeCode(plan), approvedTime: now },
        now,
      );
      const line = (kind: string) => plan.lines.filter((l) => l.lineKind === kind);
      // Past months: rigid costs and payments executed (payments a little under plan) and most
      // of the expected back money in; this month: only the wages so far.
      const sheets: { kind: 'rigid' | 'payment' | 'income'; share: string }[] =
        shift < 0
          ? [
              { kind: 'rigid', share: '1' },
              { kind: 'payment', share: '0.9' },
              { kind: 'income', share: '0.8' },
            ]
          : [{ kind: 'rigid', share: '0.5' }];
      for (const s of sheets) {
        const planned = line(s.kind);
        if (planned.length === 0) continue;
        const perform = value(
          await service.savePerform(
            {
              planId: plan.planId,
              lineKind: s.kind,
              performDate: `${planMonth}-${shift < 0 ? '25' : '05'}`,
              reason: `${planMonth}执行`,
              lines: planned.map((l) => ({
                planLineId: l.lineId,
                amount: money(d(l.amount).times(s.share)),
              })),
            },
            actor,
          ),
        );
        const kindCode = { rigid: '26_1', payment: '26_3', income: '9_1' }[s.kind];
        await repo.updatePerform(
          perform.performId,
          perform.version,
          { status: 2, approvalKind: kindCode, approvedTime: now },
          now,
        );
        await repo.recordExecuted(perform);
      }
    }
  }
}
