import { recordAuthor } from './record-author.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  CONFIG_KEYS,
  FUND_PAY_MOVEMENT,
  FUND_PAY_RECORD_KIND,
  MoneyDecimal,
  fundPayResent,
  moveFundPayOnApproval,
  ok,
  payAccountKey,
  sortPayAccounts,
  toAmountString,
  type BackMoneySource,
  type DataScope,
  type EngineClock,
  type FundPay,
  type FundPayApprovalPort,
  type FundPayChanges,
  type FundPayFields,
  type FundPayLedgerPort,
  type FundPayListFilter,
  type FundPayListQuery,
  type FundPayMonth,
  type FundPayRepositories,
  type FundPayRepository,
  type FundPayStatus,
  type FundPayTypeCode,
  type FundPlanGate,
  type LinkedRecordRegistry,
  type ListPage,
  type PayAccount,
  type PayPosting,
  type PaymentPlan,
  type PaymentPlanFields,
  type PaymentPlanListFilter,
  type PaymentPlanListQuery,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { submitRecordForApproval } from './sql-approval-submit.js';
import { lockBalances, postMovement, type LedgerOrder } from './sql-fund-ledger.js';
import {
  containsPattern,
  deptInScope,
  listPage,
  pageBounds,
  scopeCondition,
  toCount,
} from './sql-helpers.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: string | number | bigint | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(String(v)));
const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const d = (v: string) => new MoneyDecimal(v);
const dayOf = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
/** Statuses whose payAmount counts against a plan line or a pay item. */
const LIVE_STATUSES = [0, 1, 2];

function scoped(eb: AnyEb, scope: DataScope, dept: string, owner: string): Expression<SqlBool> {
  return scopeCondition(eb, scope, eb.ref(dept as never), eb.ref(owner as never));
}

const PLAN_SORT: Readonly<Record<string, string>> = {
  paymentPlanId: 'p.payment_plan_id',
  planMonth: 'p.plan_month',
  planPayAmount: 'p.plan_pay_amount',
};
const PAY_SORT: Readonly<Record<string, string>> = {
  payId: 'f.pay_id',
  planMonth: 'f.plan_month',
  payAmount: 'f.pay_amount',
  payTime: 'f.pay_time',
};

interface PlanRow {
  payment_plan_id: number;
  contract_id: number;
  contract_name: string;
  contract_no: string | null;
  contract_child_id: number | null;
  contract_child_no: string | null;
  dept_id: number | null;
  dept_name: string | null;
  plan_month: string;
  subject_name: string;
  receive_company_name: string;
  plan_pay_amount: string;
  paid: string | null;
  pending: string | null;
  payments: unknown;
  remark: string;
  user_id: number;
  create_by: string;
  create_time: Date;
  version: number;
}

interface PayRow {
  pay_id: number;
  payment_plan_id: number | null;
  child_pay_id: number | null;
  contract_id: number;
  contract_name: string;
  contract_no: string | null;
  contract_child_id: number | null;
  dept_id: number | null;
  dept_name: string | null;
  plan_month: string;
  subject_name: string;
  reason: string;
  pay_time: string | null;
  pay_company_name: string;
  receive_company_name: string;
  pay_amount: string;
  tax_rate: string;
  real_pay_amount: string;
  type_code: string;
  status: number;
  approval_id: number | null;
  paid_time: Date | null;
  remark: string;
  user_id: number;
  create_by: string;
  create_time: Date;
  version: number;
}

