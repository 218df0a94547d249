import { nickNameOf, scoped } from './sql-helpers.js';
import {
  personNameOf,
  toAmountString,
  type DataScope,
  type ListPage,
  type PaymentPlan,
  type PaymentPlanFields,
  type PaymentPlanListFilter,
  type PaymentPlanListQuery,
  type PayItemFilter,
} from '@dpms/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  containsPattern,
  countedSortedPage,
  deptInScope,
  listPage,
  toCount,
} from './sql-helpers.js';

import {
  type Db,
  type AnyEb,
  amount,
  time,
  d,
  LIVE_STATUSES,
  PLAN_SORT,
  type PlanRow,
} from './sql-fund-pay-rows.js';

/** The store behind /contract/paymentPlan and the reads a payment needs of its sources. */
export class SqlPaymentPlanStore {
  constructor(protected readonly db: Db) {}

  async contract(contractId: number) {
    const r = await this.db
      .selectFrom('contract')
      .select(['contract_id', 'contract_name', 'sign_by_sub', 'dept_id', 'user_id'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined
      ? null
      : {
          contractId: r.contract_id,
          contractName: r.contract_name,
          signBySub: r.sign_by_sub,
          deptId: r.dept_id,
          userId: r.user_id,
        };
  }

  async child(contractChildId: number) {
    const r = await this.db
      .selectFrom('contract_child')
      .select(['contract_child_id', 'contract_id', 'receive_company_name'])
      .where('contract_child_id', '=', contractChildId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined
      ? null
      : {
          contractChildId: r.contract_child_id,
          contractId: r.contract_id,
          receiveCompanyName: r.receive_company_name,
        };
  }

  async payItem(childPayId: number) {
    const r = await this.db
      .selectFrom('contract_child_pay as i')
      .innerJoin('contract_child as c', 'c.contract_child_id', 'i.contract_child_id')
      .select([
        'i.pay_id',
        'i.contract_child_id',
        'c.contract_id',
        'c.receive_company_name',
        'i.pay_amount',
        'i.tax_rate',
        'c.status',
        'c.history',
        'c.dept_id',
        'c.user_id',
      ])
      .where('i.pay_id', '=', childPayId)
      .where('i.del_flag', '=', '0')
      .where('c.del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined
      ? null
      : {
          childPayId: r.pay_id,
          contractChildId: r.contract_child_id,
          contractId: r.contract_id,
          receiveCompanyName: r.receive_company_name,
          payAmount: amount(r.pay_amount),
          taxRate: d(String(r.tax_rate)).toFixed(),
          childStatus: r.status,
          childHistory: r.history,
          deptId: r.dept_id,
          userId: r.user_id,
        };
  }

  async listPayItems(filter: PayItemFilter, scope: DataScope, limit: number) {
    const rows = await this.db
      .selectFrom('contract_child_pay as i')
      .innerJoin('contract_child as cc', 'cc.contract_child_id', 'i.contract_child_id')
      .innerJoin('contract as c', 'c.contract_id', 'cc.contract_id')
      .select((eb) => [
        'i.pay_id',
        'i.contract_child_id',
        'cc.contract_child_no',
        'cc.contract_id',
        'c.contract_name',
        'cc.receive_company_name',
        'i.pay_amount',
        'i.pay_date',
        'i.remark',
        eb
          .selectFrom('fund_pay as f')
          .select((f) => f.fn.coalesce(f.fn.sum<string>('f.pay_amount'), sql<string>`0`).as('s'))
          .whereRef('f.child_pay_id', '=', 'i.pay_id')
          .where('f.del_flag', '=', '0')
          .where('f.status', 'in', LIVE_STATUSES)
          .as('committed'),
      ])
      .where('i.del_flag', '=', '0')
      .where('cc.del_flag', '=', '0')
      .where('c.del_flag', '=', '0')
      // Only an approved sub-contract, or one recorded as history, may be paid (checkPayItemPayable).
      .where((eb) => eb.or([eb('cc.status', '=', 1), eb('cc.history', '=', true)]))
      .where((eb) => {
        const c: Expression<SqlBool>[] = [
          scoped(eb as unknown as AnyEb, scope, 'c.dept_id', 'c.user_id'),
        ];
        if (filter.contractChildId !== undefined)
          c.push(eb('i.contract_child_id', '=', filter.contractChildId));
        if (filter.contractId !== undefined) c.push(eb('cc.contract_id', '=', filter.contractId));
        return eb.and(c);
      })
      .orderBy('i.contract_child_id', 'desc')
      .orderBy('i.pay_id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      childPayId: r.pay_id,
      contractChildId: r.contract_child_id,
      contractChildNo: r.contract_child_no,
      contractId: r.contract_id,
      contractName: r.contract_name,
      receiveCompanyName: r.receive_company_name,
      payAmount: amount(r.pay_amount),
      payDate: r.pay_date,
      remark: r.remark,
      committedAmount: amount(r.committed),
    }));
  }

  async visible(scope: DataScope, deptId: number | null, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }

  // ---- plans -----------------------------------------------------------------------------------

  protected planSelect() {
    return this.db
      .selectFrom('payment_plan as p')
      .innerJoin('contract as c', 'c.contract_id', 'p.contract_id')
      .leftJoin('contract_child as cc', 'cc.contract_child_id', 'p.contract_child_id')
      .leftJoin('sys_dept as dp', 'dp.dept_id', 'p.dept_id')
      .where('p.del_flag', '=', '0')
      .select((eb) => [
        'p.payment_plan_id',
        'p.contract_id',
        'c.contract_name',
        'c.contract_no',
        'p.contract_child_id',
        'cc.contract_child_no',
        'p.dept_id',
        'dp.dept_name',
        'p.plan_month',
        'p.subject_name',
        'p.receive_company_name',
        'p.plan_pay_amount',
        eb
          .selectFrom('fund_pay as x')
          .select((e) => e.fn.coalesce(e.fn.sum<string>('x.pay_amount'), sql<string>`0`).as('s'))
          .whereRef('x.payment_plan_id', '=', 'p.payment_plan_id')
          .where('x.del_flag', '=', '0')
          .where('x.status', '=', 2)
          .as('paid'),
        eb
          .selectFrom('fund_pay as y')
          .select((e) => e.fn.coalesce(e.fn.sum<string>('y.pay_amount'), sql<string>`0`).as('s'))
          .whereRef('y.payment_plan_id', '=', 'p.payment_plan_id')
          .where('y.del_flag', '=', '0')
          .where('y.status', 'in', [0, 1])
          .as('pending'),
        eb
          .selectFrom('fund_pay as n')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('n.payment_plan_id', '=', 'p.payment_plan_id')
          .where('n.del_flag', '=', '0')
          .as('payments'),
        'p.remark',
        'p.user_id',
        'p.create_by',
        nickNameOf('p.create_by').as('create_by_name'),
        'p.create_time',
        'p.version',
      ]);
  }

  protected static plan(r: PlanRow): PaymentPlan {
    const paid = amount(r.paid);
    const pending = amount(r.pending);
    const left = d(amount(r.plan_pay_amount)).minus(d(paid)).minus(d(pending));
    return {
      paymentPlanId: r.payment_plan_id,
      contractId: r.contract_id,
      contractName: r.contract_name,
      contractNo: r.contract_no ?? '',
      contractChildId: r.contract_child_id,
      contractChildNo: r.contract_child_no ?? '',
      deptId: r.dept_id,
      deptName: r.dept_name ?? '',
      planMonth: r.plan_month,
      subjectName: r.subject_name,
      receiveCompanyName: r.receive_company_name,
      planPayAmount: amount(r.plan_pay_amount),
      paidAmount: paid,
      pendingAmount: pending,
      canPayAmount: toAmountString(left.isNeg() ? d('0') : left),
      paymentCount: toCount(r.payments),
      remark: r.remark,
      userId: r.user_id,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: time(r.create_time),
      version: r.version,
    };
  }

  protected planFiltered(f: PaymentPlanListFilter, scope: DataScope) {
    return this.planSelect().where((eb) => {
      const c: Expression<SqlBool>[] = [
        scoped(eb as unknown as AnyEb, scope, 'p.dept_id', 'p.user_id'),
      ];
      if (f.contractId !== undefined) c.push(eb('p.contract_id', '=', f.contractId));
      if (f.contractChildId !== undefined)
        c.push(eb('p.contract_child_id', '=', f.contractChildId));
      if (f.planMonth !== undefined) c.push(eb('p.plan_month', '=', f.planMonth));
      if (f.contractName) c.push(eb('c.contract_name', 'ilike', containsPattern(f.contractName)));
      if (f.receiveCompanyName)
        c.push(eb('p.receive_company_name', 'ilike', containsPattern(f.receiveCompanyName)));
      if (f.canPay === true)
        c.push(
          eb(
            'p.plan_pay_amount',
            '>',
            eb
              .selectFrom('fund_pay as z')
              .select((e) =>
                e.fn.coalesce(e.fn.sum<string>('z.pay_amount'), sql<string>`0`).as('s'),
              )
              .whereRef('z.payment_plan_id', '=', 'p.payment_plan_id')
              .where('z.del_flag', '=', '0')
              .where('z.status', 'in', LIVE_STATUSES),
          ),
        );
      return eb.and(c);
    });
  }

  async insertPlan(
    f: PaymentPlanFields,
    who: { userId: number; createBy: string; deptId: number | null },
    at: Date,
  ): Promise<number> {
    const c = await this.contract(f.contractId);
    const r = await this.db
      .insertInto('payment_plan')
      .values({
        contract_id: f.contractId,
        contract_child_id: f.contractChildId,
        dept_id: c?.deptId ?? who.deptId,
        plan_month: f.planMonth,
        subject_name: f.subjectName,
        receive_company_name: f.receiveCompanyName,
        plan_pay_amount: f.planPayAmount,
        remark: f.remark,
        user_id: who.userId,
        create_by: who.createBy,
        create_time: at,
        update_time: at,
      })
      .returning('payment_plan_id')
      .executeTakeFirstOrThrow();
    return r.payment_plan_id;
  }

  async getPlan(paymentPlanId: number, forUpdate = false): Promise<PaymentPlan | null> {
    if (forUpdate)
      await this.db
        .selectFrom('payment_plan')
        .select('payment_plan_id')
        .where('payment_plan_id', '=', paymentPlanId)
        .forUpdate()
        .execute();
    const r = await this.planSelect()
      .where('p.payment_plan_id', '=', paymentPlanId)
      .executeTakeFirst();
    return r === undefined ? null : SqlPaymentPlanStore.plan(r);
  }

  async listPlans(q: PaymentPlanListQuery, scope: DataScope): Promise<ListPage<PaymentPlan>> {
    const { total, rows } = await countedSortedPage(
      this.planFiltered(q.filter, scope),
      {
        column: (q.sort && PLAN_SORT[q.sort.column]) ?? 'p.payment_plan_id',
        idColumn: 'p.payment_plan_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlPaymentPlanStore.plan(r)),
    );
  }

  async exportPlans(
    filter: PaymentPlanListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly PaymentPlan[]> {
    const rows = await this.planFiltered(filter, scope)
      .where('p.payment_plan_id', '<', before)
      .orderBy('p.payment_plan_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlPaymentPlanStore.plan(r));
  }

  async updatePlan(
    paymentPlanId: number,
    version: number,
    f: PaymentPlanFields,
    at: Date,
  ): Promise<boolean> {
    const c = await this.contract(f.contractId);
    const r = await this.db
      .updateTable('payment_plan')
      .set((eb) => ({
        contract_id: f.contractId,
        contract_child_id: f.contractChildId,
        ...(c === null ? {} : { dept_id: c.deptId }),
        plan_month: f.planMonth,
        subject_name: f.subjectName,
        receive_company_name: f.receiveCompanyName,
        plan_pay_amount: f.planPayAmount,
        remark: f.remark,
        version: eb('version', '+', 1),
        update_time: at,
      }))
      .where('payment_plan_id', '=', paymentPlanId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async removePlan(paymentPlanId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('payment_plan')
      .set({ del_flag: '2', update_time: at })
      .where('payment_plan_id', '=', paymentPlanId)
      .execute();
  }

  protected async committed(
    column: 'payment_plan_id' | 'child_pay_id',
    id: number,
    exceptPayId?: number,
  ): Promise<string> {
    let q = this.db
      .selectFrom('fund_pay')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('pay_amount'), sql<string>`0`).as('s'))
      .where(column, '=', id)
      .where('del_flag', '=', '0')
      .where('status', 'in', LIVE_STATUSES);
    if (exceptPayId !== undefined) q = q.where('pay_id', '<>', exceptPayId);
    return amount((await q.executeTakeFirstOrThrow()).s);
  }

  committedOnPlan(paymentPlanId: number, exceptPayId?: number): Promise<string> {
    return this.committed('payment_plan_id', paymentPlanId, exceptPayId);
  }

  committedOnPayItem(childPayId: number, exceptPayId?: number): Promise<string> {
    return this.committed('child_pay_id', childPayId, exceptPayId);
  }

  async paymentsOnPlan(paymentPlanId: number): Promise<number> {
    const r = await this.db
      .selectFrom('fund_pay')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('payment_plan_id', '=', paymentPlanId)
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return toCount(r.n);
  }
}
