import { nickNameOf, scoped } from './sql-helpers.js';
import {
  personNameOf,
  backMoneyFiguresOf,
  type BackMoney,
  type BackMoneyAllotment,
  type BackMoneyListFilter,
  type BackMoneyListQuery,
  type BackMoneyRepository,
  type DataScope,
  type ListPage,
  type NewAllotment,
  type NewBackMoney,
} from '@dpms/core';
import { type Expression, type SqlBool } from 'kysely';
import { backMoneyFigureColumns, backMoneyFigureSumsOf } from '../read-models/contract-figures.js';
import { containsPattern, countedSortedPage, listPage } from './sql-helpers.js';
import { amount, dayOf, time, type AnyEb, type Db } from './sql-fund-shared.js';

// ---- back money --------------------------------------------------------------------------------

const BACK_SORT: Readonly<Record<string, string>> = {
  backMoneyId: 'b.back_money_id',
  backDate: 'b.back_date',
  backAmount: 'b.back_amount',
};

export class SqlBackMoneyRepository implements BackMoneyRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('back_money as b')
      .innerJoin('contract as c', 'c.contract_id', 'b.contract_id')
      .leftJoin('fund_balance as fb', (j) =>
        j.onRef('fb.account_id', '=', 'b.back_money_id').on('fb.account_kind', '=', 'backMoney'),
      )
      .where('b.del_flag', '=', '0');
  }

  private select() {
    return this.base().select([
      'b.back_money_id',
      'b.contract_id',
      'c.contract_name',
      'c.project_name',
      'c.contract_no',
      'b.dept_id',
      'b.user_id',
      'b.back_amount',
      ...backMoneyFigureColumns('b.back_money_id'),
      dayOf('b.back_date').as('back_date'),
      'b.remark',
      'b.create_by',
      nickNameOf('b.create_by').as('create_by_name'),
      'b.create_time',
      'b.version',
    ]);
  }

  private static view(r: {
    back_money_id: number;
    contract_id: number;
    contract_name: string;
    project_name: string;
    contract_no: string | null;
    dept_id: number | null;
    user_id: number;
    back_amount: string;
    fig_allotted: string;
    fig_real_paid: string;
    back_date: string;
    remark: string;
    create_by: string;
    create_by_name?: string | null;
    create_time: Date;
    version: number;
  }): BackMoney {
    const figures = backMoneyFiguresOf(backMoneyFigureSumsOf(amount(r.back_amount), r));
    return {
      backMoneyId: r.back_money_id,
      contractId: r.contract_id,
      contractName: r.contract_name,
      projectName: r.project_name,
      contractNo: r.contract_no ?? '',
      deptId: r.dept_id,
      userId: r.user_id,
      backAmount: figures.backAmount,
      allottedAmount: figures.allottedAmount,
      realPaidAmount: figures.realPaidAmount,
      unallottedAmount: figures.unallottedAmount,
      backDate: r.back_date,
      remark: r.remark,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: time(r.create_time),
      version: r.version,
    };
  }

  private filtered(f: BackMoneyListFilter, scope: DataScope) {
    return this.select().where((eb) => {
      const c: Expression<SqlBool>[] = [
        scoped(eb as unknown as AnyEb, scope, 'b.dept_id', 'b.user_id'),
      ];
      if (f.contractId !== undefined) c.push(eb('b.contract_id', '=', f.contractId));
      if (f.projectName) c.push(eb('c.project_name', 'ilike', containsPattern(f.projectName)));
      if (f.contractName) c.push(eb('c.contract_name', 'ilike', containsPattern(f.contractName)));
      if (f.backDateFrom) c.push(eb('b.back_date', '>=', f.backDateFrom));
      if (f.backDateTo) c.push(eb('b.back_date', '<=', f.backDateTo));
      // The ledger's balance of a record is its 未分配 (the fund ledger's invariant).
      if (f.unallotted === true) c.push(eb('fb.balance', '>', '0'));
      return eb.and(c);
    });
  }

  async insert(n: NewBackMoney): Promise<number> {
    const c = await this.db
      .selectFrom('contract')
      .select(['dept_id', 'user_id'])
      .where('contract_id', '=', n.contractId)
      .executeTakeFirstOrThrow();
    const r = await this.db
      .insertInto('back_money')
      .values({
        contract_id: n.contractId,
        back_amount: n.backAmount,
        back_date: n.backDate,
        remark: n.remark,
        dept_id: c.dept_id,
        user_id: c.user_id,
        create_by: n.createBy,
        create_time: n.at,
        update_time: n.at,
      })
      .returning('back_money_id')
      .executeTakeFirstOrThrow();
    return r.back_money_id;
  }

  async get(backMoneyId: number): Promise<BackMoney | null> {
    const r = await this.select().where('b.back_money_id', '=', backMoneyId).executeTakeFirst();
    return r === undefined ? null : SqlBackMoneyRepository.view(r);
  }

  async list(q: BackMoneyListQuery, scope: DataScope): Promise<ListPage<BackMoney>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: BACK_SORT[q.sort?.column ?? 'backMoneyId'] ?? 'b.back_money_id',
        idColumn: 'b.back_money_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlBackMoneyRepository.view(r)),
    );
  }

  async exportBatch(
    filter: BackMoneyListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly BackMoney[]> {
    const rows = await this.filtered(filter, scope)
      .where('b.back_money_id', '<', before)
      .orderBy('b.back_money_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlBackMoneyRepository.view(r));
  }

  async update(
    backMoneyId: number,
    version: number,
    changes: { backAmount: string; backDate: string; remark: string },
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('back_money')
      .set({
        back_amount: changes.backAmount,
        back_date: changes.backDate,
        remark: changes.remark,
        update_time: at,
        version: (eb) => eb('version', '+', 1),
      })
      .where('back_money_id', '=', backMoneyId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(backMoneyId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('back_money')
      .set({ del_flag: '2', update_time: at, version: (eb) => eb('version', '+', 1) })
      .where('back_money_id', '=', backMoneyId)
      .execute();
  }

  async insertAllotment(n: NewAllotment): Promise<number> {
    const r = await this.db
      .insertInto('back_money_allot')
      .values({
        back_money_id: n.backMoneyId,
        contract_id: n.contractId,
        dept_id: n.deptId,
        task_id: n.taskId,
        allot_amount: n.allotAmount,
        remark: n.remark,
        allot_version: n.allotVersion,
        create_by: n.createBy,
        create_time: n.at,
      })
      .returning('allot_id')
      .executeTakeFirstOrThrow();
    return r.allot_id;
  }

  async allotments(backMoneyId: number): Promise<readonly BackMoneyAllotment[]> {
    const rows = await this.db
      .selectFrom('back_money_allot as a')
      .leftJoin('sys_dept as d', 'd.dept_id', 'a.dept_id')
      .leftJoin('design_task as t', 't.task_id', 'a.task_id')
      .select([
        'a.allot_id',
        'a.back_money_id',
        'a.contract_id',
        'a.dept_id',
        'd.dept_name',
        'a.task_id',
        't.task_no',
        't.task_name',
        'a.allot_amount',
        'a.remark',
        'a.allot_version',
        'a.create_by',
        nickNameOf('a.create_by').as('create_by_name'),
        'a.create_time',
      ])
      .where('a.back_money_id', '=', backMoneyId)
      .orderBy('a.allot_id')
      .execute();
    return rows.map((r) => ({
      allotId: r.allot_id,
      backMoneyId: r.back_money_id,
      contractId: r.contract_id,
      deptId: r.dept_id,
      deptName: r.dept_name ?? '',
      taskId: r.task_id,
      taskNo: r.task_no ?? '',
      taskName: r.task_name ?? '',
      allotAmount: amount(r.allot_amount),
      remark: r.remark,
      allotVersion: r.allot_version === 2 ? 2 : 1,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: time(r.create_time),
    }));
  }
}
