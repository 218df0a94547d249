import { nickNameOf, scoped } from './sql-helpers.js';
import { recordAuthor } from './record-author.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  personNameOf,
  type DataScope,
  type EngineClock,
  type FundPay,
  type FundPayChanges,
  type FundPayFields,
  type FundPayListFilter,
  type FundPayListQuery,
  type FundPayMonth,
  type FundPayRepositories,
  type FundPayRepository,
  type FundPayStatus,
  type FundPayTypeCode,
  type LinkedRecordRegistry,
  type ListPage,
} from '@dpms/core';
import { type Expression, type SqlBool } from 'kysely';
import { containsPattern, countedSortedPage, listPage, toCount } from './sql-helpers.js';

import {
  type Db,
  type AnyEb,
  amount,
  time,
  d,
  dayOf,
  PAY_SORT,
  type PayRow,
  withoutStatus,
  payColumns,
} from './sql-fund-pay-rows.js';
import { SqlPaymentPlanStore } from './sql-fund-pay-plans.js';
import { SqlFundPayLedger, SqlFundPlanGate } from './sql-fund-pay-ports.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';

export { SqlFundPayLedger, SqlFundPlanGate } from './sql-fund-pay-ports.js';

export class SqlFundPayRepository extends SqlPaymentPlanStore implements FundPayRepository {
  authorOf(recordId: string) {
    return recordAuthor(this.db, 'fund_pay', recordId);
  }

  // ---- payments --------------------------------------------------------------------------------

  private paySelect() {
    return this.db
      .selectFrom('fund_pay as f')
      .innerJoin('contract as c', 'c.contract_id', 'f.contract_id')
      .leftJoin('sys_dept as dp', 'dp.dept_id', 'f.dept_id')
      .where('f.del_flag', '=', '0')
      .select([
        'f.pay_id',
        'f.payment_plan_id',
        'f.child_pay_id',
        'f.contract_id',
        'c.contract_name',
        'c.contract_no',
        'f.contract_child_id',
        'f.dept_id',
        'dp.dept_name',
        'f.plan_month',
        'f.subject_name',
        'f.reason',
        dayOf('f.pay_time').as('pay_time'),
        'f.pay_company_name',
        'f.receive_company_name',
        'f.pay_amount',
        'f.tax_rate',
        'f.real_pay_amount',
        'f.type_code',
        'f.status',
        'f.approval_id',
        'f.paid_time',
        'f.remark',
        'f.user_id',
        'f.create_by',
        nickNameOf('f.create_by').as('create_by_name'),
        'f.create_time',
        'f.version',
      ]);
  }

  private static pay(r: PayRow): FundPay {
    return {
      payId: r.pay_id,
      paymentPlanId: r.payment_plan_id,
      childPayId: r.child_pay_id,
      contractId: r.contract_id,
      contractName: r.contract_name,
      contractNo: r.contract_no ?? '',
      contractChildId: r.contract_child_id,
      deptId: r.dept_id,
      deptName: r.dept_name ?? '',
      planMonth: r.plan_month,
      subjectName: r.subject_name,
      reason: r.reason,
      payTime: r.pay_time ?? '',
      payCompanyName: r.pay_company_name,
      receiveCompanyName: r.receive_company_name,
      payAmount: amount(r.pay_amount),
      taxRate: d(String(r.tax_rate)).toFixed(),
      realPayAmount: amount(r.real_pay_amount),
      typeCode: r.type_code as FundPayTypeCode,
      status: r.status as FundPayStatus,
      approvalId: r.approval_id === null ? null : String(r.approval_id),
      paidTime: r.paid_time === null ? null : time(r.paid_time),
      remark: r.remark,
      userId: r.user_id,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: time(r.create_time),
      version: r.version,
    };
  }

  private payWhere(eb: AnyEb, f: FundPayListFilter, scope: DataScope): Expression<SqlBool> {
    const c: Expression<SqlBool>[] = [scoped(eb, scope, 'f.dept_id', 'f.user_id')];
    const is = (col: string, op: '=' | 'ilike', v: unknown) =>
      eb(eb.ref(col as never), op, v as never);
    if (f.contractId !== undefined) c.push(is('f.contract_id', '=', f.contractId));
    if (f.paymentPlanId !== undefined) c.push(is('f.payment_plan_id', '=', f.paymentPlanId));
    if (f.deptId !== undefined) c.push(is('f.dept_id', '=', f.deptId));
    if (f.planMonth !== undefined) c.push(is('f.plan_month', '=', f.planMonth));
    if (f.status !== undefined) c.push(is('f.status', '=', f.status));
    if (f.contractName) c.push(is('c.contract_name', 'ilike', containsPattern(f.contractName)));
    if (f.receiveCompanyName)
      c.push(is('f.receive_company_name', 'ilike', containsPattern(f.receiveCompanyName)));
    return eb.and(c);
  }

