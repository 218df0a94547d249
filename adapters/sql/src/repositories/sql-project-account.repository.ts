import {
  FIGURE_COUNTS,
  type DataScope,
  type DatedAmount,
  type ListPage,
  type ProjectAccountFilter,
  type ProjectAccountQuery,
  type ProjectAccountRepository,
  type ProjectAccountSums,
} from '@dpms/core';
import { sql } from 'kysely';
import { contractFigureColumns, figureSumsOf } from '../read-models/contract-figures.js';
import { listPage, pageBounds, pageWithCount } from './sql-helpers.js';

import { amount, contractFilter, str, type AnyEb, type Db } from './sql-account-rows.js';

// ---- project accounts (read only) --------------------------------------------------------------

const PROJECT_SORT: Readonly<Record<string, string>> = {
  contractId: 'c.contract_id',
  totalAmount: 'c.total_amount',
  signDate: 'c.sign_date',
  contractNo: 'c.contract_no',
};

export class SqlProjectAccountRepository implements ProjectAccountRepository {
  constructor(private readonly db: Db) {}

  private select(filter: ProjectAccountFilter, scope: DataScope) {
    return this.db
      .selectFrom('contract as c')
      .leftJoin('sys_dept as d', 'd.dept_id', 'c.dept_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, filter, scope))
      .select([
        'c.contract_id',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.dept_id',
        'd.dept_name',
        'c.user_id',
        'c.total_amount',
        sql<string | null>`to_char(c.sign_date, 'YYYY-MM-DD')`.as('sign_date'),
      ])
      .select(contractFigureColumns('c.contract_id'));
  }

  private static view(r: Record<string, unknown>): ProjectAccountSums {
    return {
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      deptName: str(r.dept_name),
      userId: Number(r.user_id),
      signDate: typeof r.sign_date === 'string' ? r.sign_date : null,
      totalAmount: amount(r.total_amount),
      ...figureSumsOf(r),
    };
  }

  async list(q: ProjectAccountQuery, scope: DataScope): Promise<ListPage<ProjectAccountSums>> {
    const count = this.db
      .selectFrom('contract as c')
      .where((eb) => contractFilter(eb as unknown as AnyEb, q.filter, scope))
      .select((eb) => eb.fn.countAll().as('n'));
    const { limit, offset } = pageBounds(q.page);
    const dir = q.sort?.direction ?? 'desc';
    let rows = this.select(q.filter, scope)
      .orderBy(sql.ref(PROJECT_SORT[q.sort?.column ?? 'contractId'] ?? 'c.contract_id'), dir)
      .orderBy('c.contract_id', dir);
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    const { total, rows: page } = await pageWithCount(rows, count, (r) =>
      r.map((row) => SqlProjectAccountRepository.view(row)),
    );
    return listPage(total, page);
  }

  async get(contractId: number, scope: DataScope): Promise<ProjectAccountSums | null> {
    const r = await this.select({ contractId }, scope).executeTakeFirst();
    return r === undefined ? null : SqlProjectAccountRepository.view(r);
  }

  async exportBatch(
    filter: ProjectAccountFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly ProjectAccountSums[]> {
    const rows = await this.select(filter, scope)
      .where('c.contract_id', '<', before)
      .orderBy('c.contract_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlProjectAccountRepository.view(r));
  }

  async invoicedLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]> {
    const rows = await this.db
      .selectFrom('finance_invoice as i')
      .innerJoin('contract as c', 'c.contract_id', 'i.contract_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, { ...filter, year: undefined }, scope))
      .where('i.del_flag', '=', '0')
      .where('i.status', '=', FIGURE_COUNTS.invoicedStatus)
      .where('i.invoice_date', '>=', `${String(year)}-01-01`)
      .where('i.invoice_date', '<=', `${String(year)}-12-31`)
      .select([
        sql<string>`to_char(i.invoice_date, 'YYYY-MM')`.as('month'),
        sql<string>`sum(i.invoice_amount)`.as('total'),
      ])
      .groupBy(sql`to_char(i.invoice_date, 'YYYY-MM')`)
      .execute();
    return rows.map((r) => ({ date: r.month, amount: amount(r.total) }));
  }

  async backMoneyLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]> {
    const rows = await this.db
      .selectFrom('back_money as b')
      .innerJoin('contract as c', 'c.contract_id', 'b.contract_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, { ...filter, year: undefined }, scope))
      .where('b.del_flag', '=', '0')
      .where('b.back_date', '>=', `${String(year)}-01-01`)
      .where('b.back_date', '<=', `${String(year)}-12-31`)
      .select([
        sql<string>`to_char(b.back_date, 'YYYY-MM')`.as('month'),
        sql<string>`sum(b.back_amount)`.as('total'),
      ])
      .groupBy(sql`to_char(b.back_date, 'YYYY-MM')`)
      .execute();
    return rows.map((r) => ({ date: r.month, amount: amount(r.total) }));
  }
}
