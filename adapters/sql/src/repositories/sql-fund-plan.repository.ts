import {
  type CheckedPerformLine,
  type CheckedPlanLine,
  type DataScope,
  type FundPerform,
  type FundPerformListFilter,
  type FundPerformListQuery,
  type FundPlan,
  type FundPlanChartMonth,
  type FundPlanLineKind,
  type FundPlanListFilter,
  type FundPlanListQuery,
  type FundPlanOwner,
  type FundPlanRepository,
  type ListPage,
  type PerformHeader,
  type PerformPatch,
  type PlanHeader,
  type PlanLineRoom,
  type PlanPatch,
} from '@dpms/core';
import { sql } from 'kysely';
import { SqlFundPlanSheets } from './sql-fund-plan-sheets.js';
import {
  PERFORM_COLUMNS,
  PERFORM_SORT,
  PLAN_COLUMNS,
  PLAN_SORT,
  amount,
  headerColumns,
  performColumns,
  readPerformLines,
  readPlanLines,
  statusColumns,
  toPerform,
  toPlan,
  type AnyEb,
} from './sql-fund-plan-rows.js';
import {
  countedSortedPage,
  deptInScope,
  liveDeptName,
  listPage,
  scopeCondition,
  toCount,
} from './sql-helpers.js';

export class SqlFundPlanRepository extends SqlFundPlanSheets implements FundPlanRepository {
  deptName(deptId: number): Promise<string | null> {
    return liveDeptName(this.db, deptId);
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
    return toPlan(r, (await readPlanLines(this.db, [planId])).get(planId) ?? []);
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
    const lines = await readPlanLines(
      this.db,
      rows.map((r) => r.id),
    );
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
    const lines = await readPlanLines(
      this.db,
      rows.map((r) => r.id),
    );
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
    return toPerform(r, (await readPerformLines(this.db, [performId])).get(performId) ?? []);
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
    const lines = await readPerformLines(
      this.db,
      rows.map((r) => r.id),
    );
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
    const lines = await readPerformLines(
      this.db,
      rows.map((r) => r.id),
    );
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

// The approval side lives beside it; its importers keep this path.
export * from './sql-fund-plan-records.js';
