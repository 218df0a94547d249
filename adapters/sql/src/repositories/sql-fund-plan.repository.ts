import { recordAuthor } from './record-author.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  FUND_PERFORM_RECORD_KIND,
  FUND_PLAN_RECORD_KIND,
  MoneyDecimal,
  SUBTRACTION_DECIMALS,
  lineConfirmAmount,
  moveFundPerformOnApproval,
  moveFundPlanOnApproval,
  ok,
  toAmountString,
  type CheckedPerformLine,
  type CheckedPlanLine,
  type DataScope,
  type EngineClock,
  type FundPerform,
  type FundPerformLine,
  type FundPerformListFilter,
  type FundPerformListQuery,
  type FundPlan,
  type FundPlanApprovalPort,
  type FundPlanChartMonth,
  type FundPlanLine,
  type FundPlanLineKind,
  type FundPlanListFilter,
  type FundPlanListQuery,
  type FundPlanOwner,
  type FundPlanRepositories,
  type FundPlanRepository,
  type FundPlanStatus,
  type LinkedRecordRegistry,
  type ListPage,
  type PerformHeader,
  type PerformPatch,
  type PlanHeader,
  type PlanLineRoom,
  type PlanPatch,
} from '@dpms/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { submitRecordForApproval } from './sql-approval-submit.js';
import {
  countedSortedPage,
  deptInScope,
  listPage,
  scopeCondition,
  toCount,
} from './sql-helpers.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
const optionalAmount = (v: unknown): string | null =>
  v === null || v === undefined ? null : amount(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const time = (v: unknown): Date | null => (v instanceof Date ? v : null);
const dateText = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : str(v).slice(0, 10);

const PLAN_SORT: Readonly<Record<string, string>> = {
  planId: 'p.id',
  planMonth: 'p.plan_month',
  totalAmount: 'p.total_amount',
};
const PERFORM_SORT: Readonly<Record<string, string>> = {
  performId: 'f.id',
  planMonth: 'f.plan_month',
  totalAmount: 'f.total_amount',
};

const PLAN_COLUMNS = [
  'p.id',
  'p.dept_id',
  'p.plan_month',
  'p.status',
  'p.total_amount',
  'p.income_amount',
  'p.rigid_amount',
  'p.loan_amount',
  'p.payment_amount',
  'p.reserve_amount',
  'p.confirm_amount',
  'p.executed_amount',
  'p.reason',
  'p.remark',
  'p.approval_id',
  'p.approval_kind',
  'p.approved_time',
  'p.user_id',
  'p.create_by',
  'p.version',
  'p.create_time',
] as const;

const PERFORM_COLUMNS = [
  'f.id',
  'f.plan_id',
  'f.dept_id',
  'f.plan_month',
  'f.status',
  'f.over_plan',
  'f.total_amount',
  'f.perform_date',
  'f.reason',
  'f.remark',
  'f.approval_id',
  'f.approval_kind',
  'f.approved_time',
  'f.user_id',
  'f.create_by',
  'f.version',
  'f.create_time',
] as const;

type Row = Record<string, unknown>;

function toPlan(r: Row, lines: readonly FundPlanLine[]): FundPlan {
  const income = amount(r.income_amount);
  const total = amount(r.total_amount);
  return {
    planId: Number(r.id),
    deptId: Number(r.dept_id),
    deptName: str(r.dept_name),
    planMonth: str(r.plan_month),
    status: Number(r.status) as FundPlanStatus,
    incomeAmount: income,
    rigidAmount: amount(r.rigid_amount),
    loanAmount: amount(r.loan_amount),
    paymentAmount: amount(r.payment_amount),
    totalAmount: total,
    reserveAmount: amount(r.reserve_amount),
    confirmAmount: amount(r.confirm_amount),
    balanceAmount: toAmountString(
      new MoneyDecimal(income).minus(new MoneyDecimal(total)),
      SUBTRACTION_DECIMALS,
    ),
    executedAmount: amount(r.executed_amount),
    reason: str(r.reason),
    remark: str(r.remark),
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    approvalKind: r.approval_kind === null ? null : str(r.approval_kind),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createTime: time(r.create_time),
    approvedTime: time(r.approved_time),
    version: Number(r.version),
    lines,
  };
}

function toPlanLine(r: Row): FundPlanLine {
  const paybackRate = optionalAmount(r.payback_rate);
  const allotAmount = optionalAmount(r.allot_amount);
  return {
    lineId: Number(r.line_id),
    lineKind: str(r.line_kind) as FundPlanLineKind,
    subjectName: str(r.subject_name),
    contractId: r.contract_id === null ? null : Number(r.contract_id),
    contractName: str(r.contract_name),
    amount: amount(r.amount),
    paybackRate,
    allotAmount,
    confirmAmount: lineConfirmAmount(paybackRate, allotAmount),
    executedAmount: amount(r.executed_amount),
    remark: str(r.remark),
  };
}

function toPerform(r: Row, lines: readonly FundPerformLine[]): FundPerform {
  return {
    performId: Number(r.id),
    planId: Number(r.plan_id),
    deptId: Number(r.dept_id),
    deptName: str(r.dept_name),
    planMonth: str(r.plan_month),
    lineKind: (lines[0]?.lineKind ?? str(r.line_kind)) as FundPlanLineKind,
    status: Number(r.status) as FundPlanStatus,
    overPlan: r.over_plan === true,
    totalAmount: amount(r.total_amount),
    performDate: dateText(r.perform_date),
    reason: str(r.reason),
    remark: str(r.remark),
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    approvalKind: r.approval_kind === null ? null : str(r.approval_kind),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createTime: time(r.create_time),
    approvedTime: time(r.approved_time),
    version: Number(r.version),
    lines,
  };
}

const headerColumns = (h: PlanHeader) => ({
  dept_id: h.deptId,
  plan_month: h.planMonth,
  reason: h.reason,
  remark: h.remark,
  total_amount: h.totals.totalAmount,
  income_amount: h.totals.incomeAmount,
  rigid_amount: h.totals.rigidAmount,
  loan_amount: h.totals.loanAmount,
  payment_amount: h.totals.paymentAmount,
  reserve_amount: h.totals.reserveAmount,
  confirm_amount: h.totals.confirmAmount,
});

const performColumns = (h: PerformHeader) => ({
  plan_id: h.planId,
  dept_id: h.deptId,
  plan_month: h.planMonth,
  line_kind: h.lineKind,
  over_plan: h.overPlan,
  total_amount: h.totalAmount,
  perform_date: h.performDate,
  reason: h.reason,
  remark: h.remark,
});

const statusColumns = (patch: PlanPatch | PerformPatch) => ({
  ...(patch.status !== undefined ? { status: patch.status } : {}),
  ...(patch.approvalId !== undefined
    ? { approval_id: patch.approvalId === null ? null : Number(patch.approvalId) }
    : {}),
  ...(patch.approvalKind !== undefined ? { approval_kind: patch.approvalKind } : {}),
  ...(patch.approvedTime !== undefined ? { approved_time: patch.approvedTime } : {}),
});

export class SqlFundPlanRepository implements FundPlanRepository {
  constructor(private readonly db: Db) {}

  async deptName(deptId: number): Promise<string | null> {
    const r = await this.db
      .selectFrom('sys_dept')
      .select('dept_name')
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined ? null : r.dept_name;
  }

  async deptInScope(scope: DataScope, deptId: number): Promise<boolean> {
    // Own-records scope: a person may draw up plans of their own department only.
    if (scope.kind === 'own') {
      const u = await this.db
        .selectFrom('sys_user')
        .select('dept_id')
        .where('user_id', '=', scope.userId)
        .executeTakeFirst();
      return u?.dept_id === deptId;
    }
    return deptInScope(this.db, deptId, scope);
  }

  async contract(contractId: number) {
    const c = await this.db
      .selectFrom('contract')
      .select(['dept_id', 'user_id'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return c === undefined ? null : { deptId: c.dept_id, userId: c.user_id };
  }

  async visible(scope: DataScope, deptId: number, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }

  async lockMonth(deptId: number, planMonth: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`fund_plan:${String(deptId)}:${planMonth}`}))`.execute(
      this.db,
    );
  }

  async monthTaken(deptId: number, planMonth: string, exceptId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('fund_plan')
      .select('id')
      .where('dept_id', '=', deptId)
      .where('plan_month', '=', planMonth)
      .where('status', 'in', [1, 2])
      .where('del_flag', '=', '0')
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async insertPlan(h: PlanHeader, owner: FundPlanOwner, at: Date): Promise<number> {
    const r = await this.db
      .insertInto('fund_plan')
      .values({
        ...headerColumns(h),
        user_id: owner.userId,
        create_by: owner.userName,
        create_time: at,
        update_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async updatePlan(planId: number, version: number, patch: PlanPatch, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('fund_plan')
      .set({
        ...(patch.header ? headerColumns(patch.header) : {}),
        ...statusColumns(patch),
        version: version + 1,
        update_time: at,
      })
      .where('id', '=', planId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async replacePlanLines(planId: number, lines: readonly CheckedPlanLine[]): Promise<void> {
    await this.db.deleteFrom('fund_plan_line').where('plan_id', '=', planId).execute();
    if (lines.length === 0) return;
    await this.db
      .insertInto('fund_plan_line')
      .values(
        lines.map((l, i) => ({
          plan_id: planId,
          line_kind: l.lineKind,
          subject_name: l.subjectName,
          contract_id: l.contractId,
          amount: l.amount,
          payback_rate: l.paybackRate,
          allot_amount: l.allotAmount,
          remark: l.remark,
          sort_no: i,
        })),
      )
      .execute();
  }

  private planBase() {
    return this.db
      .selectFrom('fund_plan as p')
      .leftJoin('sys_dept as d', 'd.dept_id', 'p.dept_id')
      .where('p.del_flag', '=', '0');
  }

  private async planLines(planIds: readonly number[]): Promise<Map<number, FundPlanLine[]>> {
    const out = new Map<number, FundPlanLine[]>();
    if (planIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('fund_plan_line as l')
      .leftJoin('contract as c', 'c.contract_id', 'l.contract_id')
      .selectAll('l')
      .select('c.contract_name')
      .where('l.plan_id', 'in', [...planIds])
      .orderBy('l.plan_id')
      .orderBy('l.sort_no')
      .orderBy('l.line_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.plan_id) ?? [];
      list.push(toPlanLine(r));
      out.set(r.plan_id, list);
    }
    return out;
  }

  async getPlan(planId: number, scope: DataScope, forUpdate = false): Promise<FundPlan | null> {
    let q = this.planBase()
      .select(PLAN_COLUMNS)
      .select('d.dept_name')
      .where('p.id', '=', planId)
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('p.dept_id'), eb.ref('p.user_id')),
      );
    if (forUpdate) q = q.forUpdate('p');
    const r = await q.executeTakeFirst();
    if (r === undefined) return null;
    return toPlan(r, (await this.planLines([planId])).get(planId) ?? []);
  }

  private filteredPlans(filter: FundPlanListFilter, scope: DataScope) {
    return this.planBase()
      .select(PLAN_COLUMNS)
      .select('d.dept_name')
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('p.dept_id'), eb.ref('p.user_id')),
      )
      .$if(filter.deptId !== undefined, (q) => q.where('p.dept_id', '=', filter.deptId ?? 0))
      .$if(filter.planMonth !== undefined, (q) =>
        q.where('p.plan_month', '=', filter.planMonth ?? ''),
      )
      .$if(filter.monthFrom !== undefined, (q) =>
        q.where('p.plan_month', '>=', filter.monthFrom ?? ''),
      )
      .$if(filter.monthTo !== undefined, (q) => q.where('p.plan_month', '<=', filter.monthTo ?? ''))
      .$if(filter.status !== undefined, (q) => q.where('p.status', '=', filter.status ?? 0));
  }

  async listPlans(q: FundPlanListQuery, scope: DataScope): Promise<ListPage<FundPlan>> {
    const where = this.filteredPlans(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: PLAN_SORT[q.sort?.column ?? 'planId'] ?? 'p.id',
        idColumn: 'p.id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    const lines = await this.planLines(rows.map((r) => r.id));
    return listPage(
      total,
      rows.map((r) => toPlan(r, lines.get(r.id) ?? [])),
    );
  }

  async exportPlans(
    filter: FundPlanListFilter,
    scope: DataScope,
    before: number,
    limit: number,
  ): Promise<FundPlan[]> {
    const rows = await this.filteredPlans(filter, scope)
      .where('p.id', '<', before)
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
    const lines = await this.planLines(rows.map((r) => r.id));
    return rows.map((r) => toPlan(r, lines.get(r.id) ?? []));
  }

  async removePlan(planId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_plan')
      .set({ del_flag: '2', update_time: at })
      .where('id', '=', planId)
      .execute();
  }

  async performCount(planId: number): Promise<number> {
    const r = await this.db
      .selectFrom('fund_perform')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('plan_id', '=', planId)
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return toCount(r.n);
  }

  async planRooms(planId: number, exceptPerformId: number): Promise<PlanLineRoom[]> {
    const rows = await this.db
      .selectFrom('fund_plan_line as l')
      .select(['l.line_id', 'l.line_kind', 'l.amount', 'l.executed_amount'])
      .select((eb) =>
        eb
          .selectFrom('fund_perform_line as pl')
          .innerJoin('fund_perform as f', 'f.id', 'pl.perform_id')
          .whereRef('pl.plan_line_id', '=', 'l.line_id')
          .where('f.status', '=', 1)
          .where('f.del_flag', '=', '0')
          .where('f.id', '<>', exceptPerformId)
          .select(sql<string>`coalesce(sum(pl.amount), 0)`.as('s'))
          .as('pending'),
      )
      .where('l.plan_id', '=', planId)
      .execute();
    return rows.map((r) => ({
      lineId: r.line_id,
      lineKind: r.line_kind as FundPlanLineKind,
      amount: amount(r.amount),
      executedAmount: amount(r.executed_amount),
      pendingAmount: amount(r.pending),
    }));
  }

  async insertPerform(h: PerformHeader, owner: FundPlanOwner, at: Date): Promise<number> {
    const r = await this.db
      .insertInto('fund_perform')
      .values({
        ...performColumns(h),
        user_id: owner.userId,
        create_by: owner.userName,
        create_time: at,
        update_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async updatePerform(
    performId: number,
    version: number,
    patch: PerformPatch,
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('fund_perform')
      .set({
        ...(patch.header ? performColumns(patch.header) : {}),
        ...statusColumns(patch),
        version: version + 1,
        update_time: at,
      })
      .where('id', '=', performId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async replacePerformLines(performId: number, lines: readonly CheckedPerformLine[]) {
    await this.db.deleteFrom('fund_perform_line').where('perform_id', '=', performId).execute();
    if (lines.length === 0) return;
    await this.db
      .insertInto('fund_perform_line')
      .values(
        lines.map((l) => ({
          perform_id: performId,
          plan_line_id: l.planLineId,
          amount: l.amount,
          remark: l.remark,
        })),
      )
      .execute();
  }

  private performBase() {
    return this.db
      .selectFrom('fund_perform as f')
      .leftJoin('sys_dept as d', 'd.dept_id', 'f.dept_id')
      .where('f.del_flag', '=', '0');
  }

  private async performLines(ids: readonly number[]): Promise<Map<number, FundPerformLine[]>> {
    const out = new Map<number, FundPerformLine[]>();
    if (ids.length === 0) return out;
    const rows = await this.db
      .selectFrom('fund_perform_line as pl')
      .innerJoin('fund_plan_line as l', 'l.line_id', 'pl.plan_line_id')
      .select([
        'pl.perform_id',
        'pl.perform_line_id',
        'pl.plan_line_id',
        'pl.amount',
        'pl.remark',
        'l.line_kind',
        'l.subject_name',
        'l.amount as plan_amount',
        'l.executed_amount as plan_executed',
      ])
      .where('pl.perform_id', 'in', [...ids])
      .orderBy('pl.perform_id')
      .orderBy('l.sort_no')
      .orderBy('pl.perform_line_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.perform_id) ?? [];
      list.push({
        performLineId: r.perform_line_id,
        planLineId: r.plan_line_id,
        lineKind: r.line_kind as FundPlanLineKind,
        subjectName: r.subject_name,
        amount: amount(r.amount),
        planAmount: amount(r.plan_amount),
        planExecutedAmount: amount(r.plan_executed),
        remark: r.remark,
      });
      out.set(r.perform_id, list);
    }
    return out;
  }

  async getPerform(
    performId: number,
    scope: DataScope,
    forUpdate = false,
  ): Promise<FundPerform | null> {
    let q = this.performBase()
      .select(PERFORM_COLUMNS)
      .select(['d.dept_name', 'f.line_kind'])
      .where('f.id', '=', performId)
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('f.dept_id'), eb.ref('f.user_id')),
      );
    if (forUpdate) q = q.forUpdate('f');
    const r = await q.executeTakeFirst();
    if (r === undefined) return null;
    return toPerform(r, (await this.performLines([performId])).get(performId) ?? []);
  }

  private filteredPerforms(filter: FundPerformListFilter, scope: DataScope) {
    return this.performBase()
      .select(PERFORM_COLUMNS)
      .select(['d.dept_name', 'f.line_kind'])
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('f.dept_id'), eb.ref('f.user_id')),
      )
      .$if(filter.planId !== undefined, (q) => q.where('f.plan_id', '=', filter.planId ?? 0))
      .$if(filter.deptId !== undefined, (q) => q.where('f.dept_id', '=', filter.deptId ?? 0))
      .$if(filter.planMonth !== undefined, (q) =>
        q.where('f.plan_month', '=', filter.planMonth ?? ''),
      )
      .$if(filter.lineKind !== undefined, (q) =>
        q.where('f.line_kind', '=', filter.lineKind ?? 'rigid'),
      )
      .$if(filter.status !== undefined, (q) => q.where('f.status', '=', filter.status ?? 0));
  }

  async listPerforms(q: FundPerformListQuery, scope: DataScope): Promise<ListPage<FundPerform>> {
    const where = this.filteredPerforms(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: PERFORM_SORT[q.sort?.column ?? 'performId'] ?? 'f.id',
        idColumn: 'f.id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    const lines = await this.performLines(rows.map((r) => r.id));
    return listPage(
      total,
      rows.map((r) => toPerform(r, lines.get(r.id) ?? [])),
    );
  }

  async exportPerforms(
    filter: FundPerformListFilter,
    scope: DataScope,
    before: number,
    limit: number,
  ): Promise<FundPerform[]> {
    const rows = await this.filteredPerforms(filter, scope)
      .where('f.id', '<', before)
      .orderBy('f.id', 'desc')
      .limit(limit)
      .execute();
    const lines = await this.performLines(rows.map((r) => r.id));
    return rows.map((r) => toPerform(r, lines.get(r.id) ?? []));
  }

  async removePerform(performId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_perform')
      .set({ del_flag: '2', update_time: at })
      .where('id', '=', performId)
      .execute();
  }

  async recordExecuted(perform: FundPerform): Promise<void> {
    for (const l of perform.lines) {
      await this.db
        .updateTable('fund_plan_line')
        .set((eb) => ({ executed_amount: eb('executed_amount', '+', l.amount) }))
        .where('line_id', '=', l.planLineId)
        .execute();
    }
    await this.db
      .updateTable('fund_plan')
      .set((eb) => ({ executed_amount: eb('executed_amount', '+', perform.totalAmount) }))
      .where('id', '=', perform.planId)
      .execute();
  }

  async chart(
    months: readonly string[],
    scope: DataScope,
    deptId?: number,
  ): Promise<FundPlanChartMonth[]> {
    if (months.length === 0) return [];
    const from = months[0] ?? '';
    const to = months[months.length - 1] ?? '';
    const plans = await this.db
      .selectFrom('fund_plan as p')
      .select([
        'p.plan_month',
        sql<string>`coalesce(sum(p.income_amount), 0)`.as('income'),
        sql<string>`coalesce(sum(p.total_amount), 0)`.as('spend'),
      ])
      .where('p.del_flag', '=', '0')
      .where('p.status', '=', 2)
      .where('p.plan_month', '>=', from)
      .where('p.plan_month', '<=', to)
      .$if(deptId !== undefined, (q) => q.where('p.dept_id', '=', deptId ?? 0))
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('p.dept_id'), eb.ref('p.user_id')),
      )
      .groupBy('p.plan_month')
      .execute();
    const performs = await this.db
      .selectFrom('fund_perform as f')
      .select([
        'f.plan_month',
        sql<string>`coalesce(sum(case when f.line_kind = 'income' then f.total_amount else 0 end), 0)`.as(
          'income',
        ),
        sql<string>`coalesce(sum(case when f.line_kind <> 'income' then f.total_amount else 0 end), 0)`.as(
          'spend',
        ),
      ])
      .where('f.del_flag', '=', '0')
      .where('f.status', '=', 2)
      .where('f.plan_month', '>=', from)
      .where('f.plan_month', '<=', to)
      .$if(deptId !== undefined, (q) => q.where('f.dept_id', '=', deptId ?? 0))
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('f.dept_id'), eb.ref('f.user_id')),
      )
      .groupBy('f.plan_month')
      .execute();
    const p = new Map(plans.map((r) => [r.plan_month, r]));
    const f = new Map(performs.map((r) => [r.plan_month, r]));
    return months.map((m) => ({
      month: m,
      planIncome: amount(p.get(m)?.income ?? '0'),
      planSpend: amount(p.get(m)?.spend ?? '0'),
      performIncome: amount(f.get(m)?.income ?? '0'),
      performSpend: amount(f.get(m)?.spend ?? '0'),
    }));
  }
}

export class EngineFundPlanApprovalPort implements FundPlanApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submit(request: Parameters<FundPlanApprovalPort['submit']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      { ...request, kind: 'FundMonthPlan' },
      'fundPlan.submit',
    );
  }
}

export function createFundPlanRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundPlanRepositories {
  return {
    plans: new SqlFundPlanRepository(db),
    approvals: new EngineFundPlanApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/**
 * The plan's and the execution sheet's linked-record handlers, in the approval's transaction:
 * approved moves the record (an execution records its amounts on the plan); rejected or withdrawn
 * unlock it; a resubmission from the approval centre locks it again.
 */
export function registerFundPlanRecords(
  linked: LinkedRecordRegistry<Db>,
): LinkedRecordRegistry<Db> {
  linked.register(FUND_PLAN_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveFundPlanOnApproval(
        createFundPlanRepositories(trx, linked, { now: () => event.at }),
        event,
      ),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = new SqlFundPlanRepository(trx);
      const p = await repo.getPlan(Number(event.recordId), { kind: 'all' }, true);
      if (p === null || p.approvalId !== event.approvalId || p.status !== 3) return ok(undefined);
      await repo.updatePlan(p.planId, p.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    authorOf: (recordId) => recordAuthor(trx, 'fund_plan', recordId),
  }));
  return linked.register(FUND_PERFORM_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveFundPerformOnApproval(
        createFundPlanRepositories(trx, linked, { now: () => event.at }),
        event,
      ),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = new SqlFundPlanRepository(trx);
      const p = await repo.getPerform(Number(event.recordId), { kind: 'all' }, true);
      if (p === null || p.approvalId !== event.approvalId || p.status !== 3) return ok(undefined);
      await repo.updatePerform(p.performId, p.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    authorOf: (recordId) => recordAuthor(trx, 'fund_perform', recordId),
  }));
}
