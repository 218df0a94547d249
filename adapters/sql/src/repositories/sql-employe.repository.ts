import { nickNameOf } from './sql-helpers.js';
import {
  personNameOf,
  MoneyDecimal,
  WriteAbort,
  accountErrors,
  costKey,
  toAmountString,
  type DataScope,
  type EmployeeCost,
  type EmployeeCostFilter,
  type EmployeeCostQuery,
  type EmployeeCostRepository,
  type ListPage,
  type NewEmployeeCost,
} from '@dpms/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  containsPattern,
  countedSortedPage,
  isUniqueViolation,
  listPage,
  scopeCondition,
} from './sql-helpers.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const SORT: Readonly<Record<string, string>> = {
  costId: 'e.cost_id',
  costMonth: 'e.cost_month',
  totalCost: 'e.total_cost',
};

/**
 * Employee cost lines (0068). Scoped by the line's department; the owner of a line (for an
 * own-records scope) is the employee. `rigidCostsByMonth` is unscoped: the fund plan's rule reads it.
 */
export class SqlEmployeeCostRepository implements EmployeeCostRepository {
  constructor(private readonly db: Db) {}

  private base(scope: DataScope) {
    return this.db
      .selectFrom('employee_cost as e')
      .leftJoin('sys_dept as d', 'd.dept_id', 'e.dept_id')
      .where('e.del_flag', '=', '0')
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('e.dept_id'), eb.ref('e.employee_id')),
      )
      .select([
        'e.cost_id',
        'e.employee_id',
        'e.employee_name',
        'e.dept_id',
        'd.dept_name',
        'e.cost_month',
        'e.salary',
        'e.social_insurance',
        'e.housing_fund',
        'e.other_cost',
        'e.total_cost',
        'e.remark',
        'e.create_by',
        nickNameOf('e.create_by').as('create_by_name'),
        'e.create_time',
        'e.version',
      ]);
  }

  private filtered(f: EmployeeCostFilter, scope: DataScope) {
    return this.base(scope)
      .$if(f.deptId !== undefined, (w) => w.where('e.dept_id', '=', f.deptId ?? 0))
      .$if(f.employeeId !== undefined, (w) => w.where('e.employee_id', '=', f.employeeId ?? 0))
      .$if(f.employeeName !== undefined && f.employeeName !== '', (w) =>
        w.where('e.employee_name', 'ilike', containsPattern(f.employeeName ?? '')),
      )
      .$if(f.costMonth !== undefined, (w) => w.where('e.cost_month', '=', f.costMonth ?? ''))
      .$if(f.year !== undefined, (w) =>
        w
          .where('e.cost_month', '>=', `${String(f.year)}-01`)
          .where('e.cost_month', '<=', `${String(f.year)}-12`),
      );
  }

  private static view(r: Record<string, unknown>): EmployeeCost {
    return {
      costId: Number(r.cost_id),
      employeeId: Number(r.employee_id),
      employeeName: str(r.employee_name),
      deptId: Number(r.dept_id),
      deptName: str(r.dept_name),
      costMonth: str(r.cost_month),
      salary: amount(r.salary),
      socialInsurance: amount(r.social_insurance),
      housingFund: amount(r.housing_fund),
      otherCost: amount(r.other_cost),
      totalCost: amount(r.total_cost),
      remark: str(r.remark),
      createBy: str(r.create_by),
      createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
      createTime: r.create_time instanceof Date ? r.create_time : new Date(String(r.create_time)),
      version: Number(r.version),
    };
  }

  async list(q: EmployeeCostQuery, scope: DataScope): Promise<ListPage<EmployeeCost>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: SORT[q.sort?.column ?? 'costId'] ?? 'e.cost_id',
        idColumn: 'e.cost_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlEmployeeCostRepository.view(r)),
    );
  }

  async get(costId: number, scope: DataScope, forUpdate = false): Promise<EmployeeCost | null> {
    let q = this.base(scope).where('e.cost_id', '=', costId);
    if (forUpdate) q = q.forUpdate('e');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : SqlEmployeeCostRepository.view(r);
  }

  async exportBatch(
    filter: EmployeeCostFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly EmployeeCost[]> {
    const rows = await this.filtered(filter, scope)
      .where('e.cost_id', '<', before)
      .orderBy('e.cost_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlEmployeeCostRepository.view(r));
  }

  async lines(filter: EmployeeCostFilter, scope: DataScope): Promise<readonly EmployeeCost[]> {
    const rows = await this.filtered(filter, scope).orderBy('e.cost_id').execute();
    return rows.map((r) => SqlEmployeeCostRepository.view(r));
  }

  async findMonth(
    employeeId: number,
    costMonth: string,
    exceptCostId?: number,
  ): Promise<number | null> {
    const r = await this.db
      .selectFrom('employee_cost')
      .select('cost_id')
      .where('employee_id', '=', employeeId)
      .where('cost_month', '=', costMonth)
      .where('del_flag', '=', '0')
      .$if(exceptCostId !== undefined, (w) => w.where('cost_id', '<>', exceptCostId ?? 0))
      .executeTakeFirst();
    return r === undefined ? null : r.cost_id;
  }

  async existingKeys(
    keys: readonly { employeeId: number; costMonth: string }[],
  ): Promise<Set<string>> {
    const out = new Set<string>();
    const ids = [...new Set(keys.map((k) => k.employeeId))];
    const months = [...new Set(keys.map((k) => k.costMonth))];
    if (ids.length === 0) return out;
    const rows = await this.db
      .selectFrom('employee_cost')
      .select(['employee_id', 'cost_month'])
      .where('del_flag', '=', '0')
      .where('employee_id', 'in', ids)
      .where('cost_month', 'in', months)
      .execute();
    for (const r of rows) out.add(costKey(r.employee_id, r.cost_month));
    return out;
  }

  async insert(
    n: NewEmployeeCost,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number> {
    const r = await this.once(n, () =>
      this.db
        .insertInto('employee_cost')
        .values({
          ...SqlEmployeeCostRepository.columns(n),
          user_id: actor.userId,
          create_by: actor.userName,
          create_time: at,
          update_time: at,
        })
        .returning('cost_id')
        .executeTakeFirstOrThrow(),
    );
    return r.cost_id;
  }

  /** Two writers of one employee's month at once: the unique index refuses the second. */
  private async once<T>(n: NewEmployeeCost, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw new WriteAbort(accountErrors.duplicateMonth(n.costMonth));
      throw e;
    }
  }

  private static columns(n: NewEmployeeCost) {
    return {
      employee_id: n.employeeId,
      employee_name: n.employeeName,
      dept_id: n.deptId,
      cost_month: n.costMonth,
      salary: n.salary,
      social_insurance: n.socialInsurance,
      housing_fund: n.housingFund,
      other_cost: n.otherCost,
      total_cost: n.totalCost,
      remark: n.remark,
    };
  }

  async update(costId: number, version: number, n: NewEmployeeCost, at: Date): Promise<boolean> {
    const r = await this.once(n, () =>
      this.db
        .updateTable('employee_cost')
        .set({ ...SqlEmployeeCostRepository.columns(n), version: version + 1, update_time: at })
        .where('cost_id', '=', costId)
        .where('version', '=', version)
        .where('del_flag', '=', '0')
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(costId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('employee_cost')
      .set({ del_flag: '2', update_time: at })
      .where('cost_id', '=', costId)
      .execute();
  }

  async rigidCostsByMonth(deptId: number | null, month: string): Promise<string> {
    const r = await this.db
      .selectFrom('employee_cost')
      .select(sql<string>`coalesce(sum(total_cost), 0)`.as('total'))
      .where('del_flag', '=', '0')
      .where('cost_month', '=', month)
      .$if(deptId !== null, (w) => w.where('dept_id', '=', deptId ?? 0))
      .executeTakeFirstOrThrow();
    return amount(r.total);
  }
}