export class SqlFundPayRepository implements FundPayRepository {
  constructor(private readonly db: Db) {}

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
        };
  }

  async visible(scope: DataScope, deptId: number | null, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }

  // ---- plans -----------------------------------------------------------------------------------

  private planSelect() {
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
        'p.create_time',
        'p.version',
      ]);
  }

  private static plan(r: PlanRow): PaymentPlan {
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
      createTime: time(r.create_time),
      version: r.version,
    };
  }

  private planFiltered(f: PaymentPlanListFilter, scope: DataScope) {
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
    return r === undefined ? null : SqlFundPayRepository.plan(r);
  }

  async listPlans(q: PaymentPlanListQuery, scope: DataScope): Promise<ListPage<PaymentPlan>> {
    const where = this.planFiltered(q.filter, scope);
    const total = await where
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageBounds(q.page);
    let rows = where;
    if (q.sort)
      rows = rows.orderBy(
        sql.ref(PLAN_SORT[q.sort.column] ?? 'p.payment_plan_id'),
        q.sort.direction,
      );
    rows = rows.orderBy('p.payment_plan_id', 'desc');
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    const list = await rows.execute();
    return listPage(
      toCount(total.n),
      list.map((r) => SqlFundPayRepository.plan(r)),
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
    return rows.map((r) => SqlFundPayRepository.plan(r));
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

  private async committed(
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
    const where = this.payFiltered(q.filter, scope);
    const total = await where
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageBounds(q.page);
    let rows = where;
    if (q.sort)
      rows = rows.orderBy(sql.ref(PAY_SORT[q.sort.column] ?? 'f.pay_id'), q.sort.direction);
    rows = rows.orderBy('f.pay_id', 'desc');
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    const list = await rows.execute();
    return listPage(
      toCount(total.n),
      list.map((r) => SqlFundPayRepository.pay(r)),
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

function withoutStatus(f: FundPayListFilter): FundPayListFilter {
  const { status: _status, ...rest } = f;
  return rest;
}

function payColumns(f: FundPayFields) {
  return {
    payment_plan_id: f.paymentPlanId,
    child_pay_id: f.childPayId,
    contract_id: f.contractId,
    contract_child_id: f.contractChildId,
    dept_id: f.deptId,
    plan_month: f.planMonth,
    subject_name: f.subjectName,
    reason: f.reason,
    pay_time: f.payTime === '' ? null : f.payTime,
    pay_company_name: f.payCompanyName,
    receive_company_name: f.receiveCompanyName,
    pay_amount: f.payAmount,
    tax_rate: f.taxRate,
    real_pay_amount: f.realPayAmount,
    type_code: f.typeCode,
    remark: f.remark,
  };
}

// ---- the fund plan gate -----------------------------------------------------------------------

/**
 * fund_plan_switch from sys_config, and the fund plans of migration 0061 read by their agreed
 * columns only (dept_id, plan_month 'YYYY-MM', status 2 = approved).
 */
export class SqlFundPlanGate implements FundPlanGate {
  constructor(private readonly db: Db) {}

  async switchValue(): Promise<string | null> {
    const r = await this.db
      .selectFrom('sys_config')
      .select('config_value')
      .where('config_key', '=', CONFIG_KEYS.fundPlanSwitch)
      .executeTakeFirst();
    return r?.config_value ?? null;
  }

  async planApproved(deptId: number, planMonth: string): Promise<boolean> {
    const r = await sql<{ n: number }>`select 1 as n from fund_plan
       where dept_id = ${deptId} and plan_month = ${planMonth} and status = 2 limit 1`.execute(
      this.db,
    );
    return r.rows.length > 0;
  }
}

// ---- the ledger -------------------------------------------------------------------------------

const PAY_ORDER: LedgerOrder<PayAccount> = { sort: sortPayAccounts, key: payAccountKey };

/**
 * The fund ledger of 0060 as payments write it: the same protocol as the fund slice's ledger —
 * missing balances are created at zero, then all are read FOR UPDATE in one order (kind, id) —
 * so a payment and a back money movement on another server wait for each other, never cross.
 */
export class SqlFundPayLedger implements FundPayLedgerPort {
  constructor(private readonly db: Db) {}

  async backMoneySources(contractId: number): Promise<readonly BackMoneySource[]> {
    const rows = await this.db
      .selectFrom('back_money as b')
      .innerJoin('fund_balance as fb', (j) =>
        j.onRef('fb.account_id', '=', 'b.back_money_id').on('fb.account_kind', '=', 'backMoney'),
      )
      .select(['b.back_money_id', 'fb.balance'])
      .where('b.contract_id', '=', contractId)
      .where('b.del_flag', '=', '0')
      .where('fb.balance', '>', '0')
      .orderBy('b.back_money_id')
      .execute();
    return rows.map((r) => ({ backMoneyId: r.back_money_id, balance: amount(r.balance) }));
  }

  async lock(accounts: readonly PayAccount[]): Promise<Map<string, string>> {
    return lockBalances(this.db, accounts, PAY_ORDER);
  }

  async post(
    m: Parameters<FundPayLedgerPort['post']>[0],
    postings: readonly PayPosting[],
    balances: ReadonlyMap<string, string>,
  ): Promise<void> {
    await postMovement(
      this.db,
      postings.map((p) => ({
        movement: FUND_PAY_MOVEMENT,
        account_kind: p.accountKind,
        account_id: p.accountId,
        amount: p.amount,
        back_money_id: p.accountKind === 'backMoney' ? p.accountId : null,
        allot_id: null,
        loan_id: null,
        repayment_id: null,
        dept_id: m.deptId,
        contract_id: m.contractId,
        task_id: null,
        create_by: m.createBy,
        create_time: m.at,
      })),
      postings.map((p) => ({ kind: p.accountKind, id: p.accountId })),
      balances,
      m.at,
      PAY_ORDER,
    );
  }
}

// ---- approvals --------------------------------------------------------------------------------

/** Sends payments through the approval engine inside the payment's transaction. */
export class EngineFundPayApprovalPort implements FundPayApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submit(request: Parameters<FundPayApprovalPort['submit']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      {
        ...request,
        kind: request.typeCode === '20_1' ? 'FundMonthPlan' : 'ContractSeal',
        recordKind: FUND_PAY_RECORD_KIND,
      },
      'fundPay.submit',
    );
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
    approvals: new EngineFundPayApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/**
 * Registers the payment's handler: approved, the payment is paid (its ledger movement) in the
 * approval's transaction; sent again from the approval centre, it is in approval again.
 */
export function registerFundPayRecords(linked: LinkedRecordRegistry<Db>): LinkedRecordRegistry<Db> {
  return linked.register(FUND_PAY_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveFundPayOnApproval(createFundPayRepositories(trx, linked, { now: () => event.at }), event),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      return fundPayResent(createFundPayRepositories(trx, linked, { now: () => event.at }), event);
    },
    authorOf: (recordId) => recordAuthor(trx, 'fund_pay', recordId),
  }));
}