  private payFiltered(f: FundPayListFilter, scope: DataScope) {
    return this.paySelect().where((eb) => this.payWhere(eb as unknown as AnyEb, f, scope));
  }

  async insertPay(
    f: FundPayFields,
    who: { userId: number; createBy: string },
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('fund_pay')
      .values({
        ...payColumns(f),
        user_id: who.userId,
        create_by: who.createBy,
        create_time: at,
        update_time: at,
      })
      .returning('pay_id')
      .executeTakeFirstOrThrow();
    return r.pay_id;
  }

  async getPay(payId: number, forUpdate = false): Promise<FundPay | null> {
    if (forUpdate)
      await this.db
        .selectFrom('fund_pay')
        .select('pay_id')
        .where('pay_id', '=', payId)
        .forUpdate()
        .execute();
    const r = await this.paySelect().where('f.pay_id', '=', payId).executeTakeFirst();
    return r === undefined ? null : SqlFundPayRepository.pay(r);
  }

  async listPays(q: FundPayListQuery, scope: DataScope): Promise<ListPage<FundPay>> {
    const { total, rows } = await countedSortedPage(
      this.payFiltered(q.filter, scope),
      {
        column: (q.sort && PAY_SORT[q.sort.column]) ?? 'f.pay_id',
        idColumn: 'f.pay_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlFundPayRepository.pay(r)),
    );
  }

  async exportPays(
    filter: FundPayListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly FundPay[]> {
    const rows = await this.payFiltered(filter, scope)
      .where('f.pay_id', '<', before)
      .orderBy('f.pay_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlFundPayRepository.pay(r));
  }

  async updatePay(payId: number, ch: FundPayChanges, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_pay')
      .set((eb) => ({
        ...(ch.fields === undefined ? {} : payColumns(ch.fields)),
        ...(ch.status === undefined ? {} : { status: ch.status }),
        ...(ch.approvalId === undefined
          ? {}
          : { approval_id: ch.approvalId === null ? null : Number(ch.approvalId) }),
        ...(ch.paidTime === undefined ? {} : { paid_time: ch.paidTime }),
        version: eb('version', '+', 1),
        update_time: at,
      }))
      .where('pay_id', '=', payId)
      .execute();
  }

  async removePay(payId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_pay')
      .set({ del_flag: '2', update_time: at })
      .where('pay_id', '=', payId)
      .execute();
  }

  async months(filter: FundPayListFilter, scope: DataScope): Promise<readonly FundPayMonth[]> {
    const paid = await this.db
      .selectFrom('fund_pay as f')
      .innerJoin('contract as c', 'c.contract_id', 'f.contract_id')
      .where('f.del_flag', '=', '0')
      .where('f.status', '=', 2)
      .where((eb) => this.payWhere(eb as unknown as AnyEb, withoutStatus(filter), scope))
      .select((eb) => [
        'f.plan_month as month',
        eb.fn.sum<string>('f.pay_amount').as('pay'),
        eb.fn.sum<string>('f.real_pay_amount').as('real'),
        eb.fn.countAll().as('n'),
      ])
      .groupBy('f.plan_month')
      .execute();
    const planned = await this.db
      .selectFrom('payment_plan as p')
      .innerJoin('contract as c', 'c.contract_id', 'p.contract_id')
      .where('p.del_flag', '=', '0')
      .where((eb) => {
        const c: Expression<SqlBool>[] = [
          scoped(eb as unknown as AnyEb, scope, 'p.dept_id', 'p.user_id'),
        ];
        if (filter.contractId !== undefined) c.push(eb('p.contract_id', '=', filter.contractId));
        if (filter.deptId !== undefined) c.push(eb('p.dept_id', '=', filter.deptId));
        return eb.and(c);
      })
      .select((eb) => ['p.plan_month as month', eb.fn.sum<string>('p.plan_pay_amount').as('plan')])
      .groupBy('p.plan_month')
      .execute();
    const out = new Map<string, FundPayMonth>();
    const blank = (month: string): FundPayMonth => ({
      month,
      planPayAmount: '0',
      payAmount: '0',
      realPayAmount: '0',
      count: 0,
    });
    for (const p of planned) out.set(p.month, { ...blank(p.month), planPayAmount: amount(p.plan) });
    for (const p of paid)
      out.set(p.month, {
        ...(out.get(p.month) ?? blank(p.month)),
        payAmount: amount(p.pay),
        realPayAmount: amount(p.real),
        count: toCount(p.n),
      });
    return [...out.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
  }
}

/** The payment ports bound to one connection or transaction. */
export function createFundPayRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundPayRepositories {
  return {
    pays: new SqlFundPayRepository(db),
    gate: new SqlFundPlanGate(db),
    ledger: new SqlFundPayLedger(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
